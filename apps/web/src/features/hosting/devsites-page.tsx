import { failureText } from '../../app/api.ts';
import { Button, Group, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { PAGE } from '@portal/contract/constants';
import type { Devsite } from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../app/language.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { devsitesQuery } from './api.ts';

/** The columns, in the language of `text`. */
const columnsIn = (text: typeof hostingText): ColumnDef<Devsite, unknown>[] => [
  { accessorKey: 'domain', header: text.columnDomain },
  { id: 'ssl', accessorFn: (d) => (d.ssl ? text.sslYes : text.sslNo), header: text.columnSsl },
  {
    accessorKey: 'virtname',
    header: text.columnSiteName,
    cell: ({ row }) => <span style={{ overflowWrap: 'break-word' }}>{row.original.virtname}</span>,
  },
  { accessorKey: 'vid', header: text.columnVid },
  { accessorKey: 'setup_date', header: text.columnSetupDate },
];

/**
 * Devsites: the account's development sites; a row opens its details. A dashboard admin sees its
 * primary's, with no Create a Devsite (devsite-request is the owner's).
 */
export default function DevsitesPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
  const list = useQuery({
    ...devsitesQuery(account),
    enabled: ready,
    meta: {
      failure: (err) => ({
        title: t(hostingText).problemsWithRequest,
        body: failureText(err, 'message-and-fields'),
        alert: 'serious',
      }),
    },
  });

  const text = t(hostingText);
  const columns = useMemo(() => columnsIn(text), [text]);
  return (
    <Page title={text.devsites}>
      {readOnly ? (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      ) : (
        <Group>
          <Button size="xs" variant="default" onClick={() => navigate(routePath('create-devsite'))}>
            {text.createDevsite}
          </Button>
        </Group>
      )}
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        pageSize={PAGE.devsites.size}
        pageSizes={PAGE.devsites.choices}
        initialSort={[{ id: 'domain', desc: false }]}
        emptyText={text.noDomains}
        loading={!ready || list.isLoading}
        rowHref={(d) => routePath('devsite-info', { vid: d.vid })}
        caption={text.devsites}
      />
    </Page>
  );
}
