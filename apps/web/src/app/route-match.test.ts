import { ROUTES } from '@portal/contract/routes';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isRouteAt, routeAt, routesAt } from './route-match.ts';

/** Example addresses: every route's pattern with its parameters filled in, and a few others. */
const ADDRESSES = [
  ...ROUTES.map((r) => r.path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, 'example.com')),
  ...ROUTES.filter((r) => /:\w+\?/.test(r.path)).map((r) => r.path.replace(/:(\w+)\?/g, 'x-$1')),
  '/no-such-screen',
  '/home/',
];

describe('route matching', () => {
  it('finds what matchPath finds, route by route, in the route table order', () => {
    for (const pathname of ADDRESSES) {
      const expected = ROUTES.flatMap((r) => {
        const m = matchPath(r.path, pathname);
        return m ? [{ name: r.name, params: m.params }] : [];
      });
      expect(
        routesAt(pathname).map(({ name, params }) => ({ name, params })),
        pathname,
      ).toEqual(expected);
      expect(routeAt(pathname)?.name ?? null, pathname).toBe(expected[0]?.name ?? null);
      for (const r of ROUTES) {
        expect(isRouteAt(r.name, pathname), `${r.name} at ${pathname}`).toBe(
          expected.some((m) => m.name === r.name),
        );
      }
    }
  });

  it('matches an address once: the same answer is given again', () => {
    const first = routesAt('/domain-list');
    expect(first.length).toBeGreaterThan(0);
    expect(routesAt('/domain-list')).toBe(first);
  });

  it('marks the public routes', () => {
    expect(routeAt('/')?.public).toBe(true);
    expect(routeAt('/domain-list')?.public).toBe(false);
    expect(routesAt('/no-such-screen')).toEqual([]);
  });
});
