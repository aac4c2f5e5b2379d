import * as C from '@portal/contract/mail/calls';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { diskUsageOf, mailingListsOf } from './repository.ts';

/** Read-only mail information of an account: its mailing lists and its disk usage. */
export function mailInfoRoutes(app: FastifyInstance): void {
  route(app, C.mailingLists, {
    access: { account: ({ params }) => params.account, scope: 'read' },
    handler: async ({ db, account }) => ({ mailing_lists: await mailingListsOf(db, account.logname) }),
  });

  route(app, C.diskUsage, {
    access: { account: ({ params }) => params.account, scope: 'read' },
    handler: async ({ db, account }) => ({ diskusage: await diskUsageOf(db, account.logname) }),
  });
}
