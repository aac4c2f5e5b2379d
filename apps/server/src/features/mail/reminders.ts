import { notices } from '@portal/contract/notifications/notices';
import { TEMP_EMAIL_FADE_DAYS } from '@portal/contract/mail/calls';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import { mailCustomer } from '../../lib/notify.ts';
import { claimReminder } from '../billing/repository.ts';
import { tempAliasesExpiredBetween } from './repository.ts';
import { fadesAt } from './temp-emails.ts';

/**
 * The fading reminder (docs/decisions/105-the-remaining-reminders.md): an expired temporary alias
 * can be extended until it fades (the list's "Fades" column); 2 days before that its owner is told
 * once. The claim's subject is `<name>@<expiry>`: an alias extended and left to expire again is
 * a new one to remind of.
 */
export const aliasRemindersJob = defineJob('mail.alias-reminders', z.object({}));
/** The job looks every hour; the reminder is due during the alias's last 2 days. */
export const ALIAS_REMINDERS_EVERY_MS = 60 * 60_000;

/** How long before it fades an alias's owner is told. */
export const FADING_NOTICE_DAYS = 2;
const DAY_MS = 86_400_000;

/** Sends the fading reminders due now, in `db` (the job's transaction); returns how many were sent. */
export async function runAliasReminders(app: FastifyInstance, db: Db): Promise<number> {
  const { outbox, now, config } = app.deps;
  const at = now();
  // Fades (expires + the fade days) within the next 2 days, and has not faded yet.
  const from = new Date(at.getTime() - TEMP_EMAIL_FADE_DAYS * DAY_MS);
  const to = new Date(from.getTime() + FADING_NOTICE_DAYS * DAY_MS);
  let sent = 0;
  for (const a of await tempAliasesExpiredBetween(db, from, to)) {
    const claimed = await claimReminder(db, {
      owner: a.owner,
      kind: 'alias-fading',
      subject: `${a.name}@${a.expires.toISOString()}`,
      milestone: String(FADING_NOTICE_DAYS),
      at,
    });
    if (!claimed) continue;
    const address = `${a.name}@${config.TEMP_EMAIL_DOMAIN}`;
    await mailCustomer(outbox, db, {
      account: a.owner,
      category: 'mail',
      kind: 'notices.alias-fading',
      write: (language) => ({
        subject: inLanguage(notices, language).aliasFading.subject(address),
        body: `${inLanguage(notices, language).aliasFading.body(address, fadesAt(a.expires).toUTCString())}\n`,
      }),
    });
    sent++;
  }
  return sent;
}
