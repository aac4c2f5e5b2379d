import { must } from '@portal/contract/must';
import type { InvoiceStatus, PayMethod } from '@portal/contract/billing/calls';
import { and, asc, desc, eq, gte, inArray, isNull, like, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  accounts,
  addresses,
  cards,
  coworkingProducts,
  coworkingPurchases,
  invoices,
  payments,
  remindersSent,
} from '../../db/schema.ts';
import { missing } from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import { billingText } from '@portal/contract/billing/messages';
import { dayStart, parseDay } from '../../lib/days.ts';

/** A payment as stored. */
export type PaymentRow = typeof payments.$inferSelect;

/** Queries and helpers shared by the billing routes and workers. */

export type CardRow = typeof cards.$inferSelect;

/** Cents → the API's dollars (a number with cents). */
export const dollars = (cents: number): number => Math.round(cents) / 100;
/** Cents → "12.34" for messages. */
export const money = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** MMYY → MM/YY. */
export const niceExpdate = (expdate: string): string => `${expdate.slice(0, 2)}/${expdate.slice(2, 4)}`;
/** "12/28", "1228" → "1228". */
export const normalExpdate = (expdate: string): string => expdate.replace(/[\s/]/g, '');

export function toPayMethod(c: CardRow): PayMethod {
  return {
    id: c.id,
    cid: c.cid,
    ccn4: c.ccn4,
    card_type: c.cardType,
    nice_expdate: niceExpdate(c.expdate),
    expdate: c.expdate,
    on_auto_billing: c.onAutoBilling,
    first_name: c.firstName,
    last_name: c.lastName,
    company: c.company,
    address: c.address,
    city: c.city,
    state: c.state,
    zipcode: c.zipcode,
    country: c.country,
  };
}

/** A card addressed by id, looked up together with its owner (another account's card is a miss). */
export async function ownCard(db: Db, caller: Caller | null, owner: string, id: number): Promise<CardRow> {
  const [card] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.owner, owner)))
    .limit(1);
  if (!card) throw missing(caller, billingText.cardNotFound);
  return card;
}

/**
 * Puts `cardId` on auto-billing (or takes it off) for `owner`: at most one card is, which the
 * partial unique index also enforces. The account's auto_bill flag follows (Y when a card is on it).
 */
export async function setAutoBilling(db: Db, owner: string, cardId: number, on: boolean): Promise<void> {
  if (on) {
    await db
      .update(cards)
      .set({ onAutoBilling: false })
      .where(and(eq(cards.owner, owner), ne(cards.id, cardId), eq(cards.onAutoBilling, true)));
  }
  await db
    .update(cards)
    .set({ onAutoBilling: on })
    .where(and(eq(cards.owner, owner), eq(cards.id, cardId)));
  await syncAutoBillFlag(db, owner);
}

export async function syncAutoBillFlag(db: Db, owner: string): Promise<void> {
  const [auto] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.owner, owner), eq(cards.onAutoBilling, true)))
    .limit(1);
  await db
    .update(accounts)
    .set({ autoBill: auto ? 'Y' : 'N' })
    .where(eq(accounts.logname, owner));
}

/**
 * What is still owed on each unpaid invoice: the balance (what the account owes) is spread over
 * the unpaid invoices newest first, so payments count against the oldest invoices first. An
 * invoice that gets nothing of the balance is covered — paid by then, whatever paid it.
 */
export function spreadBalance(
  balanceCents: number,
  newestFirst: ReadonlyArray<{ invoice: string; amountCents: number }>,
): Map<string, number> {
  let left = Math.max(balanceCents, 0);
  const owed = new Map<string, number>();
  for (const inv of newestFirst) {
    const part = Math.min(Math.max(inv.amountCents, 0), left);
    owed.set(inv.invoice, part);
    left -= part;
  }
  return owed;
}

/**
 * spreadBalance() over `owner`'s unpaid invoices, with the account row locked until the end of the
 * transaction `db`, so a payment recorded meanwhile is either counted or waits. A reader that
 * changes nothing by it (a reminder, a notice) passes `lock: false`: a long job's transaction must
 * not hold accounts' rows while payments are recorded (their transactions lock the payment, then
 * the account).
 */
export async function owedByInvoice(
  db: Db,
  owner: string,
  { lock = true }: { lock?: boolean } = {},
): Promise<Map<string, number>> {
  const read = db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.logname, owner));
  const [acct] = lock ? await read.for('update') : await read;
  const open = await db
    .select({ invoice: invoices.invoice, amountCents: invoices.amountCents })
    .from(invoices)
    .where(and(eq(invoices.owner, owner), isNull(invoices.paidAt)))
    .orderBy(desc(invoices.invdate), desc(invoices.invoice));
  return spreadBalance(acct?.balance ?? 0, open);
}

