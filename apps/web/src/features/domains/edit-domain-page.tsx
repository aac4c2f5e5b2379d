import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { domainText } from '@portal/contract/domains/messages';
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { commonText } from '@portal/contract/messages';
import { isEmail } from '@portal/contract/rules';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ApiError, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { domainStatusQuery } from './api.ts';
import { useEditDomain } from './mutations.ts';

interface Values {
  auto_renew: string;
  abandon: string;
  contact_email: string;
}

/** Edit one domain: auto-renew, let-expire and the contact email. */
export default function EditDomainPage() {
  const { domain = '' } = useParams();
  const status = useQuery(domainStatusQuery(domain));
  const err = status.error;
  const denied = err instanceof ApiError && (err.code === 'forbidden' || err.code === 'refused');
  const text = { ...t(domainText), ...t(domainScreenText) };
  return (
    <Page title={text.editTitle(domain)} width={640}>
      {status.isLoading && <Text c="dimmed">{text.loading}</Text>}
      {err && (
        <Alert
          color={denied ? 'yellow' : 'red'}
          title={denied ? text.notAuthorized(domain) : text.cantGetStatus(domain)}
        >
          {failureText(err)}
        </Alert>
      )}
      {status.data && (
        <EditForm
          key={status.dataUpdatedAt}
          domain={status.data.domain}
          initial={{
            auto_renew: String(status.data.auto_renew),
            abandon: String(status.data.abandon),
            contact_email: status.data.contact_email,
          }}
        />
      )}
    </Page>
  );
}

function EditForm({ domain, initial }: { domain: string; initial: Values }) {
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const edit = useEditDomain(currentUser, {
    onSuccess: (res) => {
      // Navigate, then report: the notice belongs to the list it returns to (app/status.ts).
      navigate(routePath('domain-list'));
      showStatus({ title: t(domainText).updated(res.data.domain), body: '', type: 'review', alert: 'info' });
    },
    onError: (e) => {
      const denied = e instanceof ApiError && e.code === 'forbidden';
      showFailure(e, {
        title: denied ? t(domainScreenText).notAuthorized(domain) : t(domainText).failed,
        body: failureText(e),
      });
    },
  });
  const form = useForm<Values>({
    initialValues: initial,
    validate: {
      contact_email: (v) => (v.trim() === '' || isEmail(v.trim()) ? null : t(commonText).invalidEmail),
    },
  });

  const submit = form.onSubmit((values) =>
    edit.mutate({
      domain,
      auto_renew: values.auto_renew === '1' ? 1 : 0,
      abandon: values.abandon === '1' ? 1 : 0,
      contact_email: values.contact_email,
    }),
  );

  const text = { ...t(domainText), ...t(domainScreenText) };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label={text.autoRenewYearly} {...form.getInputProps('auto_renew')}>
          <Group mt={4}>
            <Radio value="1" label={text.yes} />
            <Radio value="0" label={text.no} />
          </Group>
        </Radio.Group>
        <Radio.Group label={text.letDomainExpire} {...form.getInputProps('abandon')}>
          <Group mt={4}>
            <Radio value="1" label={text.yes} />
            <Radio value="0" label={text.no} />
          </Group>
        </Radio.Group>
        <TextInput
          label={text.contactEmail}
          placeholder={text.contactPlaceholder}
          {...form.getInputProps('contact_email')}
        />
        <Group>
          <Button type="submit" loading={edit.isPending}>
            {text.update}
          </Button>
          <Button variant="default" onClick={() => navigate(routePath('domain-list'))}>
            {text.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
