import { ROUTES, type RouteName } from '@portal/contract/routes';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { accountScreens } from '../features/account/screens.ts';
import { adminScreens } from '../features/admin/screens.ts';
import { billingScreens } from '../features/billing/screens.ts';
import { domainScreens } from '../features/domains/screens.ts';
import { hostingScreens } from '../features/hosting/screens.ts';
import { mailScreens } from '../features/mail/screens.ts';
import { shellScreens } from '../features/shell/screens.ts';
import { toolScreens } from '../features/tools/screens.ts';
import { securityScreens } from '../features/security/screens.ts';

export type Screens = Partial<Record<RouteName, ComponentType>>;

/** Every route's screen; each area lists its own (lazily loaded) in features/<area>/screens.ts. */
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

/** What React.lazy components hold: their loader's state and the function that starts it. */
interface LazyInternals {
  _payload?: unknown;
  _init?: (payload: unknown) => unknown;
}

/**
 * Starts loading the screen of an address (relative to /portal/) before React asks for it, so it
 * downloads together with the signed-in shell instead of after it. React has no public preload for
 * lazy components: this calls the component's own initialiser, the one React calls on first render
 * (it starts the import once, and throws its promise while pending). Should that ever change, this
 * does nothing and React loads the screen on render, as before.
 */
export function preloadScreen(pathname: string): void {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  const screen = route && (SCREENS[route.name] as LazyInternals | undefined);
  if (typeof screen?._init !== 'function') return;
  try {
    screen._init(screen._payload);
  } catch {
    // Pending (a promise) or failed: React shows either when it renders the screen.
  }
}
