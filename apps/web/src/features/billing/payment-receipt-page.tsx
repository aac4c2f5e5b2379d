import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { billingText } from '@portal/contract/billing/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { recentPaymentsQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { dollars } from './format.ts';
import { PdfButton } from './pdf-download.tsx';

/**
 * One payment's receipt: amount, date in words (the customer's time zone, as the receipt mail),
 * card ending, what it paid, transaction id. Read from Recent Payments, which it is opened from.
 */
export default function PaymentReceiptPage() {
  const { trans_id = '' } = useParams();
  const { currentUser } = useSession();
  return (
    <Page title="Payment receipt">
      <PrimaryOnly>
        <Receipt account={currentUser} transId={trans_id} />
      </PrimaryOnly>
    </Page>
  );
}

function Receipt({ account, transId }: { account: string; transId: string }) {
  const list = useQuery(recentPaymentsQuery(account));
  const p = list.data?.find((r) => r.trans_id === transId);
  return (
    <Stack gap="md">
      <Group>
        <Button component={Link} to={routePath('recent-payments')} variant="default">
          Back to Recent Payments
        </Button>
        {p && p.status === 'approved' && (
          <PdfButton
            paper={{ kind: 'receipt', body: { trans_id: p.trans_id, account } }}
            label={billingText.downloadReceiptPdf}
          />
        )}
        {p && (
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
        )}
      </Group>
      {list.isLoading && <Text c="dimmed">Loading…</Text>}
      {(list.isError || (list.data && !p)) && (
        <Alert color="yellow">No payment {transId} among this account's recent payments</Alert>
      )}
      {p && (
        <Card withBorder p="lg" data-testid="payment-receipt" className="print-only-content">
          <Stack gap="sm">
            <Text fz="xl" fw={700}>
              {dollars(p.amount)} {p.status === 'approved' ? 'paid' : '(being confirmed)'}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Fact label="Date" value={p.date_words} />
              <Fact label="Card" value={p.ccn4 ? `Ending in ${p.ccn4}` : 'Not known'} />
              <Fact label="Paid" value={p.paid_for} />
              <Fact label="Transaction ID" value={p.trans_id} />
              {p.comments && <Fact label="Comments" value={p.comments} />}
            </SimpleGrid>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs">{label}</Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
