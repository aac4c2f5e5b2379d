import { Button, Group, Paper, Text } from '@mantine/core';
import { LOOKUP_LOGNAME_UID } from '@portal/contract/session/typed-refs';
import { routePath } from '@portal/contract/routes';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { shellText } from '@portal/contract/shell/messages';
import { t } from './language.ts';
import { customerQuery } from './shared-queries.ts';
import { call } from './api.ts';
import { session, useSession } from './session.ts';

/**
 * Staff working on a customer's account see it on every screen, in colour, with one click back
 * to their own: a change meant for one account must not land on another unnoticed. The bar stays
 * on screen under the top bar while the page scrolls (a long form on a phone too); going back
 * leads to the staff home, not to the screen just left, which would now show staff's own account.
 */
export function WorkingOnBar() {
  const { staff, operator, currentUser } = useSession();
  const navigate = useNavigate();
  const workingOn = staff && currentUser !== operator;
  // The customer's language (docs/languages.md), told in the staff's own.
  const customer = useQuery({ ...customerQuery(currentUser), enabled: workingOn });
  if (!workingOn) return null;
  const theirs = customer.data?.language;
  const back = async () => {
    // The operator's own reply address, as at sign-in; the account itself changes at once.
    session.set({ currentUser: operator, banner: session.get().title, status: null });
    navigate(routePath('home'));
    const own = await call(LOOKUP_LOGNAME_UID, {
      params: { text: operator },
    }).catch(() => null);
    if (own && session.get().currentUser === operator) session.set({ replyTo: own.data.bill_email });
  };
  return (
    <Paper
      role="region"
      aria-label={t(shellText).accountWorkedOn}
      data-testid="working-on-bar"
      bg="var(--mantine-color-orange-filled-hover)"
      c="white"
      px="md"
      py={6}
      mb="sm"
      radius="md"
      style={STICKY}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} size="sm">
          {t(shellText).workingOn(currentUser)}
          {theirs && (
            <span data-testid="customer-language">
              {' · '}
              {t(shellText).customerLanguage(t(shellText).languageNames(theirs))}
            </span>
          )}
        </Text>
        <Button size="compact-sm" variant="white" color="dark" onClick={back}>
          {t(shellText).backTo(operator)}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Under the top bar (AppShell's header height) and above the page, below the sidebar and the
 * overlays (Mantine's AppShell parts are at 100, its popovers and modals higher).
 */
const STICKY = {
  position: 'sticky',
  top: 'calc(var(--app-shell-header-offset, 0rem) + 0.25rem)',
  zIndex: 99,
  boxShadow: 'var(--mantine-shadow-sm)',
} as const;
