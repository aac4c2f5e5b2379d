import { must } from '@portal/contract/must';
import { randomUUID } from 'node:crypto';
import * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { commonText } from '@portal/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccountRef } from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import { callerLanguage } from '../../http/language.ts';
import { Answer, route } from '../../http/route.ts';
import {
  type BillingInput,
  type ChargeResult,
  type PaymentGateway,
  type StoredCard,
  scrubCardData,
} from '../../integrations/gateway/index.ts';
import { dayStart, parseDay } from '../../lib/days.ts';
import { AppError, conflict, refused } from '../../lib/errors.ts';
import { isOtherCopy, requestCard, saveCardRow } from './cards.ts';
import {
  type PaymentRequest,
  type PaymentRow,
  paymentFields,
  recordOutcome,
  reservePayment,
} from './payments.ts';
import { customerZone, dateInWords, paidFor } from './receipt.ts';
import {
  balancePaymentsSince,
  type CardRow,
  customerProfileOf,
  dollars,
  failPayment,
  lastInvoiceOf,
  ownCard,
  paymentOfKey,
  recentPaymentsOf,
  setAutoBilling,
  setPaymentCard,
  standingOf,
} from './repository.ts';

type SingleBody = z.output<typeof C.singlePayment.body>;
type SavedBody = z.output<typeof C.savedCardPayment.body>;

/**
 * The start of an invoice's day. Both forms the importer takes are read; a stored date in another
 * shape (written before the importer checked dates) is a clear refusal, logged for the operators.
 */
function invoiceDay(row: { invoice: string; invdate: string }, req: FastifyRequest): Date {
  const day = parseDay(row.invdate);
  if (day) return dayStart(day);
  req.log.warn(
    { invoice: row.invoice, invdate: row.invdate },
    'invoice date in neither YYYYMMDD nor YYYY-MM-DD',
  );
  throw refused(billingText.unreadableInvoiceDate(row.invoice));
}

/** The answer of a payment that was approved or is being confirmed. */
function paymentAnswer(p: PaymentRow): Answer {
  const shown = paymentFields(p);
  const data: C.PaymentData = {
    status: p.status === 'approved' ? 'approved' : 'unknown',
    trans_id: shown.trans_id,
    amount: shown.amount,
    receipt_to: p.receiptTo,
    ccn4: shown.ccn4,
    card_id: p.cardId,
    date: shown.date,
  };
  return new Answer(data, p.status === 'approved' ? '' : billingText.paymentPending, {
    payment_record: { amount: data.amount, trans_id: data.trans_id, date: data.date },
  });
}

/** The answer for a payment in its final state: success, or the refusal the user saw the first time. */
function settle(p: PaymentRow): Answer {
  if (p.status === 'approved' || p.status === 'unknown') return paymentAnswer(p);
  if (p.status === 'pending') throw conflict(billingText.paymentInProgress, 'payment_in_progress');
  if (p.status === 'declined') throw refused(p.message || billingText.noPaymentTitle);
  if (p.status === 'not_stored') throw refused(p.message, 'card_not_stored');
  // A gateway error, or a charge the gateway never made: nothing was charged. The client shows
  // 'API Payment failure' with the error; the code not_charged tells it that this 503, unlike one
  // for a database outage after the charge, is a certain outcome (a new submit gets a new key).
  throw new AppError(
    'unavailable',
    billingText.gatewayError(p.message || billingText.apiFailureTitle),
    undefined,
    'not_charged',
  );
}

/**
 * What a payment's audit entry adds to its body (whose `amount` is in cents, as parsed): the card's
 * last four digits, for the account's activity (never more of the card), and the comments.
 */
function paymentAudit(req: { ccn4: string; comments: string }) {
  return { ccn4: req.ccn4, comments: req.comments };
}

