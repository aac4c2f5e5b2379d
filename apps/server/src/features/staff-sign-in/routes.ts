import {
  STAFF_SIGN_IN_START,
  staffSignInCallback,
  staffSignInFinish,
  staffSignInOptions,
  staffSignInStart,
  staffSignInText,
} from '@portal/contract/staff-sign-in/calls';
import type { FastifyInstance } from 'fastify';
import { secondFactorMethods } from '../../auth/mfa.ts';
import { readDevice } from '../../auth/sign-in-limits.ts';
import {
  DirectoryRefusal,
  directoryRemoved,
  linkStaffAccount,
  makeHandoff,
  STATE_COOKIE,
  STATE_COOKIE_PATH,
  useHandoff,
} from '../../auth/staff-directory.ts';
import { recordSignIn } from '../../auth/sign-ins.ts';
import type { Db } from '../../db/index.ts';
import { route } from '../../http/route.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { askSecondFactor, finishSignIn, signInAttempt } from '../session/sign-in.ts';
import { accountOf } from './repository.ts';

/** Where the callback sends the browser: the login page, which finishes or shows the refusal. */
const LOGIN_PAGE = '/portal/';

/**
 * Staff sign in with the ISP's directory (docs/decisions/052-staff-directory-sign-in.md): start →
 * the directory → callback → the login page with a one-time hand-off → finish, which answers what
 * /api/miglogin answers. All public calls: the directory, not a token, says who the caller is.
 */
export function staffSignInRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const secure = deps.config.publicUrl.startsWith('https:');

  route(app, staffSignInOptions, {
    access: 'public',
    handler: async () => ({
      enabled: !!deps.staffDirectory,
      name: deps.staffDirectory?.name ?? '',
      start_url: deps.staffDirectory ? STAFF_SIGN_IN_START : '',
    }),
  });

  route(app, staffSignInStart, {
    access: 'public',
    handler: async ({ reply }) => {
      const directory = deps.staffDirectory;
      if (!directory) throw notFound(staffSignInText.notConfigured);
      try {
        const { url, cookie } = await directory.start(deps.now());
        reply.setCookie(STATE_COOKIE, cookie, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: 600,
        });
        reply.redirect(url, 302);
      } catch (err) {
        if (!(err instanceof DirectoryRefusal)) throw err;
        app.log.warn({ err: err.message }, 'staff directory sign-in could not start');
        reply.redirect(`${LOGIN_PAGE}#staff-sign-in-error=${err.code}`, 303);
      }
      return null;
    },
  });

  route(app, staffSignInCallback, {
    access: 'public',
    // Each one writes rows (an account, a hand-off) or uses one up: the passkey sign-in's limit.
    limit: 'passkey',
    handler: async ({ req, reply, db }) => {
      const directory = deps.staffDirectory;
      if (!directory) throw notFound(staffSignInText.notConfigured);
      const now = deps.now();
      const cookie = req.cookies[STATE_COOKIE];
      // Used once: whatever the answer, the state of this sign-in is spent.
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      const url = new URL(req.url, deps.config.publicUrl);
      const go = (fragment: string) => {
        reply.redirect(`${LOGIN_PAGE}#${fragment}`, 303);
        return null;
      };
      let user: Awaited<ReturnType<typeof directory.finish>>;
      try {
        user = await directory.finish(url, cookie, now);
      } catch (err) {
        if (!(err instanceof DirectoryRefusal)) throw err;
        req.log.warn({ err: err.message, code: err.code }, 'staff directory sign-in refused');
        return go(`staff-sign-in-error=${err.code}`);
      }
      if (!user.role) {
        // Not (or no longer) in the staff group: never staff; a former staff member's sessions end.
        await db.transaction((tx) => directoryRemoved(tx, directory.issuer, user.subject, now));
        req.log.warn({ subject: user.subject }, 'staff directory sign-in refused: not in the staff group');
        return go('staff-sign-in-error=not_staff');
      }
      const role = user.role;
      try {
        const handoff = await db.transaction(async (txn) => {
          const tx: Db = txn;
          const account = await linkStaffAccount(
            tx,
            deps.secretBox,
            directory.issuer,
            { ...user, role },
            now,
          );
          return makeHandoff(
            tx,
            { account: account.logname, epoch: account.sessionEpoch, mfa: user.mfa },
            now,
          );
        });
        return go(`staff-sign-in=${handoff}`);
      } catch (err) {
        if (!(err instanceof DirectoryRefusal)) throw err;
        req.log.warn({ err: err.message }, 'staff directory sign-in refused');
        return go(`staff-sign-in-error=${err.code}`);
      }
    },
  });

  route(app, staffSignInFinish, {
    access: 'public',
    // Each one writes rows (an account, a hand-off) or uses one up: the passkey sign-in's limit.
    limit: 'passkey',
    transaction: false,
    audit: false,
    handler: async ({ body, req, reply, db }) => {
      if (!deps.staffDirectory) throw notFound(staffSignInText.notConfigured);
      const now = deps.now();
      const handoff = await useHandoff(db, body.handoff, now);
      if (!handoff) throw refused(staffSignInText.handoff);
      const user = await accountOf(db, handoff.account);
      if (!user || user.sessionEpoch !== handoff.epoch) throw refused(staffSignInText.handoff);
      const device = await readDevice(deps.devices, req);
      const methods = handoff.mfa ? [] : await secondFactorMethods(db, user.logname);
      // The directory did the second factor, or the account has none of its own (PORTAL_STAFF_MFA
      // then confines the session to setting one up, as after a password): the session opens.
      if (methods.length === 0)
        return finishSignIn(app, db, user, {
          req,
          reply,
          device,
          method: handoff.mfa ? 'directory+mfa' : 'directory',
        });
      // Otherwise the portal's own second step follows, as after a password.
      await recordSignIn(db, {
        ...signInAttempt(req, user.logname, 'directory', now),
        result: 'code_pending',
      });
      return askSecondFactor(db, reply, user, methods, now);
    },
  });
}
