import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Password-guessing limits, shared by every process through PostgreSQL (docs/security.md):
 * - per account: 5 failures within 15 minutes lock the account's sign-in for 15 minutes;
 * - per client address: 20 failures within 15 minutes lock that address for 15 minutes;
 * - every failure is answered after a delay growing with the count (up to 2 s).
 * A success clears the account's counter, not the address's.
 */
export const LIMITS = {
  window: 15 * 60_000,
  lock: 15 * 60_000,
  account: 5,
  address: 20,
};

export type ThrottleKey = `acct:${string}` | `ip:${string}` | `reset:${string}`;

export async function lockedUntil(db: Db, keys: ThrottleKey[], now: Date): Promise<Date | null> {
  let until: Date | null = null;
  for (const key of keys) {
    const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
    if (row?.lockedUntil && row.lockedUntil > now && (!until || row.lockedUntil > until))
      until = row.lockedUntil;
  }
  return until;
}

/** Counts one failure for each key; returns the highest count within the window. */
export async function recordFailure(
  db: Db,
  keys: ThrottleKey[],
  now: Date,
  limits: Record<string, number>,
): Promise<number> {
  let highest = 0;
  for (const key of keys) {
    const limit = limits[key.split(':')[0]] ?? LIMITS.account;
    const windowStart = new Date(now.getTime() - LIMITS.window);
    const lockUntil = new Date(now.getTime() + LIMITS.lock);
    const [row] = await db
      .insert(loginFailures)
      .values({ key, count: 1, firstAt: now, lastAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${loginFailures.firstAt} < ${windowStart} then 1 else ${loginFailures.count} + 1 end`,
          firstAt: sql`case when ${loginFailures.firstAt} < ${windowStart} then ${now} else ${loginFailures.firstAt} end`,
          lastAt: now,
        },
      })
      .returning({ count: loginFailures.count });
    if (row.count >= limit) {
      await db.update(loginFailures).set({ lockedUntil: lockUntil }).where(eq(loginFailures.key, key));
    }
    highest = Math.max(highest, row.count);
  }
  return highest;
}

export async function clearFailures(db: Db, key: ThrottleKey): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export const failureDelayMs = (count: number) => Math.min(250 * count, 2000);
