import * as C from '@portal/contract/domains/calls';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { domainAnswer, domainsVisibleTo, domainUsageOf } from './repository.ts';

/** The domain list (shared by Edit, Renew and Permissions) and the Domain Summary. */
export function listRoutes(app: FastifyInstance): void {
  route(app, C.domains, {
    access: { account: ({ params }) => params.account },
    handler: async ({ db, account }) => {
      const rows = await domainsVisibleTo(db, account.logname);
      return rows.map(domainAnswer);
    },
  });

  // The summary is about the account's own hosting: its own domains, not those it administers.
  route(app, C.domainUsage, {
    access: { account: ({ params }) => params.account },
    handler: async ({ db, account }) => domainUsageOf(db, account.logname),
  });
}
