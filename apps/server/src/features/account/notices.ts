import * as C from '@portal/contract/notices/calls';
import type { TextLanguage } from '@portal/contract/i18n/languages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { callerLanguage } from '../../http/language.ts';
import { route } from '../../http/route.ts';
import type { NoticeSource } from '../../lib/notice-source.ts';
import { retryNotices } from '../billing/dunning.ts';
import { cardNotices, overdueNotices } from '../billing/notices.ts';
import { domainNotices } from '../domains/notices.ts';

/**
 * Every source of Home's notices, most pressing first (docs/decisions/107-home-notices.md). A new
 * source is a function in its own area's module and one line here.
 */
export const NOTICE_SOURCES: readonly NoticeSource[] = [
  retryNotices,
  overdueNotices,
  cardNotices,
  domainNotices,
];

/** What needs the account now, every source's notices in the order of NOTICE_SOURCES. */
export async function noticesOf(
  db: Db,
  account: string,
  now: Date,
  language: TextLanguage = 'en',
): Promise<C.Notice[]> {
  const notices: C.Notice[] = [];
  // One after another: `db` may be one connection (a transaction, PGlite).
  for (const source of NOTICE_SOURCES) notices.push(...(await source(db, account, now, language)));
  return notices;
}

export function noticeRoutes(app: FastifyInstance): void {
  /** The billing scope: the account or staff; never a Secondary, nor a dashboard admin (decision 107). */
  route(app, C.getNotices, {
    access: { account: ({ params }) => params.logname, scope: 'billing' },
    handler: async ({ db, account, req }) =>
      noticesOf(db, account.logname, app.deps.now(), callerLanguage(req)),
  });
}
