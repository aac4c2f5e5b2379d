import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { hostingText } from '@portal/contract/hosting/messages';
import { phpEndOfLife } from '@portal/contract/hosting/php-support';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { BackOnly, SiteFacts, SiteScreen, useSiteScreen } from './site-screen.tsx';
import {
  pendingChangeQuery,
  phpVersionsQuery,
  siteFailure,
  virtDetailsQuery,
  useUpdatePhpVersion,
  loadFailure,
} from './api.ts';
import { sslText, warningFor } from './rules.ts';

/**
 * Edit Website: the site's details and its PHP version, changed through the change queue. A
 * dashboard admin sees the details and the pending notice of its primary's site, without the PHP
 * form (update-php-version is the owner's).
 */
export default function EditWebsitePage() {
  const { vid, account, readOnly, ready, back } = useSiteScreen('websites');
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const queryClient = useQueryClient();
  const details = useQuery({
    ...virtDetailsQuery(account, vid),
    enabled: ready,
    meta: { failure: (err) => siteFailure(err, t(hostingText).problemsWithRequest) },
  });
  const pending = useQuery({ ...pendingChangeQuery(account, vid), enabled: details.isSuccess });
  const versions = useQuery({
    ...phpVersionsQuery,
    enabled: ready && !readOnly,
    meta: { failure: loadFailure(t(hostingText).errorPhpList) },
  });
  const [chosen, setChosen] = useState<string | null>(null);
  // The version this visitor has just queued: the pending notice is then their own change, not a
  // warning about someone else's.
  const [queued, setQueued] = useState<string | null>(null);

  const update = useUpdatePhpVersion(account, vid, {
    onSuccess: (_res, body) => {
      setChosen(null);
      setQueued(body.php_version);
      showStatus({ title: t(hostingText).updateQueued, body: t(hostingText).changeSoon });
    },
    onError: (err) => showFailure(err, siteFailure(err, t(hostingText).errorQueuingPhp)),
  });

  const site = details.data;
  const isPending = pending.data?.pending ?? false;
  // Once the change has completed (pending, then no longer) the details are read again: the new
  // version shows without a reload.
  const wasPending = useRef(false);
  useEffect(() => {
    if (!pending.data) return;
    if (wasPending.current && !pending.data.pending) {
      setQueued(null);
      void queryClient.invalidateQueries({ queryKey: virtDetailsQuery(account, vid).queryKey });
    }
    wasPending.current = pending.data.pending;
  }, [pending.data, queryClient, account, vid]);
  const endOfLife = site ? phpEndOfLife(site.php_version, new Date()) : null;
  const sorts = new Map((versions.data ?? []).map((v) => [v.version, v.sort]));
  const text = t(hostingText);
  const warning = site ? warningFor(site.php_version, chosen, sorts, text) : null;

  const submit = () => {
    if (!chosen) {
      showStatus({
        title: text.selectPhp,
        body: text.chooseOption,
        alert: 'warning',
      });
      return;
    }
    update.mutate({
      logname: account,
      virtname: details.data?.virtname,
      php_version: chosen,
      vid: Number(vid),
    });
  };

  return (
    <SiteScreen
      title={readOnly ? text.websiteDetails : text.editWebsite}
      account={account}
      readOnly={readOnly}
      site={details}
    >
      {site && (
        <Stack gap="md">
          <SiteFacts
            facts={[
              { label: text.virtualName, value: site.virtname, long: true },
              { label: text.columnVid, value: site.vid },
              { label: text.documentRoot, value: site.docroot, long: true },
              { label: text.columnSsl, value: sslText(site.ssl, text) },
              { label: text.currentPhp, value: site.php_version, testId: 'php-version' },
            ]}
          />
          {isPending &&
            (queued ? (
              <Alert color="blue" title={text.updateQueued} data-testid="pending-notice">
                {text.ownChangeQueued(queued)}
              </Alert>
            ) : (
              <Alert color="yellow" title={text.changePending} data-testid="pending-notice">
                {text.pendingNotice}
              </Alert>
            ))}
          {endOfLife && !isPending && (
            <Alert color="orange" title={text.endOfLifeBadge} data-testid="php-eol">
              {text.phpEndOfLife(site.php_version, endOfLife)}
            </Alert>
          )}
          {readOnly ? (
            <BackOnly onBack={back} />
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Stack gap="sm">
                <Select
                  label={text.newPhp}
                  placeholder={text.chooseOption}
                  data={(versions.data ?? []).map((v) => v.version)}
                  value={chosen}
                  onChange={setChosen}
                  disabled={isPending}
                  maw={320}
                  comboboxProps={{ withinPortal: true }}
                />
                {warning && (
                  <Alert color={warning === text.samePhp ? 'blue' : 'orange'} data-testid="php-warning">
                    {warning}
                  </Alert>
                )}
                <Group>
                  <Button
                    type="submit"
                    loading={update.isPending}
                    disabled={isPending || chosen === site.php_version}
                  >
                    {text.update}
                  </Button>
                  <Button variant="default" onClick={back}>
                    {text.cancel}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </SiteScreen>
  );
}
