import { and, desc, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { EndReason } from '../../auth/sessions.ts';
import type { Db } from '../../db/index.ts';
import { sessions } from '../../db/schema.ts';

/** Queries of the security area. */

/** Live: not ended and not past its lifetime. */
const live = (account: string, now: Date): SQL | undefined =>
  and(eq(sessions.account, account), isNull(sessions.endedAt), gt(sessions.expiresAt, now));

/** The account's live sessions used within the last `idleMs`, most recently used first. */
export function liveSessionsOf(db: Db, account: string, now: Date, idleMs: number) {
  return (
    db
      .select()
      .from(sessions)
      // An idle session is ended when it is next used: it is not shown as one that could be.
      .where(and(live(account, now), gt(sessions.lastSeen, new Date(now.getTime() - idleMs))))
      .orderBy(desc(sessions.lastSeen), desc(sessions.createdAt))
  );
}

/** One session of `account` by its public id, looked up with its owner. */
export async function sessionOfAccount(db: Db, account: string, publicId: string) {
  const [row] = await db
    .select({ id: sessions.id, endedAt: sessions.endedAt })
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.account, account)))
    .limit(1);
  return row;
}

/** Ends one session unless it already ended; returns how many were ended (0 or 1). */
export async function endSession(db: Db, id: string, now: Date, reason: EndReason): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every live session of `account` except `keep`; returns how many were ended. */
export async function endLiveSessionsExcept(
  db: Db,
  account: string,
  keep: string | undefined,
  now: Date,
  reason: EndReason,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(live(account, now), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}
