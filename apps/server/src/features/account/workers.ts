import type { FastifyInstance } from 'fastify';
import { apiTokenExpiryJob, registerApiTokenWorkers } from './api-tokens.ts';
import { applyMailAppPasswordsOnlyJob, registerMailAppPasswordWorkers } from './mail-app-passwords.ts';
import { applyMailPassword, applyMailPasswordJob } from './passwords.ts';
import { handleResetRequest, resetRequestJob } from './resets.ts';

/** The jobs of the account area, collected by the registry (src/workers.ts). */
export const JOBS = [
  applyMailPasswordJob,
  resetRequestJob,
  apiTokenExpiryJob,
  applyMailAppPasswordsOnlyJob,
] as const;

/** Background jobs of the account area, registered on the job runner (see lib/jobs.ts). */
export function registerWorkers(app: FastifyInstance): void {
  const { jobs, now } = app.deps;
  // A mail/unix password change reaches the mail servers once its propagation delay is over.
  jobs.register(applyMailPasswordJob, async ({ id }, { db }) => {
    await applyMailPassword(db, id, now());
  });
  // A reset request, queued so that every request answers after the same work (features/account/resets.ts).
  jobs.register(resetRequestJob, async (request, { db }) => {
    await handleResetRequest(app.deps, db, request);
  });
  registerApiTokenWorkers(app);
  registerMailAppPasswordWorkers(app);
}
