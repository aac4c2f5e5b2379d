import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords.ts';
import { endSessions } from '../../auth/sessions.ts';
import { Answer, route } from '../../http/route.ts';
import type { BreachService } from '../../integrations/breach/index.ts';
import { addressRoutes } from './addresses.ts';
import { apiTokenRoutes } from './api-tokens.ts';
import { mailAppPasswordRoutes } from './mail-app-passwords.ts';
import { noticePreferenceRoutes } from './notice-preferences.ts';
import { noticeRoutes } from './notices.ts';
import { mailPasswordChanged, queueMailPassword, refuseBreached, verifyOperator } from './passwords.ts';
import { requestRoutes } from './requests.ts';
import { setPanelPasswordHash } from './repository.ts';
import { resetRoutes } from './resets.ts';
import { statementRoutes } from './statement.ts';
import { textsFor } from '../../http/language.ts';

/**
 * Routes of the account area: addresses, passwords and resets, statement delivery,
 * secondary-account and web-hosting requests, and /api/sendmessage.
 */
export function accountRoutes(app: FastifyInstance): void {
  const { breach } = app.deps;

  passwordRoutes(app, breach);
  resetRoutes(app, breach);
  addressRoutes(app);
  statementRoutes(app);
  requestRoutes(app);
  apiTokenRoutes(app);
  mailAppPasswordRoutes(app);
  noticePreferenceRoutes(app);
  noticeRoutes(app);
}

function passwordRoutes(app: FastifyInstance, breach: BreachService): void {
  const { deps } = app;

  /**
   * Both shapes of the call: the account's own email/unix password, or a
   * secondary's (panel_logname = its primary). The answer's message is what the secondary-password
   * screen classifies: "…data breaches." breached, "Password change already pending…" pending.
   */
  route(app, C.changeUnixPassword, {
    // The panel account, and the account whose password changes: itself or one of its Secondaries.
    access: { account: ({ body }) => body.panel_logname ?? body.logname, target: ({ body }) => body.logname },
    session: 'interactive',
    // Wrong panel passwords must be counted even though the call fails: no enclosing transaction.
    transaction: false,
    handler: async ({ db, body, caller, target, req }) => {
      const now = deps.now();
      await verifyOperator(db, caller.username, body.panel_password, accountText.wrongPanelPassword, now);
      await refuseBreached(breach, body.new);
      const applyAt = await db.transaction((tx) =>
        queueMailPassword(tx, {
          owner: target.logname,
          password: body.new,
          operator: caller.username,
          now,
          texts: textsFor(req, accountText),
        }),
      );
      return new Answer(
        { logname: target.logname, id: body.id ?? null, status: 'pending', apply_at: applyAt.toISOString() },
        textsFor(req, accountText).changePending(target.logname),
      );
    },
  });

  /** The members panel password; `message` '' means success. */
  route(app, C.userChangePassword, {
    access: { account: ({ body }) => body.username },
    session: 'interactive',
    transaction: false,
    handler: async ({ db, body, caller, account }) => {
      await verifyOperator(db, caller.username, body.old_password, accountText.wrongOldPassword, deps.now());
      await refuseBreached(breach, body.new_password);
      const hash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await setPanelPasswordHash(tx, account.logname, hash);
        // Whoever held another session (a stolen token) is out; the session that changed it goes on.
        await endSessions(tx, account.logname, deps.now(), caller.sid);
        await mailPasswordChanged(deps.outbox, tx, account.logname, caller.username);
      });
      return new Answer({ username: account.logname }, '');
    },
  });
}
