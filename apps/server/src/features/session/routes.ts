import * as S from '@portal/contract/session/calls';
import { commonText } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import { passwordQueue } from '../../auth/password-queue.ts';
import { verifyInSlot } from '../../auth/passwords.ts';
import { readDevice, signInChecks } from '../../auth/sign-in-limits.ts';
import { endSession, workOn } from '../../auth/sessions.ts';
import {
  challengeExpired,
  consumeChallenge,
  hasPasskey,
  liveChallenge,
  secondFactorMethods,
  verifyCode,
  verifySecondFactorPasskey,
} from '../../auth/mfa.ts';
import { passkeyAssertionOptions, relyingParty } from '../../auth/passkeys.ts';
import { mfaPasskeyOptions, mfaVerify, secondFactorText } from '@portal/contract/security/second-factor';
import { scopesOf } from '../../auth/policy.ts';
import { recordSignIn, recordWrongPassword } from '../../auth/sign-ins.ts';
import { textsFor } from '../../http/language.ts';
import { Answer, route } from '../../http/route.ts';
import {
  type AccountRow,
  accountByLognameOrUid,
  accountOf,
  accountSearch,
  displayModeOf,
  networkNotices,
  popupNoteOf,
  quickReferences,
  readCustomerSummary,
  setAccountLanguage,
  setDisplayMode,
} from './repository.ts';
import { isLanguage } from '@portal/contract/i18n/languages';
import { AppError, notFound, refused } from '../../lib/errors.ts';
import {
  admitSignIn,
  askSecondFactor,
  checkLocalStaff,
  colorMode,
  finishSignIn,
  proofAccepted,
  signInAttempt,
  specMode,
} from './sign-in.ts';

