import * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import type { FastifyInstance } from 'fastify';
import { missing } from '../../auth/policy.ts';
import { route } from '../../http/route.ts';
import { dollars, ownInvoice, standingFields, standingOf } from './repository.ts';

/** Invoices and view-invoice; Secondary accounts are refused by the billing scope. */
export function invoiceRoutes(app: FastifyInstance): void {
  route(app, C.invoices, {
    access: { account: ({ params }) => params.user, scope: 'billing' },
    handler: async ({ db, account }) => {
      const standing = await standingOf(db, account.logname, app.deps.now());
      return standing.invoices.map((s) => ({
        invoice: s.row.invoice,
        invdate: s.row.invdate,
        duedate: s.row.duedate,
        amount: dollars(s.row.amountCents),
        ...standingFields(s),
      }));
    },
  });

  route(app, C.getInvoice, {
    access: { account: ({ body }) => body.logname, scope: 'billing' },
    // Reads only: no transaction, not audited.
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller }) => {
      // Looked up with its owner: another account's invoice and a missing one get the same answer
      // (403 for a customer, docs/access.md; staff are told it is not on the account).
      const row = await ownInvoice(db, account.logname, body.invoice);
      if (!row) throw missing(caller, billingText.invoiceNotFound(body.invoice));
      const standing = (await standingOf(db, account.logname, app.deps.now())).invoices.find(
        (s) => s.row.invoice === row.invoice,
      );
      return {
        invoice: row.body,
        invoice_number: row.invoice,
        invdate: row.invdate,
        duedate: row.duedate,
        amount: dollars(row.amountCents),
        ...standingFields(standing ?? { row, owedCents: 0, status: 'paid', daysOverdue: 0 }),
      };
    },
  });
}
