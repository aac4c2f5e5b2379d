import { Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RenderLater } from '../../ui/page.tsx';
import '../../ui/plain-table.css';
import { paymentInfoQuery, payMethodsQuery } from './api.ts';
import { dollars, ymd } from './format.ts';
import { PaymentForm } from './payment-form.tsx';

/** Make Payment's bulk, below its heading and sandbox notice: payment status, cards on file, the pay form. */
export default function MakePaymentBody({ account }: { account: string }) {
  return (
    <>
      <PaymentStatus account={account} />
      <CardsOnFile account={account} />
      <Title order={3} fz="lg">
        Pay now
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
  return (
    <Card withBorder p="md" data-testid="payment-status">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="lg">
            Account {account}
          </Title>
          {d && <Text>UID {d.uid}</Text>}
        </Group>
        {info.isError && <Text c="red">Unable to load the payment status</Text>}
        {d && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Fact label="Last invoice" value={d.last_invoice ? ymd(d.last_invoice) : 'None'} />
            <Fact label="Amount of the last invoice" value={dollars(d.amount)} />
            <Fact label="Paid since the last invoice" value={paidSince(d.num_paymts, d.paymt_total)} />
            {d.current_due < 0 ? (
              // A balance below zero is money the customer has with us: a credit, not "-$25.00" due.
              <Fact label="Credit" value={`${dollars(-d.current_due)} in your favour`} strong />
            ) : (
              <Fact label="Current due" value={dollars(d.current_due)} strong />
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** "No payments", "$25.00 (1 payment)", "$40.00 (2 payments)". */
export function paidSince(count: number, total: number): string {
  if (count === 0) return 'No payments';
  return `${dollars(total)} (${count} payment${count === 1 ? '' : 's'})`;
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
  return (
    <Card withBorder p="md">
      <Title order={3} fz="lg" mb="xs">
        Cards on file
      </Title>
      {cards.length === 0 ? (
        <Text>{methods.isLoading ? 'Loading…' : 'No cards on file'}</Text>
      ) : (
        // A plain table (ui/plain-table.css), not Mantine's Table: see there.
        <Box className="table-scroll">
          <table className="plain-table">
            <thead>
              <tr>
                <th>Card</th>
                <th>Number</th>
                <th>Expires</th>
                <th>Auto-billing</th>
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
                  <td>{c.on_auto_billing ? <Badge aria-label="On auto-billing">Yes</Badge> : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
    </Card>
  );
}
