import { Accordion, Alert, Badge, Button, Group, PasswordInput, Table, Text, Title } from '@mantine/core';
import { type BreachCheck, pwned } from '@portal/contract/tools/calls';
import { toolsScreenText, toolsText } from '@portal/contract/tools/messages';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../app/api.ts';
import { Page } from '../../ui/page.tsx';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useTones } from './tones.ts';

/** How many checked passwords the table keeps (newest first); they live only in this screen. */
const KEEP = 10;
const BUILTIN = 'built-in list';

/** The questions and answers under the check, in the page's language. */
const faq = () => {
  const m = t(toolsScreenText);
  return [
    { id: 'what', q: m.pwnedWhatQ, a: m.pwnedWhatA },
    { id: 'sent', q: m.pwnedSentQ, a: m.pwnedSentA },
    { id: 'times-seen', q: m.pwnedTimesQ, a: m.pwnedTimesA },
    { id: 'found', q: m.pwnedFoundQ, a: m.pwnedFoundA },
    { id: 'not-found', q: m.pwnedNotFoundQ, a: m.pwnedNotFoundA },
  ];
};

/** Password status (route /pwned): a password, Check Password, the result table and a FAQ. */
export default function PwnedPage() {
  const { muted, danger } = useTones();
  const language = useLanguage();
  const m = t(toolsScreenText);
  const [password, setPassword] = useState('');
  const [results, setResults] = useState<BreachCheck[]>([]);
  const [error, setError] = useState('');
  const check = useMutation({
    mutationFn: (item: string) => call(pwned, { body: { item } }).then((r) => r.data),
    onSuccess: (result) => {
      setError('');
      setResults((rows) => [result, ...rows.filter((r) => r.password !== result.password)].slice(0, KEEP));
      setPassword('');
    },
    onError: (err) => setError(t(toolsText).answerError(failureText(err, 'first-field'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    check.mutate(password);
  };
  const latest = results[0];

  return (
    <Page title={t(toolsText).pwnedTitle} width={760}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="xs">
          <PasswordInput
            label={t(toolsText).pwnedLabel}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
            w={320}
            maw="100%"
          />
          <Button type="submit" loading={check.isPending}>
            {t(toolsText).checkPassword}
          </Button>
        </Group>
      </form>
      {error && (
        <Text c={danger} size="sm" role="alert" data-testid="pwned-error">
          {error}
        </Text>
      )}
      {latest && (
        <Alert color={latest.hacked ? 'red' : 'teal'} role="status">
          {latest.hacked ? t(toolsText).breachedNote : t(toolsText).notFoundNote}
        </Alert>
      )}
      {results.length > 0 && (
        <Table withTableBorder striped data-testid="pwned-results">
          <caption className="visually-hidden">{m.checkedCaption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(toolsText).colPassword}</Table.Th>
              <Table.Th>{t(toolsText).colBreached}</Table.Th>
              <Table.Th>{t(toolsText).colTimes}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((r) => (
              <Table.Tr key={r.hash}>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {r.password}
                </Table.Td>
                <Table.Td>
                  {/* filled, in the darkest shades: white on them keeps 4.5:1 contrast */}
                  <Badge color={r.hacked ? 'red.9' : 'teal.9'} variant="filled">
                    {r.hacked ? t(toolsText).yes : t(toolsText).no}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {r.count.toLocaleString(language)}
                  {r.hacked && r.place === BUILTIN && (
                    <Text span size="xs" c={muted}>
                      {' '}
                      {m.commonListNoCount}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} mt="md">
        {m.faqHeading}
      </Title>
      <Accordion variant="separated">
        {faq().map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.q}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{item.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}
