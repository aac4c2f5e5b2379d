import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { NETWORK_LEVEL } from '@portal/contract/constants';
import { NETWORK_STATUS } from '@portal/contract/session/typed-refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { homeText, overviewText } from '@portal/contract/shell/home-messages';
import { language, t, useLanguage } from '../../app/language.ts';
import { minuteIn } from '../../ui/date-time.ts';
import { fill } from '../../ui/fill.tsx';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { firstData, roleOf, type ScreenContext } from '../../app/screen.ts';
import { customerQuery, useAccountRole, useUrls } from '../../app/shared-queries.ts';
import { UNTIL_FIRST_DATA, useFirstData } from '../../ui/page.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';
import HomeNotices, { noticesQuery } from './home-notices.tsx';
import HomeOverview, { overviewQueries } from './home-overview.tsx';

/**
 * The overview is part of home's code (imported, not lazily loaded): home shows once its first
 * data has come (homeData), the overview's included, so the overview's code is on that path too;
 * loaded after the rest it appeared a moment later and pushed the welcome card down (Lighthouse's
 * CLS 0.14–0.38 on phones), and loaded by the first data it was one more file in series.
 */
/** Breaking News, made by reference (no zod: home shows without loading the schemas). */
export const newsQuery = queryOptions({
  queryKey: [NETWORK_STATUS.path],
  queryFn: () => call(NETWORK_STATUS).then((r) => r.data),
});

/**
 * Home's first data (its manifest entry's `data`): the news and the overview's domains and
 * websites at once; its balance, last invoice and notices once the role says the account may see
 * billing (a Secondary may not). The content shows once all have come (useFirstData).
 */
export async function homeData({ client, ...ctx }: ScreenContext): Promise<unknown> {
  const q = overviewQueries(ctx.user);
  const billing = roleOf({ client, ...ctx }).then((role) =>
    role && role.account_role !== 'Secondary'
      ? firstData(
          client.ensureQueryData(q.info),
          client.ensureQueryData(q.invoices),
          client.ensureQueryData(noticesQuery(ctx.user, language.get())),
        )
      : undefined,
  );
  return firstData(
    client.ensureQueryData(newsQuery),
    client.ensureQueryData(q.domains),
    client.ensureQueryData(q.sites),
    billing,
  );
}

type Notice = { id: number; subject: string; modified: string; report: string; level: number };

