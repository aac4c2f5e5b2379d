import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { rateCounters } from '../db/schema.ts';
import { rateLimited } from '../lib/errors.ts';
import type { LimitName, Limits } from './limits.ts';

/**
 * Rate limits of the calls that cost (CPU, a slow outside service) or can be abused (card testing,
 * mail to arbitrary addresses), shared by every process through PostgreSQL (docs/security.md,
 * docs/decisions/074-grants-and-limits.md). Each limit counts per account (the signed-in caller)
 * and per client address, in a fixed window that starts with the first request; a request over
 * either count is a 429 with Retry-After, and changes nothing.
 */
const DAY_SECONDS = 86_400;

export interface RateLimiter {
  /** Counts one request of `name` for the account (when signed in) and the client; throws a 429 over a limit. */
  hit(name: LimitName, who: { account?: string; client: string }): Promise<void>;
  /** Throws a 429 when the account has used its card declines for the day. */
  checkDeclines(db: Db, account: string): Promise<void>;
  /** Counts one card decline of the account. */
  countDecline(account: string): Promise<void>;
}

interface Counted {
  key: string;
  count: number;
  windowStart: Date;
}

/**
 * Counts each key once, in one statement (one round trip for both keys of a request): a row whose
 * window has passed starts again at 1. The upsert takes the row's lock, so concurrent requests in
 * any process count exactly.
 */
async function count(db: Db, keys: string[], now: Date, windowSeconds: number): Promise<Counted[]> {
  const windowOpen = new Date(now.getTime() - windowSeconds * 1000);
  const stale = sql`${rateCounters.windowStart} <= ${windowOpen.toISOString()}::timestamptz`;
  return db
    .insert(rateCounters)
    .values(keys.map((key) => ({ key, count: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${stale} then 1 else ${rateCounters.count} + 1 end`,
        windowStart: sql`case when ${stale} then excluded.window_start else ${rateCounters.windowStart} end`,
      },
    })
    .returning({ key: rateCounters.key, count: rateCounters.count, windowStart: rateCounters.windowStart });
}

/** Seconds until the window of a counter ends (at least 1). */
const secondsLeft = (c: Counted, windowSeconds: number, now: Date) =>
  Math.max(1, Math.ceil((c.windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));

export function createRateLimiter(
  db: Db,
  limits: Limits,
  declinesPerDay: number,
  now: () => Date,
): RateLimiter {
  return {
    async hit(name, who) {
      const rule = limits[name];
      const max = new Map<string, number>();
      if (rule.account > 0 && who.account) max.set(`${name}:acct:${who.account}`, rule.account);
      if (rule.client > 0) max.set(`${name}:ip:${who.client}`, rule.client);
      if (max.size === 0) return;
      const t = now();
      const counted = await count(db, [...max.keys()], t, rule.windowSeconds);
      const over = counted.filter((c) => c.count > (max.get(c.key) ?? Number.POSITIVE_INFINITY));
      if (over.length) throw rateLimited(Math.max(...over.map((c) => secondsLeft(c, rule.windowSeconds, t))));
    },
    async checkDeclines(tx, account) {
      if (declinesPerDay <= 0) return;
      const t = now();
      const rows = await tx
        .select({ key: rateCounters.key, count: rateCounters.count, windowStart: rateCounters.windowStart })
        .from(rateCounters)
        .where(sql`${rateCounters.key} = ${`declines:acct:${account}`}`);
      const row = rows[0];
      if (!row || row.windowStart.getTime() + DAY_SECONDS * 1000 <= t.getTime()) return;
      if (row.count >= declinesPerDay) throw rateLimited(secondsLeft(row, DAY_SECONDS, t));
    },
    async countDecline(account) {
      if (declinesPerDay <= 0) return;
      await count(db, [`declines:acct:${account}`], now(), DAY_SECONDS);
    },
  };
}
