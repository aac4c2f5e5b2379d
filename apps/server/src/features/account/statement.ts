import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import type { FastifyInstance } from 'fastify';
import { Answer, route } from '../../http/route.ts';
import { saveStatementDelivery, statementDeliveryOf } from './repository.ts';

/**
 * Statement delivery: n standard, e email only, p paper only,
 * ep both; nozero 1 = send only when money is owed; a blank email means the bill email. The
 * 'statement' scope refuses a Secondary with the statement page's own text.
 */
export function statementRoutes(app: FastifyInstance): void {
  route(app, C.getStatementDelivery, {
    access: { account: ({ params }) => params.logname, scope: 'statement' },
    handler: async ({ db, account }) => {
      const row = await statementDeliveryOf(db, account.logname);
      return row
        ? { method: C.StatementMethod.parse(row.method), nozero: row.nozero, email: row.email }
        : { method: 'n', nozero: 0, email: '' };
    },
  });

  route(app, C.changeStatementDelivery, {
    access: { account: ({ body }) => body.logname, scope: 'statement' },
    handler: async ({ db, body, account }) => {
      const values = { method: body.method, nozero: body.nozero, email: body.email };
      await saveStatementDelivery(db, account.logname, values);
      return new Answer(values, accountText.statementSaved);
    },
  });
}
