import { domainText } from '@portal/contract/domains/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { RegistrarError } from '../../integrations/registrar/index.ts';
import { z } from 'zod';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { DOMAIN_REMINDERS_EVERY_MS, domainRemindersJob, runDomainReminders } from './reminders.ts';
import { clearPending, finalise } from './repository.ts';

/** A renewal sent to the registrar: the domain, the years, the expiration it renews from, its idempotency key. */
const renewal = z.object({
  domain: z.string(),
  years: z.number().int(),
  currentExpiration: z.string(),
  key: z.string(),
});
export type RenewJob = z.infer<typeof renewal>;
export const renewJob = defineJob('domains.renew', renewal);
/** A renewal the registry has not confirmed yet, checked again (`check` counts from 1). */
export const renewCheckJob = defineJob('domains.renew-check', renewal.extend({ check: z.number().int() }));

/** The jobs of the domains area, collected by the registry (src/workers.ts). */
export const JOBS = [renewJob, renewCheckJob, domainRemindersJob] as const;

/** A renewal the registry has not confirmed is checked this often, this many times (2 hours). */
const CHECK_EVERY_MS = 10 * 60_000;
const MAX_CHECKS = 12;

/** Background jobs of the domains area: renewal finalisation through the registrar, expiry reminders. */
export function registerWorkers(app: FastifyInstance): void {
  const { deps } = app;
  const log = app.log.child({ area: 'domains' });

  deps.jobs.register(renewJob, async (job, { db }) => {
    const { registrar } = deps;
    let outcome: Awaited<ReturnType<typeof registrar.renew>>;
    try {
      outcome = await registrar.renew({
        domain: job.domain,
        years: job.years,
        currentExpiration: job.currentExpiration,
        idempotencyKey: job.key,
      });
    } catch (err) {
      // Unknown outcome: retry with the same key (it cannot renew twice), unless an operator must act.
      if (err instanceof RegistrarError && !err.retryable) {
        log.error(
          { err, domain: job.domain },
          'renewal not sent: registrar credentials refused; left pending for staff',
        );
        return;
      }
      throw err;
    }
    if (outcome.outcome === 'done') {
      if (!(await finalise(db, job, outcome.newExpiration)))
        log.warn({ job }, 'renewal done, but the domain changed meanwhile');
      return;
    }
    if (outcome.outcome === 'failed') {
      // A failed renewal call is only logged.
      log.warn(
        { domain: job.domain, message: outcome.message, code: outcome.code },
        domainText.renewalFailed,
      );
      await clearPending(db, job);
      return;
    }
    await scheduleCheck(db, job, 1);
  });

  deps.jobs.register(renewCheckJob, async ({ check, ...job }, { db }) => {
    const expiration = await deps.registrar.getExpiration(job.domain);
    if (expiration && expiration > job.currentExpiration) {
      await finalise(db, job, expiration);
      return;
    }
    if (check >= MAX_CHECKS) {
      log.error({ job }, 'registry has not confirmed the renewal; left pending for staff');
      return;
    }
    await scheduleCheck(db, job, check + 1);
  });

  // In the job's transaction: each reminder's claim (reminders_sent) commits with its mail or not at all.
  deps.jobs.register(domainRemindersJob, async (_payload, { db }) => {
    await runDomainReminders(app, db);
  });
  deps.jobs.every(domainRemindersJob, DOMAIN_REMINDERS_EVERY_MS);

  async function scheduleCheck(db: Db, job: RenewJob, check: number): Promise<void> {
    await enqueue(
      db,
      renewCheckJob,
      { ...job, check },
      { runAt: new Date(deps.now().getTime() + CHECK_EVERY_MS) },
    );
  }
}
