import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { hostingText } from '@portal/contract/hosting/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { BackOnly, SiteFacts, SiteScreen, useSiteScreen } from './site-screen.tsx';
import { devsiteQuery, siteFailure, useDevsiteRequest } from './api.ts';
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
  const { vid, account, readOnly, ready, back } = useSiteScreen('devsites');
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const dev = useQuery({
    ...devsiteQuery(account, vid),
    enabled: ready,
    meta: { failure: (err) => siteFailure(err, t(hostingText).problemsWithRequest) },
  });
  const [notes, setNotes] = useState('');
  const [confirm, setConfirm] = useState<Action | null>(null);

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
    <SiteScreen title={text.devsiteInfo} account={account} readOnly={readOnly} site={dev}>
      {d && (
        <Stack gap="md">
          <SiteFacts
            facts={[
              { label: text.columnDomain, value: d.domain, long: true },
              { label: text.columnSiteName, value: d.virtname, long: true },
              { label: text.columnVid, value: d.vid },
              { label: text.documentRoot, value: d.docroot, long: true },
              { label: text.columnSsl, value: sslText(d.ssl, text) },
              { label: text.columnSetupDate, value: d.setup_date },
            ]}
          />
          {readOnly ? (
            <BackOnly onBack={back} />
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
    </SiteScreen>
  );
}
