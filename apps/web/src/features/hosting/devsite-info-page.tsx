import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { devsiteQuery, siteFailure, useDevsiteRequest, useOnUserChange } from './api.ts';
import { sslText } from './rules.ts';

type Action = 'promote' | 'refresh';
/** The two requests' texts, in the language of `text`. */
const actionsIn = (
  text: typeof hostingText,
): Record<Action, { label: string; warning: string; done: string }> => ({
  promote: {
    label: text.promoteDevsite,
    warning: text.promoteWarning,
    done: text.promoteSubmitted,
  },
  refresh: {
    label: text.refreshDevsite,
    warning: text.refreshWarning,
    done: text.refreshSubmitted,
  },
});

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
  const showFailure = useShowFailure();
  const dev = useQuery({
    ...devsiteQuery(account, vid),
    enabled: ready,
    meta: { failure: (err) => siteFailure(err, t(hostingText).problemsWithRequest) },
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
      if (action !== 'create')
        showStatus({ title: actionsIn(t(hostingText))[action].done, body: t(hostingText).requestToNoc });
    },
    onError: (err) => {
      setConfirm(null);
      showFailure(err, siteFailure(err, t(hostingText).problemsWithRequest));
    },
  });

  const d = dev.data;
  const text = t(hostingText);
  const actions = actionsIn(text);
  return (
    <Page title={text.devsiteInfo} width={720}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      {dev.isError && <Text c="dimmed">{failureText(dev.error, 'message-and-fields')}</Text>}
      {d && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
            <Text fw={700}>{text.columnDomain}</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{d.domain}</Text>
            <Text fw={700}>{text.columnSiteName}</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{d.virtname}</Text>
            <Text fw={700}>{text.columnVid}</Text>
            <Text>{d.vid}</Text>
            <Text fw={700}>{text.documentRoot}</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{d.docroot}</Text>
            <Text fw={700}>{text.columnSsl}</Text>
            <Text>{sslText(d.ssl, text)}</Text>
            <Text fw={700}>{text.columnSetupDate}</Text>
            <Text>{d.setup_date}</Text>
          </SimpleGrid>
          {readOnly ? (
            <Group>
              <Button variant="default" onClick={back}>
                {text.back}
              </Button>
            </Group>
          ) : (
            <>
              <Textarea
                label={text.specialRequests}
                autosize
                minRows={3}
                maxLength={4000}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
              />
              <Group>
                <Button color="red" onClick={() => setConfirm('promote')}>
                  {actions.promote.label}
                </Button>
                <Button color="orange" onClick={() => setConfirm('refresh')}>
                  {actions.refresh.label}
                </Button>
                <Button variant="default" onClick={back}>
                  {text.cancel}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? actions[confirm].label : ''}
        closeButtonProps={{ 'aria-label': text.close }}
        centered
      >
        {confirm && (
          <Stack>
            <Alert color="red" title={text.warning}>
              {actions[confirm].warning}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {text.cancel}
              </Button>
              <Button
                color="red"
                loading={send.isPending}
                onClick={() => send.mutate({ action: confirm, logname: account, vid: Number(vid), notes })}
              >
                {actions[confirm].label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Page>
  );
}
