import { billingText } from '@portal/contract/billing/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { must } from '@portal/contract/must';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { ChargeResult } from '../../integrations/gateway/index.ts';
import type { MailMessage } from '../../integrations/mailer.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { languageOf } from '../../lib/notify.ts';
import { customerZone, isOwnAddress, receiptLines } from './receipt.ts';
import {
  approvePayment,
  dollars,
  insertPayment,
  lowerBalance,
  markCoveredInvoicesPaid,
  markInvoicePaid,
  markPaymentUnknown,
  money,
  noteOnUnknownPayment,
  type PaymentRow,
  paymentOfKey,
  settleOpenPayment,
} from './repository.ts';

/**
 * The life of one payment (docs/integrations/payments.md, docs/areas/billing.md):
 *
 *   reserve (row 'pending' with its idempotency key, committed BEFORE the gateway is called)
 *   → gateway call (outside any transaction)
 *   → record: approved (applied to the balance, receipts queued), declined, error, or unknown
 *     (a reconcile job asks the gateway later; never charged again blind).
 */

export type { PaymentRow };

export interface PaymentRequest {
  owner: string;
  amountCents: number;
  key: string;
  cardId: number | null;
  ccn4: string;
  comments: string;
  receiptTo: string;
  invoice: string | null;
  purpose: 'account' | 'coworking';
  operator: string | null;
  /**
   * When the payment is made, by the app's clock, never the database's: the invoice it pays is
   * marked paid by the app's clock (`paidAt`), and the paper of an invoice paid from the balance
   * finds its payment as the newest dated at or before that (paymentOfInvoice); the sweep that finds
   * a stale 'pending' payment compares this date with the job runner's clock (sweepStalePayments).
   */
  at: Date;
}

/**
 * What every answer about a payment shows of it, worked out once: an approved payment's transaction
 * id (one still being confirmed has none to show yet), its date, amount in dollars and card's last four.
 */
export function paymentFields(p: PaymentRow) {
  return {
    trans_id: p.status === 'approved' ? p.transId : '',
    date: p.date.toISOString(),
    amount: dollars(p.amountCents),
    ccn4: p.ccn4,
  };
}

/** Waits this long before asking the gateway what became of a charge whose answer was lost. */
export const RECONCILE_DELAY_MS = 60_000;
/** Reconcile attempts (back-off up to 30 minutes each: a little over a day in all). */
export const RECONCILE_ATTEMPTS = 60;
/** Asks the gateway what became of the payment of this idempotency key (reconcilePayment). */
export const reconcileJob = defineJob('billing.reconcile', z.object({ key: z.string() }));

/** Writes the payment with its key; answers the existing row when the key was used before. */
export async function reservePayment(
  db: Db,
  req: PaymentRequest,
): Promise<{ fresh: true; row: PaymentRow } | { fresh: false; row: PaymentRow }> {
  return db.transaction(async (tx) => {
    const row = await insertPayment(tx, {
      transId: `pending-${randomUUID()}`,
      owner: req.owner,
      amountCents: req.amountCents,
      ccn4: req.ccn4,
      status: 'pending',
      idempotencyKey: req.key,
      cardId: req.cardId,
      invoice: req.invoice,
      comments: req.comments,
      receiptTo: req.receiptTo,
      purpose: req.purpose,
      operator: req.operator,
      date: req.at,
    });
    if (row) return { fresh: true as const, row };
    return { fresh: false as const, row: must(await paymentOfKey(tx, req.key), 'the payment of the key') };
  });
}

/**
 * Records the gateway's answer for the payment with `key`, once: only a pending or unknown
 * payment changes, so a late duplicate answer applies nothing twice. Approved: the payment is
 * applied to the account's balance at once (its invoice, and every invoice the balance no longer
 * covers, marked paid), and receipts are queued for the customer, accounting and the NOC in the
 * same transaction.
 */
export async function recordOutcome(
  app: FastifyInstance,
  key: string,
  result: ChargeResult | null,
): Promise<PaymentRow | undefined> {
  const { deps } = app;
  return deps.db.transaction(async (t) => {
    const tx: Db = t;
    if (result === null) {
      // The gateway never saw it: nothing was charged.
      return settleOpenPayment(tx, key, {
        status: 'failed',
        message: 'The payment gateway has no record of this charge',
      });
    }
    if (result.outcome === 'approved') {
      const row = await approvePayment(tx, key, result.transId, result.ccn4);
      if (!row) return undefined;
      if (row.purpose === 'account') await lowerBalance(tx, row.owner, row.amountCents);
      if (row.invoice) await markInvoicePaid(tx, row.owner, row.invoice, deps.now());
      // A payment made in the portal names no invoice: it pays the oldest ones first, which
      // auto-billing then never charges (docs/areas/billing.md, Auto-billing).
      if (row.purpose === 'account') await markCoveredInvoicesPaid(tx, row.owner, deps.now());
      await sendReceipts(app, tx, row);
      return row;
    }
    if (result.outcome === 'unknown') {
      const row = await markPaymentUnknown(tx, key, result.message);
      if (row) {
        await enqueue(
          tx,
          reconcileJob,
          { key },
          {
            runAt: new Date(deps.now().getTime() + RECONCILE_DELAY_MS),
            uniqueKey: `billing.reconcile:${key}`,
            maxAttempts: RECONCILE_ATTEMPTS,
          },
        );
      }
      return row;
    }
    return settleOpenPayment(tx, key, {
      status: result.outcome,
      message: result.message,
      ...(result.outcome === 'declined' && result.transId ? { transId: result.transId } : {}),
    });
  });
}

