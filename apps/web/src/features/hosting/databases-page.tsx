import { Anchor } from '@mantine/core';
import { PAGE } from '@portal/contract/constants';
import type { Database } from '@portal/contract/hosting/calls';
import { HM } from '@portal/contract/hosting/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { databasesQuery, failureText, useFailureStatus } from './api.ts';
import { escapeHtml } from '../../app/status.ts';

/** Databases: each database with a link to its administration tool. */
export default function DatabasesPage() {
  const { currentUser } = useSession();
  const list = useQuery(databasesQuery(currentUser));
  useFailureStatus(list.error, (err) => ({
    title: HM.problemsWithRequest,
    body: escapeHtml(failureText(err)),
    alert: 'serious',
  }));

  const columns: ColumnDef<Database, unknown>[] = [
    { accessorKey: 'name', header: 'DB Name' },
    {
      id: 'admin',
      header: 'Administration',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.pma_url ? (
          <Anchor
            href={row.original.pma_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`phpMyAdmin for ${row.original.name}`}
          >
            phpMyAdmin
          </Anchor>
        ) : null,
    },
  ];

  return (
    <Page title="Databases" width={720}>
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        pageSize={PAGE.databases.size}
        pageSizes={PAGE.databases.choices}
        initialSort={[{ id: 'name', desc: false }]}
        emptyText={HM.noDatabases}
        loading={list.isLoading}
        caption="Databases"
      />
    </Page>
  );
}
