import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { hostingText } from '@portal/contract/hosting/messages';
import { phpEndOfLife } from '@portal/contract/hosting/php-support';
import { routePath } from '@portal/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import {
  pendingChangeQuery,
  phpVersionsQuery,
  siteFailure,
  useOnUserChange,
  virtDetailsQuery,
  useUpdatePhpVersion,
} from './api.ts';
import { sslText, warningFor } from './rules.ts';

/**
 * Edit Website: the site's details and its PHP version, changed through the change queue. A
 * dashboard admin sees the details and the pending notice of its primary's site, without the PHP
 * form (update-php-version is the owner's).
 */
export default function EditWebsitePage() {
  const { vid = '' } = useParams();
  const { currentUser } = useSession();
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
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
    meta: {
      failure: (err) => ({
        title: t(hostingText).errorPhpList,
        body: failureText(err, 'message-and-fields'),
        alert: 'serious',
      }),
    },
  });
  const [chosen, setChosen] = useState<string | null>(null);
  // The version this visitor has just queued: the pending notice is then their own change, not a
  // warning about someone else's.
  const [queued, setQueued] = useState<string | null>(null);
  const back = () => navigate(routePath('websites'));

  useOnUserChange(currentUser, back);

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
    <Page title={readOnly ? text.websiteDetails : text.editWebsite} width={720}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      {details.isError && <Text c="dimmed">{failureText(details.error, 'message-and-fields')}</Text>}
      {site && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
            <Text fw={700}>{text.virtualName}</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{site.virtname}</Text>
            <Text fw={700}>{text.columnVid}</Text>
            <Text>{site.vid}</Text>
            <Text fw={700}>{text.documentRoot}</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{site.docroot}</Text>
            <Text fw={700}>{text.columnSsl}</Text>
            <Text>{sslText(site.ssl, text)}</Text>
            <Text fw={700}>{text.currentPhp}</Text>
            <Text data-testid="php-version">{site.php_version}</Text>
          </SimpleGrid>
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
            <Group>
              <Button variant="default" onClick={back}>
                {text.back}
              </Button>
            </Group>
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
    </Page>
  );
}
