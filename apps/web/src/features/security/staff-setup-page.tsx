import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { AuthenticatorPanel } from './authenticator-panel.tsx';
import { staffSetupQuery } from './staff-setup-query.ts';

/**
 * Shown to staff and admins instead of every screen until they have a second factor
 * (PORTAL_STAFF_MFA=required): they act on every customer's account, so a password alone is not enough.
 */
export default function StaffSetupPage() {
  const { operator } = useSession();
  const client = useQueryClient();
  const [on, setOn] = useState(false);
  return (
    <Page title="Set up your second factor" width={720}>
      <Text>
        Staff accounts can act on every customer's account, so they sign in with a password and a code from an
        authenticator app. Set up the app now: the portal opens once it is on.
      </Text>
      <AuthenticatorPanel onTurnedOn={() => setOn(true)} />
      {on && (
        <Group>
          <Button onClick={() => client.invalidateQueries({ queryKey: staffSetupQuery(operator).queryKey })}>
            I have kept my recovery codes: continue
          </Button>
        </Group>
      )}
    </Page>
  );
}
