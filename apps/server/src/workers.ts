import { and, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginFailures, rateCounters, sessions } from './db/schema.ts';
import { deleteExpiredKeys } from './http/idempotency.ts';
import { pruneChallenges } from './auth/mfa.ts';
import { deleteOldSignIns } from './auth/sign-ins.ts';
import * as account from './features/account/workers.ts';
import * as admin from './features/admin/workers.ts';
import * as billing from './features/billing/workers.ts';
import * as domains from './features/domains/workers.ts';
import * as hosting from './features/hosting/workers.ts';
import * as mail from './features/mail/workers.ts';
import * as tools from './features/tools/workers.ts';
import { deliverJob, legacyDeliverJob } from './integrations/mailer.ts';
import { defineJob } from './lib/jobs.ts';

/** Clears what has outlived its use: sessions, sign-in counters, idempotency keys, challenges, sign-ins. */
export const housekeepingJob = defineJob('housekeeping', z.object({}));

/** The areas that have background work: each declares its jobs (`JOBS`) and handles them (`registerWorkers`) in its workers.ts. */
const AREAS = [account, admin, billing, domains, hosting, mail, tools];

/**
 * Every kind of job the portal defines (lib/jobs.ts defineJob): the process-wide ones here and
 * each area's `JOBS`. A process that runs jobs registers a handler for each (workers.test.ts), so
 * nothing can be enqueued that no worker takes.
 */
export const JOBS = [
  housekeepingJob,
  deliverJob,
  ...account.JOBS,
  ...admin.JOBS,
  ...billing.JOBS,
  ...domains.JOBS,
  ...hosting.JOBS,
  ...mail.JOBS,
  ...tools.JOBS,
  legacyDeliverJob,
] as const;

export type JobKind = (typeof JOBS)[number]['kind'];

/** Background work of every area, registered on the job runner; each area keeps its own in features/<area>/workers.ts. */
export function registerWorkers(app: FastifyInstance): void {
  const { jobs, now } = app.deps;
  jobs.register(housekeepingJob, async (_payload, { db }) => {
    const t = now();
    // A session past its lifetime can never be used again; a day's grace keeps it readable for support.
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date(t.getTime() - 24 * 3600_000)));
    // Forgotten counters go; a key still waiting (a hard lock) stays until a success or a reset clears it.
    await db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.lastAt, new Date(t.getTime() - 24 * 3600_000)),
          or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, t)),
        ),
      );
    await deleteExpiredKeys(db, t);
    await pruneChallenges(db, t);
    // Sign-in attempts are kept 90 days (docs/decisions/018-session-list.md).
    await deleteOldSignIns(db, t);
    // The longest window is a day (the card declines): older counters are spent.
    await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(t.getTime() - 24 * 3600_000)));
  });
  jobs.every(housekeepingJob, 60 * 60_000);
  for (const area of AREAS) area.registerWorkers(app);
}
