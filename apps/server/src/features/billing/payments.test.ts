import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, outbox, payments } from '../../db/schema.ts';
import { STALE_MS } from '../../lib/jobs.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import {
  RECONCILE_ATTEMPTS,
  RECONCILE_DELAY_MS,
  recordOutcome,
  reservePayment,
  UNRECONCILED_MESSAGE,
} from './payments.ts';

let t: TestApp;
let bob: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  bob = await factories(t).makeAccount();
});
afterAll(() => t.close());

describe('a payment the gateway never confirms', () => {
  it('is reported to accounting exactly once, even when the last attempt runs again', async () => {
    const key = `${bob.logname}:never-confirmed`;
    await reservePayment(t.db, {
      owner: bob.logname,
      amountCents: 4200,
      key,
      cardId: null,
      ccn4: '1111',
      comments: '',
      receiptTo: '',
      invoice: null,
      purpose: 'account',
      operator: null,
      at: t.clock.now(),
    });
    await recordOutcome(t.app, key, { outcome: 'unknown', message: 'No answer from the payment gateway' });
    const findCharge = vi
      .spyOn(t.app.deps.gateway, 'findCharge')
      .mockResolvedValue({ outcome: 'unknown', message: 'still under review' });
    const reconcileJob = eq(jobs.uniqueKey, `billing.reconcile:${key}`);
    const unreconciled = () =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'billing.unreconciled'), eq(outbox.account, bob.logname)));
    try {
      // Straight to the last attempt.
      await t.db
        .update(jobs)
        .set({ attempts: RECONCILE_ATTEMPTS - 1 })
        .where(reconcileJob);
      t.clock.advance(RECONCILE_DELAY_MS + 1000);
      await t.drainJobs();
      expect(findCharge).toHaveBeenCalledTimes(1);
      expect(await unreconciled()).toHaveLength(1);
      const [job] = await t.db.select().from(jobs).where(reconcileJob);
      expect(job).toMatchObject({ status: 'done', attempts: RECONCILE_ATTEMPTS });

      // The worker died after the mail was committed and before the job's 'done': the job is
      // left running under a lock nobody refreshes, and another worker takes it over once stale.
      await t.db
        .update(jobs)
        .set({
          status: 'running',
          attempts: RECONCILE_ATTEMPTS - 1,
          lockedAt: t.clock.now(),
          lockedBy: 'dead-worker',
          finishedAt: null,
        })
        .where(reconcileJob);
      t.clock.advance(STALE_MS + 1000);
      await t.drainJobs();
      expect(findCharge).toHaveBeenCalledTimes(2);
      expect((await t.db.select().from(jobs).where(reconcileJob))[0]?.status).toBe('done');
      expect(await unreconciled()).toHaveLength(1);
      expect(
        t.sent.filter((m) => m.subject === `Payment of ${bob.logname} still unconfirmed: $42.00`),
      ).toHaveLength(1);
      const [row] = await t.db.select().from(payments).where(eq(payments.idempotencyKey, key));
      // Still unknown: accounting settles it by hand; the row says it was reported.
      expect(row).toMatchObject({ status: 'unknown', message: UNRECONCILED_MESSAGE });
    } finally {
      findCharge.mockRestore();
    }
  });
});
