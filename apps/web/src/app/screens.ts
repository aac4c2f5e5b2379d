import type { RouteName } from '@portal/contract/routes';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { accountScreens } from '../features/account/screens.ts';
import { adminScreens } from '../features/admin/screens.ts';
import { billingScreens } from '../features/billing/screens.ts';
import { domainScreens } from '../features/domains/screens.ts';
import { hostingScreens } from '../features/hosting/screens.ts';
import { mailScreens } from '../features/mail/screens.ts';
import { securityScreens } from '../features/security/screens.ts';
import { shellScreens } from '../features/shell/screens.ts';
import { toolScreens } from '../features/tools/screens.ts';
import { routeAt } from './route-match.ts';
import type { Screen, ScreenContext, Screens } from './screen.ts';

/**
 * The screen manifest: every route's screen, each area listing its own in
 * features/<area>/screens.ts. A chunk of its own, loaded by the router (app/screen-route.tsx) and
 * at start when signed in: the login screen's code does not carry the screens' loaders.
 */
export const SCREENS: Screens = {
  ...shellScreens,
  ...accountScreens,
  ...billingScreens,
  ...domainScreens,
  ...mailScreens,
  ...hostingScreens,
  ...adminScreens,
  ...toolScreens,
  ...securityScreens,
};

/** The screen of a route; a route name without one falls back to the spec's Unimplemented screen (/unimplemented). */
export function screenOf(name: RouteName): Screen {
  return (
    SCREENS[name] ??
    shellScreens.unimplemented ?? { load: () => import('../features/shell/unimplemented-page.tsx') }
  );
}

/** The route and parameters of an address relative to /portal/, or null (matched once per address). */
export { routeAt } from './route-match.ts';

const components = new WeakMap<Screen, LazyExoticComponent<ComponentType>>();

/** The page component of a screen: one `React.lazy` per screen, made from its `load` once. */
export function componentOf(screen: Screen) {
  let c = components.get(screen);
  if (!c) {
    c = lazy(screen.load);
    components.set(screen, c);
  }
  return c;
}

/** How long a screen's content waits for its first data before it shows what it has. */
export const FIRST_DATA_WAIT_MS = 700;

/**
 * Starts a screen's first data and settles once it has come, or after FIRST_DATA_WAIT_MS, or at
 * once for a screen that has none (null).
 */
export function firstDataOf(screen: Screen, ctx: ScreenContext): Promise<unknown> | null {
  if (!screen.data || !ctx.user) return null;
  const data = screen.data(ctx).catch(() => undefined);
  return Promise.race([data, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
}

/**
 * Starts loading the screen at an address (relative to /portal/), and with `ctx` its first data,
 * before React asks for them: they download alongside the signed-in shell instead of after it.
 */
export function preload(pathname: string, ctx?: Omit<ScreenContext, 'params'>): void {
  const route = routeAt(pathname);
  if (!route) return;
  const screen = screenOf(route.name);
  // A failed load is React's to show, when it renders the screen.
  screen.load().catch(() => {});
  if (ctx) void firstDataOf(screen, { ...ctx, params: route.params });
}
