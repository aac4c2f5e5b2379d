import { must } from '@portal/contract/must';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SENTENCES,
  accountActivity,
  describeActivity,
} from '@portal/contract/security/activity';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccountRef } from '../../auth/policy.ts';
import type { Db } from '../../db/index.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { route } from '../../http/route.ts';

/**
 * The account's activity: what the audit log holds about the account, as sentences of the
 * contract (security/activity.ts). A Primary's list also shows the changes made to its Secondary
 * accounts, which it manages; a Secondary's only its own. `self`: a dashboard admin's reading right
 * does not reach the primary's record.
 */
export function activityRoutes(app: FastifyInstance): void {
  route(app, accountActivity, {
    access: { account: ({ params }) => params.logname, scope: 'self' },
    handler: async ({ db, account, query }) => {
      const scope = inArray(auditLog.account, await accountsOf(db, account));
      const where = and(scope, query.q ? matching(query.q) : undefined);
      const { total } = must(
        (await db.select({ total: count() }).from(auditLog).where(where))[0],
        'the count of entries',
      );
      const rows = await db
        .select({
          at: auditLog.at,
          operator: auditLog.operator,
          account: auditLog.account,
          action: auditLog.action,
          details: auditLog.details,
          operatorRole: accounts.role,
        })
        .from(auditLog)
        .leftJoin(accounts, eq(accounts.logname, auditLog.operator))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(ACTIVITY_PAGE_SIZE)
        .offset((query.page - 1) * ACTIVITY_PAGE_SIZE);
      return {
        events: rows.map((r) => ({
          time: r.at.toISOString(),
          operator: r.operator,
          staff: r.operatorRole === 'staff' || r.operatorRole === 'admin',
          account: r.account ?? account.logname,
          ...describeActivity(r.action, r.details),
        })),
        page: query.page,
        page_size: ACTIVITY_PAGE_SIZE,
        total,
      };
    },
  });
}

/** The account, and for a Primary its Secondaries too. */
async function accountsOf(db: Db, account: AccountRef): Promise<string[]> {
  if (account.accountRole === 'Secondary') return [account.logname];
  const secondaries = await db
    .select({ logname: accounts.logname })
    .from(accounts)
    .where(eq(accounts.primary, account.logname));
  return [account.logname, ...secondaries.map((s) => s.logname)];
}

/**
 * Entries a search finds: those whose sentence says the words (the text a customer reads), made by
 * an operator of that name, or naming them in the change's fields (a domain, an alias).
 */
function matching(q: string): SQL | undefined {
  const words = q.toLowerCase();
  const actions = Object.entries(ACTIVITY_SENTENCES)
    .filter(([, s]) => `${s.action} ${s.summary({})}`.toLowerCase().includes(words))
    .map(([key]) => key);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    actions.length ? inArray(auditLog.action, actions) : undefined,
    ilike(auditLog.operator, pattern),
    sql`${auditLog.details}::text ilike ${pattern}`,
  );
}
