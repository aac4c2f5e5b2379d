import { Button, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import { genPass, genSoftPass, genWordPass } from '@portal/contract/tools/calls';
import { toolsScreenText, toolsText } from '@portal/contract/tools/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';
import { failureText } from '../../app/api.ts';
import { useTones } from './tones.ts';

/** The generator's default count; the server clamps to 28 and says so. */
const DEFAULT_COUNT = '8';
type Kind = 'word' | 'mixed' | 'soft';

const pairs = (list: string[]): string[][] =>
  Array.from({ length: Math.ceil(list.length / 2) }, (_, i) => list.slice(i * 2, i * 2 + 2));

/**
 * Generate Passwords (the spec's "Utility tools"): count (hint text Max 28), Use Numbers, three
 * kinds; the passwords two per table row, under the last message (success or "Error: …").
 */
export default function GeneratePasswordsPage() {
  const { muted, danger } = useTones();
  const [count, setCount] = useState('');
  const [useNumbers, setUseNumbers] = useState(true);
  const [passwords, setPasswords] = useState<string[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const generate = useMutation({
    mutationFn: (kind: Kind) => {
      // Not validated here: the server decides, and answers with a message.
      const n = count.trim() || DEFAULT_COUNT;
      if (kind === 'word')
        return call(genWordPass, { params: { count: n, use_numbers: useNumbers ? '1' : '0' } });
      return call(kind === 'soft' ? genSoftPass : genPass, { params: { count: n } });
    },
    onSuccess: (res) => {
      setPasswords(res.data.passwords);
      setMessage({ text: res.message, error: false });
    },
    onError: (err) => {
      setPasswords([]);
      setMessage({ text: t(toolsText).answerError(failureText(err, 'first-field')), error: true });
    },
  });
  const button = (kind: Kind, label: string) => (
    <Button
      onClick={() => generate.mutate(kind)}
      loading={generate.isPending && generate.variables === kind}
      disabled={generate.isPending && generate.variables !== kind}
    >
      {label}
    </Button>
  );

  return (
    <Page title={t(toolsText).genTitle} width={760}>
      <Group align="flex-end" gap="md">
        <TextInput
          label={t(toolsText).countLabel}
          placeholder={t(toolsText).countPlaceholder}
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.currentTarget.value)}
          w={160}
        />
        <Checkbox
          label={t(toolsText).useNumbers}
          checked={useNumbers}
          onChange={(e) => setUseNumbers(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Group gap="xs">
        {button('word', t(toolsText).wordBased)}
        {button('mixed', t(toolsText).mixedChar)}
        {button('soft', t(toolsText).soft)}
      </Group>
      <Text size="sm">{t(toolsText).reminder}</Text>
      {message && (
        <Text
          size="sm"
          role="status"
          c={message.error ? danger : muted}
          data-testid={message.error ? 'passwords-error' : 'passwords-message'}
        >
          {message.text}
        </Text>
      )}
      {passwords.length > 0 && (
        <Table withTableBorder withColumnBorders striped data-testid="passwords">
          <caption className="visually-hidden">{t(toolsScreenText).generatedCaption}</caption>
          <Table.Tbody>
            {pairs(passwords).map((row) => (
              <Table.Tr key={row.join(' ')}>
                {row.map((pw) => (
                  <Table.Td key={pw} ff="monospace" w="50%" style={{ overflowWrap: 'anywhere' }}>
                    {pw}
                  </Table.Td>
                ))}
                {row.length === 1 && <Table.Td w="50%" />}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Page>
  );
}
