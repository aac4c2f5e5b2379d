import { AppShell, Burger, Button, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { request } from './api.ts';
import { session, useSession } from './session.ts';
import { Banner, ModeToggle, NoticeBar, StatusModal } from './shell-parts.tsx';
import { useScreenTitle } from './screen-title.ts';
import { WorkingOnBar } from './working-on-bar.tsx';
import { shellText } from '@portal/contract/shell/messages';
import { t } from './language.ts';
import { LanguagePicker } from './language-picker.tsx';
import { StaffSetupPage, useStaffSetupRequired } from '../features/security/staff-gate.tsx';

// The navigation (sidebar accordion, Admin Tools and Resources menus with Floating UI, the staff
// search) is a chunk of its own, loaded once it can be seen: on a phone, where the sidebar starts
// closed, it is not on the first screen's path.
const loadNav = () => import('./shell-nav.tsx');
const Sidebar = lazy(() => loadNav().then((m) => ({ default: m.Sidebar })));
const TopBarExtras = lazy(() => loadNav().then((m) => ({ default: m.TopBarExtras })));

export default memo(SignedInShell);

/**
 * The signed-in shell: top bar, banner, sidebar accordion, notice bar, content and the status
 * modal. Memoised: the outer shell re-renders on every session change, and the parts here that
 * read the session re-render by themselves.
 */
function SignedInShell({ navOpen, onBurger }: { navOpen: boolean; onBurger: () => void }) {
  const { staff } = useSession();
  useScreenTitle();
  // The top bar is one line at every width: what does not fit moves into the sidebar (opened by
  // the burger on phones), from a wider breakpoint for staff, whose bar holds more. Rendered in
  // one place only: a search box hidden in the other would be a second one for assistive technology.
  const wide = staff ? 'lg' : 'md';
  const isWide = useMediaQuery(`(min-width: ${WIDE[wide]})`, true, { getInitialValueInEffect: false });
  const navbarWide = useMediaQuery(`(min-width: ${WIDE.md})`, true, { getInitialValueInEffect: false });
  // The sidebar's content is rendered once the sidebar can be seen, then kept: closing it on a
  // phone slides it away with its content, and opening it again is at once.
  const navSeen = useOnceTrue(navbarWide || navOpen);
  usePrefetchOnFirstInput(loadNav);
  // Staff still to set up their second factor (PORTAL_STAFF_MFA=required) can use nothing else
  // (the server refuses it): no menus, no search, only the setup screen, the mode and Logout.
  const setup = useStaffSetupRequired();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 270, breakpoint: 'md', collapsed: { mobile: !navOpen || setup, desktop: setup } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar navOpen={navOpen} onBurger={onBurger} wide={isWide} setup={setup} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t(shellText).mainNavigation}>
        {navSeen && !setup && (
          <Suspense fallback={null}>
            {!isWide && (
              <AppShell.Section pb="xs" mb="xs" style={SECTION_RULE}>
                <TopBarExtras stacked />
                <LanguagePicker />
              </AppShell.Section>
            )}
            <AppShell.Section grow style={{ overflowY: 'auto' }}>
              <Sidebar />
            </AppShell.Section>
          </Suspense>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <WorkingOnBar />
        <Banner />
        <NoticeBar />
        <Screen />
        <StatusModal />
      </AppShell.Main>
    </AppShell>
  );
}

/** True from the first render where `now` is true on. */
function useOnceTrue(now: boolean): boolean {
  const [seen, setSeen] = useState(now);
  if (now && !seen) setSeen(true);
  return seen || now;
}

/**
 * Starts `load` at the first key, pointer press or focus on the page: on a phone the navigation
 * then downloads while the finger is still on the burger (or the burger has the keyboard's focus),
 * not after the page's first paint.
 */
function usePrefetchOnFirstInput(load: () => Promise<unknown>) {
  useEffect(() => {
    const events = ['keydown', 'pointerdown', 'focusin'] as const;
    const prefetch = () => {
      for (const e of events) document.removeEventListener(e, prefetch, true);
      // A failed load is React's to show, when the navigation is rendered.
      load().catch(() => {});
    };
    for (const e of events) document.addEventListener(e, prefetch, { capture: true, passive: true });
    return () => {
      for (const e of events) document.removeEventListener(e, prefetch, true);
    };
  }, [load]);
}

/**
 * The address's screen. On the first render the shell commits alone and the screen (often loaded
 * alongside it) follows as a deferred, interruptible update: two shorter tasks on a slow phone
 * instead of one long one. The deferred value lives here, not in the shell, so that the deferred
 * render is the screen's alone rather than the whole shell's again.
 */
function Screen() {
  const show = useDeferredValue(true, false);
  // Staff still to set up their second factor (PORTAL_STAFF_MFA=required) get that screen only.
  const setup = useStaffSetupRequired();
  return (
    <Suspense fallback={<Text c="dimmed">{t(shellText).loading}</Text>}>
      {show && (setup ? <StaffSetupPage /> : <Outlet />)}
    </Suspense>
  );
}

/** The top bar's height: one line (global.css has the same for the frame painted while it loads). */
const HEADER_HEIGHT = 56;
/** Mantine's md and lg breakpoints. */
const WIDE = { md: '62em', lg: '75em' } as const;
const BURGER_BOX = { width: 44, height: 44, padding: 13 } as const;
const SECTION_RULE = { borderBottom: '1px solid var(--mantine-color-default-border)' };

function TopBar({
  navOpen,
  onBurger,
  wide,
  setup,
}: {
  navOpen: boolean;
  onBurger: () => void;
  wide: boolean;
  setup: boolean;
}) {
  const s = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    const jwt = s.jwt;
    session.logout();
    queryClient.clear();
    navigate('/');
    // The logout endpoint revokes the token; it answers with or without one.
    if (jwt) {
      void fetch('/api/logout', { headers: { authorization: `Bearer ${jwt}` } }).catch(() => {});
    } else {
      void request('GET', '/api/logout', undefined, false).catch(() => {});
    }
  };
  return (
    // Narrower edges on phones: with a picked colour mode the bar holds four buttons, and the title
    // keeps its longest word whole (global.css .portal-title).
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {!setup && (
          <Burger
            opened={navOpen}
            onClick={onBurger}
            hiddenFrom="md"
            size="sm"
            aria-label={t(shellText).toggleNavigation}
            // 44 px square, the lines centred (a touch target: global.css .tap-target)
            style={BURGER_BOX}
          />
        )}
        <Title order={1} fz={{ base: 'sm', sm: 'md' }} className="portal-title">
          {s.title}
        </Title>
        <Text size="sm" data-testid="operator" className="portal-operator">
          <b>{s.operator}</b>
        </Text>
        {s.staff && s.currentUser !== s.operator && (
          <Text size="sm" data-testid="working-on" style={{ whiteSpace: 'nowrap' }} hidden={!wide}>
            {t(shellText).workingOnLabel} <b>{s.currentUser}</b>
          </Text>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {wide && !setup && (
          // Loaded after the shell's first paint: it grows leftwards, nothing else moves.
          <Suspense fallback={null}>
            <TopBarExtras />
          </Suspense>
        )}
        {wide && <LanguagePicker />}
        <ModeToggle />
        <Button variant="subtle" size="compact-sm" className="tap-target" onClick={logout}>
          {t(shellText).logout}
        </Button>
      </Group>
    </Group>
  );
}
