import { Alert, Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMPRESSED_WEBSITES } from '@portal/contract/hosting/typed-refs';
import { routePath } from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { overviewText } from '@portal/contract/shell/home-messages';
import type { Language } from '@portal/contract/i18n/languages';
import { call } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { specDay } from '../../ui/date-time.ts';
import { fill } from '../../ui/fill.tsx';
import { day, money } from '../billing/format.ts';
import { invoicesQuery, paymentInfoQuery } from '../billing/api.ts';
import { InvoiceStatusBadge, payInvoicePath } from '../billing/invoice-status.tsx';
import { domainsQuery } from '../domains/api.ts';

/** Domains expiring within this many days are listed on home (registrars renew about 45 days ahead). */
export const EXPIRING_WITHIN_DAYS = 45;
/** English as before ("$89.95", "Nov 1, 2026"); another language through billing's formats. */
const amount = (n: number, language: Language) =>
  language === 'en' ? `$${Math.abs(n).toFixed(2)}` : money(Math.abs(n), language);
const invoiceDay = (d: string, language: Language) => (language === 'en' ? specDay(d) : day(d, language));

/**
 * Whole days from today, in the browser's calendar, to a domain's expiration day (YYYY-MM-DD); null
 * for anything else (UNKNOWN). The count of the domain list's days left (domains/status.ts), written
 * here so that home does not share a file with the list for it.
 */
function daysUntil(expiration: string): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expiration);
  if (!day) return null;
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) - today) / 86_400_000);
}

/**
 * The account's websites as the Websites screen reads them (the same call, under the same key), made
 * by reference (no zod): home shows without loading the schemas.
 */
export const overviewSitesQuery = (user: string) =>
  queryOptions({
    queryKey: [COMPRESSED_WEBSITES.path, user],
    queryFn: () => call(COMPRESSED_WEBSITES, { params: { user } }).then((r) => r.data),
  });

/**
 * The overview's queries, for `account` (home's first data asks for them too: home-page.tsx). Each
 * part reads the same call, under the same query key, as its own screen (the billing and domains
 * areas' query options), so that screen opens on data already loaded.
 */
export const overviewQueries = (account: string) => ({
  info: paymentInfoQuery(account),
  invoices: invoicesQuery(account),
  domains: domainsQuery(account),
  sites: overviewSitesQuery(account),
});

/**
 * The overview on home (beyond the spec): balance or credit, the last invoice with Pay
 * now, domains expiring soon and pending changes. `billing` is false for a Secondary account,
 * which may not see billing.
 */
export default function HomeOverview({ account, billing }: { account: string; billing: boolean }) {
  const q = overviewQueries(account);
  const info = useQuery({ ...q.info, enabled: billing });
  const invoices = useQuery({ ...q.invoices, enabled: billing });
  const domains = useQuery(q.domains);
  const sites = useQuery(q.sites);

  const expiring = (domains.data ?? []).filter((d) => {
    const days = daysUntil(d.expiration_date);
    return days !== null && days <= EXPIRING_WITHIN_DAYS && !d.abandon;
  });
  const renewals = (domains.data ?? []).filter((d) => d.renewal_pending);
  const pendingSites = (sites.data ?? []).filter((w) => w.pending);
  const newestFirst = [...(invoices.data ?? [])].sort((a, b) => b.invoice.localeCompare(a.invoice));
  // The oldest invoice something is still owed on (what a payment pays first), else the newest.
  const owing = newestFirst.filter((i) => i.status !== 'paid').at(-1);
  const last = owing ?? newestFirst[0];
  const due = info.data?.current_due;
  const language = useLanguage();
  const x = t(overviewText);

  return (
    <section aria-labelledby="overview-title">
      <Title order={2} id="overview-title" fz="h3" mb="sm">
        {x.heading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {billing && (
          <Card withBorder p="md" data-testid="overview-balance">
            <Text fw={700}>{x.balance}</Text>
            {due === undefined ? (
              <Text c="dimmed">{info.isError ? x.notAvailable : x.loading}</Text>
            ) : due > 0 ? (
              <Text fz="xl" fw={700}>
                {x.due(amount(due, language))}
              </Text>
            ) : (
              <Text fz="xl" fw={700}>
                {due < 0 ? x.credit(amount(due, language)) : x.nothingDue}
              </Text>
            )}
            {last && (
              <Stack gap={4} mt="xs">
                <Group gap="xs">
                  <Text size="sm">
                    {fill(
                      (owing ? x.invoiceOf : x.lastInvoiceOf)(
                        invoiceDay(last.invdate, language),
                        amount(last.amount, language),
                      ),
                      {
                        invoice: (
                          <Anchor
                            underline="always"
                            component={Link}
                            to={routePath('view-invoice', { invoice: last.invoice })}
                          >
                            {last.invoice}
                          </Anchor>
                        ),
                      },
                    )}
                  </Text>
                  <InvoiceStatusBadge standing={last} />
                </Group>
                {!last.paid && (
                  <Button component={Link} to={payInvoicePath(last)} size="sm" w="fit-content">
                    {x.payNow}
                  </Button>
                )}
              </Stack>
            )}
          </Card>
        )}
        <Card withBorder p="md" data-testid="overview-expiring">
          <Text fw={700}>{x.expiringWithin(EXPIRING_WITHIN_DAYS)}</Text>
          {expiring.length === 0 ? (
            <Text size="sm" c="dimmed">
              {domains.isLoading ? x.loading : x.none}
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {expiring.map((d) => (
                <List.Item key={d.domain}>
                  <Anchor
                    underline="always"
                    component={Link}
                    to={routePath('domain-renewal', { domain: d.domain })}
                  >
                    {d.domain}
                  </Anchor>{' '}
                  {d.expiration_date}
                  {d.auto_renew ? x.renewsAutomatically : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
        {(renewals.length > 0 || pendingSites.length > 0) && (
          <Alert color="blue" variant="light" title={x.pendingChanges} data-testid="overview-pending">
            <List size="sm" spacing={2}>
              {renewals.map((d) => (
                <List.Item key={d.domain}>{x.renewalOf(d.domain)}</List.Item>
              ))}
              {pendingSites.map((w) => (
                <List.Item key={w.vid}>{x.websiteChange(w.virtname)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </SimpleGrid>
    </section>
  );
}
