import { createHash, randomBytes } from 'node:crypto';
import { isStaffRole } from '@portal/contract/constants';
import { MFA_TOKEN_MINUTES, type MfaMethod, secondFactorText } from '@portal/contract/security/second-factor';
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { mfaChallenges, passkeys, recoveryCodes, sessions, totpAuthenticators } from '../db/schema.ts';
import { AppError, rateLimited, refused } from '../lib/errors.ts';
import type { AuthenticationResponse } from '@portal/contract/security/passkeys';
import { passkeyText } from '@portal/contract/security/passkey-messages';
import { type RelyingParty, verifyPasskeyAssertion } from './passkeys.ts';
import type { SecretBox } from './secret-box.ts';
import { admit, clearFailures, RULES, retryAfterSeconds } from './throttle.ts';
import { matchingStep, newRecoveryCodes, normalRecoveryCode, totpShape } from './totp.ts';

/**
 * The second factor of a sign-in (docs/decisions/075-second-factor.md). After the right
 * password, an account with a second factor gets a challenge instead of a session: an `mfa_token`
 * (stored as its SHA-256) that lives five minutes and is used once. `startChallenge` and
 * `consumeChallenge` are the two ends of it, whatever the factor: an authenticator code or a
 * recovery code, or a passkey of the account (`verifySecondFactorPasskey`).
 */

/** PORTAL_STAFF_MFA. */
export type StaffMfaPolicy = 'required' | 'optional';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the account's sign-in asks after the password; empty when it has no second factor. */
export async function secondFactorMethods(db: Db, account: string): Promise<MfaMethod[]> {
  const [row] = await db
    .select({ on: totpAuthenticators.account })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.account, account), isNotNull(totpAuthenticators.confirmedAt)))
    .limit(1);
  // Recovery codes stand in for the authenticator; they are never a factor on their own.
  if (!row) return [];
  // A passkey is offered as the second step only where the authenticator app is on: it does not
  // make a password-only account two-step (a passkey alone signs in directly; decision 077-passkey-second-factor).
  return (await hasPasskey(db, account)) ? ['totp', 'recovery_code', 'passkey'] : ['totp', 'recovery_code'];
}

/** Whether the account has a passkey. */
export async function hasPasskey(db: Db, account: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.owner, account))
    .limit(1);
  return !!row;
}

export interface Challenge {
  account: string;
  /** The account's session epoch at the password: a change in between voids the challenge. */
  epoch: number;
  /** When the password was right (the challenge began); answered by `consumeChallenge`. */
  startedAt?: Date;
}

/** A new challenge for an account whose password was right: the `mfa_token` to send back. */
export async function startChallenge(db: Db, challenge: Challenge, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // The account's stale challenges go as new ones come: the table holds only live ones and a few more.
  await db
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.account, challenge.account),
        or(lt(mfaChallenges.expiresAt, now), isNotNull(mfaChallenges.usedAt)),
      ),
    );
  await db.insert(mfaChallenges).values({
    tokenHash: hashToken(token),
    account: challenge.account,
    epoch: challenge.epoch,
    createdAt: now,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_MINUTES * 60_000),
  });
  return token;
}

/** The challenge a token names while it is live (unused, younger than five minutes); null otherwise. */
export async function liveChallenge(db: Db, token: string, now: Date): Promise<Challenge | null> {
  const [row] = await db
    .select({ account: mfaChallenges.account, epoch: mfaChallenges.epoch })
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashToken(token)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses a live challenge up, once: of two requests racing with one token, one gets it. Call it
 * after the factor was checked, right before the session is opened.
 */
export async function consumeChallenge(db: Db, token: string, now: Date): Promise<Challenge | null> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashToken(token)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .returning({
      account: mfaChallenges.account,
      epoch: mfaChallenges.epoch,
      startedAt: mfaChallenges.createdAt,
    });
  return row ?? null;
}

/** The refusal of an unknown, used or expired `mfa_token`: the sign-in starts again. */
export const challengeExpired = () => refused(secondFactorText.challengeExpired, 'mfa_expired');

/**
 * Checks a code the account's person typed, throttled like passwords (auth/throttle.ts, `code`):
 * counted before it is checked, so parallel guesses cannot share one slot. Call it outside a
 * transaction, so a wrong code stays counted. Answers which kind of code it was.
 */
export async function verifyCode(
  db: Db,
  box: SecretBox,
  account: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery_code'> {
  const key = `mfa:${account}`;
  const admitted = await admit(db, [{ key, rule: RULES.code }], now);
  if (!admitted.ok) throw rateLimited(retryAfterSeconds(admitted.retryAt, now));
  const outcome = await checkCode(db, box, account, code, now);
  if (outcome === 'replayed') throw refused(secondFactorText.codeUsed, 'wrong_code');
  if (!outcome) throw refused(secondFactorText.wrongCode, 'wrong_code');
  await clearFailures(db, key);
  return outcome;
}

/**
 * Checks a passkey's answer as the account's second factor: the options were bound to `account`
 * (auth/passkeys.ts), so a passkey of another account, a challenge used already or made for another
 * account or purpose, and an answer that does not verify are refused. Counted and refused exactly
 * like a wrong code (the same limit, `wrong_code`); call it outside a transaction.
 */
