import { and, eq, gte, isNull, lt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { accounts, cards, invoices, payments } from '../../db/schema.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import {
  RECONCILE_ATTEMPTS,
  reconcileJob,
  recordOutcome,
  reconcilePayment,
  reservePayment,
} from './payments.ts';
import { INVOICE_REMINDERS_EVERY_MS, invoiceRemindersJob, runInvoiceReminders } from './reminders.ts';
import { money, owedByInvoice } from './repository.ts';

/** How often auto-billing looks for due invoices. */
export const AUTOBILL_EVERY_MS = 60 * 60_000;
/** Invoices due longer ago than this are left to accounting, never charged automatically. */
export const AUTOBILL_MAX_AGE_DAYS = 60;
/** A payment still 'pending' after this long lost its process mid-charge: reconcile it. */
export const STALE_PENDING_MS = 10 * 60_000;

export const autobillJob = defineJob('billing.autobill', z.object({}));
export const sweepJob = defineJob('billing.sweep', z.object({}));

const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Auto-billing: each due, unpaid invoice of an account with a card on auto-billing is charged
 * at most once, for what is still owed on it (owedByInvoice: the balance spread over the unpaid
 * invoices, oldest paid first). The invoice is claimed (auto_bill_attempted_at) in the same
 * transaction that reserves the payment with the key `autobill:<invoice>`, so it is never charged
 * twice nor retried in a loop. An invoice the balance already covers is claimed too and not
 * charged, now or when a newer invoice raises the balance later. A decline is recorded and mailed
 * to the customer and accounting.
 */
export async function runAutoBilling(app: FastifyInstance): Promise<number> {
  const { db, now } = app.deps;
  const today = now();
  const oldest = new Date(today.getTime() - AUTOBILL_MAX_AGE_DAYS * 86_400_000);
  const due = await db
    .select({
      invoice: invoices.invoice,
      owner: invoices.owner,
      billEmail: accounts.billEmail,
      cardId: cards.id,
      ccn4: cards.ccn4,
      cid: cards.cid,
      paymentProfileId: cards.paymentProfileId,
    })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.logname, invoices.owner))
    .innerJoin(cards, and(eq(cards.owner, invoices.owner), eq(cards.onAutoBilling, true)))
    .where(
      and(
        isNull(invoices.paidAt),
        isNull(invoices.autoBillAttemptedAt),
        lte(invoices.duedate, yyyymmdd(today)),
        gte(invoices.duedate, yyyymmdd(oldest)),
      ),
    )
    .orderBy(invoices.duedate, invoices.invoice);
  let charged = 0;
  for (const inv of due) {
    const key = `autobill:${inv.invoice}`;
    const amountCents = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // Read now, with the account locked: a payment recorded since the list was read counts.
      const owed = (await owedByInvoice(tx, inv.owner)).get(inv.invoice) ?? 0;
      const [row] = await tx
        .update(invoices)
        .set({ autoBillAttemptedAt: now() })
        .where(
          and(
            eq(invoices.invoice, inv.invoice),
            isNull(invoices.autoBillAttemptedAt),
            isNull(invoices.paidAt),
          ),
        )
        .returning({ invoice: invoices.invoice });
      if (!row || owed <= 0) return 0;
      const reserved = await reservePayment(tx, {
        owner: inv.owner,
        amountCents: owed,
        key,
        cardId: inv.cardId,
        ccn4: inv.ccn4,
        comments: `Auto-billing of invoice ${inv.invoice}`,
        receiptTo: inv.billEmail,
        invoice: inv.invoice,
        purpose: 'account',
        operator: null,
      });
      return reserved.fresh ? owed : 0;
    });
    if (amountCents === 0) continue;
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
    if (row && (row.status === 'declined' || row.status === 'error')) {
      await mailDecline(app, { ...inv, amountCents, message: row.message });
    }
  }
  return charged;
}

async function mailDecline(
  app: FastifyInstance,
  inv: {
    invoice: string;
    owner: string;
    billEmail: string;
    ccn4: string;
    amountCents: number;
    message: string;
  },
): Promise<void> {
  const { db, outbox, config } = app.deps;
  const text = [
    `The automatic payment of invoice ${inv.invoice} ($${money(inv.amountCents)}) with the card ending in ${inv.ccn4} was not accepted.`,
    `Card processor: ${inv.message}`,
    '',
    'It will not be tried again automatically. Please pay the invoice on Make a Payment in the members portal, or update the card on Add/Edit Credit Card.',
  ].join('\n');
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (inv.billEmail) {
      await outbox.send(tx, {
        kind: 'billing.autobill.declined',
        account: inv.owner,
        to: inv.billEmail,
        subject: `Automatic payment of invoice ${inv.invoice} declined`,
        body: `${text}\n`,
      });
    }
    await outbox.send(tx, {
      kind: 'billing.autobill.declined',
      account: inv.owner,
      to: config.ACCOUNTING_EMAIL,
      subject: `Auto-billing declined for ${inv.owner}: invoice ${inv.invoice}`,
      body: `Account: ${inv.owner}\n${text}\n`,
    });
  });
}

/** Payments left 'pending' by a process that stopped mid-charge become 'unknown' and are reconciled. */
export async function sweepStalePayments(app: FastifyInstance, db: Db = app.deps.db): Promise<void> {
  const { now } = app.deps;
  const stale = await db
    .update(payments)
    .set({ status: 'unknown', message: 'Interrupted before the gateway answer was recorded' })
    .where(
      and(eq(payments.status, 'pending'), lt(payments.date, new Date(now().getTime() - STALE_PENDING_MS))),
    )
    .returning({ key: payments.idempotencyKey });
  for (const { key } of stale) {
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
  const { jobs } = app.deps;
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
