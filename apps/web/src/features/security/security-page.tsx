import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { AuthenticatorPanel } from './authenticator-panel.tsx';
import { PasswordPanel } from './password-panel.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

/**
 * Account → Security (/security): one panel per part of the account's sign-in. Each panel is its
 * own component and file; this page only lists them (passkeys, sessions and sign-ins join the same way).
 */
export default function SecurityPage() {
  const { currentUser } = useSession();
  return (
    <Page title={`Security of ${currentUser}`} width={720}>
      <PasswordPanel />
      <AuthenticatorPanel />
      <RecoveryCodesPanel />
    </Page>
  );
}
