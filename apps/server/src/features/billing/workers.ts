import { billingText } from '@portal/contract/billing/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { mailCustomer } from '../../lib/notify.ts';
import {
  AUTOBILL_MAX_AGE_DAYS,
  attemptKey,
  attemptOutcome,
  autobillJob,
  nextTryAt,
  tryDate,
  yyyymmdd,
} from './dunning.ts';
import {
  RECONCILE_ATTEMPTS,
  reconcileJob,
  recordOutcome,
  reconcilePayment,
  reservePayment,
} from './payments.ts';
import { paperAttachments } from './papers.ts';
import { INVOICE_REMINDERS_EVERY_MS, invoiceRemindersJob, runInvoiceReminders } from './reminders.ts';
import {
  claimAutobillTry,
  hasOpenAutobillPayment,
  invoicesDueForAutoBilling,
  markStalePaymentsUnknown,
  money,
  owedByInvoice,
  setAutobillNextAt,
  stopAutobillTries,
} from './repository.ts';

/** How often auto-billing looks for due invoices and due retries. */
export const AUTOBILL_EVERY_MS = 60 * 60_000;
export { AUTOBILL_MAX_AGE_DAYS, autobillJob };
/** A payment still 'pending' after this long lost its process mid-charge: reconcile it. */
export const STALE_PENDING_MS = 10 * 60_000;

export const sweepJob = defineJob('billing.sweep', z.object({}));

/**
 * Auto-billing with retries (docs/decisions/054-auto-billing-retries.md). Each due, unpaid invoice
 * of an account with a card on auto-billing is charged for what is still owed on it (owedByInvoice:
 * the balance spread over the unpaid invoices, oldest paid first), and again on the retry schedule
 * (AUTOBILL_RETRY_DAYS after the first attempt) while it is declined softly.
 *
 * Attempt n is claimed (auto_bill_attempts n-1 → n, and the next try set before the charge, so a
 * crash leaves the schedule going) in the transaction that reserves its payment with its own key
 * (attemptKey): one attempt is never charged twice, and no retry is claimed while an earlier
 * attempt's payment is still pending or unknown (its reconcile decides). An invoice the balance
 * already covers is claimed and not charged, and no more tries are made. After the answer: approved
 * pays the invoice (recordOutcome); a hard decline stops the tries; the customer is told each
 * decline with what happens next, and accounting when the tries stop.
 */
export async function runAutoBilling(app: FastifyInstance): Promise<number> {
  const { db, now, config } = app.deps;
  const today = now();
  const oldest = new Date(today.getTime() - AUTOBILL_MAX_AGE_DAYS * 86_400_000);
  const due = await invoicesDueForAutoBilling(db, today, yyyymmdd(oldest), yyyymmdd(today));
  let charged = 0;
  for (const inv of due) {
    const n = inv.attempts + 1;
    const key = attemptKey(inv.invoice, n);
    const claim = await db.transaction(async (tx) => {
      // An earlier attempt still being settled: its outcome first (never two charges in flight).
      if (await hasOpenAutobillPayment(tx, inv.owner, inv.invoice)) return null;
      // Read now, with the account locked: a payment recorded since the list was read counts.
      const owed = (await owedByInvoice(tx, inv.owner)).get(inv.invoice) ?? 0;
      const at = now();
      const row = await claimAutobillTry(tx, inv.invoice, {
        attempts: inv.attempts,
        // Covered by the balance: claimed without an attempt, and no more tries.
        claimed: owed > 0 ? n : inv.attempts,
        at,
      });
      if (!row?.firstAt || owed <= 0) return null;
      // The next try is set before the charge: a process that dies now leaves the schedule going.
      const nextAt = nextTryAt(config.AUTOBILL_RETRY_DAYS, row.firstAt, n, at);
      await setAutobillNextAt(tx, inv.invoice, nextAt);
      const reserved = await reservePayment(tx, {
        owner: inv.owner,
        amountCents: owed,
        key,
        cardId: inv.cardId,
        ccn4: inv.ccn4,
        comments:
          n === 1
            ? `Auto-billing of invoice ${inv.invoice}`
            : `Auto-billing of invoice ${inv.invoice}: try ${n}`,
        receiptTo: inv.billEmail,
        invoice: inv.invoice,
        purpose: 'account',
        operator: null,
        at,
      });
      return reserved.fresh ? { amountCents: owed, nextAt } : null;
    });
    if (!claim) continue;
    const { amountCents, nextAt } = claim;
    const result = await app.deps.gateway.chargeStoredCard({
      idempotencyKey: key,
      amountCents,
      customerProfileId: inv.cid,
      paymentProfileId: inv.paymentProfileId,
      invoiceNumber: inv.invoice,
      description: `Invoice ${inv.invoice}: auto-billing for account ${inv.owner}`,
    });
    const row = await recordOutcome(app, key, result);
    charged++;
    const outcome = attemptOutcome(result);
    app.deps.metrics.autobillAttempts.inc({ attempt: n === 1 ? 'first' : 'retry', outcome });
    if (!row || (row.status !== 'declined' && row.status !== 'error')) continue;
    const stop = outcome === 'hard_decline' || nextAt === null;
    await db.transaction(async (tx) => {
      if (outcome === 'hard_decline') await stopAutobillTries(tx, inv.invoice, n);
      const declined = billingText.autobillDeclined(inv.invoice, money(amountCents), inv.ccn4, row.message);
      await mailCustomer(app.deps.outbox, tx, {
        account: inv.owner,
        category: 'billing',
        kind: 'billing.autobill.declined',
        write: (language) => {
          const b = inLanguage(billingText, language);
          const then =
            outcome === 'hard_decline'
              ? b.autobillNewCard
              : nextAt
                ? b.autobillNextTry(tryDate(nextAt))
                : b.autobillLastTry;
          const said = b.autobillDeclined(inv.invoice, money(amountCents), inv.ccn4, row.message);
          return { subject: b.autobillDeclinedSubject(inv.invoice), body: `${said}\n\n${then}\n` };
        },
      });
      if (stop) {
        await app.deps.outbox.send(tx, {
          kind: 'billing.autobill.stopped',
          account: inv.owner,
          to: config.ACCOUNTING_EMAIL,
          subject: billingText.autobillAccountingSubject(inv.owner, inv.invoice),
          body: `Account: ${inv.owner}\nTries: ${n}\n${declined}\n\n${
            outcome === 'hard_decline'
              ? 'A hard decline: the customer was asked for a new card.'
              : 'The last scheduled try.'
          }\n`,
        });
      }
    });
  }
  return charged;
}