/** Marks paid, oldest first, the invoices of `owner` that its balance no longer covers. */
export async function markCoveredInvoicesPaid(db: Db, owner: string, now: Date): Promise<void> {
  const covered = [...(await owedByInvoice(db, owner))].filter(([, cents]) => cents === 0).map(([i]) => i);
  if (covered.length === 0) return;
  await db
    .update(invoices)
    .set({ paidAt: now })
    .where(and(eq(invoices.owner, owner), inArray(invoices.invoice, covered), isNull(invoices.paidAt)));
}

/** An invoice with where it stands (`standingOf`). */
export interface InvoiceStanding {
  row: InvoiceRow;
  owedCents: number;
  status: InvoiceStatus;
  daysOverdue: number;
}

/** What the account owes, and where each of its invoices stands: one reckoning for every screen. */
export interface Standing {
  /** The balance: what the account owes (negative: a credit). */
  dueCents: number;
  /** Newest number first, as the Invoices list shows them. */
  invoices: InvoiceStanding[];
}

const DAY_MS = 86_400_000;

/**
 * The one source of what `owner` owes, read by home, Make a Payment, Invoices and the invoice
 * screen (docs/decisions/036-one-reckoning-of-what-is-owed.md). The balance is what is owed; it is
 * spread over the unpaid invoices (spreadBalance, the same as auto-billing and payments use), so an
 * invoice is paid when it is marked paid or nothing of the balance is left for it — never "unpaid"
 * beside "Nothing due". An invoice still owed after its due date (at the start of `today`, UTC) is
 * overdue by whole days.
 */
export async function standingOf(db: Db, owner: string, today: Date): Promise<Standing> {
  const [acct] = await db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.logname, owner));
  const rows = await invoicesOf(db, owner);
  const open = rows
    .filter((r) => r.paidAt === null)
    .sort((a, b) => b.invdate.localeCompare(a.invdate) || b.invoice.localeCompare(a.invoice));
  const dueCents = acct?.balance ?? 0;
  const owed = spreadBalance(dueCents, open);
  const dayStartMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return {
    dueCents,
    invoices: rows.map((row) => {
      const owedCents = owed.get(row.invoice) ?? 0;
      const due = parseDay(row.duedate);
      const late = due && owedCents > 0 ? Math.floor((dayStartMs - dayStart(due).getTime()) / DAY_MS) : 0;
      const status: InvoiceStatus = owedCents === 0 ? 'paid' : late > 0 ? 'overdue' : 'unpaid';
      return { row, owedCents, status, daysOverdue: Math.max(late, 0) };
    }),
  };
}

/** The fields of an invoice's standing as the API sends them. */
export const standingFields = (s: InvoiceStanding) => ({
  paid: s.status === 'paid',
  owed: dollars(s.owedCents),
  status: s.status,
  days_overdue: s.daysOverdue,
});

/** The gateway profile that holds the account's cards, so a new card joins it. */
export async function customerProfileOf(db: Db, owner: string): Promise<string | undefined> {
  const [row] = await db.select({ cid: cards.cid }).from(cards).where(eq(cards.owner, owner)).limit(1);
  return row?.cid;
}

export type InvoiceRow = typeof invoices.$inferSelect;

/** The account's invoices, newest number first. */
export function invoicesOf(db: Db, owner: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.owner, owner)).orderBy(desc(invoices.invoice));
}

/** The account's invoice of that number; another account's is no different from a missing one. */
export async function ownInvoice(db: Db, owner: string, invoice: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.invoice, invoice), eq(invoices.owner, owner)))
    .limit(1);
  return row;
}

/** The account's approved payment of that transaction id; another account's is no different from a missing one. */
export async function ownPayment(db: Db, owner: string, transId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.transId, transId), eq(payments.owner, owner), eq(payments.status, 'approved')))
    .limit(1);
  return row;
}

/**
 * The approved payment that paid an invoice: the one made for it (auto-billing, or the pay form
 * with the invoice), else the account's last one up to the moment it was marked paid. Undefined
 * when none (paid by a credit, or by accounting outside the portal).
 */
