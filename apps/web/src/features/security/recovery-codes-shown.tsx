import { Alert, Button, Code, Group, List, Text } from '@mantine/core';
import { useState } from 'react';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

/**
 * Recovery codes just made: shown this once (the server keeps only their hashes), with a copy and a
 * download, so they can be kept away from the phone.
 */
export function RecoveryCodesShown({ account, codes }: { account: string; codes: string[] }) {
  useLanguage();
  const [copied, setCopied] = useState(false);
  const text = `${t(securityText).codesFileText(account)}\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `recovery-codes-${account}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert
      color="yellow"
      title={t(securityText).codesShownTitle}
      role="region"
      aria-label={t(securityText).recoveryTitle}
    >
      <Text size="sm" mb="xs">
        {t(securityText).codesShownAbout}
      </Text>
      <List type="ordered" withPadding spacing={2} mb="sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <List.Item key={c}>
            <Code fz="md">{c}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button variant="default" size="xs" onClick={copy}>
          {copied ? t(securityText).copied : t(securityText).copyCodes}
        </Button>
        <Button variant="default" size="xs" onClick={download}>
          {t(securityText).downloadCodes}
        </Button>
      </Group>
    </Alert>
  );
}
