import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@portal/contract/billing/calls';
import { routePath } from '@portal/contract/routes';

/** What the server reckons of an invoice (one reckoning for every screen: the billing repository). */
export interface InvoiceStanding {
  status: InvoiceStatus;
  days_overdue: number;
  owed: number;
}

/** "Paid", "Unpaid", "Overdue 1 day", "Overdue 7 days". */
export function invoiceStatusText(s: Pick<InvoiceStanding, 'status' | 'days_overdue'>): string {
  if (s.status === 'paid') return 'Paid';
  if (s.status === 'unpaid') return 'Unpaid';
  return `Overdue ${s.days_overdue} day${s.days_overdue === 1 ? '' : 's'}`;
}

/** The invoice's status as a badge: the same words on home, Invoices and the invoice screen. */
export function InvoiceStatusBadge({ standing, size }: { standing: InvoiceStanding; size?: 'sm' | 'lg' }) {
  return (
    <Badge
      color={standing.status === 'paid' ? 'green' : 'orange'}
      variant="light"
      size={size}
      data-testid="invoice-status"
    >
      {invoiceStatusText(standing)}
    </Badge>
  );
}

/** Make a Payment with what is still owed on the invoice filled in. */
export const payInvoicePath = (s: Pick<InvoiceStanding, 'owed'>) =>
  `${routePath('make-payment')}?amount=${s.owed.toFixed(2)}`;
