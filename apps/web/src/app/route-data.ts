import { ROUTES, type RouteName } from '@portal/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { accountRoleQuery } from './shared-queries.ts';

/**
 * The first data of a screen opened by its address, asked for at start alongside the screen's
 * code (main.tsx loads this module then), instead of once all its code has arrived and the screen
 * has rendered: on a phone that was one more round trip in series before the screen was complete
 * (the domain list's request came after some fifteen files). The screens read the same queries,
 * so they find the answers in the cache, or in flight. This module is a small chunk of its own and
 * loads a screen's query definitions only for that screen (files the preload script has already
 * asked for), so neither the login screen's code nor the other screens' downloads grow.
 */
type Prefetch = (client: QueryClient, user: string) => Promise<unknown>;

const domainList: Prefetch = async (client, user) => {
  const { domainsQuery } = await import('../features/domains/api.ts');
  await client.prefetchQuery(domainsQuery(user));
};

/** Make Payment asks for its data once the account's role is known (a Secondary sees a refusal). */
const makePayment: Prefetch = async (client, user) => {
  const [billing, tokenize, role] = await Promise.all([
    import('../features/billing/api.ts'),
    import('../features/billing/tokenize.ts'),
    client.fetchQuery(accountRoleQuery(user)),
  ]);
  if (role.account_role === 'Secondary') return;
  await Promise.all([
    client.prefetchQuery(billing.paymentInfoQuery(user)),
    client.prefetchQuery(billing.payMethodsQuery(user)),
    client.prefetchQuery(billing.prefillQuery(user)),
    client.prefetchQuery(tokenize.tokenizerQuery()),
  ]);
};

const ROUTE_DATA: Partial<Record<RouteName, Prefetch>> = {
  'domain-list': domainList,
  'renew-domains': domainList,
  'domain-permissions': domainList,
  'make-payment': makePayment,
};

/** Starts the first queries of the screen at `pathname` (relative to /portal/) for `user`. */
export function prefetchRouteData(client: QueryClient, pathname: string, user: string): void {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  const prefetch = route && ROUTE_DATA[route.name];
  // A failure is the screen's to show: its own query runs again and reports it.
  if (prefetch && user) prefetch(client, user).catch(() => {});
}
