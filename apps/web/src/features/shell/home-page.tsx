import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { NETWORK_LEVEL } from '@portal/contract/constants';
import * as S from '@portal/contract/session/calls';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { SafeHtml } from '../../ui/safe-html.tsx';

type Notice = { id: number; subject: string; modified: string; report: string; level: number };

/** Home: the welcome notice, link buttons and Breaking News (shown after login; logged out, the login form). */
export default function HomePage() {
  const { operator } = useSession();
  const { data: urls } = useUrls();
  const news = useQuery({
    queryKey: ['networkstatus'],
    queryFn: () => call(S.networkStatus).then((r) => r.data),
  });
  const items: Notice[] = news.isError
    ? [{ id: 0, subject: 'Failed', modified: '', report: '', level: 2 }]
    : (news.data ?? []);
  return (
    <Stack maw={960} gap="lg">
      <Card withBorder p="lg">
        <Title order={2}>Welcome, {operator}</Title>
        <Text mt="xs">
          This is your members portal: pay bills, manage cards, domains, email and websites.
        </Text>
        <Title order={3} fz="md" mt="md">
          Important notes
        </Title>
        <List size="sm" spacing={4} mt={4}>
          <List.Item>We never ask for your password by email or phone.</List.Item>
          <List.Item>Password changes take about ten minutes to reach the mail servers.</List.Item>
          <List.Item>Payments made here are applied to your account at once.</List.Item>
          <List.Item>Set a recovery address so that you can reset a forgotten password.</List.Item>
        </List>
        <Group mt="md" gap="sm" wrap="wrap">
          <Button component={Link} to="/make-payment">
            Make a Payment
          </Button>
          <Button
            variant="light"
            component="a"
            href={urls?.links.blog}
            target="_blank"
            rel="noopener noreferrer"
          >
            Blog
          </Button>
          <Button
            variant="light"
            component="a"
            href={urls?.links.wiki}
            target="_blank"
            rel="noopener noreferrer"
          >
            Wiki
          </Button>
          <Button
            variant="light"
            component="a"
            href={urls?.links.encrypt}
            target="_blank"
            rel="noopener noreferrer"
          >
            Encrypt a Message
          </Button>
        </Group>
      </Card>
      <section aria-labelledby="news-title">
        <Title order={2} id="news-title" fz="h3" mb="sm">
          Breaking News
        </Title>
        <Stack gap="sm">
          {news.isLoading && <Text c="dimmed">Loading…</Text>}
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
                <Text size="xs" mb={4}>
                  {dayjs(n.modified).format('MMM D, YYYY h:mm A')}
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
