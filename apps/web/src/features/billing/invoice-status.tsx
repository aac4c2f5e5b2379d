import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { routePath } from '@portal/contract/routes';
import { t, useLanguage } from '../../app/language.ts';

/** What the server reckons of an invoice (one reckoning for every screen: the billing repository). */
export interface InvoiceStanding {
  status: InvoiceStatus;
  days_overdue: number;
  owed: number;
}

/** "Paid", "Unpaid", "Overdue 1 day", "Overdue 7 days" (the contract's words, as the PDF prints them). */
export const invoiceStatusText = (s: Pick<InvoiceStanding, 'status' | 'days_overdue'>): string =>
  t(billingText).invoiceStatus(s);

/** The invoice's status as a badge: the same words on home, Invoices and the invoice screen. */
export function InvoiceStatusBadge({ standing, size }: { standing: InvoiceStanding; size?: 'sm' | 'lg' }) {
  useLanguage();
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
