import type { FastifyInstance } from 'fastify';
import { registerApiTokenWorkers } from './api-tokens.ts';
import { APPLY_MAIL_PASSWORD, applyMailPassword, type ResetKind } from './passwords.ts';
import { handleResetRequest, RESET_REQUEST } from './resets.ts';

/** Background jobs of the account area, registered on the job runner (see lib/jobs.ts). */
export function registerAccountWorkers(app: FastifyInstance): void {
  const { jobs, now } = app.deps;
  // A mail/unix password change reaches the mail servers once its propagation delay is over.
  jobs.register(APPLY_MAIL_PASSWORD, async (payload, { db }) => {
    await applyMailPassword(db, Number(payload.id), now());
  });
  // A reset request, queued so that every request answers after the same work (features/account/resets.ts).
  jobs.register(RESET_REQUEST, async (payload, { db }) => {
    await handleResetRequest(app.deps, db, {
      kind: payload.kind as ResetKind,
      account: String(payload.account),
      email: String(payload.email),
    });
  });
  registerApiTokenWorkers(app);
}
