import * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { missing } from '../../auth/policy.ts';
import { callerLanguage } from '../../http/language.ts';
import { route } from '../../http/route.ts';
import { invoicePaper, ownReceiptPaper, PDF_TYPE, pdfOf } from './papers.ts';
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
  route(app, C.invoicePdf, {
    access: { account: ({ body }) => body.logname, scope: 'billing' },
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller, reply, req }) => {
      // Looked up with its owner, as getinvoice: another account's invoice is a missing one. A
      // download is written in the caller's language, as the screen it is downloaded from.
      const paper = await invoicePaper(
        db,
        account.logname,
        body.invoice,
        app.deps.now(),
        callerLanguage(req),
      );
      if (!paper) throw missing(caller, billingText.invoiceNotFound(body.invoice));
      return sendPdf(reply, billingText.invoiceFileName(body.invoice), await pdfOf(app.deps.config, paper));
    },
  });

  route(app, C.receiptPdf, {
    access: { account: ({ body }) => body.account, scope: 'billing' },
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller, reply, req }) => {
      const paper = await ownReceiptPaper(db, account.logname, body.trans_id, callerLanguage(req));
      if (!paper) throw missing(caller, billingText.paymentNotFound(body.trans_id));
      return sendPdf(reply, billingText.receiptFileName(body.trans_id), await pdfOf(app.deps.config, paper));
    },
  });
}

/** A paper as the answer: a PDF download with its file name, never cached. */
function sendPdf(reply: FastifyReply, filename: string, pdf: Uint8Array): FastifyReply {
  return reply
    .header('content-type', PDF_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf));
}