function paymentRequest(
  body: SingleBody | SavedBody,
  account: AccountRef,
  caller: Caller | null,
  extra: { cardId: number | null; ccn4: string; secrets?: string[]; at: Date },
): PaymentRequest {
  // The client sends one key per pay-form submit; without one, this request is its own payment.
  const key = `${account.logname}:${body.idempotency_key ?? randomUUID()}`;
  return {
    owner: account.logname,
    amountCents: body.amount,
    key,
    cardId: extra.cardId,
    ccn4: extra.ccn4,
    // Free text goes to the payment row, the receipts and the audit log: a card number (or the
    // CVV of this payment) typed into it is never kept.
    comments: scrubCardData(body.comments, extra.secrets),
    receiptTo: body.email,
    invoice: null,
    purpose: body.purpose,
    operator: caller?.username ?? null,
    at: extra.at,
  };
}

/** A reused key must be the same payment: same account, amount and card. */
function sameRequest(p: PaymentRow, req: PaymentRequest): boolean {
  return p.owner === req.owner && p.amountCents === req.amountCents && p.purpose === req.purpose;
}

/** Make Payments, payment info and recent payments. */
export function paymentRoutes(app: FastifyInstance): void {
  route(app, C.getPaymentInfo, {
    access: { account: ({ params }) => params.user, scope: 'billing' },
    handler: async ({ db, account, req }) => {
      const logname = account.logname;
      // What is due comes from the same reckoning as the invoices' statuses.
      const { dueCents } = await standingOf(db, logname, app.deps.now());
      const last = await lastInvoiceOf(db, logname);
      const since = last ? invoiceDay(last, req) : new Date(0);
      const paid = await balancePaymentsSince(db, logname, since);
      return {
        logname,
        // The uid comes with the account the policy loaded.
        uid: account.uid,
        last_invoice: last?.invdate ?? '',
        amount: dollars(last?.amountCents ?? 0),
        num_paymts: paid.n,
        paymt_total: dollars(paid.total),
        current_due: dollars(dueCents),
      };
    },
  });

  route(app, C.recentPayments, {
    access: { account: ({ params }) => params.account, scope: 'billing' },
    handler: async ({ db, account, req }) => {
      const rows = await recentPaymentsOf(db, account.logname);
      const zone = await customerZone(db, account.logname);
      // The words are the caller's to read: a staff member's language, not the customer's.
      const language = callerLanguage(req);
      return {
        payments: rows.map((p) => ({
          ...paymentFields(p),
          status: p.status === 'approved' ? 'approved' : 'being confirmed',
          comments: p.comments,
          paid_for: paidFor(p, language),
          date_words: dateInWords(p.date, zone, language),
        })),
      };
    },
  });

  route(app, C.singlePayment, {
    access: { account: ({ body }) => body.account, scope: 'billing' },
    limit: 'payment',
    cardDeclines: true,
    // The key is committed before the gateway call, and the call holds no transaction open.
    transaction: false,
    handler: async ({ db, body, account, caller, auditDetails }) => {
      const owner = account.logname;
      const { card, ccn4, secrets } = requestCard(app, body, commonText.expiredCard);
      const req = paymentRequest(body, account, caller, { cardId: null, ccn4, secrets, at: app.deps.now() });
      Object.assign(auditDetails, paymentAudit(req));
      const reserved = await reservePayment(db, req);
      if (!reserved.fresh) {
        // A token's card is known only to the gateway: a retry carries a new token of the same
        // card, so only a typed-in number can be compared here.
        const otherCard = ccn4 !== '' && reserved.row.ccn4 !== ccn4;
        if (!sameRequest(reserved.row, req) || otherCard)
          throw conflict(billingText.keyReused, 'payment_key_reused');
        return settle(reserved.row);
      }
      const gateway = app.deps.gateway;
      if (body.save_status === 0) {
        const result = await gateway.chargeCard({
          account: owner,
          idempotencyKey: req.key,
          amountCents: req.amountCents,
          card,
          description: describe(req),
        });
        return settle(await finish(app, req.key, result));
      }
      // Card status 1 and 2: the gateway stores the card (checking it as it does) and the stored
      // card is charged; the card is kept, and put on auto-billing, only when the charge is approved.
      // Otherwise the profile the gateway made for it is deleted again.
      const stored = await gateway.storeCard({
        account: owner,
        email: account.billEmail || undefined,
        existingCustomerProfileId: await customerProfileOf(db, owner),
        card,
      });
      if (!stored.ok) {
        const message = billingText.unableToAddCard(stored.message);
        await failPayment(db, req.key, message);
        throw refused(message, 'card_not_stored');
      }
      let kept: CardRow | null = null;
      try {
        const result = await gateway.chargeStoredCard({
          idempotencyKey: req.key,
          amountCents: req.amountCents,
          customerProfileId: stored.card.customerProfileId,
          paymentProfileId: stored.card.paymentProfileId,
          description: describe(req),
        });
        const row = await finish(app, req.key, result);
        if (row.status !== 'approved') return settle(row);
        kept = await keepCard(app, req, stored.card, card, body.save_status === 2);
        return settle(kept ? { ...row, cardId: kept.id } : row);
      } finally {
        // A card the gateway already held before this payment is not this payment's to delete;
        // a copy of a card the account already has is (its row stays the one kept).
        const unused = kept ? isOtherCopy(kept, stored.card, stored.alreadyStored) : !stored.alreadyStored;
        if (unused) await forgetCard(app, gateway, stored.card);
      }
    },
  });

  route(app, C.savedCardPayment, {
    access: { account: ({ body }) => body.account, scope: 'billing' },
    limit: 'payment',
    cardDeclines: true,
    transaction: false,
    handler: async ({ db, body, account, caller, auditDetails }) => {
      const owner = account.logname;
      // Looked up together with its owner: another account's card id is a 403.
      const card = await ownCard(db, caller, owner, body.which_card);
      const req = paymentRequest(body, account, caller, {
        cardId: card.id,
        ccn4: card.ccn4,
        at: app.deps.now(),
      });
      Object.assign(auditDetails, paymentAudit(req));
      const reserved = await reservePayment(db, req);
      if (!reserved.fresh) {
        if (!sameRequest(reserved.row, req) || reserved.row.cardId !== card.id)
          throw conflict(billingText.keyReused, 'payment_key_reused');
        return settle(reserved.row);
      }
      const result = await app.deps.gateway.chargeStoredCard({
        idempotencyKey: req.key,
        amountCents: req.amountCents,
        customerProfileId: card.cid,
        paymentProfileId: card.paymentProfileId,
        description: describe(req),
      });
      const row = await finish(app, req.key, result);
      if (row.status === 'approved' && body.save_status === 2 && !card.onAutoBilling) {
        await db.transaction((tx) => setAutoBilling(tx, owner, card.id, true));
      }
      return settle(row);
    },
  });
}

