import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SENTENCES,
  accountActivity,
  activityText,
  describeActivity,
} from '@portal/contract/security/activity';
import type { FastifyInstance } from 'fastify';
import { textsFor } from '../../http/language.ts';
import { route } from '../../http/route.ts';
import { activityPage, activityScopeOf } from './repository.ts';

/**
 * The account's activity: what the audit log holds about the account, as sentences of the
 * contract (security/activity.ts). A Primary's list also shows the changes made to its Secondary
 * accounts, which it manages; a Secondary's only its own. `self`: a dashboard admin's reading right
 * does not reach the primary's record. The entries are told in the caller's language from what the
 * log stores (its action and fields), which never holds a translated text.
 */
export function activityRoutes(app: FastifyInstance): void {
  route(app, accountActivity, {
    access: { account: ({ params }) => params.logname, scope: 'self' },
    handler: async ({ db, account, query, req }) => {
      const sentences = textsFor(req, ACTIVITY_SENTENCES);
      const texts = textsFor(req, activityText);
      const scope = await activityScopeOf(db, account);
      const { total, rows } = await activityPage(db, scope, query.q, query.page, sentences);
      return {
        events: rows.map((r) => ({
          time: r.at.toISOString(),
          operator: r.operator,
          staff: r.operatorRole === 'staff' || r.operatorRole === 'admin',
          account: r.account ?? account.logname,
          ...describeActivity(r.action, r.details, sentences, texts),
        })),
        page: query.page,
        page_size: ACTIVITY_PAGE_SIZE,
        total,
      };
    },
  });
}
