import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { AuthenticatorPanel } from './authenticator-panel.tsx';
import { staffSetupQuery } from './staff-setup-query.ts';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

/**
 * Shown to staff and admins instead of every screen until they have a second factor
 * (PORTAL_STAFF_MFA=required): they act on every customer's account, so a password alone is not enough.
 */
export default function StaffSetupPage() {
  useLanguage();
  const { operator } = useSession();
  const client = useQueryClient();
  const [on, setOn] = useState(false);
  return (
    <Page title={t(securityText).staffSetupTitle} width={720}>
      <Text>{t(securityText).staffSetupAbout}</Text>
      <AuthenticatorPanel onTurnedOn={() => setOn(true)} />
      {on && (
        <Group>
          <Button onClick={() => client.invalidateQueries({ queryKey: staffSetupQuery(operator).queryKey })}>
            {t(securityText).staffSetupContinue}
          </Button>
        </Group>
      )}
    </Page>
  );
}
