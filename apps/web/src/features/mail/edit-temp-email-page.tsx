import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { expListQuery, tempAliasQuery, useUpdateTempEmail } from './api.ts';
import { expiryLabel } from './dates.ts';

interface Values {
  forwards_to: string;
  expdate: string | null;
  notes: string;
}

/** Edit Temporary Email: forwards-to, expiry and notes of one alias. */
export default function EditTempEmailPage() {
  const { alias = '' } = useParams();
  const { currentUser } = useSession();
  const { data: urls } = useUrls();
  const domain = urls?.temp_email_domain ?? '';
  const navigate = useNavigate();
  const showStatus = useStatus();
  const language = useLanguage();
  const showFailure = useShowFailure();
  const list = routePath('temp-email');
  const q = useQuery({
    ...tempAliasQuery(alias, currentUser),
    retry: false,
    meta: {
      failure: (err) => ({
        title: t(mailText).noAliasFound,
        body: failureText(err, 'fields'),
        alert: 'warning',
      }),
    },
  });
  const options = useQuery({ ...expListQuery(q.data?.expires), enabled: !!q.data });
  const form = useForm<Values>({ initialValues: { forwards_to: '', expdate: null, notes: '' } });

  // Another account chosen while editing: back to the list.
  const firstUser = useRef(currentUser);
  useEffect(() => {
    if (currentUser !== firstUser.current) navigate(list);
  }, [currentUser, navigate, list]);

  const loaded = useRef<number | null>(null);
  useEffect(() => {
    if (q.data && loaded.current !== q.data.id) {
      loaded.current = q.data.id;
      form.setValues({ forwards_to: q.data.forwards_to, expdate: q.data.expires, notes: q.data.notes });
    }
  }, [q.data, form]);

  // A missing alias: back to the list, under the pop-up its query's failure opened.
  useEffect(() => {
    if (q.error) navigate(list, { replace: true });
  }, [q.error, navigate, list]);

  const update = useUpdateTempEmail({
    onSuccess: (res) => {
      navigate(list);
      showStatus({ title: t(mailText).success, body: res.message });
    },
    onError: (err) =>
      showFailure(err, {
        title: t(mailText).failed,
        setErrors: form.setErrors,
        fields: ['forwards_to', 'expdate', 'notes'],
      }),
  });

  const m = t(mailScreenText);
  return (
    <Page title={m.editTempTitle} width={640}>
      <Text fw={600} data-testid="temp-alias-address" style={{ overflowWrap: 'anywhere' }}>
        {alias}@{domain}
      </Text>
      <form
        onSubmit={form.onSubmit((v) =>
          update.mutate({
            name: alias,
            forwards_to: v.forwards_to,
            expdate: v.expdate ?? '',
            notes: v.notes,
            key: q.data?.id ?? 0,
            logname: currentUser,
          }),
        )}
        noValidate
      >
        <Stack>
          <TextInput
            label={m.forwardsTo}
            type="email"
            withAsterisk
            disabled={!q.data}
            {...form.getInputProps('forwards_to')}
          />
          <Select
            label={m.expiresAt}
            withAsterisk
            disabled={!q.data}
            data={(options.data?.list ?? []).map((o) => ({ value: o.date, label: expiryLabel(o, language) }))}
            allowDeselect={false}
            {...form.getInputProps('expdate')}
          />
          <TextInput label={m.notes} disabled={!q.data} {...form.getInputProps('notes')} />
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!q.data}>
              {m.updateTemp}
            </Button>
            <Button variant="default" component={Link} to={list}>
              {m.back}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
