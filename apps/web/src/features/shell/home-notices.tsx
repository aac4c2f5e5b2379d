import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { noticesText } from '@portal/contract/notices/messages';
import { NOTICES } from '@portal/contract/notices/typed-refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import type { Language } from '@portal/contract/i18n/languages';

/**
 * What needs the customer (GET /api/notices, docs/decisions/107-home-notices.md), made by reference
 * (no zod): home shows without loading the schemas.
 */
export const noticesQuery = (account: string, language: Language) =>
  queryOptions({
    // The notices' texts come in the page's language: another language is another answer.
    queryKey: [NOTICES.path, account, language],
    queryFn: () => call(NOTICES, { params: { logname: account } }).then((r) => r.data),
  });

/**
 * Home's notices, each with its one action; nothing at all (no empty box) when nothing is due or
 * the list could not be read (Home's overview still shows the balance and domains).
 */
export default function HomeNotices({ account }: { account: string }) {
  const notices = useQuery(noticesQuery(account, useLanguage()));
  const list = notices.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card withBorder p="md" component="section" aria-labelledby="notices-title" data-testid="home-notices">
      <Title order={2} id="notices-title" fz="h3" mb="sm">
        {t(noticesText).heading}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((n) => (
          <li key={`${n.kind} ${n.text}`} data-kind={n.kind}>
            <Stack gap={6} align="flex-start">
              <Text size="sm">{n.text}</Text>
              <Button component={Link} to={n.action.to} size="xs" variant="light">
                {n.action.label}
              </Button>
            </Stack>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
