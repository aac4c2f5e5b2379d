import { must } from '../support/must.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../src/db/schema.ts';
import { payment as cardPayment } from '../support/card-bodies.ts';
import { makeCast, requestsAs } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';

/**
 * A staff change on a route without a transaction is on the audit log even when the
 * handler fails after its side effect. A declined charge is stored (the payment row) before the
 * call fails; the entry used to be written only on success, so nothing said who had tried.
 */

const PASSWORD = 'audit-test-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
  as = requestsAs(t, PASSWORD);
}, 120_000);
afterAll(() => t.close());

// The sandbox gateway declines CVV 901.
const payment = cardPayment({ cvv: '901' });

describe('the audit log of staff changes without a transaction', () => {
  it('records a staff payment that failed after its charge was stored, with its outcome', async () => {
    const res = await as('staff').post('/api/single-payment', payment);
    expect(res.status).toBe(422);
    const declined = await t.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.owner, 'alice'), eq(payments.status, 'declined'), eq(payments.amountCents, 2500)),
      );
    // This payment's own row, and no other.
    expect(declined).toHaveLength(1);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operator, 'staff'), eq(auditLog.action, 'POST /api/single-payment')));
    expect(entries).toHaveLength(1);
    expect(must(entries[0], 'entries[0]').account).toBe('alice');
    expect(must(entries[0], 'entries[0]').details).toMatchObject({ outcome: 'failed', amount: 2500 });
    expect(String(must(entries[0], 'entries[0]').details.error)).toMatch(/^refused: .*declined/);
    // Secrets stay out of the record, as on every entry.
    expect(JSON.stringify(must(entries[0], 'entries[0]').details)).not.toContain('4111111111111111');
    expect(JSON.stringify(must(entries[0], 'entries[0]').details)).not.toContain('901');
  });

  it('marks a staff change that succeeded as done', async () => {
    const res = await as('staff').post('/api/single-payment', { ...payment, cvv: '123', amount: '5.00' });
    expect(res.status).toBe(200);
    const entry = must(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.operator, 'staff'), eq(auditLog.action, 'POST /api/single-payment')))
          .orderBy(auditLog.id)
          .offset(1)
      )[0],
      'entry',
    );
    expect(entry.details).toMatchObject({ outcome: 'done', amount: 500 });
  });
});
