import { commonText } from '@portal/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Device } from '../../auth/devices.ts';
import { openSession, type SessionMethod } from '../../auth/sessions.ts';
import { ownKeys, rememberDevice, sharedKeys } from '../../auth/sign-in-limits.ts';
import { admit, type Check, clearFailures, giveBack, retryAfterSeconds } from '../../auth/throttle.ts';
import type { Db } from '../../db/index.ts';
import type { accounts } from '../../db/schema.ts';
import { Answer } from '../../http/route.ts';
import { AppError, refused } from '../../lib/errors.ts';
import type { Config } from '../../config.ts';
import { isStaffRole } from '@portal/contract/constants';
import { staffSignInText } from '@portal/contract/staff-sign-in/calls';
import type { SignInMethod } from '@portal/contract/security/session-calls';
import {
  type MfaMethod,
  type MfaRequiredAnswer,
  secondFactorText,
} from '@portal/contract/security/second-factor';
import { startChallenge } from '../../auth/mfa.ts';
import { completeSignIn, hasSignedInBefore, recordSignIn, type SignInAttempt } from '../../auth/sign-ins.ts';
import { clientPrefix } from '../../http/client-address.ts';
import { mailAccountNotice } from '../../lib/account-notice.ts';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { accountNoticeText } from '@portal/contract/notifications/mails';
import { describeDevice } from '../../lib/user-agent.ts';
import { type Language, pickLanguage } from '@portal/contract/i18n/languages';
import { setAccountLanguage } from './repository.ts';

type AccountRow = typeof accounts.$inferSelect;

/**
 * The steps every way of signing in shares (the password, a passkey, the second factor): the attempt
 * is counted against the sign-in limits before the proof is checked, and a success clears the
 * account's failures, remembers the browser, opens the session and answers what /api/miglogin answers.
 */

/** Counts the attempt on every key of `checks`, or refuses it (429, Retry-After) with no proof checked. */
export async function admitSignIn(
  db: Db,
  checks: Check[],
  now: Date,
  reply: FastifyReply,
  attempt?: Omit<SignInAttempt, 'result'>,
): Promise<void> {
  const admitted = await admit(db, checks, now);
  if (admitted.ok) return;
  if (attempt) await recordSignIn(db, { ...attempt, result: 'throttled' });
  reply.header('retry-after', retryAfterSeconds(admitted.retryAt, now));
  throw new AppError('too_many', commonText.tooManyAttempts);
}

/** An attempt on `account` for the sign-in record (auth/sign-ins.ts); the result is added when known. */
export const signInAttempt = (req: FastifyRequest, account: string, method: SignInMethod, at: Date) => ({
  account,
  method,
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  at,
});

/** The proof was right: the account's own failures are cleared, the shared budgets get their slot back. */
export async function proofAccepted(db: Db, checks: Check[]): Promise<void> {
  await clearFailures(db, ...ownKeys(checks).map((c) => c.key));
  await giveBack(db, sharedKeys(checks));
}

export interface SignIn {
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The limits' keys the attempt was admitted on (auth/sign-in-limits.ts signInChecks). */
  checks: Check[];
  device: Device | null;
  method: SessionMethod;
}

/**
 * PORTAL_STAFF_LOCAL=off: staff and admins sign in with the staff directory only, not with a
 * local password or passkey; the one break-glass admin (PORTAL_STAFF_BREAK_GLASS) keeps them.
 */
export function checkLocalStaff(config: Config, user: Pick<AccountRow, 'logname' | 'role'>): void {
  if (config.PORTAL_STAFF_LOCAL !== 'off' || !isStaffRole(user.role)) return;
  if (config.PORTAL_STAFF_BREAK_GLASS && user.logname === config.PORTAL_STAFF_BREAK_GLASS) return;
  throw refused(staffSignInText.localOff);
}

/**
 * The first step was right, but it is only half: no token, no session, until the second factor.
 * Answers `mfa_required` with the challenge's token and the account's methods (miglogin, and a
 * staff directory sign-in without the directory's own second factor).
 */
export async function askSecondFactor(
  db: Db,
  reply: FastifyReply,
  user: Pick<AccountRow, 'logname' | 'sessionEpoch'>,
  methods: MfaMethod[],
  now: Date,
): Promise<null> {
  const mfaToken = await startChallenge(db, { account: user.logname, epoch: user.sessionEpoch }, now);
  const answer: MfaRequiredAnswer = {
    status: 'mfa_required',
    message: secondFactorText.mfaRequired,
    code: 'mfa_required',
    data: { mfa_token: mfaToken, methods },
  };
  reply.code(200).send(answer);
  return null;
}