const describe = (req: PaymentRequest) =>
  `${req.purpose === 'coworking' ? 'Coworking purchase' : 'Payment'} for account ${req.owner}`;

/**
 * Keeps the card of an approved payment (card status 1 and 2) and links the payment to it. The
 * payment stands whatever happens here: a card that cannot be recorded is logged, not kept.
 */
async function keepCard(
  app: FastifyInstance,
  req: PaymentRequest,
  stored: StoredCard,
  details: BillingInput,
  autoBill: boolean,
): Promise<CardRow | null> {
  const { db } = app.deps;
  try {
    const row = await saveCardRow(db, req.owner, stored, details, autoBill);
    await setPaymentCard(db, req.key, row.id, row.ccn4);
    return row;
  } catch (err) {
    app.log.error({ err, account: req.owner }, 'payment approved, but its card could not be saved');
    return null;
  }
}

/** Deletes at the gateway a card stored for a payment that did not keep it. */
async function forgetCard(app: FastifyInstance, gateway: PaymentGateway, card: StoredCard): Promise<void> {
  try {
    const done = await gateway.deleteCard({
      customerProfileId: card.customerProfileId,
      paymentProfileId: card.paymentProfileId,
    });
    if (!done.ok)
      app.log.warn({ message: done.message }, 'a card stored for a failed payment stays at the gateway');
  } catch (err) {
    app.log.warn({ err }, 'a card stored for a failed payment stays at the gateway');
  }
}

async function finish(app: FastifyInstance, key: string, result: ChargeResult): Promise<PaymentRow> {
  const recorded = await recordOutcome(app, key, result);
  if (recorded) return recorded;
  return must(await paymentOfKey(app.deps.db, key), 'the payment of the key');
}
