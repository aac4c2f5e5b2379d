import { Stack } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { AuthenticatorPanel } from './authenticator-panel.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { PasswordPanel } from './password-panel.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { SignInsPanel } from './sign-ins-panel.tsx';

/**
 * Account → Security (/security): one panel per part of the account's sign-in. Each panel
 * is its own component and file; this page only lists them.
 */
export default function SecurityPage() {
  const { currentUser } = useSession();
  return (
    <Page title={`Security of ${currentUser}`} width={960}>
      <Stack gap="xl">
        <PasswordPanel />
        <AuthenticatorPanel />
        <RecoveryCodesPanel />
        <PasskeysPanel />
        <SessionsPanel />
        <SignInsPanel />
      </Stack>
    </Page>
  );
}
