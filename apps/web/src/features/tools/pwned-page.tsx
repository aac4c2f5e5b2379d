import { Accordion, Alert, Badge, Button, Group, PasswordInput, Table, Text, Title } from '@mantine/core';
import { type BreachCheck, pwned } from '@portal/contract/tools/calls';
import { toolsText } from '@portal/contract/tools/messages';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../app/api.ts';
import { Page } from '../../ui/page.tsx';
import { failureText } from '../../app/api.ts';
import { useTones } from './tones.ts';

/** How many checked passwords the table keeps (newest first); they live only in this screen. */
const KEEP = 10;
const BUILTIN = 'built-in list';

const FAQ = [
  {
    id: 'what',
    q: 'What does this check?',
    a: 'It looks the password up in the Pwned Passwords list: passwords that appeared in public data breaches, collected by Have I Been Pwned. Attackers try these first, so a password on that list should never be used again, by anyone, for anything.',
  },
  {
    id: 'sent',
    q: 'Is my password sent to anyone?',
    a: 'No. The check runs on our own server against a local copy of the list; the password is not sent to Have I Been Pwned or any other third party, and it is not written to any log. It reaches us the same way as everything else you type into the portal.',
  },
  {
    id: 'times-seen',
    q: 'What does "times seen" mean?',
    a: 'How many times the password appeared in the breach data. A high number means it is widely used and among the first guesses an attacker makes. When our full copy of the list is not loaded, the check uses a shorter built-in list of the most common passwords, which has no counts: a password found there shows 1.',
  },
  {
    id: 'found',
    q: 'The password was found. What should I do?',
    a: 'Change it wherever you use it, starting with your email and any account where you reused it. Choose a new one that you have never used before; the Generate Passwords tool can make one for you.',
  },
  {
    id: 'not-found',
    q: 'The password was not found. Is it safe?',
    a: 'Not necessarily. Not being in a breach does not make a password strong: it should also be long, hard to guess and used for one account only.',
  },
];

/** Password status (route /pwned): a password, Check Password, the result table and a FAQ. */
export default function PwnedPage() {
  const { muted, danger } = useTones();
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
    onError: (err) => setError(toolsText.answerError(failureText(err, 'first-field'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    check.mutate(password);
  };
  const latest = results[0];

  return (
    <Page title={toolsText.pwnedTitle} width={760}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="xs">
          <PasswordInput
            label={toolsText.pwnedLabel}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
            w={320}
            maw="100%"
          />
          <Button type="submit" loading={check.isPending}>
            {toolsText.checkPassword}
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
          {latest.hacked ? toolsText.breachedNote : toolsText.notFoundNote}
        </Alert>
      )}
      {results.length > 0 && (
        <Table withTableBorder striped data-testid="pwned-results">
          <caption className="visually-hidden">Checked passwords, newest first</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{toolsText.colPassword}</Table.Th>
              <Table.Th>{toolsText.colBreached}</Table.Th>
              <Table.Th>{toolsText.colTimes}</Table.Th>
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
                    {r.hacked ? toolsText.yes : toolsText.no}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {r.count.toLocaleString('en-US')}
                  {r.hacked && r.place === BUILTIN && (
                    <Text span size="xs" c={muted}>
                      {' '}
                      (common-password list, no count)
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} mt="md">
        Frequently asked questions
      </Title>
      <Accordion variant="separated">
        {FAQ.map((item) => (
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
