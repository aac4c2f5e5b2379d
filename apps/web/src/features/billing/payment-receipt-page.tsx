import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { billingText } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { recentPaymentsQuery } from './api.ts';
import { PrimaryOnly } from './billing-gate.tsx';
import { money } from './format.ts';
import { PdfButton } from './pdf-download.tsx';

/**
 * One payment's receipt: amount, date in words (the customer's time zone, as the receipt mail),
 * card ending, what it paid, transaction id. Read from Recent Payments, which it is opened from.
 */
export default function PaymentReceiptPage() {
  const { trans_id = '' } = useParams();
  const { currentUser } = useSession();
  useLanguage();
  return (
    <Page title={t(billingScreenText).receiptTitle}>
      <PrimaryOnly>
        <Receipt account={currentUser} transId={trans_id} />
      </PrimaryOnly>
    </Page>
  );
}

function Receipt({ account, transId }: { account: string; transId: string }) {
  const list = useQuery(recentPaymentsQuery(account));
  const p = list.data?.find((r) => r.trans_id === transId);
  const language = useLanguage();
  const x = t(billingScreenText);
  return (
    <Stack gap="md">
      <Group>
        <Button component={Link} to={routePath('recent-payments')} variant="default">
          {x.backToRecentPayments}
        </Button>
        {p && p.status === 'approved' && (
          <PdfButton
            paper={{ kind: 'receipt', body: { trans_id: p.trans_id, account } }}
            label={t(billingText).downloadReceiptPdf}
          />
        )}
        {p && (
          <Button variant="default" onClick={() => window.print()}>
            {x.print}
          </Button>
        )}
      </Group>
      {list.isLoading && <Text c="dimmed">{x.loadingDots}</Text>}
      {(list.isError || (list.data && !p)) && <Alert color="yellow">{x.noSuchPayment(transId)}</Alert>}
      {p && (
        <Card withBorder p="lg" data-testid="payment-receipt" className="print-only-content">
          <Stack gap="sm">
            <Text fz="xl" fw={700}>
              {money(p.amount, language)} {p.status === 'approved' ? x.paid : x.beingConfirmed}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Fact label={x.date} value={p.date_words} />
              <Fact label={x.card} value={p.ccn4 ? x.endingIn(p.ccn4) : x.notKnown} />
              <Fact label={x.paidFor} value={p.paid_for} />
              <Fact label={x.transactionId} value={p.trans_id} />
              {p.comments && <Fact label={x.comments} value={p.comments} />}
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