/** Home: the welcome notice, link buttons and Breaking News (shown after login; logged out, the login form). */
export default function HomePage() {
  const { operator, currentUser, staff } = useSession();
  const { data: urls } = useUrls();
  const role = useAccountRole();
  const secondary = role.data?.account_role === 'Secondary';
  const workingOn = staff && currentUser !== operator;
  const news = useQuery(newsQuery);
  const shown = useLanguage();
  const settled = useFirstData();
  const items: Notice[] = news.isError
    ? [{ id: 0, subject: t(homeText).failed, modified: '', report: '', level: 2 }]
    : (news.data ?? []);
  const overview = role.data && <HomeOverview account={currentUser} billing={!secondary} />;
  // What needs the customer, first (docs/decisions/107-home-notices.md): the billing scope's call.
  const notices = role.data?.scopes.includes('billing') && <HomeNotices account={currentUser} />;
  // Laid out but not shown until the first data has come, so nothing moves once it shows.
  return (
    <Stack maw={960} gap="lg" style={settled ? undefined : UNTIL_FIRST_DATA}>
      {/* Staff working on an account see whose it is before anything else. */}
      {!workingOn && notices}
      {!workingOn && overview}
      <Card withBorder p="lg" data-testid={workingOn ? 'customer-summary' : 'welcome'}>
        {workingOn ? (
          <CustomerWelcome logname={currentUser} />
        ) : (
          <>
            <Title order={2}>{t(homeText).welcome(operator)}</Title>
            <Text mt="xs">
              {/* What the account may use (the access policy's scopes): a Secondary pays no bills. */}
              {!role.data?.scopes.includes('billing')
                ? t(homeText).portalNoBilling
                : t(homeText).portalWithBilling}
            </Text>
          </>
        )}
        {secondary && role.data?.primary && (
          <Text mt="xs" data-testid="primary-account">
            {fill(workingOn ? t(overviewText).thisSecondaryOf : t(overviewText).yourSecondaryOf, {
              primary: <b>{role.data.primary}</b>,
            })}
          </Text>
        )}
        <Title order={3} fz="md" mt="md">
          {t(homeText).importantNotes}
        </Title>
        <List size="sm" spacing={4} mt={4}>
          <List.Item>{t(homeText).noteNeverAsk}</List.Item>
          <List.Item>{t(homeText).noteTenMinutes}</List.Item>
          <List.Item>{t(homeText).notePayments}</List.Item>
          <List.Item>{t(homeText).noteRecovery}</List.Item>
        </List>
        <Group mt="md" gap="sm" wrap="wrap">
          {secondary ? (
            // A Secondary may not pay: its main buttons are what it may use.
            <>
              <Button component={Link} to="/change-email-password">
                {t(homeText).setEmailPassword}
              </Button>
              <Button variant="light" component={Link} to="/email-aliases">
                {t(homeText).domainEmailAliases}
              </Button>
            </>
          ) : (
            <Button component={Link} to="/make-payment">
              {t(homeText).makePayment}
            </Button>
          )}
          <Button
            variant="light"
            component="a"
            href={urls?.links.blog}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t(homeText).blog}
          </Button>
          <Button
            variant="light"
            component="a"
            href={urls?.links.wiki}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t(homeText).wiki}
          </Button>
          <Button
            variant="light"
            component="a"
            href={urls?.links.encrypt}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t(homeText).encrypt}
          </Button>
        </Group>
      </Card>
      {workingOn && notices}
      {workingOn && overview}
      <section aria-labelledby="news-title">
        <Title order={2} id="news-title" fz="h3" mb="sm">
          {t(homeText).breakingNews}
        </Title>
        <Stack gap="sm">
          {news.isLoading && <Text c="dimmed">{t(homeText).loading}</Text>}
          {items.map((n) => (
            <Alert
              key={n.id}
              color={
                n.level >= NETWORK_LEVEL.emergency
                  ? 'red.9'
                  : n.level === NETWORK_LEVEL.warning
                    ? 'yellow'
                    : 'blue'
              }
              variant={n.level >= NETWORK_LEVEL.emergency ? 'filled' : 'light'}
              // Coloured titles on light backgrounds fail contrast; the colour is in the background and border.
              styles={
                n.level >= NETWORK_LEVEL.emergency
                  ? undefined
                  : { title: { color: 'var(--mantine-color-text)' } }
              }
              title={n.subject}
              data-level={n.level}
            >
              {n.modified && (
                <Text size="xs" mb={4} data-testid="news-time">
                  {minuteIn(n.modified, shown)}
                </Text>
              )}
              <SafeHtml html={n.report} />
            </Alert>
          ))}
        </Stack>
      </section>
    </Stack>
  );
}

/**
 * Staff working on an account are welcomed to the customer's account, not their own:
 * whose it is (name, logname) and its summary, and that a change made here is made to it.
 */
function CustomerWelcome({ logname }: { logname: string }) {
  const summary = useQuery(customerQuery(logname));
  const c = summary.data;
  const name = c ? `${c.first_name} ${c.last_name}`.trim() : '';
  return (
    <>
      <Title order={2}>{name ? `${name} (${logname})` : t(homeText).accountNamed(logname)}</Title>
      {c ? (
        <Text mt="xs" data-testid="customer-details">
          {[c.company, c.bill_email, c.account_type, c.pricing_plan && t(homeText).planNamed(c.pricing_plan)]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : (
        <Text c="dimmed" mt="xs">
          {summary.isError ? t(overviewText).summaryNotAvailable : t(overviewText).loading}
        </Text>
      )}
      <Text mt="xs">{t(overviewText).workingOnAccount(name || logname)}</Text>
    </>
  );
}
