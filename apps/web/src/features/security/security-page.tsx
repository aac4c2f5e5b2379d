import { Stack } from '@mantine/core';
import { Page } from '../../ui/page.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { SignInsPanel } from './sign-ins-panel.tsx';

/** Account → Security: one panel per concern, each in its own file. */
export default function SecurityPage() {
  return (
    <Page title="Security">
      <Stack gap="xl">
        <SessionsPanel />
        <SignInsPanel />
      </Stack>
    </Page>
  );
}