/** Sign-in, sign-out, the shell's reference data and the staff account search. */
export function sessionRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const rp = relyingParty(deps.config);

  route(app, S.login, {
    access: 'public',
    transaction: false,
    audit: false,
    handler: async ({ body, req, reply, db }) => {
      const now = deps.now();
      const device = await readDevice(deps.devices, req);
      const checks = signInChecks(body.username, req.ip, device, deps.config.SIGNIN_FAILURE_BUDGET);
      // Counted before the password is checked, so concurrent guesses cannot share one slot; a
      // refused attempt costs no password check at all. Every attempt on an existing account is on
      // its record, whatever became of it.
      const attempt = signInAttempt(req, body.username, 'password', now);
      // A slot of the password queue first (auth/password-queue.ts): when a burst fills it, the
      // attempt is refused (429 hashing_busy) before it is counted against anyone's limits.
      const release = await passwordQueue().acquire();
      let user: AccountRow | undefined;
      let ok: boolean;
      try {
        await admitSignIn(db, checks, now, reply, attempt);
        user = await accountOf(db, body.username);
        ok = await verifyInSlot(user?.passwordHash, body.password);
      } finally {
        release();
      }
      if (!user || !ok) {
        // Unknown account and wrong password do the same work (one row written either way) and get
        // the same answer.
        await recordWrongPassword(db, attempt, checks[0]?.key ?? 'portal');
        throw new AppError('bad_credentials', textsFor(req, commonText).badCredentials);
      }
      await proofAccepted(db, checks);
      checkLocalStaff(deps.config, user);
      const methods = await secondFactorMethods(db, user.logname);
      if (methods.length === 0)
        return finishSignIn(app, db, user, { req, reply, device, method: 'password' });
      await recordSignIn(db, { ...attempt, result: 'code_pending' });
      // The password was right, but it is only half: no token, no session, until the second factor.
      return askSecondFactor(db, reply, user, methods, now);
    },
  });

  // The sign-in's second step with a passkey: options for the passkeys of the account
  // whose password was right, their challenge bound to it (docs/decisions/077-passkey-second-factor.md).
  route(app, mfaPasskeyOptions, {
    access: 'public',
    limit: 'passkey',
    // Hands out a challenge and changes nothing the customer sees.
    audit: false,
    handler: async ({ body, db }) => {
      const now = deps.now();
      const challenge = await liveChallenge(db, body.mfa_token, now);
      if (!challenge) throw challengeExpired();
      if (!(await hasPasskey(db, challenge.account))) throw refused(secondFactorText.noPasskey);
      return passkeyAssertionOptions(db, rp, { now, account: challenge.account });
    },
  });

  // The sign-in's second step: the challenge's token and a code (or a passkey) finish
  // what miglogin began.
  route(app, mfaVerify, {
    access: 'public',
    // Outside a transaction: a wrong code must stay counted (auth/mfa.ts verifyCode).
    transaction: false,
    audit: false,
    handler: async ({ body, req, reply, db }) => {
      const now = deps.now();
      const challenge = await liveChallenge(db, body.mfa_token, now);
      if (!challenge) throw challengeExpired();
      const method = body.passkey ? 'password+passkey' : 'password+code';
      try {
        // The contract lets exactly one of them through.
        if (body.passkey)
          await verifySecondFactorPasskey(db, rp, challenge.account, body.passkey, { now, log: req.log });
        else await verifyCode(db, deps.secretBox, challenge.account, body.code ?? '', now);
      } catch (err) {
        await recordSignIn(db, {
          ...signInAttempt(req, challenge.account, method, now),
          result: 'code_failed',
        });
        throw err;
      }
      // Used up only now: a mistyped code leaves the sign-in open for another try (throttled).
      const used = await consumeChallenge(db, body.mfa_token, now);
      const user = await accountOf(db, challenge.account);
      // A password change or reset since the password step ends this sign-in too.
      if (!used || !user || user.sessionEpoch !== used.epoch) throw challengeExpired();
      const device = await readDevice(deps.devices, req);
      // The sign-in's `code_pending` row, written at the password with the challenge's time, ends as this success.
      return finishSignIn(app, db, user, { req, reply, device, method, pendingAt: used.startedAt });
    },
  });

  route(app, S.logout, {
    access: 'public',
    handler: async ({ req, db }) => {
      const header = req.headers.authorization;
      const caller = header?.startsWith('Bearer ') ? await deps.tokens.verify(header.slice(7).trim()) : null;
      if (caller) await endSession(db, caller.sid, deps.now(), 'logout');
      return { status: 'logged out' };
    },
  });

  route(app, S.urls, {
    access: 'public',
    handler: async () => ({
      db_url: deps.config.links.admin_db,
      aud_url: deps.config.links.admin_audit,
      links: deps.config.links,
      // The gateway's own answer: Authorize.Net's test endpoint is a sandbox too.
      sandbox_payments: deps.gateway.isSandbox,
      temp_email_domain: deps.config.TEMP_EMAIL_DOMAIN,
      helpdesk_phone: deps.config.HELPDESK_PHONE,
      helpdesk_email: deps.config.HELPDESK_EMAIL,
      portal_title: deps.config.PORTAL_TITLE,
    }),
  });

  route(app, S.networkStatus, {
    // The shell reads it: a staff session still setting up its second factor may too.
    beforeSecondFactor: true,
    access: 'user',
    handler: async ({ db }) => {
      const rows = await networkNotices(db);
      return rows.map((r) => ({ ...r, modified: r.modified.toISOString() }));
    },
  });

  route(app, S.quickRefs, {
    // The shell reads it: a staff session still setting up its second factor may too.
    beforeSecondFactor: true,
    // Visitors may read the quick references without signing in; staff rows need staff.
    access: 'optional',
    handler: async ({ db, caller }) => {
      const rows = await quickReferences(db);
      const staff = caller?.role === 'admin' || caller?.role === 'staff';
      // ref_role 'staff' rows are internal references, shown to staff only.
      const refs = rows
        .filter((r) => staff || r.refRole !== 'staff')
        .map((r) => ({ ref_name: r.refName, ref_value: r.refValue, ref_role: r.refRole }));
      return new Answer(refs, '', { references: refs });
    },
  });

  route(app, S.customer, {
    // The shell reads it: a staff session still setting up its second factor may too.
    beforeSecondFactor: true,
    access: { account: ({ params }) => params.logname, scope: 'read' },
    handler: async ({ db, account }) => {
      // The account was found by the access rule; a row deleted since is a stale view (404).
      const summary = account && (await readCustomerSummary(db, account.logname));
      if (!summary) throw notFound(commonText.accountNotFound);
      return summary;
    },
  });

  route(app, S.accountRole, {
    // The shell reads it: a staff session still setting up its second factor may too.
    beforeSecondFactor: true,
    access: { account: ({ params }) => params.account, scope: 'read' },
    handler: async ({ account }) => ({
      account_role: account.accountRole === 'Secondary' ? 'Secondary' : 'Primary',
      dashboard_admin: account.dashboardAdmin,
      primary: account.primary,
      // Computed by the access policy itself: what the menus offer is what the server lets through.
      scopes: scopesOf(account),
    }),
  });

  route(app, S.userMode, {
    // The shell reads it: a staff session still setting up its second factor may too.
    beforeSecondFactor: true,
    access: { account: ({ params }) => params.operator },
    handler: async ({ db, account }) => {
      const row = await displayModeOf(db, account.logname);
      return {
        mode: specMode(row?.mode),
        color_mode: colorMode(row?.mode),
        language: isLanguage(row?.language) ? row.language : null,
      };
    },
  });

  // The account's language (docs/languages.md): its screens on every device and its mails. A
  // change staff make for a customer is on the customer's record (audited, as every change).
  route(app, S.setLanguage, {
    beforeSecondFactor: true,
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, account, body }) => {
      await setAccountLanguage(db, account.logname, body.language);
      return { language: body.language };
    },
  });

  route(app, S.setMode, {
    // The shell reads it: a staff session still setting up its second factor may too.
    beforeSecondFactor: true,
    access: { account: ({ body }) => body.logname },
    // The display mode is a personal preference, not a change to the customer's account.
    audit: false,
    handler: async ({ db, account, body }) => {
      await setDisplayMode(db, account.logname, body.mode);
      return { mode: body.mode };
    },
  });

  route(app, S.popupNote, {
    access: 'staff',
    handler: async ({ db, params }) => {
      const row = await popupNoteOf(db, params.logname);
      if (!row) throw notFound(commonText.accountNotFound);
      return { note: row.note, lastmod: row.lastmod ? row.lastmod.toISOString() : '' };
    },
  });

  route(app, S.lookupLognameUid, {
    access: 'staff',
    // Finding an account is how staff start working on it (the "Working on" of the top bar).
    handler: async ({ db, params, caller, req }) => {
      const text = params.text.toLowerCase();
      const uid = /^\d{1,9}$/.test(text) ? Number(text) : -1;
      const row = await accountByLognameOrUid(db, text, uid);
      if (!row) throw notFound(textsFor(req, commonText).userNotFound(params.text));
      await workOn(db, caller.sid, row.logname);
      return row;
    },
  });

  // Staff find an account by part of its name, billing email or one of its domains (repository.ts);
  // the exact logname or uid stays lookup-logname-uid's. Staff only, like that call.
  route(app, S.searchAccounts, {
    access: 'staff',
    handler: ({ db, params }) => accountSearch(db, params.text),
  });
}
