import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { devsiteQuery, siteFailure, useDevsiteRequest, useOnUserChange } from './api.ts';
import { sslText } from './rules.ts';

type Action = 'promote' | 'refresh';
const ACTIONS: Record<Action, { label: string; warning: string; done: string }> = {
  promote: {
    label: 'Promote Devsite to Live',
    warning: hostingText.promoteWarning,
    done: hostingText.promoteSubmitted,
  },
  refresh: {
    label: 'Refresh Devsite from Live site',
    warning: hostingText.refreshWarning,
    done: hostingText.refreshSubmitted,
  },
};

/**
 * Devsite info: details, special requests, and the promote / refresh requests to the NOC. A
 * dashboard admin sees its primary's devsite details only (devsite-request is the owner's).
 */
export default function DevsiteInfoPage() {
  const { vid = '' } = useParams();
  const { currentUser } = useSession();
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const dev = useQuery({
    ...devsiteQuery(account, vid),
    enabled: ready,
    meta: { failure: (err) => siteFailure(err, hostingText.problemsWithRequest) },
  });
  const [notes, setNotes] = useState('');
  const [confirm, setConfirm] = useState<Action | null>(null);
  const back = () => navigate(routePath('devsites'));

  useOnUserChange(currentUser, back);

  const send = useDevsiteRequest(account, {
    onSuccess: (_res, { action }) => {
      setConfirm(null);
      setNotes('');
      // This screen asks to promote or refresh only (a devsite is created on Create Devsite).
      if (action !== 'create') showStatus({ title: ACTIONS[action].done, body: hostingText.requestToNoc });
    },
    onError: (err) => {
      setConfirm(null);
      showStatus(siteFailure(err, hostingText.problemsWithRequest));
    },
  });

  const d = dev.data;
  return (
    <Page title="Devsite info" width={720}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {adminText.readOnlyNote(account)}
        </Text>
      )}
      {dev.isError && <Text c="dimmed">{failureText(dev.error, 'message-and-fields')}</Text>}
      {d && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
            <Text fw={700}>Domain</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{d.domain}</Text>
            <Text fw={700}>Site Name</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{d.virtname}</Text>
            <Text fw={700}>VID</Text>
            <Text>{d.vid}</Text>
            <Text fw={700}>Document root</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{d.docroot}</Text>
            <Text fw={700}>SSL</Text>
            <Text>{sslText(d.ssl)}</Text>
            <Text fw={700}>Setup Date</Text>
            <Text>{d.setup_date}</Text>
          </SimpleGrid>
          {readOnly ? (
            <Group>
              <Button variant="default" onClick={back}>
                Back
              </Button>
            </Group>
          ) : (
            <>
              <Textarea
                label="Special requests"
                autosize
                minRows={3}
                maxLength={4000}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
              />
              <Group>
                <Button color="red" onClick={() => setConfirm('promote')}>
                  {ACTIONS.promote.label}
                </Button>
                <Button color="orange" onClick={() => setConfirm('refresh')}>
                  {ACTIONS.refresh.label}
                </Button>
                <Button variant="default" onClick={back}>
                  Cancel
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? ACTIONS[confirm].label : ''}
        centered
      >
        {confirm && (
          <Stack>
            <Alert color="red" title="Warning">
              {ACTIONS[confirm].warning}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={send.isPending}
                onClick={() => send.mutate({ action: confirm, logname: account, vid: Number(vid), notes })}
              >
                {ACTIONS[confirm].label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Page>
  );
}
