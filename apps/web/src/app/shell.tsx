import { Group, Text, Title, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { USER_MODE } from '@portal/contract/session/typed-refs';
import { showLanguage, t } from './language.ts';

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoginPage } from '../features/shell/login-page.tsx';
import { call } from './api.ts';
import { mantineScheme, session, setPortalTitle, useSession } from './session.ts';
import { routesAt } from './route-match.ts';
import { preloadScreen } from './screen-route.tsx';
import { Banner, ModeToggle, modeSync, NoticeBar, StatusModal } from './shell-parts.tsx';
import { urlsQuery } from './urls.ts';
import { shellText } from '@portal/contract/shell/messages';

/** Whose language the shell has asked for (once per user and page load). */
const languageFetchedFor = { user: '' };

// The signed-in layout (sidebar, menus, search) loads after sign-in, so the login screen stays small.
export const loadSignedInShell = () => import('./signed-in-shell.tsx');
const SignedInShell = lazy(loadSignedInShell);

/**
 * Once someone starts signing in (a first key, click or focus on the page), the signed-in shell
 * and the screen shown after sign-in download while they type; the first screen's own load does
 * not include them.
 */
function usePrefetchAfterLogin(loggedIn: boolean, pathname: string) {
  useEffect(() => {
    if (loggedIn) return;
    const events = ['keydown', 'pointerdown', 'focusin'] as const;
    const prefetch = () => {
      for (const e of events) document.removeEventListener(e, prefetch, true);
      void loadSignedInShell();
      preloadScreen(pathname);
    };
    for (const e of events) document.addEventListener(e, prefetch, { capture: true, passive: true });
    return () => {
      for (const e of events) document.removeEventListener(e, prefetch, true);
    };
  }, [loggedIn, pathname]);
}

const isPublic = (pathname: string) => routesAt(pathname).some((r) => r.public);
const isKnown = (pathname: string) => routesAt(pathname).length > 0;

/** The application shell: the signed-out layout here, the signed-in one loaded after sign-in. */
export function Shell() {
  const s = useSession();
  const location = useLocation();
  const [navOpen, { toggle, close }] = useDisclosure(false);

  // Every navigation scrolls to the top and hides a notice shown on another page. Not the notice
  // of the page just reached: a screen that navigates and then reports sets it before the router
  // has committed the navigation, depending on scheduling, and it must not be cleared then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => {
    window.scrollTo({ top: 0 });
    close();
    const st = session.get().status;
    if (st?.type === 'review' && st.path !== window.location.pathname) session.set({ status: null });
  }, [location.pathname]);

  // Staff who find an account (or go back to their own) see that account at once: the phone's
  // menu, where the search box is, closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the account worked on changes
  useEffect(() => close(), [s.currentUser]);

  // Display mode: fetched per user at start, light when that fails (known from the login answer
  // right after a sign-in). The same answer carries the account's language, asked for once per
  // user (docs/languages.md): a sign-in on another device shows the language chosen there.
  useEffect(() => {
    if (!s.loggedIn || languageFetchedFor.user === s.operator) return;
    languageFetchedFor.user = s.operator;
    const modeKnown = modeSync.fetchedFor === s.operator;
    modeSync.fetchedFor = s.operator;
    const changes = modeSync.userChanges;
    const modeAsked = () => !modeKnown && changes === modeSync.userChanges;
    call(USER_MODE, { params: { operator: s.operator } })
      .then((r) => {
        if (modeAsked()) session.set({ mode: r.data.color_mode });
        if (r.data.language) void showLanguage(r.data.language);
      })
      .catch(() => modeAsked() && session.set({ mode: 'light' }));
  }, [s.loggedIn, s.operator]);
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => setColorScheme(mantineScheme(s.mode)), [s.mode, setColorScheme]);
  // The configured title (PORTAL_TITLE) for the top bar and the browser tab; the same answer
  // serves the links of the signed-in shell and the screens (one request per visit). A failure
  // keeps the default title.
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient
      .fetchQuery(urlsQuery)
      .then((urls) => urls.portal_title?.trim() && setPortalTitle(urls.portal_title))
      .catch(() => {});
  }, [queryClient]);
  // Signed out, the tab shows the portal's title alone; signed in, the screen's (useScreenTitle).
  useEffect(() => {
    if (!s.loggedIn) document.title = s.title;
  }, [s.loggedIn, s.title]);
  usePrefetchAfterLogin(s.loggedIn, location.pathname);

  // Unknown paths fall through to the router, which redirects them home.
  const showLogin = !s.loggedIn && isKnown(location.pathname) && !isPublic(location.pathname);
  const onLoginScreen = !s.loggedIn && (location.pathname === '/' || location.pathname === '/home');

  if (s.loggedIn) {
    return (
      <Suspense fallback={<SignedInFrame title={s.title} />}>
        <SignedInShell navOpen={navOpen} onBurger={toggle} />
      </Suspense>
    );
  }
  return (
    // The signed-out layout in plain elements (styles: global.css), as Mantine's AppShell lays it
    // out: that component, with the scroll lock it brings, was 6 KB (gzip) of the login screen.
    <>
      <header className="signed-out-header">
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} fz="lg">
            {s.title}
          </Title>
          <ModeToggle />
        </Group>
      </header>
      <main className="signed-out-main">
        <Banner />
        <NoticeBar />
        {showLogin || onLoginScreen ? (
          <LoginPage />
        ) : (
          <Suspense fallback={<Text c="dimmed">{t(shellText).loading}</Text>}>
            <Outlet />
          </Suspense>
        )}
        <StatusModal />
      </main>
    </>
  );
}

/**
 * The signed-in shell's frame with the banner, painted while the shell loads rather than a blank
 * page; replaced as a whole (nothing in it moves) when the shell arrives. Styles: global.css.
 */
function SignedInFrame({ title }: { title: string }) {
  return (
    <>
      <header className="signed-in-frame-header">
        <Title order={1} fz={{ base: 'sm', sm: 'md' }}>
          {title}
        </Title>
      </header>
      <div className="signed-in-frame-main">
        <Banner />
      </div>
    </>
  );
}