export async function paymentOfInvoice(db: Db, inv: InvoiceRow): Promise<PaymentRow | undefined> {
  const newest = async (which: SQL | undefined) => {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.owner, inv.owner), eq(payments.status, 'approved'), which))
      .orderBy(desc(payments.date))
      .limit(1);
    return row;
  };
  const made = await newest(eq(payments.invoice, inv.invoice));
  if (made || !inv.paidAt) return made;
  return newest(lte(payments.date, inv.paidAt));
}

/** Unpaid invoices of `owner` due since `oldest` (YYYYMMDD) whose auto-billing was tried and declined. */
const declinedUnpaid = (owner: string, oldest: string) =>
  and(
    eq(invoices.owner, owner),
    isNull(invoices.paidAt),
    gte(invoices.autoBillAttempts, 1),
    gte(invoices.duedate, oldest),
  );

/**
 * Auto-billing retries (dunning.ts): every unpaid invoice of `owner` due since `oldest` (YYYYMMDD)
 * whose auto-billing was declined is due for a try at `now`. Returns how many.
 */
export async function markDeclinedInvoicesDue(
  db: Db,
  owner: string,
  oldest: string,
  now: Date,
): Promise<number> {
  const marked = await db
    .update(invoices)
    .set({ autoBillNextAt: now })
    .where(declinedUnpaid(owner, oldest))
    .returning({ invoice: invoices.invoice });
  return marked.length;
}

/** The unpaid invoices of `owner` due since `oldest` whose auto-billing was declined, oldest first. */
export function declinedInvoicesOf(
  db: Db,
  owner: string,
  oldest: string,
): Promise<{ invoice: string; nextAt: Date | null }[]> {
  return db
    .select({ invoice: invoices.invoice, nextAt: invoices.autoBillNextAt })
    .from(invoices)
    .where(declinedUnpaid(owner, oldest))
    .orderBy(asc(invoices.duedate), asc(invoices.invoice));
}

/** Unpaid invoices due between two days (YYYYMMDD, inclusive), oldest due first: what reminders look at. */
export function unpaidInvoicesDueBetween(db: Db, earliest: string, latest: string) {
  return db
    .select({
      invoice: invoices.invoice,
      owner: invoices.owner,
      duedate: invoices.duedate,
      retryAt: invoices.autoBillNextAt,
    })
    .from(invoices)
    .where(and(isNull(invoices.paidAt), gte(invoices.duedate, earliest), lte(invoices.duedate, latest)))
    .orderBy(invoices.duedate, invoices.invoice);
}

/** Invoices dated `earliest` … `latest` (YYYYMMDD, inclusive), paid or not: the new-invoice mail reads them. */
export function invoicesDatedBetween(db: Db, earliest: string, latest: string) {
  return db
    .select({
      invoice: invoices.invoice,
      owner: invoices.owner,
      invdate: invoices.invdate,
      duedate: invoices.duedate,
      amountCents: invoices.amountCents,
    })
    .from(invoices)
    .where(and(gte(invoices.invdate, earliest), lte(invoices.invdate, latest)))
    .orderBy(invoices.invdate, invoices.invoice);
}

/** Every card on auto-billing (one per account at most): the card-expiry reminder reads them. */
export function autoBillingCards(db: Db) {
  return db
    .select({ id: cards.id, owner: cards.owner, ccn4: cards.ccn4, expdate: cards.expdate })
    .from(cards)
    .where(eq(cards.onAutoBilling, true))
    .orderBy(cards.owner);
}

