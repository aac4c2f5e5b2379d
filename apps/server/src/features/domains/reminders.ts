import { notices } from '@portal/contract/notifications/notices';
import { tldOf } from '@portal/contract/domains/calls';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { routePath } from '@portal/contract/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import { mailCustomer } from '../../lib/notify.ts';
import { claimReminder } from '../billing/repository.ts';
import { daysBetween, today } from './dates.ts';
import { domainsExpiringBetween, pricesOf } from './repository.ts';

type Notices = typeof notices;

/**
 * Domain expiry reminders (docs/decisions/105-the-remaining-reminders.md): 30, 7 and 1 days before
 * a registrar-managed domain expires. On auto-renew the mail says when, for how much and with
 * which card (or that no card is on auto-billing); auto-renew off, it links to the renewal screen;
 * a domain the customer lets expire, or one with a renewal pending, gets nothing. Each is claimed
 * once in reminders_sent with the subject `<domain>@<expiration date>`: a renewal moves the date,
 * so next year's reminders are new ones and this year's stop.
 */
export const domainRemindersJob = defineJob('domains.expiry-reminders', z.object({}));
/** The job looks every hour; a reminder is due from its day until the next one's. */
export const DOMAIN_REMINDERS_EVERY_MS = 60 * 60_000;

/** Days before expiry from which each reminder is sent; it is sent until the next one's day. */
const MILESTONES = [30, 7, 1] as const;

/** The reminder due `days` before expiry: the smallest milestone not below it, or none. */
export function domainMilestone(days: number): number | null {
  if (days < 1) return null;
  let m: number | null = null;
  for (const x of MILESTONES) if (days <= x) m = x;
  return m;
}

/** Sends the domain reminders due now, in `db` (the job's transaction); returns how many were sent. */
export async function runDomainReminders(app: FastifyInstance, db: Db): Promise<number> {
  const { outbox, now, config } = app.deps;
  const at = now();
  const day = today(at);
  const until = new Date(`${day}T00:00:00Z`);
  until.setUTCDate(until.getUTCDate() + Math.max(...MILESTONES));
  let sent = 0;
  for (const d of await domainsExpiringBetween(db, day, until.toISOString().slice(0, 10))) {
    if (!d.expirationDate || d.abandon) continue;
    const days = daysBetween(day, d.expirationDate);
    const m = domainMilestone(days);
    if (m === null) continue;
    const claimed = await claimReminder(db, {
      owner: d.owner,
      kind: 'domain-expiring',
      subject: `${d.domain}@${d.expirationDate}`,
      milestone: String(m),
      at,
    });
    if (!claimed) continue;
    const expires = d.expirationDate;
    // The texts are picked here, written in the account's language by mailCustomer.
    let subject: (n: Notices) => string;
    let body: (n: Notices) => string;
    if (d.autoRenew) {
      const oneYear = (await pricesOf(db, tldOf(d.domain))).find((p) => p.id === 1);
      const price = oneYear ? oneYear.price.toFixed(2) : null;
      const card = d.card;
      if (card) {
        subject = (n) => n.domainRenews.subject(d.domain, days);
        body = (n) => n.domainRenews.body(d.domain, expires, price, card);
      } else {
        subject = (n) => n.domainRenewsNoCard.subject(d.domain, days);
        body = (n) => n.domainRenewsNoCard.body(d.domain, expires, price);
      }
    } else {
      const link = `${config.publicUrl}/portal${routePath('domain-renewal', { domain: d.domain })}`;
      subject = (n) => n.domainRenewNow.subject(d.domain, days);
      body = (n) => n.domainRenewNow.body(d.domain, expires, link);
    }
    await mailCustomer(outbox, db, {
      account: d.owner,
      category: 'domains',
      kind: 'notices.domain-expiring',
      write: (language) => ({
        subject: subject(inLanguage(notices, language)),
        body: `${body(inLanguage(notices, language))}\n`,
      }),
    });
    sent++;
  }
  return sent;
}
