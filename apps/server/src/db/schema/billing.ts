import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

const owner = () =>
  text('owner')
    .notNull()
    .references(() => accounts.logname, { onDelete: 'cascade' });

/** Cards stored off-site at the gateway: only its tokens, the last four digits, type and expiry. */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    cid: text('cid').notNull(),
    paymentProfileId: text('payment_profile_id').notNull(),
    ccn4: text('ccn4').notNull(),
    cardType: text('card_type').notNull(),
    expdate: text('expdate').notNull(),
    onAutoBilling: boolean('on_auto_billing').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    country: text('country').notNull().default('US'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cards_owner_profile_idx').on(t.owner, t.paymentProfileId),
    uniqueIndex('cards_one_auto_bill_idx').on(t.owner).where(sql`on_auto_billing`),
  ],
);

/**
 * Payments: `status` is pending (reserved, gateway call under way), approved, declined, error,
 * unknown (a gateway time-out still to reconcile), failed (reconciled: never charged) or
 * not_stored (never sent to be charged: the gateway would not store its card).
 * Until the gateway answers, `trans_id` is a provisional `pending-…` id.
 * `purpose` 'account' payments are applied to the balance; 'coworking' ones pay a purchase.
 */
export const payments = pgTable(
  'payments',
  {
    transId: text('trans_id').primaryKey(),
    owner: owner(),
    amountCents: integer('amount_cents').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    ccn4: text('ccn4').notNull().default(''),
    status: text('status').notNull().default('approved'),
    idempotencyKey: text('idempotency_key').unique(),
    cardId: integer('card_id'),
    invoice: text('invoice'),
    comments: text('comments').notNull().default(''),
    receiptTo: text('receipt_to').notNull().default(''),
    message: text('message').notNull().default(''),
    purpose: text('purpose').notNull().default('account'),
    operator: text('operator'),
  },
  (t) => [index('payments_owner_idx').on(t.owner, t.date), index('payments_status_idx').on(t.status)],
);

/** Invoices from the back office; `body` is HTML, sanitised when shown. Dates are YYYYMMDD. */
export const invoices = pgTable(
  'invoices',
  {
    invoice: text('invoice').primaryKey(),
    owner: owner(),
    invdate: text('invdate').notNull(),
    duedate: text('duedate').notNull(),
    amountCents: integer('amount_cents').notNull(),
    body: text('body').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    autoBillAttemptedAt: timestamp('auto_bill_attempted_at', { withTimezone: true }),
    /** Auto-billing attempts made on this invoice (each one payment row, key autobill:<invoice>[:<n>]). */
    autoBillAttempts: integer('auto_bill_attempts').notNull().default(0),
    /** When the next auto-billing retry is due; null when none is (paid, hard decline, schedule done). */
    autoBillNextAt: timestamp('auto_bill_next_at', { withTimezone: true }),
  },
  (t) => [index('invoices_owner_idx').on(t.owner)],
);

export const coworkingProducts = pgTable('coworking_products', {
  pcode: text('pcode').primaryKey(),
  name: text('name').notNull(),
  actualPrice: integer('actual_price_cents').notNull(),
  discountPrice: integer('discount_price_cents'),
  unit: text('unit').notNull(),
  description: text('description').notNull().default(''),
});

export const coworkingPurchases = pgTable(
  'coworking_purchases',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    pcode: text('pcode').notNull(),
    units: integer('units').notNull(),
    comment: text('comment').notNull().default(''),
    operator: text('operator').notNull(),
    /** The coworking payment this purchase was paid with, when paid through the portal. */
    transId: text('trans_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coworking_purchases_owner_idx').on(t.owner),
    // One payment pays for one purchase (NULLs — purchases paid outside the portal — are distinct).
    uniqueIndex('coworking_purchases_trans_id_idx').on(t.transId),
  ],
);

export const statementDelivery = pgTable('statement_delivery', {
  owner: owner().primaryKey(),
  method: text('method').notNull().default('n'),
  nozero: integer('nozero').notNull().default(0),
  email: text('email').notNull().default(''),
});

/**
 * Each reminder sent to a customer, once: the row is claimed (unique kind, subject, milestone) in
 * the transaction that queues the mail, so two workers or a job run again never send it twice
 * (docs/decisions/053-reminders-once.md).
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    /** e.g. `invoice-overdue`. */
    kind: text('kind').notNull(),
    /** What it is about: an invoice number, a domain, a card id. */
    subject: text('subject').notNull(),
    /** Which of its reminders: `3`, `1`, `7` days. */
    milestone: text('milestone').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('reminders_sent_once').on(t.kind, t.subject, t.milestone)],
);
