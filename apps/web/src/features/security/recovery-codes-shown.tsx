import { Alert, Button, Code, Group, List, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * Recovery codes just made: shown this once (the server keeps only their hashes), with a copy and a
 * download, so they can be kept away from the phone.
 */
export function RecoveryCodesShown({ account, codes }: { account: string; codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Recovery codes of ${account} (each works once):\n${codes.join('\n')}\n`;
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
      title="Your recovery codes: shown only now"
      role="region"
      aria-label="Recovery codes"
    >
      <Text size="sm" mb="xs">
        If your phone is lost, each of these codes signs you in once instead of the app. Keep them somewhere
        safe, away from the phone: this screen will not show them again.
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
          {copied ? 'Copied' : 'Copy the codes'}
        </Button>
        <Button variant="default" size="xs" onClick={download}>
          Download the codes
        </Button>
      </Group>
    </Alert>
  );
}