/** The account proved who it is in one step (a passkey): failures cleared, then the login answer. */
export async function signedIn(app: FastifyInstance, user: AccountRow, s: SignIn): Promise<Answer> {
  await proofAccepted(s.db, s.checks);
  checkLocalStaff(app.deps.config, user);
  return finishSignIn(app, s.db, user, s);
}

/**
 * The end of every sign-in, once the account has proved itself (the password, and its second factor
 * when it has one): the browser is remembered as the account's, a session is opened, and the login
 * answer of the spec is made (`id_token`, `bill_email`, `mode`, at the top level and in `data`).
 * `miglogin` and `mfa-verify` answer it alike.
 */
export async function finishSignIn(
  app: FastifyInstance,
  db: Db,
  user: AccountRow,
  how: {
    req: FastifyRequest;
    reply: FastifyReply;
    device: Device | null;
    method: SessionMethod;
    /** A two-step sign-in: when its password was right, the time of its `code_pending` row. */
    pendingAt?: Date;
  },
): Promise<Answer> {
  const { deps } = app;
  const { req, reply } = how;
  await rememberDevice(
    deps.devices,
    how.device,
    user.logname,
    reply,
    deps.config.publicUrl.startsWith('https:'),
  );
  const role = user.role === 'admin' || user.role === 'staff' ? user.role : 'customer';
  const now = deps.now();
  const attempt = signInAttempt(req, user.logname, how.method, now);
  // The session, its sign-in record and the new-device mail are written together, or none is.
  const session = await db.transaction(async (txn) => {
    const tx: Db = txn;
    const known = how.device?.accounts.includes(user.logname) ?? false;
    const news = !known && (await hasSignedInBefore(tx, user.logname));
    if (how.pendingAt) await completeSignIn(tx, { ...attempt, result: 'success' }, how.pendingAt);
    else await recordSignIn(tx, { ...attempt, result: 'success' });
    // An account with no language yet takes the one its browser asks for (docs/languages.md).
    const asked = user.language === null ? pickLanguage(req.headers['accept-language']) : null;
    if (asked) await setAccountLanguage(tx, user.logname, asked, { onlyIfUnset: true });
    if (news) await mailNewDevice(app, tx, attempt);
    return openSession(
      tx,
      {
        account: user.logname,
        epoch: user.sessionEpoch,
        ip: req.ip,
        userAgent: attempt.userAgent,
        method: how.method,
      },
      now,
      deps.sessionTimes,
    );
  });
  const token = await deps.tokens.sign({
    username: user.logname,
    altuser: user.primary ?? user.logname,
    role,
    sid: session.id,
    exp: Math.floor(session.expiresAt.getTime() / 1000),
  });
  const answer = {
    id_token: token,
    bill_email: user.billEmail,
    mode: specMode(user.mode),
    color_mode: colorMode(user.mode),
  };
  // Where the spec's table reads them (top level), and in `data` as before.
  return new Answer(answer, '', answer);
}

/** The stored preference: light, dark, or 'system' (follow the device) — anything else reads as system. */
export const colorMode = (stored: string | undefined): 'light' | 'dark' | 'system' =>
  stored === 'dark' || stored === 'light' ? stored : 'system';

/** The spec's light/dark `mode`: light unless dark was chosen (its fallback), for clients that know only it. */
export const specMode = (stored: string | undefined): 'light' | 'dark' =>
  stored === 'dark' ? 'dark' : 'light';

/**
 * Tells the owner of a sign-in from a browser that has not signed in to the account before (the
 * device cookie does not name it): where from, in words, and what to do if it was not them.
 */
const newDeviceBody = (language: Language, from: Omit<SignInAttempt, 'result'>) => {
  const text = inLanguage(accountNoticeText, language);
  return text.newDeviceBody(
    from.account,
    from.at.toISOString().replace('T', ' ').slice(0, 16),
    describeDevice(from.userAgent, language) || text.unknown,
    clientPrefix(from.ip) || text.unknown,
  );
};

const mailNewDevice = (app: FastifyInstance, db: Db, from: Omit<SignInAttempt, 'result'>) =>
  mailAccountNotice(app.deps.outbox, db, {
    account: from.account,
    kind: 'sign-in.new-device',
    write: (language) => ({
      subject: inLanguage(accountNoticeText, language).newDeviceSubject,
      lines: [newDeviceBody(language, from)],
    }),
  });
