import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminText } from '@portal/contract/admin/messages';
import * as C from '@portal/contract/hosting/calls';
import { devsiteTypes, hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { useStatus } from '../../app/status.ts';
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
  const sites = useQuery({
    ...nondevWebsitesQuery(account),
    enabled: ready && !readOnly,
    meta: {
      failure: (err) => ({
        title: hostingText.problemsWithRequest,
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
      showStatus({ title: hostingText.devsiteSubmitted, body: hostingText.requestToNoc });
      navigate(routePath('devsites'));
    },
    onError: (err) => showStatus(siteFailure(err, hostingText.problemsWithRequest)),
  });

  const eligible = (sites.data ?? []).filter((s) => !s.has_devsite);
  return (
    <Page title="Create a Devsite" width={640}>
      {readOnly ? (
        <Stack>
          <Text size="sm" c="dimmed">
            {adminText.readOnlyNote(account)}
          </Text>
          <Group>
            <Button variant="default" onClick={() => navigate(routePath('devsites'))}>
              View Devsites
            </Button>
          </Group>
        </Stack>
      ) : sites.isSuccess && eligible.length === 0 ? (
        <Stack>
          <Alert color="yellow" data-testid="no-eligible">
            {hostingText.noEligibleWebsite}
          </Alert>
          <Group>
            <Button variant="default" onClick={() => navigate(routePath('devsites'))}>
              View Devsites
            </Button>
            <Button onClick={() => navigate(routePath('domain-registration'))}>Register a Domain</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) => setup.mutate({ ...v, logname: account, vid: Number(v.vid) }))}
        >
          <Stack gap="sm">
            <Select
              label="Which Website?"
              placeholder="Choose a website"
              withAsterisk
              data={eligible.map((s) => ({ value: String(s.vid), label: s.virtname }))}
              {...form.getInputProps('vid')}
            />
            <Select
              label="Dev Site Type"
              data={[...devsiteTypes]}
              allowDeselect={false}
              {...form.getInputProps('devsite_type')}
            />
            <TextInput
              label="Contact"
              type="email"
              placeholder="Email address"
              {...form.getInputProps('email_contact')}
            />
            <Textarea
              label="Special requests"
              autosize
              minRows={3}
              maxLength={4000}
              {...form.getInputProps('notes')}
            />
            <Group>
              <Button type="submit" loading={setup.isPending}>
                Setup
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}
