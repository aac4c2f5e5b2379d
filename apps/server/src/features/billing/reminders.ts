import { notices } from '@portal/contract/notifications/notices';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import { mailCustomer } from '../../lib/notify.ts';
import { parseExpdate } from '../../integrations/gateway/types.ts';
import {
  autoBillingCards,
  claimReminder,
  hasAutoBillingCard,
  invoicesDatedBetween,
  money,
  owedByInvoice,
  unpaidInvoicesDueBetween,
} from './repository.ts';

/**
 * Invoice reminders (docs/decisions/053-reminders-once.md): a new invoice (its PDF attached), due in
 * 3 days when no card is on auto-billing, and overdue 1 and 7 days; and the card on auto-billing
 * expiring, 30 and 7 days ahead (docs/decisions/105-the-remaining-reminders.md). Each is sent once: its row in
 * reminders_sent (unique kind, subject, milestone) is claimed in the transaction that queues the mail.
 */
export const invoiceRemindersJob = defineJob('billing.invoice-reminders', z.object({}));
/** The job looks every hour; a reminder is due from its day on, so a missed hour loses nothing. */
export const INVOICE_REMINDERS_EVERY_MS = 60 * 60_000;

/** A reminder is sent from its day until the next milestone's (or this many days): never a stale one. */
const WINDOW_DAYS = 7;

const DAY_MS = 86_400_000;
const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const dayOf = (due: string) =>
  Date.UTC(Number(due.slice(0, 4)), Number(due.slice(4, 6)) - 1, Number(due.slice(6, 8)));
const iso = (due: string) => `${due.slice(0, 4)}-${due.slice(4, 6)}-${due.slice(6, 8)}`;

interface Milestone {
  kind: 'invoice-due-soon' | 'invoice-overdue';
  /** Days after the due date (negative: before) from which it is sent. */
  from: number;
  /** Until (exclusive). */
  until: number;
  milestone: string;
}

const MILESTONES: Milestone[] = [
  { kind: 'invoice-due-soon', from: -3, until: 0, milestone: '3' },
  { kind: 'invoice-overdue', from: 1, until: 7, milestone: '1' },
  { kind: 'invoice-overdue', from: 7, until: 7 + WINDOW_DAYS, milestone: '7' },
];

/**
 * A new invoice is one dated today or in the last NEW_INVOICE_DAYS days
 * (docs/decisions/105-the-remaining-reminders.md): invoices carry no creation time, and an upgrade
 * must not mail every old invoice; a later-dated one waits for its date.
 */
export const NEW_INVOICE_DAYS = 3;

/** Mails each new invoice once, with its PDF; returns how many were sent. */
async function runNewInvoiceMails(app: FastifyInstance, db: Db, at: Date, today: number): Promise<number> {
  const { outbox } = app.deps;
  const earliest = yyyymmdd(new Date(today - NEW_INVOICE_DAYS * DAY_MS));
  let sent = 0;
  for (const inv of await invoicesDatedBetween(db, earliest, yyyymmdd(new Date(today)))) {
    const claimed = await claimReminder(db, {
      owner: inv.owner,
      kind: 'invoice-new',
      subject: inv.invoice,
      milestone: '0',
      at,
    });
    if (!claimed) continue;
    await mailCustomer(outbox, db, {
      account: inv.owner,
      category: 'billing',
      kind: 'notices.invoice-new',
      write: (language) => ({
        subject: inLanguage(notices, language).invoiceNew.subject(inv.invoice),
        body: `${inLanguage(notices, language).invoiceNew.body(inv.invoice, money(inv.amountCents), iso(inv.invdate), iso(inv.duedate))}\n`,
      }),
      attachments: [{ kind: 'invoice-pdf', owner: inv.owner, invoice: inv.invoice }],
    });
    sent++;
  }
  return sent;
}

