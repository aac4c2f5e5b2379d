import type { PayMethod } from '@portal/contract/billing/calls';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { accounts, cards } from '../../db/schema.ts';
import {
  createGateway,
  gatewayConfigFromEnv,
  type PaymentGateway,
} from '../../integrations/gateway/index.ts';
import { missing } from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import { B } from '@portal/contract/billing/messages';

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
  if (!card) throw missing(caller, B.cardNotFound);
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

/** The gateway profile that holds the account's cards, so a new card joins it. */
export async function customerProfileOf(db: Db, owner: string): Promise<string | undefined> {
  const [row] = await db.select({ cid: cards.cid }).from(cards).where(eq(cards.owner, owner)).limit(1);
  return row?.cid;
}

const gateways = new WeakMap<object, PaymentGateway>();
/**
 * The payment gateway of this app, created once (the sandbox keeps its idempotency keys in memory)
 * and shared by the routes and the workers.
 */
export function gatewayOf(app: FastifyInstance): PaymentGateway {
  let gateway = gateways.get(app.deps);
  if (!gateway) {
    gateway = createGateway(gatewayConfigFromEnv(app.deps.config), { logger: app.log });
    gateways.set(app.deps, gateway);
  }
  return gateway;
}
