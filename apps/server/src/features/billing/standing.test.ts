import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { payment } from '../../../test/support/card-bodies.ts';

let t: TestApp;
let f: ReturnType<typeof factories>;
let alice: Account;
let bob: Account;
/** alice's invoice that fell due a week ago, and an older one her balance no longer covers. */
let overdue: string;
let older: string;
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  // Today, mid-afternoon UTC: the same day in the customer's time zone as in UTC.
  t.clock.set(new Date(`${f.inDays(0)}T15:00:00Z`));
  alice = await f.makeAccount({ fields: { balance_cents: 8995 } });
  bob = await f.makeAccount();
  older = (await f.makeInvoice({ owner: alice, date: f.inDays(-58), due: f.inDays(-38), amount: 50 }))
    .invoice;
  overdue = (await f.makeInvoice({ owner: alice, date: f.inDays(-27), due: f.inDays(-7), amount: 89.95 }))
    .invoice;
});
afterAll(() => t.close());

type Row = { invoice: string; paid: boolean; owed: number; status: string; days_overdue: number };
const standing = async (account: Account) => {
  const who = account.logname;
  const info = await f.as(account).get(`/api/get-payment-info/${who}`);
  const list = await f.as(account).get(`/api/invoices/${who}`);
  expect(info.status).toBe(200);
  expect(list.status).toBe(200);
  return { due: info.body.data.current_due as number, invoices: list.body.data as Row[] };
};
const invoice = async (account: Account, number: string) => {
  const res = await f.as(account).post('/api/get-invoice', { invoice: number, logname: account.logname });
  expect(res.status).toBe(200);
  return res.body.data as Row & { amount: number };
};

describe('one reckoning of what is owed', () => {
  let soon: string;
  it('the amount due, the Invoices list and the invoice screen agree: alice owes $89.95, a week overdue', async () => {
    const s = await standing(alice);
    expect(s.due).toBe(89.95);
    const late = s.invoices.find((i) => i.invoice === overdue);
    expect(late).toMatchObject({ paid: false, owed: 89.95, status: 'overdue', days_overdue: 7 });
    expect(s.invoices.find((i) => i.invoice === older)).toMatchObject({
      paid: true,
      owed: 0,
      status: 'paid',
      days_overdue: 0,
    });
    expect(await invoice(alice, overdue)).toMatchObject({
      amount: 89.95,
      paid: false,
      owed: 89.95,
      status: 'overdue',
      days_overdue: 7,
    });
  });

  it('an invoice not yet due is unpaid, not overdue', async () => {
    soon = (await f.makeInvoice({ owner: bob, date: f.inDays(-1), due: f.inDays(7), amount: 10 })).invoice;
    await t.db.update(accounts).set({ balanceCents: 1000 }).where(eq(accounts.logname, bob.logname));
    const s = await standing(bob);
    expect(s.due).toBe(10);
    expect(s.invoices.find((i) => i.invoice === soon)).toMatchObject({
      paid: false,
      owed: 10,
      status: 'unpaid',
      days_overdue: 0,
    });
  });

  it('an invoice with nothing of the balance left for it is paid, never "unpaid" beside "Nothing due"', async () => {
    // Paid outside the portal: the back office lowered the balance but never marked the invoice.
    await t.db.update(accounts).set({ balanceCents: 0 }).where(eq(accounts.logname, bob.logname));
    const s = await standing(bob);
    expect(s.due).toBe(0);
    expect(s.invoices.find((i) => i.invoice === soon)).toMatchObject({
      paid: true,
      owed: 0,
      status: 'paid',
    });
    expect((await invoice(bob, soon)).status).toBe('paid');
  });

  it('after alice pays what is due, every screen says nothing is due and the invoice is paid', async () => {
    const res = await f
      .as(alice)
      .post('/api/single-payment', payment({ account: alice.logname, amount: '89.95', email: '' }));

    expect(res.status).toBe(200);
    const s = await standing(alice);
    expect(s.due).toBe(0);
    expect(s.invoices.every((i) => i.status === 'paid')).toBe(true);
    expect((await invoice(alice, overdue)).status).toBe('paid');
  });
});
