import type { RouteName } from '@portal/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { use, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { ScreenData } from './screen-data.ts';
import { useSession } from './session.ts';

type Manifest = typeof import('./screens.ts');
let manifest: Promise<Manifest> | undefined;

/** The screen manifest (app/screens.ts), a chunk of its own: loaded once, on first use. */
export function loadScreens(): Promise<Manifest> {
  manifest ??= import('./screens.ts');
  return manifest;
}

/**
 * Starts loading the screen of an address (relative to /portal/) before React asks for it; with
 * `ctx`, its first data too (app/screens.ts `preload`).
 */
export function preloadScreen(pathname: string, ctx?: Parameters<Manifest['preload']>[1]): void {
  loadScreens()
    .then((m) => m.preload(pathname, ctx))
    .catch(() => {});
}

/**
 * A route's screen: its page (lazily loaded) and its first data, started together when the route
 * is reached; the page's content waits for that data (ScreenData, ui/page.tsx).
 */
export function ScreenRoute({ name }: { name: RouteName }) {
  const m = use(loadScreens());
  const screen = m.screenOf(name);
  const Page = m.componentOf(screen);
  const client = useQueryClient();
  const { currentUser } = useSession();
  const params = useParams();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address or user is new data; params follow the address
  const data = useMemo(
    () => m.firstDataOf(screen, { client, user: currentUser, params }),
    [m, screen, client, currentUser, pathname],
  );
  return (
    <ScreenData value={data}>
      <Page />
    </ScreenData>
  );
}