/** Whether the account has a card on auto-billing. */
export async function hasAutoBillingCard(db: Db, owner: string): Promise<boolean> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.owner, owner), eq(cards.onAutoBilling, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Claims a reminder (docs/decisions/053-reminders-once.md): true when this call is the one that
 * sends it; in the transaction that queues its mail.
 */
export async function claimReminder(
  db: Db,
  r: { owner: string; kind: string; subject: string; milestone: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(remindersSent)
    .values({ owner: r.owner, kind: r.kind, subject: r.subject, milestone: r.milestone, sentAt: r.at })
    .onConflictDoNothing()
    .returning({ id: remindersSent.id });
  return rows.length > 0;
}

/**
 * The account's card on auto-billing, with the due day (YYYYMMDD) of its next unpaid invoice due on
 * or after `today` (YYYYMMDD; null when none is): one query, for Home's card notice.
 */
export async function autoBillingCardOf(
  db: Db,
  owner: string,
  today: string,
): Promise<{ last4: string; expdate: string; nextDue: string | null } | undefined> {
  const [row] = await db
    .select({
      last4: cards.ccn4,
      expdate: cards.expdate,
      nextDue: sql<string | null>`(select min(${invoices.duedate}) from ${invoices}
        where ${invoices.owner} = ${owner} and ${invoices.paidAt} is null and ${invoices.duedate} >= ${today})`,
    })
    .from(cards)
    .where(and(eq(cards.owner, owner), eq(cards.onAutoBilling, true)))
    .limit(1);
  return row;
}

/** The account's stored cards, oldest first. */
export function cardsOf(db: Db, owner: string): Promise<CardRow[]> {
  return db.select().from(cards).where(eq(cards.owner, owner)).orderBy(asc(cards.id));
}

/** A card row as it stands now, by id. */
export async function cardById(db: Db, id: number): Promise<CardRow | undefined> {
  const [row] = await db.select().from(cards).where(eq(cards.id, id));
  return row;
}

/** The account's card with the same last four digits, type and expiry, if it has one. */
export async function sameCardOf(
  db: Db,
  owner: string,
  card: Pick<CardRow, 'ccn4' | 'cardType' | 'expdate'>,
): Promise<CardRow | undefined> {
  const [same] = await db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.owner, owner),
        eq(cards.ccn4, card.ccn4),
        eq(cards.cardType, card.cardType),
        eq(cards.expdate, card.expdate),
      ),
    )
    .limit(1);
  return same;
}

/**
 * Stores a card of the account's gateway payment profile and returns its row; a profile already
 * stored takes the new expiry and keeps its row.
 */
export async function upsertCard(db: Db, card: typeof cards.$inferInsert): Promise<CardRow> {
  await db
    .insert(cards)
    .values(card)
    .onConflictDoUpdate({ target: [cards.owner, cards.paymentProfileId], set: { expdate: card.expdate } });
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.owner, card.owner), eq(cards.paymentProfileId, card.paymentProfileId)));
  return must(row, 'the card just stored');
}

/** Updates the expiry and billing address of the account's card `id`. */
export async function updateCardDetails(
  db: Db,
  owner: string,
  id: number,
  details: Pick<
    CardRow,
    'expdate' | 'firstName' | 'lastName' | 'company' | 'address' | 'city' | 'state' | 'zipcode' | 'country'
  >,
): Promise<void> {
  await db
    .update(cards)
    .set(details)
    .where(and(eq(cards.id, id), eq(cards.owner, owner)));
}

/** Deletes the account's card `id`. */
export async function deleteCardRow(db: Db, owner: string, id: number): Promise<void> {
  await db.delete(cards).where(and(eq(cards.id, id), eq(cards.owner, owner)));
}

/** The account's row and its addresses: what a card form is prefilled from. */
export async function cardPrefillOf(db: Db, logname: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.logname, logname)).limit(1);
  const account = must(row, 'the account');
  return { account, addresses: await db.select().from(addresses).where(eq(addresses.owner, logname)) };
}

export type CoworkingProductRow = typeof coworkingProducts.$inferSelect;

/** The coworking products, cheapest first. */
export function coworkingProductsByPrice(db: Db): Promise<CoworkingProductRow[]> {
  return db.select().from(coworkingProducts).orderBy(asc(coworkingProducts.actualPrice));
}

/** The coworking product of that code, if there is one. */
export async function coworkingProduct(db: Db, pcode: string): Promise<CoworkingProductRow | undefined> {
  const [product] = await db
    .select()
    .from(coworkingProducts)
    .where(eq(coworkingProducts.pcode, pcode))
    .limit(1);
  return product;
}

/** The amount of the account's approved coworking payment of that transaction id, if there is one. */
export async function approvedCoworkingPayment(
  db: Db,
  owner: string,
  transId: string,
): Promise<{ amountCents: number } | undefined> {
  const [paid] = await db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.transId, transId),
        eq(payments.owner, owner),
        eq(payments.purpose, 'coworking'),
        eq(payments.status, 'approved'),
      ),
    )
    .limit(1);
  return paid;
}

/**
 * Records a coworking purchase and returns its id; undefined when its payment already pays for
 * another purchase (the unique index on trans_id, even for two at once).
 */
export async function recordPurchase(
  db: Db,
  purchase: Omit<typeof coworkingPurchases.$inferInsert, 'id'>,
): Promise<number | undefined> {
  const [row] = await db
    .insert(coworkingPurchases)
    .values(purchase)
    .onConflictDoNothing({ target: coworkingPurchases.transId })
    .returning({ id: coworkingPurchases.id });
  return row?.id;
}

