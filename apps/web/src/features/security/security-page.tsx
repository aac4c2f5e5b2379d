import { Stack } from '@mantine/core';
import { Page } from '../../ui/page.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { SignInsPanel } from './sign-ins-panel.tsx';

/** Account → Security: one panel per concern (issue 18), each in its own file. */
export default function SecurityPage() {
  return (
    <Page title="Security" width={960}>
      <Stack gap="xl">
        <PasskeysPanel />
        <SessionsPanel />
        <SignInsPanel />
      </Stack>
    </Page>
  );
}
