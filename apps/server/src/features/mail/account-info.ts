import * as C from '@portal/contract/mail/calls';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, diskUsage, mailingLists } from '../../db/schema.ts';
import { route } from '../../http/route.ts';

/** Read-only mail information of an account: its mailing lists and its disk usage. */
export function mailInfoRoutes(app: FastifyInstance): void {
  route(app, C.mailingLists, {
    access: { account: ({ params }) => params.account, scope: 'read' },
    handler: async ({ db, account }) => {
      const rows = await db
        .select({ listname: mailingLists.listname, list_type: mailingLists.listType })
        .from(mailingLists)
        .where(eq(mailingLists.owner, account.logname))
        .orderBy(asc(mailingLists.listname));
      return { mailing_lists: rows };
    },
  });

  route(app, C.diskUsage, {
    access: { account: ({ params }) => params.account, scope: 'read' },
    handler: async ({ db, account }) => {
      const rows = await db
        .select({
          logname: accounts.logname,
          uid: accounts.uid,
          curr_quota: diskUsage.currQuota,
          curr_usage: diskUsage.currUsage,
        })
        .from(diskUsage)
        .innerJoin(accounts, eq(accounts.logname, diskUsage.owner))
        .where(eq(diskUsage.owner, account.logname));
      return { diskusage: rows };
    },
  });
}
