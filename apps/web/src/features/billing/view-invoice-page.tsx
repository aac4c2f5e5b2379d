import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { billingText } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { invoiceQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { day, money } from './format.ts';
import { InvoiceStatusBadge, payInvoicePath } from './invoice-status.tsx';
import { PdfButton } from './pdf-download.tsx';

/** One invoice, its markup rendered sanitised. */
export default function ViewInvoicePage() {
  const { invoice = '' } = useParams();
  const { currentUser } = useSession();
  useLanguage();
  return (
    <Page title={t(billingScreenText).invoiceTitle(invoice)}>
      <PrimaryOnly message={t(commonText).invoicesPrimaryOnly}>
        <InvoiceView account={currentUser} invoice={invoice} />
      </PrimaryOnly>
    </Page>
  );
}

function InvoiceView({ account, invoice }: { account: string; invoice: string }) {
  const q = useQuery({
    ...invoiceQuery(account, invoice),
    meta: {
      failure: (err) => ({
        title: t(billingText).cantFind(invoice),
        body: failureText(err),
        alert: 'warning',
      }),
    },
  });
  const language = useLanguage();
  const x = t(billingScreenText);
  const b = t(billingText);
  const d = q.data;
  return (
    <Stack gap="md">
      <Group>
        <Button component={Link} to="/invoices" variant="default">
          {x.backToInvoices}
        </Button>
        {d && (
          // The server's PDF (docs/decisions/056-papers-as-pdf.md); the browser's print of the
          // print stylesheet (global.css) stays, leaving only the invoice.
          <>
            <PdfButton
              paper={{ kind: 'invoice', body: { invoice: d.invoice_number, logname: account } }}
              label={b.downloadInvoicePdf}
            />
            <Button variant="default" onClick={() => window.print()}>
              {x.print}
            </Button>
          </>
        )}
        {d && !d.paid && (
          <Button component={Link} to={payInvoicePath(d)}>
            {x.payThisInvoice}
          </Button>
        )}
      </Group>
      {q.isError && <Alert color="yellow">{b.cantFind(invoice)}</Alert>}
      {d && (
        <>
          <Group gap="lg" wrap="wrap">
            <Text>
              {x.invoiceDate} <b>{day(d.invdate, language)}</b>
            </Text>
            <Text>
              {x.invoiceDue} <b>{day(d.duedate, language)}</b>
            </Text>
            <Text>
              {x.amount} <b>{money(d.amount, language)}</b>
            </Text>
            {d.status !== 'paid' && d.owed !== d.amount && (
              <Text>
                {x.stillOwed} <b>{money(d.owed, language)}</b>
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
