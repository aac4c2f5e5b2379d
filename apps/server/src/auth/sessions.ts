import { randomBytes } from 'node:crypto';
import type { SignInMethod } from '@portal/contract/security/session-calls';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Db, preparedFor } from '../db/index.ts';
import { accounts, resetTokens, sessions } from '../db/schema.ts';
import { clientPrefix } from '../http/client-address.ts';
import { type AccountRef, accountColumns } from './policy.ts';
import type { SessionCache, SessionRow } from './session-cache.ts';
import type { Caller } from './tokens.ts';

/**
 * Server-side sessions (docs/decisions/017-sessions.md). Every token names a row of `sessions`;
 * a request is accepted only while the row is live, its account exists with the role the token
 * carries, and the row carries the account's current session epoch (its cut-off). The check is one
 * query that also reads the caller's own account, which the access policy would otherwise read in
 * a query of its own: sessions cost no round trip. It is a prepared statement, and its answer may
 * be kept for a moment by a SessionCache that the database's change announcements keep true.
 */

export interface SessionTimes {
  /** Absolute lifetime (PORTAL_TOKEN_TTL_MINUTES). */
  ttlMinutes: number;
  /** Idle timeout of a customer's session (PORTAL_IDLE_MINUTES). */
  idleMinutes: number;
  /** Idle timeout of a staff session (PORTAL_STAFF_IDLE_MINUTES). */
  staffIdleMinutes: number;
}

/** `last_seen` is written at most this often: the idle timeout is exact to a minute. */
export const TOUCH_MS = 60_000;

const tokenRole = (role: string) => (role === 'admin' || role === 'staff' ? role : 'customer');

/** How the account proved who it is (sessions.method; the contract's sign-in methods). */
export type SessionMethod = SignInMethod;

export interface NewSession {
  id: string;
  expiresAt: Date;
}

/** Opens a session for an account that has just proved who it is. */
export async function openSession(
  db: Db,
  opts: { account: string; epoch: number; ip: string; userAgent: string; method: SignInMethod },
  now: Date,
  times: SessionTimes,
): Promise<NewSession> {
  const id = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + times.ttlMinutes * 60_000);
  await db.insert(sessions).values({
    id,
    account: opts.account,
    createdAt: now,
    lastSeen: now,
    expiresAt,
    epoch: opts.epoch,
    clientPrefix: clientPrefix(opts.ip),
    userAgent: opts.userAgent.slice(0, 500),
    method: opts.method,
  });
  return { id, expiresAt };
}

/**
 * The caller's own account when the token's session is live; null when it ended (logout, idle,
 * past its lifetime), when the account is gone or no longer has the token's role, or when a
 * password change, reset or role change raised the account's epoch past the session's.
 */
export async function liveSession(
  db: Db,
  caller: Caller,
  now: Date,
  times: SessionTimes,
  cache?: SessionCache,
): Promise<AccountRef | null> {
  let row = cache?.get(caller.sid, caller.username);
  // A kept row is used only while no touch of last_seen is due: the idle timeout and the touch are
  // decided on the stored row, which another process may have touched since.
  if (row && now.getTime() - row.lastSeen.getTime() >= TOUCH_MS) row = undefined;
  const kept = !!row;
  const readAt = cache?.generation() ?? 0;
  row ??= await readSession(db, caller);
  if (!row || row.endedAt || row.expiresAt <= now) return null;
  if (tokenRole(row.role) !== caller.role || row.epoch !== row.accountEpoch) return null;
  const idle = (caller.role === 'customer' ? times.idleMinutes : times.staffIdleMinutes) * 60_000;
  const quiet = now.getTime() - row.lastSeen.getTime();
  if (quiet > idle) {
    await endSession(db, caller.sid, now, 'idle');
    return null;
  }
  if (quiet >= TOUCH_MS) {
    await db.update(sessions).set({ lastSeen: now }).where(eq(sessions.id, caller.sid));
    row = { ...row, lastSeen: now };
  }
  if (cache && !kept) cache.put(caller.sid, row, readAt);
  const { accountEpoch, epoch, lastSeen, expiresAt, endedAt, ...account } = row;
  return account;
}

/** The session check's one query, prepared once per database handle (a named statement on PostgreSQL). */
const sessionQuery = preparedFor((db) =>
  db
    .select({
      ...accountColumns,
      accountEpoch: accounts.sessionEpoch,
      epoch: sessions.epoch,
      lastSeen: sessions.lastSeen,
      expiresAt: sessions.expiresAt,
      endedAt: sessions.endedAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.logname, sessions.account))
    .where(and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.account, sql.placeholder('account'))))
    .limit(1)
    .prepare('portal_session_check'),
);

async function readSession(db: Db, caller: Caller): Promise<SessionRow | undefined> {
  const [row] = await sessionQuery(db).execute({ sid: caller.sid, account: caller.username });
  return row;
}

/** Why a session ended: signed out, idle, or ended from the session list by its owner or by staff. */
export type EndReason = 'logout' | 'idle' | 'ended' | 'ended by staff';

export async function endSession(db: Db, sid: string, now: Date, reason: EndReason): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sid), isNull(sessions.endedAt)));
}

/**
 * Ends every session of `account` by raising its epoch, except `keep` (the session that changed the
 * password goes on: it is moved to the new epoch). Open reset links of the account are voided too:
 * a link mailed before the change must not undo it.
 */
export async function endSessions(db: Db, account: string, now: Date, keep?: string): Promise<void> {
  const [row] = await db
    .update(accounts)
    .set({ sessionEpoch: sql`${accounts.sessionEpoch} + 1` })
    .where(eq(accounts.logname, account))
    .returning({ epoch: accounts.sessionEpoch });
  if (!row) return;
  if (keep)
    await db
      .update(sessions)
      .set({ epoch: row.epoch })
      .where(and(eq(sessions.id, keep), eq(sessions.account, account), isNull(sessions.endedAt)));
  await db
    .update(resetTokens)
    .set({ usedAt: now })
    .where(and(eq(resetTokens.owner, account), isNull(resetTokens.usedAt)));
}

/** Records the customer a staff session works on (the staff account search). */
export async function workOn(db: Db, sid: string, customer: string): Promise<void> {
  await db
    .update(sessions)
    .set({ workingOn: customer })
    .where(and(eq(sessions.id, sid), ne(sessions.account, customer)));
}
