import { AppShell, Group, Text, Title, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ROUTES } from '@portal/contract/routes';
import { lazy, Suspense, useEffect } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { LoginPage } from '../features/shell/login-page.tsx';
import { call } from './api.ts';
import { PORTAL_TITLE, session, useSession } from './session.ts';
import { Banner, ModeToggle, modeSync, NoticeBar, StatusModal } from './shell-parts.tsx';

// The signed-in layout (sidebar, menus, search) and the full stylesheet load after sign-in,
// so the login screen stays small.
const SignedInShell = lazy(() => import('./signed-in-shell.tsx'));

const PUBLIC_PATHS = ROUTES.filter((r) => 'public' in r && r.public).map((r) => r.path);
const isPublic = (pathname: string) => PUBLIC_PATHS.some((p) => matchPath(p, pathname));
const isKnown = (pathname: string) => ROUTES.some((r) => matchPath(r.path, pathname));

/** The application shell: the signed-out layout here, the signed-in one loaded after sign-in. */
export function Shell() {
  const s = useSession();
  const location = useLocation();
  const [navOpen, { toggle, close }] = useDisclosure(false);

  // Every navigation scrolls to the top and hides the notice bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => {
    window.scrollTo({ top: 0 });
    close();
    const st = session.get().status;
    if (st?.type === 'review') session.set({ status: null });
  }, [location.pathname]);

  // Display mode: fetched per user at start, light when that fails.
  useEffect(() => {
    if (!s.loggedIn || modeSync.fetchedFor === s.operator) return;
    modeSync.fetchedFor = s.operator;
    const changes = modeSync.userChanges;
    import('@portal/contract/session/calls')
      .then((S) => call(S.userMode, { params: { operator: s.operator } }))
      .then((r) => changes === modeSync.userChanges && session.set({ mode: r.data.mode }))
      .catch(() => changes === modeSync.userChanges && session.set({ mode: 'light' }));
  }, [s.loggedIn, s.operator]);
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => setColorScheme(s.mode), [s.mode, setColorScheme]);

  // Unknown paths fall through to the router, which redirects them home.
  const showLogin = !s.loggedIn && isKnown(location.pathname) && !isPublic(location.pathname);
  const onLoginScreen = !s.loggedIn && (location.pathname === '/' || location.pathname === '/home');

  if (s.loggedIn) {
    return (
      <Suspense fallback={null}>
        <SignedInShell navOpen={navOpen} onBurger={toggle} />
      </Suspense>
    );
  }
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} fz="lg">
            {PORTAL_TITLE}
          </Title>
          <ModeToggle />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Banner />
        <NoticeBar />
        {showLogin || onLoginScreen ? (
          <LoginPage />
        ) : (
          <Suspense fallback={<Text c="dimmed">Loading…</Text>}>
            <Outlet />
          </Suspense>
        )}
        <StatusModal />
      </AppShell.Main>
    </AppShell>
  );
}