export async function verifySecondFactorPasskey(
  db: Db,
  rp: RelyingParty,
  account: string,
  response: AuthenticationResponse,
  opts: { now: Date; log?: { warn(obj: object, msg: string): void } },
): Promise<void> {
  const key = `mfa:${account}`;
  const admitted = await admit(db, [{ key, rule: RULES.code }], opts.now);
  if (!admitted.ok) throw rateLimited(retryAfterSeconds(admitted.retryAt, opts.now));
  try {
    await verifyPasskeyAssertion(db, rp, response, { now: opts.now, account, log: opts.log });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // The expired or used challenge keeps its own words: asking anew is what helps then.
    const stale = err.specific === 'passkey_expired';
    throw refused(stale ? passkeyText.expired : secondFactorText.passkeyNotAccepted, 'wrong_code');
  }
  await clearFailures(db, key);
}

async function checkCode(
  db: Db,
  box: SecretBox,
  account: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery_code' | 'replayed' | null> {
  const digits = totpShape(code);
  if (!digits) return (await useRecoveryCode(db, box, account, code, now)) ? 'recovery_code' : null;
  const [row] = await db
    .select({ secretEnc: totpAuthenticators.secretEnc })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.account, account), isNotNull(totpAuthenticators.confirmedAt)))
    .limit(1);
  const secret = row ? box.open(row.secretEnc, account) : null;
  if (!secret) return null;
  const step = matchingStep(secret, digits, now);
  if (step === null) return null;
  return (await takeStep(db, account, step)) ? 'totp' : 'replayed';
}

/**
 * Records `step` as the last accepted one, unless it (or a later one) was accepted already: a code
 * seen once — even one a shoulder-surfer or a phishing page relays within its 30 seconds — never
 * works again. One statement, so two requests racing with one code cannot both win.
 */
export async function takeStep(db: Db, account: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpAuthenticators)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpAuthenticators.account, account),
        or(isNull(totpAuthenticators.lastStep), lt(totpAuthenticators.lastStep, step)),
      ),
    )
    .returning({ account: totpAuthenticators.account });
  return rows.length > 0;
}

/** Uses one of the account's unused recovery codes, if `code` is one; it never works again. */
async function useRecoveryCode(
  db: Db,
  box: SecretBox,
  account: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  if (normal.length !== 10) return false;
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.account, account),
        eq(recoveryCodes.codeHash, box.mac(account, normal)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return !!row;
}

/** Replaces the account's recovery codes with ten new ones, answered once in the clear. */
export async function makeRecoveryCodes(
  db: Db,
  box: SecretBox,
  account: string,
  now: Date,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.account, account));
  await db
    .insert(recoveryCodes)
    .values(
      codes.map((c) => ({ account, codeHash: box.mac(account, normalRecoveryCode(c)), createdAt: now })),
    );
  return codes;
}

/** Unused recovery codes of the account. */
export async function recoveryCodesLeft(db: Db, account: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.account, account), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Removes every second factor of the account (authenticator and recovery codes) and its open challenges. */
export async function removeSecondFactors(db: Db, account: string): Promise<boolean> {
  const removed = await db
    .delete(totpAuthenticators)
    .where(eq(totpAuthenticators.account, account))
    .returning({ confirmedAt: totpAuthenticators.confirmedAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.account, account));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.account, account));
  return removed.some((r) => r.confirmedAt !== null);
}

/** The account must still set up a second factor before anything else (PORTAL_STAFF_MFA=required). */
export async function setupRequired(
  db: Db,
  policy: StaffMfaPolicy,
  account: { logname: string; role: string },
): Promise<boolean> {
  if (policy !== 'required' || !isStaffRole(account.role)) return false;
  return (await secondFactorMethods(db, account.logname)).length === 0;
}

/**
 * The account a staff session is confined to while it has still to set up its second factor
 * (PORTAL_STAFF_MFA=required): its own, or null when it is free. Confined, it makes only the set-up
 * calls and what the shell reads (route option `beforeSecondFactor`), and those only on its own
 * account (`checkSetupReach`): a set-up call is no way into a customer's account.
 */
export async function setupConfinement(
  db: Db,
  policy: StaffMfaPolicy,
  caller: { username: string; role: string; sid?: string },
): Promise<string | null> {
  if (policy !== 'required' || !isStaffRole(caller.role)) return null;
  if (!(await setupRequired(db, policy, { logname: caller.username, role: caller.role }))) return null;
  // The staff directory's own second factor meets the policy for the session it opened
  // (docs/decisions/052-staff-directory-sign-in.md).
  if (caller.sid) {
    const [row] = await db
      .select({ method: sessions.method })
      .from(sessions)
      .where(and(eq(sessions.id, caller.sid), eq(sessions.account, caller.username)))
      .limit(1);
    if (row?.method === 'directory+mfa') return null;
  }
  return caller.username;
}

/** A confined session (`setupConfinement`) reaches no account but its own: refused otherwise. */
export function checkSetupReach(confinedTo: string | null, reached: Array<string | undefined>): void {
  if (confinedTo === null) return;
  if (reached.some((account) => account !== undefined && account !== confinedTo))
    throw setupRequiredRefusal();
}

/** The refusal of every other call while a staff account has still to set up its second factor. */
export const setupRequiredRefusal = () =>
  new AppError('forbidden', secondFactorText.setupRequired, undefined, 'mfa_setup_required');

/** Removes used and expired challenges (the housekeeping job). */
export async function pruneChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(mfaChallenges).where(or(lt(mfaChallenges.expiresAt, now), isNotNull(mfaChallenges.usedAt)));
}
