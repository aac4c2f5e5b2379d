import { createHash, randomBytes } from 'node:crypto';
import { accountText } from '@portal/contract/account/messages';
import { commonText } from '@portal/contract/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { Language } from '@portal/contract/i18n/languages';
import { accountNoticeText } from '@portal/contract/notifications/mails';
import { RESET_TOKEN_MINUTES } from '@portal/contract/constants';
import { z } from 'zod';
import { hashMailPassword, verifyPassword } from '../../auth/passwords.ts';
import { admit, clearFailures, RULES } from '../../auth/throttle.ts';
import type { Db } from '../../db/index.ts';
import type { BreachService } from '../../integrations/breach/index.ts';
import { AppError, conflict, refused } from '../../lib/errors.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { mailAccountNotice } from '../../lib/account-notice.ts';
import type { Outbox } from '../../integrations/mailer.ts';
import {
  hasPendingMailPassword,
  insertMailPasswordChange,
  insertResetToken,
  lockPendingMailPasswordChange,
  markMailPasswordApplied,
  panelPasswordHashOf,
  setMailPasswordHash,
  supersedePendingMailPasswords,
  useResetToken,
  voidResetTokens,
} from './repository.ts';

/** Password changes reach the mail servers in about ten minutes. */
export const MAIL_PASSWORD_DELAY_MS = 10 * 60_000;
/** Applies a queued mail/unix password change (a mail_password_changes row) once its delay is over. */
export const applyMailPasswordJob = defineJob(
  'account.apply-mail-password',
  z.object({ id: z.number().int() }),
);

export type ResetKind = 'panel' | 'email';

/**
 * Re-authenticates the person at the keyboard: the signed-in operator's own panel password
 * (a customer's, or the staff member's when staff act for an account). Wrong answers are limited
 * like sign-in guesses (auth/throttle.ts, `reauth`), so a stolen session cannot guess the password.
 * Call it outside a transaction: the failure must be recorded even though the call fails.
 */
export async function verifyOperator(
  db: Db,
  operator: string,
  password: string,
  wrong: string,
  now: Date,
): Promise<void> {
  const key = `reauth:${operator}`;
  const checks = [{ key, rule: RULES.reauth }];
  if (!(await admit(db, checks, now)).ok) throw new AppError('too_many', commonText.tooManyAttempts);
  const hash = await panelPasswordHashOf(db, operator);
  if (!(await verifyPassword(hash, password))) throw refused(wrong, 'wrong_password');
  await clearFailures(db, key);
}

/**
 * Tells the account's addresses that its panel password changed; the password is never in it.
 * `by` is who changed it, or null for a reset link.
 */
export async function mailPasswordChanged(
  outbox: Outbox,
  db: Db,
  logname: string,
  by: string | null,
  /** More to tell, in the mail's language (a reset by mail: what it revoked, what remains). */
  more: (language: Language) => string[] = () => [],
): Promise<void> {
  await mailAccountNotice(outbox, db, {
    account: logname,
    kind: 'notice.password-changed',
    write: (language) => {
      const text = inLanguage(accountNoticeText, language);
      return {
        subject: text.passwordChangedSubject(logname),
        lines: [text.passwordChanged(logname, by ?? text.byResetLink), ...more(language)],
      };
    },
  });
}

/** New passwords found in the breached-password data are refused (the message ends with "data breaches."). */
export async function refuseBreached(breach: BreachService, password: string): Promise<void> {
  if (await breach.isBreached(password)) throw refused(accountText.breached, 'breached_password');
}

/**
 * Queues a mail/unix password for the mail servers: the Dovecot `{ARGON2ID}` hash is kept in
 * mail_password_changes and copied to accounts.mail_password_hash by a job after the
 * propagation delay. A change already pending is refused, unless `supersede` (a reset link).
 */
export async function queueMailPassword(
  db: Db,
  opts: {
    owner: string;
    password: string;
    operator: string;
    now: Date;
    supersede?: boolean;
    /** The account texts in the caller's language (`textsFor`). */
    texts?: typeof accountText;
  },
): Promise<Date> {
  if (opts.supersede) {
    await supersedePendingMailPasswords(db, opts.owner);
  } else if (await hasPendingMailPassword(db, opts.owner)) {
    throw conflict((opts.texts ?? accountText).alreadyPending(opts.owner), 'already_pending');
  }
  const applyAt = new Date(opts.now.getTime() + MAIL_PASSWORD_DELAY_MS);
  const id = await insertMailPasswordChange(db, {
    owner: opts.owner,
    hash: await hashMailPassword(opts.password),
    operator: opts.operator,
    requestedAt: opts.now,
    applyAt,
  });
  await enqueue(db, applyMailPasswordJob, { id }, { runAt: applyAt });
  return applyAt;
}

/** Applies one queued change (the job applyMailPasswordJob); a superseded or applied one is left alone. */
export async function applyMailPassword(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const change = await lockPendingMailPasswordChange(tx, id);
    if (!change) return;
    await setMailPasswordHash(tx, change.owner, change.hash);
    await markMailPasswordApplied(tx, id, now);
  });
}

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new reset token (32 random bytes, base64url); only its SHA-256 is stored. Older unused tokens of the kind are voided. */
export async function issueResetToken(db: Db, owner: string, kind: ResetKind, now: Date): Promise<string> {
  await voidResetTokens(db, owner, kind, now);
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(db, {
    owner,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    createdAt: now,
  });
  return token;
}

/** Uses a token once: the owner when it is known, unused and not expired; otherwise the call is refused. */
export async function consumeResetToken(db: Db, token: string, kind: ResetKind, now: Date): Promise<string> {
  const owner = await useResetToken(db, sha256(token), kind, now);
  if (!owner) throw refused(accountText.resetInvalid);
  return owner;
}
