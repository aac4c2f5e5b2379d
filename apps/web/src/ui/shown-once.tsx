import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { pagesText } from '@portal/contract/shell/pages-messages';
import { t } from '../app/language.ts';

/**
 * A secret the portal shows once, just after making it (an API token, an app password for mail):
 * the warning that it cannot be read again, the value, and a Copy button.
 */
export function ShownOnceSecret(props: {
  title: string;
  warning: string;
  secret: string;
  testId: string;
  dismissLabel: string;
  onClose: () => void;
}) {
  return (
    <Alert
      color="yellow"
      title={props.title}
      withCloseButton
      closeButtonLabel={props.dismissLabel}
      onClose={props.onClose}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {props.warning}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid={props.testId} style={{ overflowWrap: 'anywhere', flex: 1 }}>
            {props.secret}
          </Code>
          <CopyButton value={props.secret} timeout={1500}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" onClick={copy}>
                {copied ? t(pagesText).copied : t(pagesText).copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