/** The account's newest invoice (by date, then number), if it has any. */
export async function lastInvoiceOf(db: Db, owner: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.owner, owner))
    .orderBy(desc(invoices.invdate), desc(invoices.invoice))
    .limit(1);
  return row;
}

/** How many approved payments to the account's balance were made since `since`, and their total in cents. */
export async function balancePaymentsSince(
  db: Db,
  owner: string,
  since: Date,
): Promise<{ n: number; total: number }> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.owner, owner),
        eq(payments.status, 'approved'),
        eq(payments.purpose, 'account'),
        gte(payments.date, since),
      ),
    );
  return must(row, 'the payment totals');
}

/** The account's last 100 payments that were approved or are being confirmed, newest first. */
export function recentPaymentsOf(db: Db, owner: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.owner, owner), inArray(payments.status, ['approved', 'unknown'])))
    .orderBy(desc(payments.date), desc(payments.transId))
    .limit(100);
}

/** The payment of an idempotency key, if there is one. */
export async function paymentOfKey(db: Db, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
  return row;
}

/** Writes a payment with its idempotency key; undefined when a payment already holds that key. */
export async function insertPayment(
  db: Db,
  payment: typeof payments.$inferInsert,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values(payment)
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  return row;
}

/** Links the payment of `key` to the card it was paid with. */
export async function setPaymentCard(db: Db, key: string, cardId: number, ccn4: string): Promise<void> {
  await db.update(payments).set({ cardId, ccn4 }).where(eq(payments.idempotencyKey, key));
}

/**
 * A payment that never reached the gateway because its card could not be stored: status
 * 'not_stored', so a replay answers `card_not_stored` again by its status, not by its text.
 */
export async function failPayment(db: Db, key: string, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'not_stored', message })
    .where(and(eq(payments.idempotencyKey, key), eq(payments.status, 'pending')));
}

/** The payment of `key` while it is still pending or unknown: the only ones an outcome may change. */
const openPayment = (key: string) =>
  and(eq(payments.idempotencyKey, key), inArray(payments.status, ['pending', 'unknown']));

/**
 * Gives the open payment of `key` its final status (failed, declined, error) and message; a
 * declined one may carry the gateway's transaction id. Undefined when the payment is not open.
 */
export async function settleOpenPayment(
  db: Db,
  key: string,
  outcome: { status: string; message: string; transId?: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(outcome).where(openPayment(key)).returning();
  return row;
}

/**
 * Marks the open payment of `key` approved under the gateway's transaction id; the card's last four
 * digits the gateway sends replace the stored ones (a token's are known only there). Undefined
 * when the payment is not open.
 */
export async function approvePayment(
  db: Db,
  key: string,
  transId: string,
  ccn4: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      status: 'approved',
      transId,
      ccn4: sql`coalesce(nullif(${ccn4}, ''), ${payments.ccn4})`,
      message: '',
    })
    .where(openPayment(key))
    .returning();
  return row;
}

/** Marks the pending payment of `key` unknown, with why; undefined when it is not pending. */
export async function markPaymentUnknown(
  db: Db,
  key: string,
  message: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status: 'unknown', message })
    .where(and(eq(payments.idempotencyKey, key), eq(payments.status, 'pending')))
    .returning();
  return row;
}

/**
 * Gives the unknown payment of `key` the message `message`, once: undefined when the payment is
 * not unknown or already carries it.
 */
export async function noteOnUnknownPayment(
  db: Db,
  key: string,
  message: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ message })
    .where(
      and(eq(payments.idempotencyKey, key), eq(payments.status, 'unknown'), ne(payments.message, message)),
    )
    .returning();
  return row;
}

/**
 * Payments still 'pending' from before `before` become 'unknown', with why: their process stopped
 * mid-charge. Returns their idempotency keys.
 */
export async function markStalePaymentsUnknown(
  db: Db,
  before: Date,
  message: string,
): Promise<(string | null)[]> {
  const stale = await db
    .update(payments)
    .set({ status: 'unknown', message })
    .where(and(eq(payments.status, 'pending'), lt(payments.date, before)))
    .returning({ key: payments.idempotencyKey });
  return stale.map((s) => s.key);
}

/** Takes a payment of `cents` off what the account owes. */
export async function lowerBalance(db: Db, owner: string, cents: number): Promise<void> {
  await db
    .update(accounts)
    .set({ balanceCents: sql`${accounts.balanceCents} - ${cents}` })
    .where(eq(accounts.logname, owner));
}