/** The card reminder due `days` before the card's last day: 30 (from 30 days), 7 (from 7), or none. */
export function cardMilestone(days: number): number | null {
  if (days < 0 || days > 30) return null;
  return days <= 7 ? 7 : 30;
}

/**
 * Mails the owner of each card on auto-billing that runs out within 30 days (good through the last
 * day of its month): invoices keep coming monthly, so the next one falls after it. The claim's
 * subject is `<card id>@<expdate>`: a card updated with a new date starts over.
 */
async function runCardReminders(app: FastifyInstance, db: Db, at: Date, today: number): Promise<number> {
  const { outbox } = app.deps;
  let sent = 0;
  for (const c of await autoBillingCards(db)) {
    const exp = parseExpdate(c.expdate);
    if (!exp) continue;
    const days = Math.round((Date.UTC(exp.year, exp.month, 0) - today) / DAY_MS);
    const m = cardMilestone(days);
    if (m === null) continue;
    const claimed = await claimReminder(db, {
      owner: c.owner,
      kind: 'card-expiring',
      subject: `${c.id}@${c.expdate}`,
      milestone: String(m),
      at,
    });
    if (!claimed) continue;
    const month = `${exp.year}-${String(exp.month).padStart(2, '0')}`;
    await mailCustomer(outbox, db, {
      account: c.owner,
      category: 'billing',
      kind: 'notices.card-expiring',
      write: (language) => ({
        subject: inLanguage(notices, language).cardExpiring.subject(c.ccn4, days),
        body: `${inLanguage(notices, language).cardExpiring.body(c.ccn4, month)}\n`,
      }),
    });
    sent++;
  }
  return sent;
}

/** Sends the invoice reminders due now, in `db` (the job's transaction); returns how many were sent. */
export async function runInvoiceReminders(app: FastifyInstance, db: Db): Promise<number> {
  const { outbox, now } = app.deps;
  const at = now();
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  let sent = (await runNewInvoiceMails(app, db, at, today)) + (await runCardReminders(app, db, at, today));
  const earliest = yyyymmdd(new Date(today - (7 + WINDOW_DAYS) * DAY_MS));
  const latest = yyyymmdd(new Date(today + 3 * DAY_MS));
  const open = await unpaidInvoicesDueBetween(db, earliest, latest);
  for (const inv of open) {
    const days = Math.round((today - dayOf(inv.duedate)) / DAY_MS);
    const m = MILESTONES.find((x) => days >= x.from && days < x.until);
    if (!m) continue;
    // What the balance does not cover: an invoice a payment on account already settled is not due.
    const owed = (await owedByInvoice(db, inv.owner, { lock: false })).get(inv.invoice) ?? 0;
    if (owed <= 0) continue;
    if (m.kind === 'invoice-due-soon') {
      if (await hasAutoBillingCard(db, inv.owner)) continue;
    }
    // Auto-billing retries under way (dunning.ts): each try's mail already says what happens next.
    if (m.kind === 'invoice-overdue' && inv.retryAt) continue;
    const claimed = await claimReminder(db, {
      owner: inv.owner,
      kind: m.kind,
      subject: inv.invoice,
      milestone: m.milestone,
      at,
    });
    if (!claimed) continue;
    const kind = m.kind;
    await mailCustomer(outbox, db, {
      account: inv.owner,
      category: 'billing',
      kind: `notices.${kind}`,
      write: (language) => {
        const n = inLanguage(notices, language);
        const text = kind === 'invoice-due-soon' ? n.invoiceDueSoon : n.invoiceOverdue;
        return {
          subject:
            kind === 'invoice-due-soon'
              ? n.invoiceDueSoon.subject(inv.invoice, iso(inv.duedate))
              : n.invoiceOverdue.subject(inv.invoice, Number(m.milestone)),
          body: `${text.body(inv.invoice, money(owed), iso(inv.duedate))}\n`,
        };
      },
    });
    sent++;
  }
  return sent;
}
