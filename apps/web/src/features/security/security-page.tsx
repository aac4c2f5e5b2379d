import { Stack } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { AuthenticatorPanel } from './authenticator-panel.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { PasswordPanel } from './password-panel.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { SignInsPanel } from './sign-ins-panel.tsx';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

/**
 * Account → Security (/security): one panel per part of the account's sign-in. Each panel
 * is its own component and file; this page only lists them.
 */
export default function SecurityPage() {
  useLanguage();
  const { currentUser } = useSession();
  return (
    <Page title={t(securityText).pageTitle(currentUser)} width={960}>
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
