import { mailAppPasswordText } from '@portal/contract/mail-app-passwords/messages';
import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import { RESET_TOKEN_MINUTES } from '@portal/contract/constants';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { Language } from '@portal/contract/i18n/languages';
import { resetMailText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { endSessions } from '../../auth/sessions.ts';
import { readDevice, rememberDevice } from '../../auth/sign-in-limits.ts';
import { admit, clearFailures, type Rule, retryAfterSeconds } from '../../auth/throttle.ts';
import type { Db } from '../../db/index.ts';
import { clientKey } from '../../http/client-address.ts';
import { Answer, route } from '../../http/route.ts';
import type { BreachService } from '../../integrations/breach/index.ts';
import { AppError, refused } from '../../lib/errors.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { languageOf } from '../../lib/notify.ts';
import { confirmedAuthenticatorOf, passkeysOf } from '../security/repository.ts';
import { revokeMailAppPasswords } from './mail-app-passwords.ts';
import {
  consumeResetToken,
  issueResetToken,
  mailPasswordChanged,
  queueMailPassword,
  type ResetKind,
  refuseBreached,
} from './passwords.ts';
import { textsFor } from '../../http/language.ts';
import {
  billEmailOf,
  isUsableRecoveryAddress,
  lockAccount,
  resetTokensSince,
  revokeLiveApiTokens,
  setPanelPasswordHash,
} from './repository.ts';

/**
 * Reset requests: per client address, 20 within 15 minutes (every request counts: there is no
 * success to tell the owner's from a stranger's); per account, at most 5 links mailed within 15 minutes. A stranger who floods an account
 * with requests never locks its owner out: the requests are answered as usual and the links already
 * mailed stay valid; only the mailbox is spared more than 5.
 */
export const RESET_LIMITS = { account: 5, address: 20, windowMs: 15 * 60_000 };
const RESET_CLIENT_RULE: Rule = {
  free: RESET_LIMITS.address,
  baseMs: 0,
  capMs: 0,
  forgetMs: RESET_LIMITS.windowMs,
  windowMs: RESET_LIMITS.windowMs,
};
/** A reset request, worked off the request (handleResetRequest). */
export const resetRequestJob = defineJob(
  'account.reset-request',
  z.object({
    kind: z.enum(['panel', 'email']) satisfies z.ZodType<ResetKind>,
    account: z.string(),
    email: z.string(),
  }),
);

const ROUTE_OF: Record<ResetKind, string> = { panel: 'reset-panel-password', email: 'reset-email-password' };
/**
 * The reset flows: a request mails a single-use link, valid 30 minutes, only
 * when the address is the account's bill or recovery address; the answer is the same whether or
 * not anything matched, so the calls reveal neither accounts nor addresses. The request only queues
 * the work (resetRequestJob): every request does the same work in the same time, whatever it names.
 */
export function resetRoutes(app: FastifyInstance, breach: BreachService): void {
  const { deps } = app;

  for (const [call, kind] of [
    [C.forgotPanelPassword, 'panel'],
    [C.forgotEmailPassword, 'email'],
  ] as const) {
    route(app, call, {
      access: 'public',
      // The attempt must be counted even when the request is refused: no enclosing transaction.
      transaction: false,
      handler: async ({ db, body, req, reply }) => {
        const now = deps.now();
        const admitted = await admit(
          db,
          [{ key: `reset-ip:${clientKey(req.ip)}`, rule: RESET_CLIENT_RULE }],
          now,
        );
        if (!admitted.ok) {
          reply.header('retry-after', retryAfterSeconds(admitted.retryAt, now));
          throw new AppError('too_many', accountText.tooManyResets);
        }
        await enqueue(db, resetRequestJob, { kind, account: body.account, email: body.email });
        return new Answer({ reset_message: accountText.resetMessage }, accountText.resetMessage);
      },
    });
  }

  route(app, C.userResetPassword, {
    access: 'public',
    handler: async ({ db, body, req, reply }) => {
      const now = deps.now();
      await refuseBreached(breach, body.new_password);
      const owner = await consumeResetToken(db, body.reset_token, 'panel', now);
      if (body.username && body.username !== owner) throw refused(accountText.resetInvalid);
      await setPanelPasswordHash(db, owner, await hashPassword(body.new_password));
      // Every session ends and every API token is revoked: one of them may be the reason for the reset.
      await endSessions(db, owner, now);
      const remaining = await afterReset(db, owner, now);
      // The owner proved control of the mailbox: the sign-in limits of the account are lifted, and
      // this browser becomes a known one, which strangers' failures never lock out.
      await clearFailures(db, `acct:${owner}`, `pair:${owner}:${clientKey(req.ip)}`);
      const device = await readDevice(deps.devices, req);
      await rememberDevice(deps.devices, device, owner, reply, deps.config.publicUrl.startsWith('https:'));
      await mailPasswordChanged(deps.outbox, db, owner, null, (language) =>
        remainingLines(language, remaining, `${deps.config.publicUrl}/portal/security`),
      );
      return new Answer({ username: owner, ...remaining }, '');
    },
  });

  route(app, C.resetUnixPassword, {
    access: 'public',
    handler: async ({ db, body, req }) => {
      const now = deps.now();
      await refuseBreached(breach, body.new_password);
      const owner = await consumeResetToken(db, body.reset_token, 'email', now);
      if (body.username && body.username !== owner) throw refused(accountText.resetInvalid);
      const applyAt = await queueMailPassword(db, {
        texts: textsFor(req, accountText),
        owner,
        password: body.new_password,
        operator: 'reset-link',
        now,
        supersede: true,
      });
      // The mailbox's password is reset: the app passwords for mail go with the old one.
      await revokeMailAppPasswords(db, owner, 'reset-link', now);
      return new Answer(
        { logname: owner, apply_at: applyAt.toISOString() },
        textsFor(req, accountText).changePending(owner),
      );
    },
  });
}

/**
 * The queued work of a reset request (a job, in the job's transaction): the link is mailed when the
 * address matches and the account has had fewer than RESET_LIMITS.account links in the window.
 */
export async function handleResetRequest(
  deps: FastifyInstance['deps'],
  db: Db,
  request: { kind: ResetKind; account: string; email: string },
): Promise<void> {
  const { kind } = request;
  const now = deps.now();
  const owner = await matchRecoveryAddress(db, request.account, request.email, now);
  if (!owner) return;
  // Jobs of one account run one at a time from here (the account row is locked until the job's
  // transaction ends): two workers counting at once would both mail a link past the limit.
  await lockAccount(db, owner);
  const recent = await resetTokensSince(db, owner, kind, new Date(now.getTime() - RESET_LIMITS.windowMs));
  if (recent >= RESET_LIMITS.account) return;
  const token = await issueResetToken(db, owner, kind, now);
  const link = `${deps.config.publicUrl}/portal/${ROUTE_OF[kind]}/${token}`;
  // Not mailCustomer: the link goes only to the address the request named and the checks above
  // matched (docs/decisions/106-customer-mail-routing.md). In the account's language, as mailCustomer writes.
  const text = inLanguage(resetMailText, await languageOf(db, owner));
  const name = kind === 'panel' ? text.panelPassword : text.emailPassword;
  await deps.outbox.send(db, {
    kind: `reset.${kind}`,
    account: owner,
    to: request.email,
    subject: text.subject(name),
    body: text.body(name, owner, RESET_TOKEN_MINUTES, link),
  });
}

/**
 * A reset by mail is what an owner does when something is wrong: every live API token and app
 * password for mail of the account is revoked (sessions end with endSessions), and the lasting credentials a reset does not change
 * (the second factor, passkeys) are read back so the owner is shown them, each removable in the
 * security centre.
 */
async function afterReset(db: Db, owner: string, now: Date): Promise<C.ResetRemaining> {
  const revoked = await revokeLiveApiTokens(db, owner, now);
  const totp = await confirmedAuthenticatorOf(db, owner);
  const keys = await passkeysOf(db, owner);
  return {
    tokens_revoked: revoked,
    app_passwords_revoked: await revokeMailAppPasswords(db, owner, 'reset-link', now),
    authenticator: !!totp,
    passkeys: keys.map((k) => k.name),
  };
}

/** The reset mail's lines on what was revoked and what remains (the texts of the last screen), in a language. */
function remainingLines(language: Language, remaining: C.ResetRemaining, securityUrl: string): string[] {
  const account = inLanguage(accountText, language);
  const appPasswords = inLanguage(mailAppPasswordText, language);
  const lines: string[] = [''];
  if (remaining.tokens_revoked > 0) lines.push(account.resetTokensRevoked(remaining.tokens_revoked));
  if (remaining.app_passwords_revoked > 0)
    lines.push(appPasswords.resetRevoked(remaining.app_passwords_revoked));
  const left = [
    ...(remaining.authenticator ? [account.resetRemainingAuthenticator] : []),
    ...remaining.passkeys.map((name) => account.resetRemainingPasskey(name)),
  ];
  if (left.length === 0) lines.push(account.resetNothingRemains);
  else lines.push(account.resetRemainingIntro, ...left.map((l) => `- ${l}`), '', securityUrl);
  return lines;
}

/** The account, when `email` is its bill address or one of its recovery addresses (case-insensitive). */
async function matchRecoveryAddress(
  db: Db,
  logname: string,
  email: string,
  now: Date,
): Promise<string | null> {
  const wanted = email.trim().toLowerCase();
  const account = await billEmailOf(db, logname);
  if (!account) return null;
  if (account.billEmail.trim().toLowerCase() === wanted) return account.logname;
  return (await isUsableRecoveryAddress(db, logname, wanted, now)) ? account.logname : null;
}
