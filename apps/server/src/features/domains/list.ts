import * as C from '@portal/contract/domains/calls';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { domains, emailAliases } from '../../db/schema.ts';
import { route } from '../../http/route.ts';
import { domainAnswer, visibleTo } from './repository.ts';

/** The domain list (shared by Edit, Renew and Permissions) and the Domain Summary. */
export function listRoutes(app: FastifyInstance): void {
  route(app, C.domains, {
    access: { account: ({ params }) => params.account },
    handler: async ({ db, account }) => {
      const rows = await db
        .select()
        .from(domains)
        .where(visibleTo(account.logname))
        .orderBy(asc(domains.domain));
      return rows.map(domainAnswer);
    },
  });

  // The summary is about the account's own hosting: its own domains, not those it administers.
  route(app, C.domainUsage, {
    access: { account: ({ params }) => params.account },
    handler: async ({ db, account }) =>
      db
        .select({
          domain: domains.domain,
          website: domains.website,
          docroot: domains.docroot,
          num_aliases: sql<number>`count(${emailAliases.id})::int`,
        })
        .from(domains)
        .leftJoin(emailAliases, eq(emailAliases.domain, domains.domain))
        .where(eq(domains.owner, account.logname))
        .groupBy(domains.domain)
        .orderBy(asc(domains.domain)),
  });
}
