import type * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { recentPaymentsQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { dateTime, dollars } from './format.ts';
import { PdfButton } from './pdf-download.tsx';

const columnsFor = (account: string): ColumnDef<C.RecentPayment, unknown>[] => [
  { accessorKey: 'date', header: 'Date', cell: ({ row }) => dateTime(row.original.date) },
  { accessorKey: 'amount', header: 'Amount', cell: ({ row }) => dollars(row.original.amount) },
  {
    accessorKey: 'ccn4',
    header: 'Card',
    cell: ({ row }) => (row.original.ccn4 ? `…${row.original.ccn4}` : ''),
  },
  { accessorKey: 'trans_id', header: 'Transaction ID' },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'comments', header: 'Comments', enableSorting: false },
  {
    id: 'receipt',
    header: 'Receipt',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.status === 'approved' && row.original.trans_id ? (
        <PdfButton
          size="compact-sm"
          variant="default"
          paper={{ kind: 'receipt', body: { trans_id: row.original.trans_id, account } }}
          label={billingText.downloadReceiptPdf}
          aria-label={`${billingText.downloadReceiptPdf} ${row.original.trans_id}`}
        />
      ) : null,
  },
];

/** Recent Payments: the account's payments, newest first; a row opens its receipt. */
export default function RecentPaymentsPage() {
  const { currentUser } = useSession();
  const list = useQuery(recentPaymentsQuery(currentUser));
  const columns = useMemo(() => columnsFor(currentUser), [currentUser]);
  return (
    <Page title="Recent Payments">
      <PrimaryOnly>
        <DataTable
          columns={columns}
          data={list.data ?? []}
          initialSort={[{ id: 'date', desc: true }]}
          emptyText={
            list.isError ? `${billingText.noPayments}: ${list.error.message}` : billingText.noPayments
          }
          loading={list.isLoading}
          caption="Recent payments"
          rowHref={(r) => (r.trans_id ? routePath('payment-receipt', { trans_id: r.trans_id }) : undefined)}
        />
      </PrimaryOnly>
    </Page>
  );
}