/**
 * Receipts of an approved payment: the customer (when an address was given), in the account's
 * language (docs/decisions/117-mails-in-the-account-language.md), and accounting and the NOC, in
 * English: theirs is the staff's paper.
 */
async function sendReceipts(app: FastifyInstance, db: Db, p: PaymentRow): Promise<void> {
  const { config, outbox } = app.deps;
  const zone = await customerZone(db, p.owner);
  // Queued together: two statements for the three mails.
  const mails: MailMessage[] = [];
  if (p.receiptTo) {
    // A receipt can go to any address the payer types: only one to the account's own billing
    // address carries what the payer wrote (else the portal would mail a stranger their text).
    const own = await isOwnAddress(db, p.owner, p.receiptTo);
    const language = await languageOf(db, p.owner);
    const text = inLanguage(billingText, language);
    const lines = receiptLines(p, zone, { comments: own, operator: own }, language);
    // Not mailCustomer: a receipt is always sent (essential) and goes to the address the payer
    // typed for it on the payment form (docs/decisions/106-customer-mail-routing.md).
    mails.push({
      kind: 'billing.receipt',
      account: p.owner,
      to: p.receiptTo,
      subject: text.receiptSubject(money(p.amountCents)),
      body: `${text.pdfThanks}\n\n${lines.join('\n')}\n`,
      // The receipt as a PDF, made when the mail is delivered (papers.ts); the same facts as the text.
      attachments: [{ kind: 'receipt-pdf', owner: p.owner, transId: p.transId, private: own }],
    });
  }
  const body = receiptLines(p, zone, { comments: true, operator: true }, 'en').join('\n');
  for (const to of [config.ACCOUNTING_EMAIL, config.NOC_EMAIL]) {
    mails.push({
      kind: 'billing.receipt.internal',
      account: p.owner,
      to,
      subject: `Payment received from ${p.owner}: $${money(p.amountCents)}`,
      body: `${body}\nReceipt sent to: ${p.receiptTo || 'No receipt sent'}\n`,
    });
  }
  await outbox.sendEach(db, mails);
}

/** The message of a payment still unconfirmed after the last reconcile attempt, once accounting is told. */
export const UNRECONCILED_MESSAGE =
  'Still unconfirmed by the gateway after the last reconcile attempt: reported to accounting';

/** Asks the gateway what became of an unknown payment; throws to be tried again later. */
export async function reconcilePayment(
  app: FastifyInstance,
  key: string,
  findCharge: (key: string) => Promise<ChargeResult | null>,
  lastAttempt: boolean,
): Promise<void> {
  const { deps } = app;
  const p = await paymentOfKey(deps.db, key);
  if (p?.status !== 'unknown') return;
  const result = await findCharge(key);
  if (result?.outcome === 'unknown') {
    if (lastAttempt) {
      await reportUnreconciled(app, key);
      return;
    }
    throw new Error('payment outcome still unknown at the gateway');
  }
  await recordOutcome(app, key, result);
}

/**
 * Tells accounting about a payment the gateway never confirmed, once: the mail is queued in the
 * transaction that marks the payment as reported, so the job run again after a worker died
 * between this commit and the job's 'done' finds it marked and queues nothing.
 */
async function reportUnreconciled(app: FastifyInstance, key: string): Promise<void> {
  const { deps } = app;
  await deps.db.transaction(async (t) => {
    const tx: Db = t;
    const p = await noteOnUnknownPayment(tx, key, UNRECONCILED_MESSAGE);
    if (!p) return;
    await deps.outbox.send(tx, {
      kind: 'billing.unreconciled',
      account: p.owner,
      to: deps.config.ACCOUNTING_EMAIL,
      subject: `Payment of ${p.owner} still unconfirmed: $${money(p.amountCents)}`,
      body: `The card processor has not confirmed payment ${p.transId} of $${money(p.amountCents)} for ${p.owner} (attempted ${p.date.toISOString()}). Please check it in the gateway's merchant interface and settle it by hand.\n`,
    });
  });
}
