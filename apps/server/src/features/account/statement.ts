import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import { commonText } from '@portal/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccountRef } from '../../auth/policy.ts';
import { statementDelivery } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * Statement delivery (spec 000 §3 "Statement delivery"): n standard, e email only, p paper only,
 * ep both; nozero 1 = send only when money is owed; a blank email means the bill email.
 */
export function statementRoutes(app: FastifyInstance): void {
  route(app, C.getStatementDelivery, {
    access: { account: ({ params }) => params.logname },
    handler: async ({ db, account }) => {
      primaryOnly(account);
      const [row] = await db
        .select()
        .from(statementDelivery)
        .where(eq(statementDelivery.owner, account.logname))
        .limit(1);
      return row
        ? { method: C.StatementMethod.parse(row.method), nozero: row.nozero, email: row.email }
        : { method: 'n', nozero: 0, email: '' };
    },
  });

  route(app, C.changeStatementDelivery, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, body, account }) => {
      primaryOnly(account);
      const values = { method: body.method, nozero: body.nozero, email: body.email };
      await db
        .insert(statementDelivery)
        .values({ owner: account.logname, ...values })
        .onConflictDoUpdate({ target: statementDelivery.owner, set: values });
      return new Answer(values, accountText.statementSaved);
    },
  });
}

/**
 * The access rule is the account's own ('self'); a Secondary is then refused with the statement
 * page's own text (spec 000 §6) rather than the generic billing one of the 'billing' scope.
 */
function primaryOnly(account: AccountRef): void {
  if (account.accountRole === 'Secondary') throw forbidden(commonText.secondaryNoStatement);
}
