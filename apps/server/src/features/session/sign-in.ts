import { M } from '@portal/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Device } from '../../auth/devices.ts';
import { openSession, type SessionMethod } from '../../auth/sessions.ts';
import { ownKeys, rememberDevice, sharedKeys } from '../../auth/sign-in-limits.ts';
import { admit, type Check, clearFailures, giveBack, retryAfterSeconds } from '../../auth/throttle.ts';
import type { Db } from '../../db/index.ts';
import type { accounts } from '../../db/schema.ts';
import { Answer } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The steps every way of signing in shares (the password, a passkey): the attempt is counted
 * against the sign-in limits before the proof is checked, and a success clears the account's
 * failures, remembers the browser, opens the session and answers what /api/miglogin answers.
 */

/** Counts the attempt on every key of `checks`, or refuses it (429, Retry-After) with no proof checked. */
export async function admitSignIn(db: Db, checks: Check[], now: Date, reply: FastifyReply): Promise<void> {
  const admitted = await admit(db, checks, now);
  if (admitted.ok) return;
  reply.header('retry-after', retryAfterSeconds(admitted.retryAt, now));
  throw new AppError('too_many', M.tooManyAttempts);
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

/** The account proved who it is: the login answer (`id_token`, `bill_email`, `mode`). */
export async function signedIn(
  app: FastifyInstance,
  user: typeof accounts.$inferSelect,
  s: SignIn,
): Promise<Answer> {
  const { deps } = app;
  const now = deps.now();
  await clearFailures(s.db, ...ownKeys(s.checks).map((c) => c.key));
  await giveBack(s.db, sharedKeys(s.checks));
  await rememberDevice(
    deps.devices,
    s.device,
    user.logname,
    s.reply,
    deps.config.publicUrl.startsWith('https:'),
  );
  const role = user.role === 'admin' || user.role === 'staff' ? user.role : 'customer';
  const session = await openSession(
    s.db,
    {
      account: user.logname,
      epoch: user.sessionEpoch,
      ip: s.req.ip,
      userAgent: String(s.req.headers['user-agent'] ?? ''),
      method: s.method,
    },
    now,
    deps.sessionTimes,
  );
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
    mode: user.mode === 'dark' ? 'dark' : 'light',
  };
  // Where the spec's table reads them (top level), and in `data` as before.
  return new Answer(answer, '', answer);
}
