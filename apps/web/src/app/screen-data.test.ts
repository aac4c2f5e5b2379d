import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The calls the prefetch made (method and path), answered with `answers[path]` or an empty list. */
let calls: string[];
let answers: Record<string, unknown>;

// The session reads the browser's storage when it loads: a signed-out, empty one.
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => store.set(k, v),
  removeItem: (k: string) => store.delete(k),
});
const { firstDataOf, routeAt, screenOf } = await import('./screens.ts');

/** Starts the first data of the screen at `pathname` for `user`, as the router and main.tsx do. */
function prefetchRouteData(client: QueryClient, pathname: string, user: string): void {
  const route = routeAt(pathname);
  if (route) void firstDataOf(screenOf(route.name), { client, user, params: route.params });
}

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://portal.test').pathname;
    calls.push(`${init.method} ${path}`);
    return new Response(JSON.stringify({ status: 1, data: answers[path] ?? [] }), { status: 200 });
  });
});
afterEach(() => {
  vi.stubGlobal('fetch', undefined);
});

describe('a screen’s first data (its manifest entry’s `data`): asked for with its code', () => {
  it('the domain list (and its two other routes) ask for the account’s domains; other screens ask for nothing', async () => {
    const client = new QueryClient();
    prefetchRouteData(client, '/domain-list', 'alice');
    await vi.waitFor(() => expect(client.getQueryData(['/api/domains/:account', 'alice'])).toEqual([]));
    prefetchRouteData(client, '/renew-domains/', 'bob');
    await vi.waitFor(() => expect(client.getQueryData(['/api/domains/:account', 'bob'])).toEqual([]));
    // Screens without first data (home and the websites list have theirs since the manifest).
    prefetchRouteData(client, '/md5', 'alice');
    prefetchRouteData(client, '/dom-help', 'alice');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual(['GET /api/domains/alice', 'GET /api/domains/bob']);
  });

  it('Make Payment asks for its data once the role is known: a Primary’s, not a Secondary’s', async () => {
    answers['/api/account-role/alice'] = { account_role: 'Primary' };
    answers['/api/account-role/sam'] = { account_role: 'Secondary' };
    answers['/api/get-payment-methods/alice'] = { pay_methods: [] };
    answers['/api/get-prefill-cc-addr'] = { address: { city: 'Paris' } };
    const client = new QueryClient();
    prefetchRouteData(client, '/make-payment', 'alice');
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(calls.sort()).toEqual([
      'GET /api/account-role/alice',
      'GET /api/card-tokenizer',
      'GET /api/get-payment-info/alice',
      'GET /api/get-payment-methods/alice',
      'POST /api/get-prefill-cc-addr',
    ]);
    calls = [];
    prefetchRouteData(client, '/make-payment', 'sam');
    await vi.waitFor(() => expect(client.getQueryData(['account-role', 'sam'])).toBeDefined());
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual(['GET /api/account-role/sam']);
  });
});
