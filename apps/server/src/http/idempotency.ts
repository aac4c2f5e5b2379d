import { createHmac, hkdfSync } from 'node:crypto';
import { IDEMPOTENCY_TEXT } from '@portal/contract/http';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSecret } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { conflict, invalid, refused } from '../lib/errors.ts';

/**
 * The Idempotency-Key header (IETF httpapi draft, as Stripe uses it) of signed-in POST calls that
 * change something: the first answer to a key is kept 24 hours per account and replayed to a retry;
 * the same key with another request is refused (422), and while the first runs, a duplicate gets
 * 409. Done in route(), for every such call alike (docs/decisions/020-openapi.md).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's answer is kept. */
export const KEY_TTL_MS = 24 * 3600_000;
/**
 * A key left 'running' this long by a transactional call belongs to a process that died: its
 * transaction rolled back, so the call may run again. A call without a transaction may have done
 * part of its work (a charge): its key is never taken over.
 */
export const STALE_RUNNING_MS = 5 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface KeptAnswer {
  httpStatus: number;
  answer: unknown;
}

export interface Claim {
  owner: string;
  key: string;
  fingerprint: string;
}

/** The request's key, or null without the header; a malformed key is a 400. */
export function keyOf(req: FastifyRequest): string | null {
  const value = req.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value.join(',') : value;
  if (!KEY_PATTERN.test(key))
    throw invalid(IDEMPOTENCY_TEXT.malformed, { 'Idempotency-Key': IDEMPOTENCY_TEXT.malformed });
  return key;
}

/**
 * A call whose answer carries a secret shown once (its contract's `secret`) keeps no answer for a
 * replay: the table would hold the secret readable, and a replay would hand it out again. Such a
 * call refuses the header (400) rather than run without the protection the client asked for.
 */
export function refuseKey(req: FastifyRequest): null {
  if (req.headers[IDEMPOTENCY_HEADER] === undefined) return null;
  throw invalid(IDEMPOTENCY_TEXT.secretAnswer, { 'Idempotency-Key': IDEMPOTENCY_TEXT.secretAnswer });
}

/**
 * The request's fingerprint: an HMAC (key derived from the token secret, the same in every process)
 * of the call and its parsed parameters and body, so the table holds nothing a card number or a
 * password could be recovered from.
 */
export function fingerprintOf(app: FastifyInstance, parts: unknown): string {
  const secret = resolveSecret(app.deps.config.PORTAL_JWT_SECRET, app.deps.config.DATA_DIR);
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'portal idempotency fingerprint', 32));
  return createHmac('sha256', key).update(JSON.stringify(parts)).digest('base64url');
}

/**
 * Claims the key for this request: null when the request is to run (the key is new, expired, or
 * abandoned by a dead process), the kept answer when it is to be replayed; throws 422 for another
 * request with the key and 409 while the first still runs.
 */
export async function claim(
  db: Db,
  c: Claim,
  opts: { now: Date; transactional: boolean },
): Promise<KeptAnswer | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ ...c, state: 'running', createdAt: opts.now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted) return null;
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, c.owner), eq(idempotencyKeys.key, c.key)));
    // Removed in between (released, or expired and swept): try the insert again.
    if (!row) continue;
    const age = opts.now.getTime() - row.createdAt.getTime();
    if (age >= KEY_TTL_MS) {
      if (await takeOver(db, c, row.createdAt, opts.now)) return null;
      continue;
    }
    if (row.fingerprint !== c.fingerprint) throw refused(IDEMPOTENCY_TEXT.mismatch, 'idempotency_mismatch');
    if (row.state === 'done') return { httpStatus: row.httpStatus ?? 200, answer: row.answer };
    if (opts.transactional && age >= STALE_RUNNING_MS) {
      if (await takeOver(db, c, row.createdAt, opts.now)) return null;
      continue;
    }
    throw conflict(IDEMPOTENCY_TEXT.inProgress, 'idempotency_in_progress');
  }
  throw conflict(IDEMPOTENCY_TEXT.inProgress, 'idempotency_in_progress');
}

/** Restarts an expired or abandoned key for this request; false when another request did first. */
async function takeOver(db: Db, c: Claim, seen: Date, now: Date): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ fingerprint: c.fingerprint, state: 'running', httpStatus: null, answer: null, createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.owner, c.owner),
        eq(idempotencyKeys.key, c.key),
        eq(idempotencyKeys.createdAt, seen),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/** Keeps the answer of the key's request (in the call's transaction when it has one). */
export async function keep(db: Db, c: Claim, kept: KeptAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', httpStatus: kept.httpStatus, answer: kept.answer })
    .where(and(eq(idempotencyKeys.owner, c.owner), eq(idempotencyKeys.key, c.key)));
}

/** Gives the key up: the request changed nothing, so a retry with it runs the call again. */
export async function release(db: Db, c: Claim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.owner, c.owner),
        eq(idempotencyKeys.key, c.key),
        eq(idempotencyKeys.state, 'running'),
      ),
    );
}

/** Housekeeping: keys older than 24 hours are no longer replayed, so they are deleted. */
export async function deleteExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_TTL_MS)));
}
