import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { billingText } from '@portal/contract/billing/messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { invoiceQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { dollars, ymd } from './format.ts';
import { InvoiceStatusBadge, payInvoicePath } from './invoice-status.tsx';
import { PdfButton } from './pdf-download.tsx';

/** One invoice, its markup rendered sanitised. */
export default function ViewInvoicePage() {
  const { invoice = '' } = useParams();
  const { currentUser } = useSession();
  return (
    <Page title={`Invoice ${invoice}`}>
      <PrimaryOnly message={commonText.invoicesPrimaryOnly}>
        <InvoiceView account={currentUser} invoice={invoice} />
      </PrimaryOnly>
    </Page>
  );
}

function InvoiceView({ account, invoice }: { account: string; invoice: string }) {
  const showStatus = useStatus();
  const q = useQuery(invoiceQuery(account, invoice));
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!q.error || shown.current === q.error) return;
    shown.current = q.error;
    showStatus({
      title: billingText.cantFind(invoice),
      body: failureText(q.error),
      alert: 'warning',
    });
  }, [q.error, invoice, showStatus]);
  const d = q.data;
  return (
    <Stack gap="md">
      <Group>
        <Button component={Link} to="/invoices" variant="default">
          Back to Invoices
        </Button>
        {d && (
          // The server's PDF (docs/decisions/056-papers-as-pdf.md); the browser's print of the
          // print stylesheet (global.css) stays, leaving only the invoice.
          <>
            <PdfButton
              paper={{ kind: 'invoice', body: { invoice: d.invoice_number, logname: account } }}
              label={billingText.downloadInvoicePdf}
            />
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </>
        )}
        {d && !d.paid && (
          <Button component={Link} to={payInvoicePath(d)}>
            Pay this invoice
          </Button>
        )}
      </Group>
      {q.isError && <Alert color="yellow">{billingText.cantFind(invoice)}</Alert>}
      {d && (
        <>
          <Group gap="lg" wrap="wrap">
            <Text>
              Date <b>{ymd(d.invdate)}</b>
            </Text>
            <Text>
              Due <b>{ymd(d.duedate)}</b>
            </Text>
            <Text>
              Amount <b>{dollars(d.amount)}</b>
            </Text>
            {d.status !== 'paid' && d.owed !== d.amount && (
              <Text>
                Still owed <b>{dollars(d.owed)}</b>
              </Text>
            )}
            <InvoiceStatusBadge standing={d} size="lg" />
          </Group>
          <Card
            withBorder
            p="lg"
            data-testid="invoice-body"
            className="print-only-content"
            style={{ overflowX: 'auto' }}
          >
            <SafeHtml html={d.invoice} className="invoice-markup" />
          </Card>
        </>
      )}
    </Stack>
  );
}
