import { accountText } from '@portal/contract/account/messages';
import * as C from '@portal/contract/security/second-factor';
import { secondFactorText } from '@portal/contract/security/second-factor';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { accountNoticeText } from '@portal/contract/notifications/mails';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  makeRecoveryCodes,
  recoveryCodesLeft,
  removeSecondFactors,
  secondFactorMethods,
  setupRequired,
  verifyCode,
} from '../../auth/mfa.ts';
import type { AccountRef } from '../../auth/policy.ts';
import { endSessions } from '../../auth/sessions.ts';
import type { Caller } from '../../auth/tokens.ts';
import { matchingStep, newTotpSecret, otpauthUrl, totpShape } from '../../auth/totp.ts';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { mailAccountNotice } from '../../lib/account-notice.ts';
import { conflict, refused } from '../../lib/errors.ts';
import { verifyOperator } from '../account/passwords.ts';
import {
  authenticatorOf,
  confirmAuthenticator,
  confirmedAuthenticatorOf,
  startAuthenticatorSetup,
} from './repository.ts';
import { textsFor } from '../../http/language.ts';

/**
 * The second factor of an account (docs/api.md "Second factor"): an authenticator app
 * and its recovery codes. A person sets up and turns off their own (`own`: not staff, not the
 * primary of a Secondary); staff may read it and remove a customer's. Every change is audited and
 * mailed to the account's addresses; the secret and the codes are in one answer only.
 */
