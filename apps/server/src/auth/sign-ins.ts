import {
  SIGN_IN_RETENTION_DAYS,
  type SignInMethod,
  type SignInResult,
} from '@portal/contract/security/session-calls';
import { MFA_TOKEN_MINUTES } from '@portal/contract/security/second-factor';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { accounts, loginFailures, signIns } from '../db/schema.ts';
import { clientPrefix } from '../http/client-address.ts';

/**
 * The record of sign-in attempts (docs/decisions/018-session-list.md; a two-step sign-in
 * is one row: docs/decisions/038-one-row-per-sign-in.md): every attempt on an
 * existing account, whatever became of it, with the address's prefix and the user agent, never the
 * address nor anything typed. Kept SIGN_IN_RETENTION_DAYS days; the owner reads it on the Security
 * screen.
 */

export interface SignInAttempt {
  account: string;
  result: SignInResult;
  method: SignInMethod;
  ip: string;
  userAgent: string;
  /** When (the app's clock: `deps.now()`). */
  at: Date;
}

/**
 * Records one attempt. An attempt on an account that does not exist is not recorded: there is no
 * owner to show it to, and a row per guessed name would let strangers fill the table.
 */
export async function recordSignIn(db: Db, attempt: SignInAttempt): Promise<void> {
  await db.execute(sql`
    insert into ${signIns} (account, at, result, method, client_prefix, user_agent)
    select ${accounts.logname}, ${attempt.at.toISOString()}::timestamptz, ${attempt.result}, ${attempt.method},
           ${clientPrefix(attempt.ip)}, ${attempt.userAgent.slice(0, 500)}
    from ${accounts} where ${accounts.logname} = ${attempt.account}`);
}

/**
 * The end of a two-step sign-in: its `code_pending` row (written when the password was right, at
 * `pendingAt`) becomes the success, with the method that finished it and the time it did. One row
 * per sign-in, so a good one never shows a half-done attempt next to it; when that row is gone
 * (the housekeeping job), the success is recorded anew.
 */
export async function completeSignIn(db: Db, attempt: SignInAttempt, pendingAt: Date): Promise<void> {
  const done = await db
    .update(signIns)
    .set({
      result: attempt.result,
      method: attempt.method,
      at: attempt.at,
      clientPrefix: clientPrefix(attempt.ip),
      userAgent: attempt.userAgent.slice(0, 500),
    })
    .where(
      and(
        eq(signIns.account, attempt.account),
        eq(signIns.result, 'code_pending'),
        eq(signIns.at, pendingAt),
      ),
    )
    .returning({ id: signIns.id });
  if (done.length === 0) await recordSignIn(db, attempt);
}

/**
 * The result a stored row is shown with: a sign-in still waiting for its second factor after the
 * factor's time (MFA_TOKEN_MINUTES) has run out reads "code not given in time".
 */
export const shownResult = (result: string, at: Date, now: Date): SignInResult =>
  result === 'code_pending' && now.getTime() - at.getTime() >= MFA_TOKEN_MINUTES * 60_000
    ? 'code_expired'
    : // Written by recordSignIn with the contract's values only.
      (result as SignInResult);

/**
 * A wrong password, recorded with the same work whether the account exists or not (sign-in timing
 * must not tell; docs/security.md): one statement that writes one row either way — the attempt's
 * record for an existing account, else the touch of `counterKey`, a sign-in counter the attempt
 * was admitted on (auth/throttle.ts), which holds the same time it was given then.
 */
export async function recordWrongPassword(
  db: Db,
  attempt: Omit<SignInAttempt, 'result'>,
  counterKey: string,
): Promise<void> {
  await db.execute(sql`
    with rec as (
      insert into ${signIns} (account, at, result, method, client_prefix, user_agent)
      select ${accounts.logname}, ${attempt.at.toISOString()}::timestamptz, 'bad_password', ${attempt.method},
             ${clientPrefix(attempt.ip)}, ${attempt.userAgent.slice(0, 500)}
      from ${accounts} where ${accounts.logname} = ${attempt.account}
      returning 1)
    update ${loginFailures} set last_at = last_at
    where ${loginFailures.key} = ${counterKey} and not exists (select 1 from rec)`);
}

/** Whether the account has signed in before (any success on record): its first sign-in is not news. */
export async function hasSignedInBefore(db: Db, account: string): Promise<boolean> {
  const [row] = await db
    .select({ id: signIns.id })
    .from(signIns)
    .where(and(eq(signIns.account, account), eq(signIns.result, 'success')))
    .limit(1);
  return !!row;
}

const retentionStart = (now: Date) => new Date(now.getTime() - SIGN_IN_RETENTION_DAYS * 86_400_000);

/** The attempts of the retention period, newest first. */
export async function recentSignIns(db: Db, account: string, now: Date) {
  return db
    .select()
    .from(signIns)
    .where(and(eq(signIns.account, account), gte(signIns.at, retentionStart(now))))
    .orderBy(desc(signIns.at), desc(signIns.id));
}

/**
 * Deletes attempts past the retention period (the housekeeping job), except each account's last
 * success: it is how a sign-in from a new device is told from an account's very first one, also
 * for an account that has been quiet for longer than the period.
 */
export async function deleteOldSignIns(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    delete from sign_ins old
    where old.at < ${retentionStart(now).toISOString()}::timestamptz
      and old.id <> coalesce(
        (select max(s.id) from sign_ins s where s.account = old.account and s.result = 'success'), -1)`);
}
