import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Password-guessing limits in the manner of NIST SP 800-63B-4 §5.2.2 (docs/security.md,
 * docs/decisions/017-sessions.md), shared by every process through PostgreSQL (`login_failures`).
 *
 * Each key counts attempts that may fail. The first `free` go through at once; after that each
 * attempt must wait a delay that doubles with every further failure, up to `capMs`, and an attempt
 * made while the key waits is refused (429) without a password check: it costs no argon2 work and
 * counts nothing. A key forgets its failures `forgetMs` after the last one. An attempt is counted
 * before the password is checked, so concurrent guesses cannot all slip through one slot; a success
 * gives the slot back (or clears the key).
 */
export interface Rule {
  free: number;
  baseMs: number;
  capMs: number;
  forgetMs: number;
  /** After this many failures in a row the key waits until cleared (a success or a reset by mail). */
  hardLimit?: number;
  /** A fixed window instead of growing delays: `free` attempts per window (the portal-wide budget). */
  windowMs?: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const RULES = {
  /** One account from one unknown client (an address, an IPv6 /64). */
  pair: { free: 5, baseMs: MINUTE, capMs: 15 * MINUTE, forgetMs: DAY },
  /** One client across every account: spraying from one address. */
  client: { free: 20, baseMs: MINUTE, capMs: 60 * MINUTE, forgetMs: DAY },
  /**
   * One account from every unknown client together: many addresses on one account. NIST's limit of
   * 100 consecutive failures holds it shut to unknown browsers until the owner signs in from a
   * known one or resets the password by mail.
   */
  account: { free: 10, baseMs: MINUTE, capMs: 60 * MINUTE, forgetMs: DAY, hardLimit: 100 },
  /** One account from its owner's known browser: a stolen device cookie buys no more than this. */
  device: { free: 5, baseMs: MINUTE, capMs: 15 * MINUTE, forgetMs: DAY },
  /** A signed-in operator re-entering their password (verifyOperator). */
  reauth: { free: 5, baseMs: MINUTE, capMs: 15 * MINUTE, forgetMs: DAY },
  /**
   * Second-factor codes of one account (auth/mfa.ts), whoever sends them: at the sign-in's code step
   * the password is already known, so this key alone stands between a thief and the account.
   * Growing delays keep a million six-digit codes out of reach (about a hundred guesses a day).
   */
  code: { free: 5, baseMs: MINUTE, capMs: 15 * MINUTE, forgetMs: DAY },
} satisfies Record<string, Rule>;

/** The portal-wide budget of failed sign-ins from unknown browsers (SIGNIN_FAILURE_BUDGET per 15 minutes). */
export const portalRule = (budget: number): Rule => ({
  free: budget,
  baseMs: 0,
  capMs: 0,
  forgetMs: 15 * MINUTE,
  windowMs: 15 * MINUTE,
});

export interface Check {
  key: string;
  rule: Rule;
}

export type Admission = { ok: true } | { ok: false; retryAt: Date };

class Refused extends Error {
  readonly retryAt: Date;
  constructor(retryAt: Date) {
    super('refused');
    this.retryAt = retryAt;
  }
}

/** The time a key waits until after the failure that brought its count to `n` (SQL). */
function waitUntil(rule: Rule, n: ReturnType<typeof sql>, now: Date, firstAt: ReturnType<typeof sql>) {
  if (rule.windowMs)
    return sql`case when ${n} >= ${rule.free} then ${firstAt} + make_interval(secs => ${rule.windowMs / 1000}) end`;
  const hard = rule.hardLimit
    ? sql`when ${n} >= ${rule.hardLimit} then ${now}::timestamptz + interval '100 years'`
    : sql``;
  return sql`case ${hard} when ${n} >= ${rule.free} then ${now}::timestamptz + make_interval(secs => least(${rule.baseMs / 1000} * power(2, ${n} - ${rule.free}), ${rule.capMs / 1000})) end`;
}

/**
 * Counts one attempt on every key, or on none: when one key is waiting the attempt is refused and
 * the others are left as they were. `retryAt` is when the refusing key stops waiting.
 */
export async function admit(db: Db, checks: Check[], now: Date): Promise<Admission> {
  try {
    await db.transaction(async (tx) => {
      // Keys are taken in the caller's fixed order, so concurrent attempts cannot deadlock.
      for (const { key, rule } of checks) {
        const stale = new Date(now.getTime() - rule.forgetMs);
        // A key starts afresh once it has forgotten (or its window has passed); a hard lock never does.
        const forgotten = rule.windowMs
          ? sql`${loginFailures.firstAt} <= ${stale}`
          : sql`${loginFailures.lastAt} < ${stale}`;
        const fresh = rule.hardLimit
          ? sql`(${forgotten} and ${loginFailures.count} < ${rule.hardLimit})`
          : sql`(${forgotten})`;
        const n = sql`(case when ${fresh} then 1 else ${loginFailures.count} + 1 end)`;
        const firstAt = sql`(case when ${fresh} then ${now}::timestamptz else ${loginFailures.firstAt} end)`;
        const [row] = await tx
          .insert(loginFailures)
          .values({
            key,
            count: 1,
            firstAt: now,
            lastAt: now,
            lockedUntil: sql`${waitUntil(rule, sql`1`, now, sql`${now}::timestamptz`)}`,
          })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: { count: n, firstAt, lastAt: now, lockedUntil: waitUntil(rule, n, now, firstAt) },
            setWhere: sql`${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${now} or ${fresh}`,
          })
          .returning({ count: loginFailures.count });
        if (row) continue;
        const [waiting] = await tx
          .select({ until: loginFailures.lockedUntil })
          .from(loginFailures)
          .where(eq(loginFailures.key, key));
        throw new Refused(waiting?.until ?? now);
      }
    });
    return { ok: true };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, retryAt: err.retryAt };
    throw err;
  }
}

/** A success: its slot goes back to each key (the others' failures stay counted). */
export async function giveBack(db: Db, checks: Check[]): Promise<void> {
  for (const { key, rule } of checks) {
    await db
      .update(loginFailures)
      .set({
        count: sql`greatest(${loginFailures.count} - 1, 0)`,
        lockedUntil: sql`case when ${loginFailures.count} - 1 < ${rule.free} then null else ${loginFailures.lockedUntil} end`,
      })
      .where(eq(loginFailures.key, key));
  }
}

/** A success that proves the key's owner (the right password, a reset link): its failures are forgotten. */
export async function clearFailures(db: Db, ...keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Seconds until `retryAt`, for Retry-After (at least 1). */
export const retryAfterSeconds = (retryAt: Date, now: Date) =>
  Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