/** Payments left 'pending' by a process that stopped mid-charge become 'unknown' and are reconciled. */
export async function sweepStalePayments(app: FastifyInstance, db: Db = app.deps.db): Promise<void> {
  const { now } = app.deps;
  const stale = await markStalePaymentsUnknown(
    db,
    new Date(now().getTime() - STALE_PENDING_MS),
    'Interrupted before the gateway answer was recorded',
  );
  for (const key of stale) {
    if (!key) continue;
    await enqueue(
      db,
      reconcileJob,
      { key },
      { runAt: now(), uniqueKey: `billing.reconcile:${key}`, maxAttempts: RECONCILE_ATTEMPTS },
    );
  }
}

/** The jobs of the billing area, collected by the registry (src/workers.ts). */
export const JOBS = [autobillJob, sweepJob, reconcileJob, invoiceRemindersJob] as const;

/** Background jobs of the billing area, registered on the job runner (see lib/jobs.ts). */
export function registerWorkers(app: FastifyInstance): void {
  const { jobs, outbox } = app.deps;
  // The papers a mail names are made when it is delivered (docs/decisions/056-papers-as-pdf.md).
  outbox.attach = (db, refs) => paperAttachments(app.deps.config, db, refs, app.deps.now());
  // Commits its own steps: each invoice's claim must be committed before its charge. Idempotent:
  // a claimed invoice is never charged again, and the charge carries the key autobill:<invoice>.
  jobs.register(autobillJob, { commits: 'own' }, async () => {
    await runAutoBilling(app);
  });
  jobs.every(autobillJob, AUTOBILL_EVERY_MS);
  // In the job's transaction: a payment marked 'unknown' always has its reconcile job.
  jobs.register(sweepJob, (_payload, { db }) => sweepStalePayments(app, db));
  jobs.every(sweepJob, STALE_PENDING_MS);
  // Commits its own steps (recordOutcome's transaction). Idempotent: it acts only on a payment
  // still 'unknown', and recordOutcome settles a payment (balance, invoice, receipts) only once.
  jobs.register(reconcileJob, { commits: 'own' }, async ({ key }, { attempt }) => {
    const gateway = app.deps.gateway;
    await reconcilePayment(app, key, (key) => gateway.findCharge(key), attempt >= RECONCILE_ATTEMPTS);
  });
  // In the job's transaction: each reminder's claim (reminders_sent) commits with its mail or not at all.
  jobs.register(invoiceRemindersJob, async (_payload, { db }) => {
    await runInvoiceReminders(app, db);
  });
  jobs.every(invoiceRemindersJob, INVOICE_REMINDERS_EVERY_MS);
}
