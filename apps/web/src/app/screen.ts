import { infoAccountOf } from '@portal/contract/admin/dashboard-admin';
import type { RouteName } from '@portal/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { accountRoleQuery } from './shared-queries.ts';

/** What a screen's first data is asked for with: the app's query client, the user worked on, the route's parameters. */
export interface ScreenContext {
  client: QueryClient;
  /** The account being worked on (the session's `currentUser`). */
  user: string;
  params: Readonly<Params>;
}

/**
 * A screen of the manifest: a plain object that the router (one `React.lazy` made from `load`) and
 * the preloader (which calls `load()`) both use.
 */
export interface Screen {
  /** The screen's module; its default export is the page. */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The screen's own first data (its route loader): starts the queries its first render reads,
   * under the keys the page's own queries use, and settles once they have answered. The page's
   * content waits for it (ui/page.tsx), so it shows once, at its final size. It never rejects: a
   * failure is the page's to show, from its own query. Dynamic imports only (the manifest is
   * loaded with the router, so a static import here would grow that chunk).
   */
  data?: (ctx: ScreenContext) => Promise<unknown>;
}

/** An area's screens, by route name. */
export type Screens = Partial<Record<RouteName, Screen>>;

/**
 * Waits for the first answers of queries (`client.ensureQueryData(…)` each: data in the cache
 * counts as it is, and the page's own query refreshes it if stale, in the background, as before).
 * A failure counts as an answer: the page's own query reports it.
 */
export function firstData(...answers: Array<Promise<unknown>>): Promise<unknown> {
  return Promise.all(answers.map((a) => a.catch(() => undefined)));
}

/**
 * The account a screen following `infoAccountOf` shows, once the account's role has
 * answered (`useInfoAccount`'s `ready`): the user's own when the role cannot be read, as there.
 */
export async function infoAccount(ctx: ScreenContext) {
  const role = await roleOf(ctx);
  return { ...infoAccountOf(ctx.user, role ?? undefined), role };
}

/** The account role of the user worked on, or null when it cannot be read. */
export function roleOf({ client, user }: ScreenContext) {
  return client.ensureQueryData(accountRoleQuery(user)).catch(() => null);
}

/**
 * A screen's first data from its area's query definitions (`api`, loaded on demand: the manifest
 * does not carry them): `answers` starts the queries and returns their answers (firstData).
 */
export function dataFrom<Api>(
  api: () => Promise<Api>,
  answers: (api: Api, ctx: ScreenContext) => Array<Promise<unknown>> | Promise<Array<Promise<unknown>>>,
): NonNullable<Screen['data']> {
  return async (ctx) => firstData(...(await answers(await api(), ctx)));
}
