import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminText } from '@portal/contract/admin/messages';
import * as C from '@portal/contract/hosting/calls';
import { devsiteTypes, hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { nondevWebsitesQuery, siteFailure, useDevsiteRequest } from './api.ts';

interface Values {
  action: 'create';
  logname: string;
  vid: string;
  devsite_type: (typeof devsiteTypes)[number];
  email_contact: string;
  notes: string;
}

/**
 * Create a Devsite: a request to the network operations team, recorded in the change queue. A
 * dashboard admin may not send it (devsite-request is the owner's): it gets the read-only note and
 * the way back to the devsites, no form.
 */
export default function CreateDevsitePage() {
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const sites = useQuery({
    ...nondevWebsitesQuery(account),
    enabled: ready && !readOnly,
    meta: {
      failure: (err) => ({
        title: t(hostingText).problemsWithRequest,
        body: failureText(err, 'message-and-fields'),
        alert: 'serious',
      }),
    },
  });
  const form = useForm<Values>({
    initialValues: {
      action: 'create',
      logname: account,
      vid: '',
      devsite_type: C.DEFAULT_DEVSITE_TYPE,
      email_contact: '',
      notes: '',
    },
    validate: zodValidate(C.DevsiteRequestBody),
  });

  const setup = useDevsiteRequest(account, {
    onSuccess: () => {
      showStatus({ title: t(hostingText).devsiteSubmitted, body: t(hostingText).requestToNoc });
      navigate(routePath('devsites'));
    },
    onError: (err) => showFailure(err, siteFailure(err, t(hostingText).problemsWithRequest)),
  });

  const eligible = (sites.data ?? []).filter((s) => !s.has_devsite);
  const text = t(hostingText);
  return (
    <Page title={text.createDevsiteTitle} width={640}>
      {readOnly ? (
        <Stack>
          <Text size="sm" c="dimmed">
            {t(adminText).readOnlyNote(account)}
          </Text>
          <Group>
            <Button variant="default" onClick={() => navigate(routePath('devsites'))}>
              {text.viewDevsites}
            </Button>
          </Group>
        </Stack>
      ) : sites.isSuccess && eligible.length === 0 ? (
        <Stack>
          <Alert color="yellow" data-testid="no-eligible">
            {text.noEligibleWebsite}
          </Alert>
          <Group>
            <Button variant="default" onClick={() => navigate(routePath('devsites'))}>
              {text.viewDevsites}
            </Button>
            <Button onClick={() => navigate(routePath('domain-registration'))}>{text.registerDomain}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) => setup.mutate({ ...v, logname: account, vid: Number(v.vid) }))}
        >
          <Stack gap="sm">
            <Select
              label={text.whichWebsite}
              placeholder={text.chooseWebsite}
              withAsterisk
              data={eligible.map((s) => ({ value: String(s.vid), label: s.virtname }))}
              {...form.getInputProps('vid')}
            />
            <Select
              label={text.devsiteType}
              data={devsiteTypes.map((type) => ({ value: type, label: text.devsiteTypeLabel(type) }))}
              allowDeselect={false}
              {...form.getInputProps('devsite_type')}
            />
            <TextInput
              label={text.contact}
              type="email"
              placeholder={text.emailAddress}
              {...form.getInputProps('email_contact')}
            />
            <Textarea
              label={text.specialRequests}
              autosize
              minRows={3}
              maxLength={4000}
              {...form.getInputProps('notes')}
            />
            <Group>
              <Button type="submit" loading={setup.isPending}>
                {text.setup}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}
