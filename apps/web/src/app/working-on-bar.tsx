import { Button, Group, Paper, Text } from '@mantine/core';
import { LOOKUP_LOGNAME_UID } from '@portal/contract/session/call-refs';
import type * as S from '@portal/contract/session/calls';
import { call } from './api.ts';
import { session, useSession } from './session.ts';

/**
 * Staff working on a customer's account see it on every screen, in colour, with one click back
 * to their own: a change meant for one account must not land on another unnoticed.
 */
export function WorkingOnBar() {
  const { staff, operator, currentUser } = useSession();
  if (!staff || currentUser === operator) return null;
  const back = async () => {
    // The operator's own reply address, as at sign-in; the account itself changes at once.
    session.set({ currentUser: operator, banner: session.get().title, status: null });
    const own = await call<typeof S.lookupLognameUid>(LOOKUP_LOGNAME_UID, {
      params: { text: operator },
    }).catch(() => null);
    if (own && session.get().currentUser === operator) session.set({ replyTo: own.data.bill_email });
  };
  return (
    <Paper
      role="region"
      aria-label="Account being worked on"
      data-testid="working-on-bar"
      bg="var(--mantine-color-orange-filled-hover)"
      c="white"
      px="md"
      py={6}
      mb="sm"
      radius="md"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} size="sm">
          Working on {currentUser}
        </Text>
        <Button size="compact-sm" variant="white" color="dark" onClick={back}>
          Back to {operator}
        </Button>
      </Group>
    </Paper>
  );
}
