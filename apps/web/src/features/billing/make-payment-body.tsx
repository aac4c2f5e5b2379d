import { Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import type { Language } from '@portal/contract/i18n/languages';
import { useQuery } from '@tanstack/react-query';
import { t, useLanguage } from '../../app/language.ts';
import { RenderLater } from '../../ui/page.tsx';
import '../../ui/plain-table.css';
import { paymentInfoQuery, payMethodsQuery } from './api.ts';
import { day, money } from './format.ts';
import { PaymentForm } from './payment-form.tsx';

/** Make Payment's bulk, below its heading and sandbox notice: payment status, cards on file, the pay form. */
export default function MakePaymentBody({ account }: { account: string }) {
  useLanguage();
  return (
    <>
      <PaymentStatus account={account} />
      <CardsOnFile account={account} />
      <Title order={3} fz="lg">
        {t(billingScreenText).payNow}
      </Title>
      {/* The form (the most to render) in a pass of its own, after the status and cards have painted. */}
      <RenderLater>
        <PaymentForm account={account} />
      </RenderLater>
    </>
  );
}

function PaymentStatus({ account }: { account: string }) {
  const info = useQuery(paymentInfoQuery(account));
  const d = info.data;
  const language = useLanguage();
  const x = t(billingScreenText);
  return (
    <Card withBorder p="md" data-testid="payment-status">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="lg">
            {x.account(account)}
          </Title>
          {d && <Text>{x.uid(String(d.uid))}</Text>}
        </Group>
        {info.isError && <Text c="red">{x.statusUnavailable}</Text>}
        {d && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Fact label={x.lastInvoice} value={d.last_invoice ? day(d.last_invoice, language) : x.none} />
            <Fact label={x.lastInvoiceAmount} value={money(d.amount, language)} />
            <Fact label={x.paidSinceLastInvoice} value={paidSince(d.num_paymts, d.paymt_total, language)} />
            {d.current_due < 0 ? (
              // A balance below zero is money the customer has with us: a credit, not "-$25.00" due.
              <Fact label={x.credit} value={x.inYourFavour(money(-d.current_due, language))} strong />
            ) : (
              <Fact label={x.currentDue} value={money(d.current_due, language)} strong />
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** "No payments", "$25.00 (1 payment)", "$40.00 (2 payments)". */
export function paidSince(count: number, total: number, language: Language = 'en'): string {
  const x = t(billingScreenText);
  if (count === 0) return x.noPayments;
  return x.paymentsTotal(money(total, language), count);
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs">{label}</Text>
      <Text fw={strong ? 700 : 500} fz={strong ? 'lg' : 'md'}>
        {value}
      </Text>
    </div>
  );
}

function CardsOnFile({ account }: { account: string }) {
  const methods = useQuery(payMethodsQuery(account));
  const cards = methods.data ?? [];
  useLanguage();
  const x = t(billingScreenText);
  return (
    <Card withBorder p="md">
      <Title order={3} fz="lg" mb="xs">
        {x.cardsOnFile}
      </Title>
      {cards.length === 0 ? (
        <Text>{methods.isLoading ? x.loadingDots : x.noCardsOnFile}</Text>
      ) : (
        // A plain table (ui/plain-table.css), not Mantine's Table: see there.
        <Box className="table-scroll">
          <table className="plain-table">
            <thead>
              <tr>
                <th>{x.card}</th>
                <th>{x.number}</th>
                <th>{x.expires}</th>
                <th>{x.autoBilling}</th>
              </tr>
            </thead>
            <tbody>
              {cards.map((c) => (
                <tr
                  key={c.id}
                  style={
                    c.on_auto_billing ? { backgroundColor: 'var(--mantine-primary-color-light)' } : undefined
                  }
                >
                  <td>{c.card_type}</td>
                  <td>…{c.ccn4}</td>
                  <td>{c.nice_expdate}</td>
                  <td>{c.on_auto_billing ? <Badge aria-label={x.onAutoBilling}>{x.yes}</Badge> : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
    </Card>
  );
}
