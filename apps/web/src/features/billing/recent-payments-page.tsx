import type * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import type { Language } from '@portal/contract/i18n/languages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { recentPaymentsQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { dateTime, money } from './format.ts';
import { PdfButton } from './pdf-download.tsx';

const columnsFor = (
  account: string,
  language: Language,
  x = t(billingScreenText),
  b = t(billingText),
): ColumnDef<C.RecentPayment, unknown>[] => [
  { accessorKey: 'date', header: x.date, cell: ({ row }) => dateTime(row.original.date, language) },
  { accessorKey: 'amount', header: x.amount, cell: ({ row }) => money(row.original.amount, language) },
  {
    accessorKey: 'ccn4',
    header: x.card,
    cell: ({ row }) => (row.original.ccn4 ? `…${row.original.ccn4}` : ''),
  },
  { accessorKey: 'trans_id', header: x.transactionId },
  { accessorKey: 'status', header: x.status, cell: ({ row }) => x.paymentStatus(row.original.status) },
  { accessorKey: 'comments', header: x.comments, enableSorting: false },
  {
    id: 'receipt',
    header: x.receipt,
    enableSorting: false,
    cell: ({ row }) =>
      row.original.status === 'approved' && row.original.trans_id ? (
        <PdfButton
          size="compact-sm"
          variant="default"
          paper={{ kind: 'receipt', body: { trans_id: row.original.trans_id, account } }}
          label={b.downloadReceiptPdf}
          aria-label={`${b.downloadReceiptPdf} ${row.original.trans_id}`}
        />
      ) : null,
  },
];

/** Recent Payments: the account's payments, newest first; a row opens its receipt. */
export default function RecentPaymentsPage() {
  const { currentUser } = useSession();
  const list = useQuery(recentPaymentsQuery(currentUser));
  const language = useLanguage();
  const columns = useMemo(() => columnsFor(currentUser, language), [currentUser, language]);
  const x = t(billingScreenText);
  const noPayments = t(billingText).noPayments;
  return (
    <Page title={x.recentPaymentsTitle}>
      <PrimaryOnly>
        <DataTable
          columns={columns}
          data={list.data ?? []}
          initialSort={[{ id: 'date', desc: true }]}
          emptyText={list.isError ? `${noPayments}: ${list.error.message}` : noPayments}
          loading={list.isLoading}
          caption={x.recentPaymentsCaption}
          rowHref={(r) => (r.trans_id ? routePath('payment-receipt', { trans_id: r.trans_id }) : undefined)}
        />
      </PrimaryOnly>
    </Page>
  );
}
