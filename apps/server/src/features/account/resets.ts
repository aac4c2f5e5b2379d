import * as C from '@portal/contract/account/calls';
import { A } from '@portal/contract/account/messages';
import { RESET_TOKEN_MINUTES } from '@portal/contract/constants';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords.ts';
import { clearFailures, lockedUntil, recordFailure } from '../../auth/throttle.ts';
import type { Db } from '../../db/index.ts';
import { accounts, recoveryEmails } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import type { BreachService } from '../../integrations/breach/index.ts';
import { AppError, refused } from '../../lib/errors.ts';
import {
  consumeResetToken,
  issueResetToken,
  mailPasswordChanged,
  queueMailPassword,
  type ResetKind,
  refuseBreached,
} from './passwords.ts';

/** Reset requests per account name and per client address, within the 15-minute throttle window. */
export const RESET_LIMITS = { account: 5, address: 20 };

const ROUTE_OF: Record<ResetKind, string> = { panel: 'reset-panel-password', email: 'reset-email-password' };
const NAME_OF: Record<ResetKind, string> = { panel: 'members panel', email: 'email/unix' };

/**
 * The reset flows (spec 000 §2, §4): a request mails a single-use link, valid 30 minutes, only
 * when the address is the account's bill or recovery address; the answer is the same whether or
 * not anything matched, so the calls reveal neither accounts nor addresses.
 */
export function resetRoutes(app: FastifyInstance, breach: BreachService): void {
  const { deps } = app;

  for (const [call, kind] of [
    [C.forgotPanelPassword, 'panel'],
    [C.forgotEmailPassword, 'email'],
  ] as const) {
    route(app, call, {
      access: 'public',
      handler: async ({ db, body, req }) => {
        const now = deps.now();
        const keys = [`reset:${body.account}`, `reset:ip:${req.ip}`] as const;
        if (await lockedUntil(db, [...keys], now)) throw new AppError('too_many', A.tooManyResets);
        // Counted before anything is looked up, and judged by the count the request itself made:
        // concurrent requests that all passed the lock check above cannot all be served.
        const byAccount = await recordFailure(db, [keys[0]], now, { reset: RESET_LIMITS.account });
        const byAddress = await recordFailure(db, [keys[1]], now, { reset: RESET_LIMITS.address });
        if (byAccount > RESET_LIMITS.account || byAddress > RESET_LIMITS.address)
          throw new AppError('too_many', A.tooManyResets);
        const owner = await matchRecoveryAddress(db, body.account, body.email);
        if (owner) {
          const token = await issueResetToken(db, owner, kind, now);
          const link = `${deps.config.publicUrl}/portal/${ROUTE_OF[kind]}/${token}`;
          await deps.outbox.send(db, {
            kind: `reset.${kind}`,
            account: owner,
            to: body.email,
            subject: `Reset of your ${NAME_OF[kind]} password`,
            body: [
              `Someone (we hope you) asked to reset the ${NAME_OF[kind]} password of account ${owner}.`,
              '',
              `To choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:`,
              '',
              link,
              '',
              'The link works once. If you did not ask for a reset, ignore this message: your password stays as it is.',
            ].join('\n'),
          });
        }
        return new Answer({ reset_message: A.resetMessage }, A.resetMessage);
      },
    });
  }

  route(app, C.userResetPassword, {
    access: 'public',
    handler: async ({ db, body }) => {
      const now = deps.now();
      await refuseBreached(breach, body.new_password);
      const owner = await consumeResetToken(db, body.reset_token, 'panel', now);
      if (body.username && body.username !== owner) throw refused(A.resetInvalid);
      await db
        .update(accounts)
        .set({ passwordHash: await hashPassword(body.new_password) })
        .where(eq(accounts.logname, owner));
      await mailPasswordChanged(deps.outbox, db, owner, 'a reset link');
      // The owner proved control of the mailbox: lift a sign-in lock left by the forgotten password.
      await clearFailures(db, `acct:${owner}`);
      return new Answer({ username: owner }, '');
    },
  });

  route(app, C.resetUnixPassword, {
    access: 'public',
    handler: async ({ db, body }) => {
      const now = deps.now();
      await refuseBreached(breach, body.new_password);
      const owner = await consumeResetToken(db, body.reset_token, 'email', now);
      if (body.username && body.username !== owner) throw refused(A.resetInvalid);
      const applyAt = await queueMailPassword(db, {
        owner,
        password: body.new_password,
        operator: 'reset-link',
        now,
        supersede: true,
      });
      return new Answer({ logname: owner, apply_at: applyAt.toISOString() }, A.changePending(owner));
    },
  });
}

/** The account, when `email` is its bill address or one of its recovery addresses (case-insensitive). */
async function matchRecoveryAddress(db: Db, logname: string, email: string): Promise<string | null> {
  const wanted = email.trim().toLowerCase();
  const [account] = await db
    .select({ logname: accounts.logname, billEmail: accounts.billEmail })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  if (!account) return null;
  if (account.billEmail.trim().toLowerCase() === wanted) return account.logname;
  const [recovery] = await db
    .select({ id: recoveryEmails.id })
    .from(recoveryEmails)
    .where(
      and(
        eq(recoveryEmails.owner, logname),
        sql`lower(${recoveryEmails.contactInfo}) = ${wanted}`,
        // A recovery address counts once it has followed its confirmation link (#17 §3).
        isNotNull(recoveryEmails.confirmedAt),
      ),
    )
    .limit(1);
  return recovery ? account.logname : null;
}