export function secondFactorRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, C.secondFactor, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ params }) => params.logname },
    beforeSecondFactor: true,
    handler: async ({ db, account }) => {
      const target = account as AccountRef;
      const totp = await confirmedAuthenticatorOf(db, target.logname);
      return {
        totp: !!totp,
        totp_since: totp?.since ? totp.since.toISOString() : null,
        recovery_codes_left: totp ? await recoveryCodesLeft(db, target.logname) : 0,
        methods: await secondFactorMethods(db, target.logname),
        setup_required: await setupRequired(db, deps.config.PORTAL_STAFF_MFA, target),
      };
    },
  });

  route(app, C.totpSetup, {
    // A credential: a personal access token may not make or change one.
    session: 'interactive',
    access: { account: ({ body }) => body.logname, scope: 'own' },
    beforeSecondFactor: true,
    handler: async ({ db, body }) => {
      const now = deps.now();
      const current = await authenticatorOf(db, body.logname);
      if (current?.confirmedAt) throw conflict(secondFactorText.alreadyOn);
      // A setup started again gets a new secret: a QR code shown earlier (a shared screen) is void.
      const secret = newTotpSecret();
      const row = { secretEnc: deps.secretBox.seal(secret, body.logname), createdAt: now, lastStep: null };
      await startAuthenticatorSetup(db, body.logname, row);
      return { secret, otpauth_url: otpauthUrl(secret, body.logname, deps.config.PORTAL_TITLE) };
    },
  });

  /** Turns the authenticator on once the password was right: one transaction. */
  const confirmTotp = async (ctx: ConfirmContext, now: Date) => {
    const { db, body } = ctx;
    const row = await authenticatorOf(db, body.logname);
    if (!row) throw refused(secondFactorText.notSetUp);
    if (row.confirmedAt) throw conflict(secondFactorText.alreadyOn);
    const secret = deps.secretBox.open(row.secretEnc, body.logname);
    const digits = totpShape(body.code);
    const step = secret && digits ? matchingStep(secret, digits, now) : null;
    if (step === null) throw refused(secondFactorText.wrongCode, 'wrong_code');
    // The confirming code is used: it cannot sign in a second time within its step.
    await confirmAuthenticator(db, body.logname, now, step);
    const codes = await makeRecoveryCodes(db, deps.secretBox, body.logname, now);
    record(ctx, 'second factor on: authenticator app');
    const by = (ctx.caller as Caller).username;
    await notify(db, body.logname, 'notice.second-factor-on', (text) => ({
      subject: text.secondFactorOnSubject(body.logname),
      lines: [text.secondFactorOn(body.logname, by), text.secondFactorOnThen],
    }));
    return new Answer({ recovery_codes: codes }, secondFactorText.turnedOn);
  };

  route(app, C.totpConfirm, {
    // A credential: a personal access token may not make or change one.
    session: 'interactive',
    access: { account: ({ body }) => body.logname, scope: 'own' },
    beforeSecondFactor: true,
    // A lasting grant: the password is checked outside a transaction, so wrong ones stay counted.
    transaction: false,
    handler: async (ctx) => {
      const { body } = ctx;
      const now = deps.now();
      await verifyOperator(
        deps.db,
        (ctx.caller as Caller).username,
        body.password,
        accountText.wrongPanelPassword,
        now,
      );
      return deps.db.transaction(async (tx) => confirmTotp({ ...ctx, db: tx }, now));
    },
  });

  route(app, C.totpDisable, {
    // A credential: a personal access token may not make or change one.
    session: 'interactive',
    access: { account: ({ body }) => body.logname, scope: 'own' },
    // The password and the code are checked outside a transaction, so wrong ones stay counted.
    transaction: false,
    handler: async (ctx) => {
      const { body } = ctx;
      const now = deps.now();
      const operator = (ctx.caller as Caller).username;
      await verifyOperator(deps.db, operator, body.password, accountText.wrongPanelPassword, now);
      if ((await secondFactorMethods(deps.db, body.logname)).length === 0)
        throw refused(secondFactorText.notOn);
      // An authenticator code, or a recovery code when the phone is lost.
      await verifyCode(deps.db, deps.secretBox, body.logname, body.code, now);
      await deps.db.transaction(async (tx) => {
        const db: Db = tx;
        await removeSecondFactors(db, body.logname);
        record(ctx, 'second factor off: authenticator app');
        await notify(db, body.logname, 'notice.second-factor-off', (text) => ({
          subject: text.secondFactorOffSubject(body.logname),
          lines: [text.secondFactorOff(body.logname, operator), text.secondFactorOffThen],
        }));
      });
      return new Answer({ totp: false as const }, secondFactorText.turnedOff);
    },
  });

  route(app, C.recoveryCodes, {
    // A credential: a personal access token may not make or change one.
    session: 'interactive',
    access: { account: ({ body }) => body.logname, scope: 'own' },
    transaction: false,
    handler: async (ctx) => {
      const { body } = ctx;
      const now = deps.now();
      const operator = (ctx.caller as Caller).username;
      await verifyOperator(deps.db, operator, body.password, accountText.wrongPanelPassword, now);
      if ((await secondFactorMethods(deps.db, body.logname)).length === 0)
        throw refused(secondFactorText.notOn);
      const codes = await deps.db.transaction(async (tx) => {
        const db: Db = tx;
        const made = await makeRecoveryCodes(db, deps.secretBox, body.logname, now);
        record(ctx, 'recovery codes made anew');
        await notify(db, body.logname, 'notice.recovery-codes', (text) => ({
          subject: text.recoveryCodesSubject(body.logname),
          lines: [text.recoveryCodes(body.logname, operator)],
        }));
        return made;
      });
      return new Answer({ recovery_codes: codes }, secondFactorText.codesMade);
    },
  });

  route(app, C.removeSecondFactor, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    // Staff only, on the account named (which must exist); the audit entry names it.
    access: { account: ({ body }) => body.logname, scope: 'staff' },
    handler: async (ctx) => {
      const { db, account } = ctx;
      const now = deps.now();
      if (!(await removeSecondFactors(db, account.logname))) throw refused(secondFactorText.noSecondFactor);
      // Whoever asked may not be the owner: every session of the account ends, the owner is told.
      await endSessions(db, account.logname, now);
      ctx.auditDetails.event = 'second factor removed by staff';
      const staff = (ctx.caller as Caller).username;
      await notify(db, account.logname, 'notice.second-factor-removed', (text) => ({
        subject: text.secondFactorRemovedSubject(account.logname),
        lines: [text.secondFactorRemoved(staff, account.logname), text.secondFactorRemovedThen],
      }));
      return new Answer(
        { removed: true as const },
        textsFor(ctx.req, secondFactorText).removed(account.logname),
      );
    },
  });

  /**
   * Mails the account's addresses (bill address and confirmed recovery addresses) in the call's
   * transaction, written with the account notices' texts in the account's language.
   */
  async function notify(
    db: Db,
    account: string,
    kind: string,
    write: (text: typeof accountNoticeText) => { subject: string; lines: string[] },
  ) {
    await mailAccountNotice(deps.outbox, db, {
      account,
      kind,
      write: (language) => write(inLanguage(accountNoticeText, language)),
    });
  }
}

/** What turning an authenticator on reads of its call (in the transaction that does it). */
interface ConfirmContext {
  db: Db;
  body: { logname: string; code: string };
  caller: Caller | null;
  auditDetails: Record<string, unknown>;
  req: FastifyRequest;
}

/**
 * A change to a second factor, on the audit log: route() writes the call's one entry, for staff and
 * customers alike; this adds the event to it. (Writing a customer's entry here as well made the
 * account's activity list the change twice, at one time.)
 */
function record(ctx: { auditDetails: Record<string, unknown> }, event: string): void {
  ctx.auditDetails.event = event;
}
