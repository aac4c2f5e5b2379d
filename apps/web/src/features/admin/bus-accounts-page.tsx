import type { BusAccount } from '@portal/contract/admin/calls';
import { adminScreenText, adminText } from '@portal/contract/admin/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { busAccountsQuery } from './api.ts';
import { busAccountsFailure } from './failures.ts';
import { thousands } from './format.ts';
import { t } from '../../app/language.ts';

/** The list's columns, headed in the page's language. */
const columnsIn = (text: typeof adminScreenText): ColumnDef<BusAccount, unknown>[] => [
  { accessorKey: 'account', header: text.colAccount },
  { accessorKey: 'plan', header: text.colPlan },
  {
    accessorKey: 'total_quota',
    header: text.colTotalQuota,
    cell: ({ row }) => `${thousands(row.original.total_quota)} GB`,
  },
  {
    accessorKey: 'percent_used',
    header: text.colPercentUsed,
    cell: ({ row }) => `${row.original.percent_used} %`,
  },
  {
    accessorKey: 'active_files',
    header: text.colActiveFiles,
    cell: ({ row }) => thousands(row.original.active_files),
  },
  {
    accessorKey: 'retained_files',
    header: text.colRetainedFiles,
    cell: ({ row }) => thousands(row.original.retained_files),
  },
  { accessorKey: 'comment', header: text.colNotes, enableSorting: false },
];

function failure(err: unknown) {
  const f = busAccountsFailure(err);
  return { title: f.title, body: f.text, alert: f.alert };
}

/** BUS Accounts: business backup accounts; on failure the list is emptied. */
export default function BusAccountsPage() {
  const { account, ready } = useInfoAccount();
  const q = useQuery({ ...busAccountsQuery(account), enabled: ready, meta: { failure: failure } });
  const text = t(adminText);
  const screen = t(adminScreenText);
  const columns = useMemo(() => columnsIn(screen), [screen]);
  return (
    <Page title={screen.ofAccount(text.busAccountsTitle, account)}>
      <DataTable
        columns={columns}
        data={q.isError ? [] : (q.data ?? [])}
        initialSort={[{ id: 'account', desc: false }]}
        emptyText={text.noBusAccounts}
        loading={!ready || q.isPending}
        caption={text.busAccountsTitle}
      />
    </Page>
  );
}
