import type { SessionItem, SignInMethod } from '@portal/contract/security/session-calls';
import { and, desc, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { EndReason } from '../../auth/sessions.ts';
import type { Db } from '../../db/index.ts';
import { sessions } from '../../db/schema.ts';
import { describeDevice } from '../../lib/user-agent.ts';

/**
 * The account's live sessions as its owner sees them. A session is shown and named by its
 * public id; its secret id (the token's `sid`) never leaves the server, and `current` is worked out
 * here by comparing it with the caller's.
 */

/** Live: not ended and not past its lifetime. */
const live = (account: string, now: Date): SQL | undefined =>
  and(eq(sessions.account, account), isNull(sessions.endedAt), gt(sessions.expiresAt, now));

export async function listSessions(
  db: Db,
  account: string,
  now: Date,
  idleMs: number,
  callerSid: string | undefined,
): Promise<SessionItem[]> {
  const rows = await db
    .select()
    .from(sessions)
    // An idle session is ended when it is next used: it is not shown as one that could be.
    .where(and(live(account, now), gt(sessions.lastSeen, new Date(now.getTime() - idleMs))))
    .orderBy(desc(sessions.lastSeen), desc(sessions.createdAt));
  return rows.map((r) => ({
    id: r.publicId,
    current: r.id === callerSid,
    created: r.createdAt.toISOString(),
    last_seen: r.lastSeen.toISOString(),
    device: describeDevice(r.userAgent),
    address: r.clientPrefix,
    method: r.method as SignInMethod,
  }));
}

/**
 * Ends one session of `account`, named by its public id and looked up with its owner: null when the
 * account has no such session (another account's id looks the same as one that does not exist).
 * Ending a session that already ended changes nothing and is not an error.
 */
export async function endSessionById(
  db: Db,
  account: string,
  publicId: string,
  now: Date,
  reason: EndReason,
): Promise<number | null> {
  const [row] = await db
    .select({ id: sessions.id, endedAt: sessions.endedAt })
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.account, account)))
    .limit(1);
  if (!row) return null;
  if (row.endedAt) return 0;
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, row.id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every live session of `account` except `keep` (the caller's own, when it is the account's). */
export async function endOtherSessions(
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
