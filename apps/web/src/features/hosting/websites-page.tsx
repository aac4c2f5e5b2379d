import { Badge, Button, Group, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { PAGE } from '@portal/contract/constants';
import type { Website } from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { phpEndOfLife } from '@portal/contract/hosting/php-support';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { downloadErrorLog, siteFailure, websitesQuery, useWatchErrorLogs } from './api.ts';
import { sslText } from './rules.ts';

/**
 * Websites: PHP, SSL, and the error-log toggle, viewer and download of each site. A dashboard
 * admin sees its primary's, read only: the details instead of Edit, the log state instead of the
 * toggle (watcherrorlogs is the owner's); viewing and downloading logs are reads.
 */
export default function WebsitesPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const list = useQuery({
    ...websitesQuery(account),
    enabled: ready,
    meta: {
      failure: (err) => ({
        title: t(hostingText).errorWebsiteList,
        body: failureText(err, 'message-and-fields'),
        alert: 'serious',
      }),
    },
  });
  const [downloading, setDownloading] = useState<number | null>(null);
  const text = t(hostingText);

  const toggle = useWatchErrorLogs(account, {
    onSuccess: (res) => {
      showStatus({
        title: res.data.queued ? t(hostingText).updateQueued : res.message,
        body: res.message,
        type: 'review',
      });
    },
    onError: (err) => showFailure(err, siteFailure(err, t(hostingText).problemsWithRequest)),
  });

  const download = async (w: Website) => {
    setDownloading(w.vid);
    try {
      const outcome = await downloadErrorLog({ logname: account, vid: w.vid, virtname: w.virtname });
      if (outcome === 'empty')
        showStatus({
          title: t(hostingText).noLogsTitle,
          body: t(hostingText).noLogsBody,
          alert: 'warning',
        });
    } catch (err) {
      showFailure(err, siteFailure(err, t(hostingText).problemsWithRequest));
    } finally {
      setDownloading(null);
    }
  };

  const columns: ColumnDef<Website, unknown>[] = [
    {
      accessorKey: 'virtname',
      header: text.columnWebsite,
      cell: ({ row }) => <span style={{ overflowWrap: 'break-word' }}>{row.original.virtname}</span>,
    },
    {
      accessorKey: 'php_version',
      header: text.columnPhp,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          {row.original.php_version}
          {phpEndOfLife(row.original.php_version, new Date()) && (
            <Badge color="orange" variant="light" size="sm">
              {text.endOfLifeBadge}
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'ssl', accessorFn: (w) => sslText(w.ssl, text), header: text.columnSsl },
    {
      id: 'edit',
      header: readOnly ? text.details : text.edit,
      enableSorting: false,
      cell: ({ row }) => (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={readOnly ? text.detailsOf(row.original.virtname) : text.editOf(row.original.virtname)}
          onClick={() => navigate(routePath('edit-website', { vid: row.original.vid }))}
        >
          {readOnly ? text.details : text.edit}
        </Button>
      ),
    },
    {
      id: 'toggle',
      header: readOnly ? text.errorLogs : text.toggle,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.pending ? (
          <Badge color="yellow" variant="light">
            {text.pending}
          </Badge>
        ) : readOnly ? (
          <Text size="sm">{row.original.error_logs ? text.on : text.off}</Text>
        ) : (
          <Button
            size="compact-sm"
            variant={row.original.error_logs ? 'default' : 'light'}
            aria-label={
              row.original.error_logs
                ? text.turnOffLogsOf(row.original.virtname)
                : text.turnOnLogsOf(row.original.virtname)
            }
            loading={toggle.isPending && toggle.variables?.vid === row.original.vid}
            onClick={() =>
              toggle.mutate({
                logname: account,
                virt_server: row.original.virtname,
                vid: row.original.vid,
                status: row.original.error_logs ? 0 : 1,
              })
            }
          >
            {/* "Turn off" alone reads as turning the website off. */}
            {row.original.error_logs ? text.turnOffLogs : text.turnOnLogs}
          </Button>
        ),
    },
    {
      id: 'view',
      header: text.view,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.error_logs ? (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={text.viewLogsOf(row.original.virtname)}
            onClick={() =>
              navigate(routePath('showlogs', { virtname: row.original.virtname, vid: row.original.vid }))
            }
          >
            {text.view}
          </Button>
        ) : null,
    },
    {
      id: 'download',
      header: text.download,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.error_logs ? (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={text.downloadLogsOf(row.original.virtname)}
            loading={downloading === row.original.vid}
            onClick={() => void download(row.original)}
          >
            {text.download}
          </Button>
        ) : null,
    },
  ];

  return (
    <Page title={text.websites}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => navigate(routePath('webappinstall'))}>
          {text.webAppInstall}
        </Button>
        <Button variant="default" size="xs" onClick={() => navigate(routePath('devsites'))}>
          {text.devsites}
        </Button>
        <Button variant="default" size="xs" onClick={() => navigate(routePath('databases'))}>
          {text.databases}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        pageSize={PAGE.websites.size}
        pageSizes={PAGE.websites.choices}
        initialSort={[{ id: 'virtname', desc: false }]}
        emptyText={text.noWebsites}
        loading={!ready || list.isLoading}
        caption={text.websites}
      />
    </Page>
  );
}
