import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invoices } from '../../db/schema.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { payment } from '../../../test/support/card-bodies.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
  // A week after the demo's November invoice fell due (2026-11-21).
  t.clock.set(new Date('2026-11-28T15:00:00Z'));
});
afterAll(() => t.close());

type Row = { invoice: string; paid: boolean; owed: number; status: string; days_overdue: number };
const standing = async (who: string) => {
  const info = await t.as(who).get(`/api/get-payment-info/${who}`);
  const list = await t.as(who).get(`/api/invoices/${who}`);
  expect(info.status).toBe(200);
  expect(list.status).toBe(200);
  return { due: info.body.data.current_due as number, invoices: list.body.data as Row[] };
};
const invoice = async (who: string, number: string) => {
  const res = await t.as(who).post('/api/get-invoice', { invoice: number, logname: who });
  expect(res.status).toBe(200);
  return res.body.data as Row & { amount: number };
};

describe('one reckoning of what is owed', () => {
  it('the amount due, the Invoices list and the invoice screen agree: alice owes $89.95, a week overdue', async () => {
    const s = await standing('alice');
    expect(s.due).toBe(89.95);
    const nov = s.invoices.find((i) => i.invoice === '20261101-5001');
    expect(nov).toMatchObject({ paid: false, owed: 89.95, status: 'overdue', days_overdue: 7 });
    for (const other of s.invoices.filter((i) => i.invoice !== '20261101-5001'))
      expect(other).toMatchObject({ paid: true, owed: 0, status: 'paid', days_overdue: 0 });
    expect(await invoice('alice', '20261101-5001')).toMatchObject({
      amount: 89.95,
      paid: false,
      owed: 89.95,
      status: 'overdue',
      days_overdue: 7,
    });
  });

  it('an invoice not yet due is unpaid, not overdue', async () => {
    await t.db.insert(invoices).values({
      invoice: 'T-SOON',
      owner: 'bob',
      invdate: '20261127',
      duedate: '20261205',
      amountCents: 1000,
    });
    await t.db.update(accounts).set({ balanceCents: 1000 }).where(eq(accounts.logname, 'bob'));
    const s = await standing('bob');
    expect(s.due).toBe(10);
    expect(s.invoices.find((i) => i.invoice === 'T-SOON')).toMatchObject({
      paid: false,
      owed: 10,
      status: 'unpaid',
      days_overdue: 0,
    });
  });

  it('an invoice with nothing of the balance left for it is paid, never "unpaid" beside "Nothing due"', async () => {
    // Paid outside the portal: the back office lowered the balance but never marked the invoice.
    await t.db.update(accounts).set({ balanceCents: 0 }).where(eq(accounts.logname, 'bob'));
    const s = await standing('bob');
    expect(s.due).toBe(0);
    expect(s.invoices.find((i) => i.invoice === 'T-SOON')).toMatchObject({
      paid: true,
      owed: 0,
      status: 'paid',
    });
    expect((await invoice('bob', 'T-SOON')).status).toBe('paid');
  });

  it('after alice pays what is due, every screen says nothing is due and the invoice is paid', async () => {
    const res = await t.as('alice').post('/api/single-payment', payment({ amount: '89.95', email: '' }));

    expect(res.status).toBe(200);
    const s = await standing('alice');
    expect(s.due).toBe(0);
    expect(s.invoices.every((i) => i.status === 'paid')).toBe(true);
    expect((await invoice('alice', '20261101-5001')).status).toBe('paid');
  });
});
