import type { BusAccount } from '@portal/contract/admin/calls';
import { adminText } from '@portal/contract/admin/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { busAccountsQuery } from './api.ts';
import { busAccountsFailure } from './failures.ts';
import { thousands } from './format.ts';

const columns: ColumnDef<BusAccount, unknown>[] = [
  { accessorKey: 'account', header: 'Account' },
  { accessorKey: 'plan', header: 'Plan' },
  {
    accessorKey: 'total_quota',
    header: 'Total Quota',
    cell: ({ row }) => `${thousands(row.original.total_quota)} GB`,
  },
  {
    accessorKey: 'percent_used',
    header: 'Percent Used',
    cell: ({ row }) => `${row.original.percent_used} %`,
  },
  {
    accessorKey: 'active_files',
    header: 'Active Files',
    cell: ({ row }) => thousands(row.original.active_files),
  },
  {
    accessorKey: 'retained_files',
    header: 'Retained Files',
    cell: ({ row }) => thousands(row.original.retained_files),
  },
  { accessorKey: 'comment', header: 'Notes', enableSorting: false },
];

function failure(err: unknown) {
  const f = busAccountsFailure(err);
  return { title: f.title, body: f.text, alert: f.alert };
}

/** BUS Accounts: business backup accounts; on failure the list is emptied. */
export default function BusAccountsPage() {
  const { account, ready } = useInfoAccount();
  const q = useQuery({ ...busAccountsQuery(account), enabled: ready, meta: { failure: failure } });
  return (
    <Page title={`${adminText.busAccountsTitle} of ${account}`}>
      <DataTable
        columns={columns}
        data={q.isError ? [] : (q.data ?? [])}
        initialSort={[{ id: 'account', desc: false }]}
        emptyText={adminText.noBusAccounts}
        loading={!ready || q.isPending}
        caption={adminText.busAccountsTitle}
      />
    </Page>
  );
}
