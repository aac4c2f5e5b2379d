import { inLanguage } from '@portal/contract/i18n/catalogue';
import { customerMailText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import { mailCustomer } from '../../lib/notify.ts';
import { ALIAS_REMINDERS_EVERY_MS, aliasRemindersJob, runAliasReminders } from './reminders.ts';
import { markTempAliasExpired, newlyExpiredTempAliases, purgeTempAliases } from './repository.ts';
import { fadesAt, purgeCutoff, reservedUntil } from './temp-emails.ts';

export const tempEmailExpiryJob = defineJob('mail.tempemail-expiry', z.object({}));
const EVERY_MS = 60_000;
const NOTICE_WITHIN_MS = 24 * 3600_000;

/** The jobs of the mail area, collected by the registry (src/workers.ts). */
export const JOBS = [tempEmailExpiryJob, aliasRemindersJob] as const;

/**
 * Background jobs of the mail area. Temporary aliases stop resolving at their expiry time by
 * themselves (mail_temp_aliases compares with now()); this job, once a minute, tells each owner
 * that an alias has expired (once) and purges the rows whose reserved period has ended.
 */
export function registerWorkers(app: FastifyInstance): void {
  const { jobs, now, outbox, config } = app.deps;
  // In the job's transaction: a notice is queued exactly when the alias is marked expired.
  jobs.register(tempEmailExpiryJob, async (_payload, { db }) => {
    const t = now();
    await db.transaction(async (raw) => {
      const tx: Db = raw;
      const due = await newlyExpiredTempAliases(tx, t);
      for (const a of due) {
        await markTempAliasExpired(tx, a.id, t);
        // A notice days late (imported data, a worker that was down) would only confuse.
        if (!a.email || a.expires.getTime() < t.getTime() - NOTICE_WITHIN_MS) continue;
        const address = `${a.name}@${config.TEMP_EMAIL_DOMAIN}`;
        // Mail and aliases: sent where the owner's preferences say, with an unsubscribe link.
        await mailCustomer(outbox, tx, {
          kind: 'tempemail.expired',
          category: 'mail',
          account: a.owner,
          write: (language) => {
            const text = inLanguage(customerMailText, language);
            return {
              subject: text.aliasExpiredSubject(address),
              body: text.aliasExpiredBody(
                address,
                a.expires,
                a.forwardsTo,
                fadesAt(a.expires),
                reservedUntil(a.expires),
              ),
            };
          },
        });
      }
      await purgeTempAliases(tx, purgeCutoff(t));
    });
  });
  jobs.every(tempEmailExpiryJob, EVERY_MS);
  // In the job's transaction: each reminder's claim (reminders_sent) commits with its mail or not at all.
  jobs.register(aliasRemindersJob, async (_payload, { db }) => {
    await runAliasReminders(app, db);
  });
  jobs.every(aliasRemindersJob, ALIAS_REMINDERS_EVERY_MS);
}