/** Marks the account's invoice paid at `at`. */
export async function markInvoicePaid(db: Db, owner: string, invoice: string, at: Date): Promise<void> {
  await db
    .update(invoices)
    .set({ paidAt: at })
    .where(and(eq(invoices.invoice, invoice), eq(invoices.owner, owner)));
}

/** The state and country of the account's own address and of its billing address: its time zone's source. */
export function zoneAddressesOf(
  db: Db,
  owner: string,
): Promise<{ kind: string; state: string; country: string }[]> {
  return db
    .select({ kind: addresses.kind, state: addresses.state, country: addresses.country })
    .from(addresses)
    .where(and(eq(addresses.owner, owner), inArray(addresses.kind, ['account', 'bill'])));
}

/** The account's billing address, if there is such an account. */
export async function billEmailOf(db: Db, owner: string): Promise<string | undefined> {
  const [row] = await db
    .select({ billEmail: accounts.billEmail })
    .from(accounts)
    .where(eq(accounts.logname, owner));
  return row?.billEmail;
}

/**
 * The unpaid invoices due between `earliest` and `latest` (YYYYMMDD, inclusive) of accounts with a
 * card on auto-billing, never tried or due for their next try at `now`, oldest due first: with the
 * card to charge and the account's billing address for the receipt.
 */
export function invoicesDueForAutoBilling(db: Db, now: Date, earliest: string, latest: string) {
  return db
    .select({
      invoice: invoices.invoice,
      owner: invoices.owner,
      attempts: invoices.autoBillAttempts,
      billEmail: accounts.billEmail,
      cardId: cards.id,
      ccn4: cards.ccn4,
      cid: cards.cid,
      paymentProfileId: cards.paymentProfileId,
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.logname, invoices.owner))
    .innerJoin(cards, and(eq(cards.owner, invoices.owner), eq(cards.onAutoBilling, true)))
    .where(
      and(
        isNull(invoices.paidAt),
        or(isNull(invoices.autoBillAttemptedAt), lte(invoices.autoBillNextAt, now)),
        lte(invoices.duedate, latest),
        gte(invoices.duedate, earliest),
      ),
    )
    .orderBy(invoices.duedate, invoices.invoice);
}

/** Whether an auto-billing payment of the account's invoice is still pending or unknown. */
export async function hasOpenAutobillPayment(db: Db, owner: string, invoice: string): Promise<boolean> {
  const [open] = await db
    .select({ key: payments.idempotencyKey })
    .from(payments)
    .where(
      and(
        eq(payments.invoice, invoice),
        eq(payments.owner, owner),
        inArray(payments.status, ['pending', 'unknown']),
        like(payments.idempotencyKey, 'autobill:%'),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/**
 * Claims an auto-billing try of an unpaid invoice still at `attempts` tries and due for one at `at`:
 * its tries become `claimed`, its first try is dated (once) and its next one cleared. Returns when
 * its tries began and its next try; undefined when another run claimed it first or it was paid.
 */
export async function claimAutobillTry(
  db: Db,
  invoice: string,
  { attempts, claimed, at }: { attempts: number; claimed: number; at: Date },
): Promise<{ firstAt: Date | null; nextAt: Date | null } | undefined> {
  const [row] = await db
    .update(invoices)
    .set({
      autoBillAttemptedAt: sql`coalesce(${invoices.autoBillAttemptedAt}, ${at.toISOString()}::timestamptz)`,
      autoBillAttempts: claimed,
      autoBillNextAt: null,
    })
    .where(
      and(
        eq(invoices.invoice, invoice),
        eq(invoices.autoBillAttempts, attempts),
        isNull(invoices.paidAt),
        or(isNull(invoices.autoBillAttemptedAt), lte(invoices.autoBillNextAt, at)),
      ),
    )
    .returning({ firstAt: invoices.autoBillAttemptedAt, nextAt: invoices.autoBillNextAt });
  return row;
}

/** Sets when the invoice's auto-billing is tried next (null: never again). */
export async function setAutobillNextAt(db: Db, invoice: string, nextAt: Date | null): Promise<void> {
  await db.update(invoices).set({ autoBillNextAt: nextAt }).where(eq(invoices.invoice, invoice));
}

/** No more auto-billing tries of the invoice, unless a later try than try `attempts` was claimed meanwhile. */
export async function stopAutobillTries(db: Db, invoice: string, attempts: number): Promise<void> {
  await db
    .update(invoices)
    .set({ autoBillNextAt: null })
    .where(and(eq(invoices.invoice, invoice), eq(invoices.autoBillAttempts, attempts)));
}
