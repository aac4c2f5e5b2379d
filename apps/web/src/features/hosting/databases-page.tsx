import { failureText } from '../../app/api.ts';
import { Anchor, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { PAGE } from '@portal/contract/constants';
import type { Database } from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { t } from '../../app/language.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { databasesQuery } from './api.ts';

/**
 * Databases: each database with a link to its administration tool. A dashboard admin sees its
 * primary's; the link leaves the portal (the tool has its own sign-in), so it stays.
 */
export default function DatabasesPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const list = useQuery({
    ...databasesQuery(account),
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
  const columns: ColumnDef<Database, unknown>[] = [
    { accessorKey: 'name', header: text.columnDbName },
    {
      id: 'admin',
      header: text.columnAdministration,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.pma_url ? (
          <Anchor
            href={row.original.pma_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={text.phpMyAdminFor(row.original.name)}
          >
            phpMyAdmin
          </Anchor>
        ) : null,
    },
  ];

  return (
    <Page title={text.databases} width={720}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        pageSize={PAGE.databases.size}
        pageSizes={PAGE.databases.choices}
        initialSort={[{ id: 'name', desc: false }]}
        emptyText={text.noDatabases}
        loading={!ready || list.isLoading}
        caption={text.databases}
      />
    </Page>
  );
}
