import { domainText } from '@portal/contract/domains/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { domains } from '../../db/schema.ts';
import { RegistrarError } from '../../integrations/registrar/index.ts';
import { enqueue } from '../../lib/jobs.ts';
import { type RenewJob, renewCheckJob, renewJob } from './renewal.ts';

/** A renewal the registry has not confirmed is checked this often, this many times (2 hours). */
const CHECK_EVERY_MS = 10 * 60_000;
const MAX_CHECKS = 12;

/** Sets the new expiration date and clears the pending mark, unless the domain has moved on since. */
async function finalise(db: Db, job: RenewJob, newExpiration: string): Promise<boolean> {
  const rows = await db
    .update(domains)
    .set({ expirationDate: newExpiration, renewalPending: 0 })
    .where(
      and(
        eq(domains.domain, job.domain),
        eq(domains.expirationDate, job.currentExpiration),
        eq(domains.renewalPending, job.years),
      ),
    )
    .returning({ domain: domains.domain });
  return rows.length > 0;
}

async function clearPending(db: Db, job: RenewJob): Promise<void> {
  await db
    .update(domains)
    .set({ renewalPending: 0 })
    .where(and(eq(domains.domain, job.domain), eq(domains.renewalPending, job.years)));
}

/** Background jobs of the domains area: renewal finalisation through the registrar. */
export function registerDomainsWorkers(app: FastifyInstance): void {
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
      // Spec 001 §7: a failed renewal call is only logged.
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

  async function scheduleCheck(db: Db, job: RenewJob, check: number): Promise<void> {
    await enqueue(
      db,
      renewCheckJob,
      { ...job, check },
      { runAt: new Date(deps.now().getTime() + CHECK_EVERY_MS) },
    );
  }
}
