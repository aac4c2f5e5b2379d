import { commonText } from '@portal/contract/messages';
import { securityText } from '@portal/contract/security/messages';
import * as S from '@portal/contract/security/session-calls';
import type { SignInMethod } from '@portal/contract/security/session-calls';
import type { FastifyInstance } from 'fastify';
import { isStaff } from '../../auth/policy.ts';
import { recentSignIns, shownResult } from '../../auth/sign-ins.ts';
import { callerLanguage, textsFor } from '../../http/language.ts';
import { Answer, route } from '../../http/route.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { describeDevice } from '../../lib/user-agent.ts';
import { endOtherSessions, endSessionById, listSessions } from './session-list.ts';

/**
 * The account's sessions and sign-ins. The owner, or staff (reading, and ending a
 * customer's sessions, audited like every staff change); a Secondary only its own: these are
 * `self` rules, which a dashboard admin's reading right does not reach.
 */
export function sessionListRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const idleMs = (role: string) =>
    (role === 'admin' || role === 'staff'
      ? deps.sessionTimes.staffIdleMinutes
      : deps.sessionTimes.idleMinutes) * 60_000;

  route(app, S.listSessions, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ params }) => params.logname, scope: 'self' },
    handler: async ({ db, account, caller, req }) => {
      const mine = caller.username === account.logname ? caller.sid : undefined;
      const idle = idleMs(account.role);
      return {
        sessions: await listSessions(db, account.logname, deps.now(), idle, mine, callerLanguage(req)),
      };
    },
  });

  route(app, S.endSession, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ body }) => body.logname, scope: 'self' },
    handler: async ({ db, account, caller, body }) => {
      const reason = isStaff(caller) && caller.username !== account.logname ? 'ended by staff' : 'ended';
      const ended = await endSessionById(db, account.logname, body.id, deps.now(), reason);
      // Looked up with its owner: another account's session is refused like one that does not exist.
      if (ended === null) throw isStaff(caller) ? notFound(commonText.sessionNotFound) : forbidden();
      return new Answer({ ended }, ended ? securityText.sessionEnded : securityText.sessionAlreadyEnded);
    },
  });

  route(app, S.endOtherSessions, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ body }) => body.logname, scope: 'self' },
    handler: async ({ db, account, caller, req }) => {
      const own = caller.username === account.logname;
      // Staff ending a customer's sessions end them all: staff's own session is not among them.
      const ended = await endOtherSessions(
        db,
        account.logname,
        own ? caller.sid : undefined,
        deps.now(),
        own ? 'ended' : 'ended by staff',
      );
      return new Answer({ ended }, textsFor(req, securityText).sessionsEnded(ended));
    },
  });

  route(app, S.listSignIns, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ params }) => params.logname, scope: 'self' },
    handler: async ({ db, account, req }) => {
      const now = deps.now();
      const rows = await recentSignIns(db, account.logname, now);
      const language = callerLanguage(req);
      return {
        sign_ins: rows.map((r) => ({
          time: r.at.toISOString(),
          result: shownResult(r.result, r.at, now),
          method: r.method as SignInMethod,
          device: describeDevice(r.userAgent, language),
          address: r.clientPrefix,
        })),
      };
    },
  });
}
