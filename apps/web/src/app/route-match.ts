import { ROUTES, type RouteName } from '@portal/contract/routes';
import { matchPath, type Params } from 'react-router';

/** A route whose pattern matches an address, with the address's parameters. */
export interface RouteMatch {
  name: RouteName;
  params: Params;
  public: boolean;
}

/** Addresses seen in this page's life and their matches; bounded for a long session. */
const matched = new Map<string, readonly RouteMatch[]>();
const REMEMBERED = 200;

/**
 * Every route whose pattern matches an address relative to /portal/, optional parameters included,
 * in the route table's order. `matchPath` compiles a pattern into a regular expression on every
 * call, and the shell's parts (sidebar, tab title, login gate, preload) asked it of some seventy
 * routes on each render: here each address is matched once.
 */
export function routesAt(pathname: string): readonly RouteMatch[] {
  const known = matched.get(pathname);
  if (known) return known;
  const found: RouteMatch[] = [];
  for (const r of ROUTES) {
    const m = matchPath(r.path, pathname);
    if (m) found.push({ name: r.name, params: m.params, public: 'public' in r && !!r.public });
  }
  if (matched.size >= REMEMBERED) {
    const oldest = matched.keys().next();
    if (!oldest.done) matched.delete(oldest.value);
  }
  matched.set(pathname, found);
  return found;
}

/** The first route (in the route table's order) of an address, or null. */
export const routeAt = (pathname: string): RouteMatch | null => routesAt(pathname)[0] ?? null;

/** Whether a route matches an address. */
export const isRouteAt = (name: RouteName, pathname: string): boolean =>
  routesAt(pathname).some((m) => m.name === name);
