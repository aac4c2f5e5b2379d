import type { FastifyInstance } from 'fastify';
import { APPLY_MAIL_PASSWORD, applyMailPassword } from './passwords.ts';

/** Background jobs of the account area, registered on the job runner (see lib/jobs.ts). */
export function registerAccountWorkers(app: FastifyInstance): void {
  const { jobs, now } = app.deps;
  // A mail/unix password change reaches the mail servers once its propagation delay is over.
  jobs.register(APPLY_MAIL_PASSWORD, async (payload, { db }) => {
    await applyMailPassword(db, Number(payload.id), now());
  });
}
