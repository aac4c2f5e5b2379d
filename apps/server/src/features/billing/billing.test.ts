import { must } from '../../../test/support/must.ts';
import { billingText } from '@portal/contract/billing/messages';
import { commonText } from '@portal/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, auditLog, cards, coworkingPurchases, invoices, payments } from '../../db/schema.ts';
import { type Account, factories, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { importDocument } from '../../lib/import.ts';
import { spreadBalance } from './repository.ts';
import { STALE_PENDING_MS } from './workers.ts';
import { newCard, payment } from '../../../test/support/card-bodies.ts';

const PASSWORD = 'billing-test-pass';
const ANDERSON = '<h2>Invoice for Anderson Design LLC</h2>';
/** The trans_id of bob's payment of his last invoice, made by card outside the portal. */
const BOBS_PAYMENT = '60012345003';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
let alice: Account;
let bob: Account;
/** alice's latest invoice: due 8 days ago, still owed, auto-billing tried it then. */
let latest: { invoice: string; date: string; due: string };
/** Their cards' expiry, `MMYY`: alice's auto-billing Visa and bob's Mastercard. */
let alicesVisa: string;
let bobsCard: string;
/** bob's last invoice, paid. */
let bobsLast: { date: string };
const compact = (day: string) => day.replaceAll('-', '');
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const made = (logname: string, input: Parameters<typeof f.makeAccount>[0] = {}) =>
    f.makeAccount({ ...input, logname, password: PASSWORD });
  // alice owes her latest invoice ($89.95) and pays by card automatically; bob owes nothing.
  alice = await made('alice', {
    fields: {
      first_name: 'Alice',
      last_name: 'Anderson',
      company: 'Anderson Design LLC',
      auto_bill: 'Y',
      balance_cents: 8995,
    },
  });
  bob = await made('bob', { fields: { first_name: 'Bob', last_name: 'Baker', auto_bill: 'N' } });
  await made('carol', { primary: alice });
  await made('staff', { role: 'staff' });
  await f.makeAddress({
    owner: alice,
    kind: 'bill',
    fields: { first_name: 'Alice', last_name: 'Anderson', address: 'PO Box 311', zipcode: '04112' },
  });
  // alice's cards: a Visa on auto-billing and an American Express; bob's Mastercard.
  alicesVisa = (await f.makeCard({ owner: alice, last4: '1111', autoBilling: true })).expiry;
  await f.makeCard({
    owner: alice,
    last4: '0002',
    fields: { card_type: 'AmExp', payment_profile_id: 'sbx-pp-amex-0002' },
  });
  bobsCard = (
    await f.makeCard({
      owner: bob,
      last4: '0015',
      fields: { card_type: 'M/C', payment_profile_id: 'sbx-pp-mc-0015' },
    })
  ).expiry;
  // alice's six monthly invoices, the latest owed (its auto-billing try was declined), the rest paid.
  const amounts = [89.95, 89.95, 104.9, 89.95, 89.95, 120];
  for (const [i, amount] of amounts.entries()) {
    const date = f.inDays(-28 - 30 * i);
    const due = f.inDays(-8 - 30 * i);
    const invoice = await f.makeInvoice({
      owner: alice,
      amount,
      date,
      due,
      fields: {
        body: `${ANDERSON}<p>Services of the month</p>`,
        ...(i === 0 ? { auto_bill_attempted_at: `${due}T09:00:00Z` } : { paid_at: `${due}T09:00:00Z` }),
      },
    });
    if (i === 0) latest = invoice;
  }
  await importDocument(t.db, {
    payments: [
      {
        trans_id: '60012345004',
        owner: 'alice',
        amount: 89.95,
        date: `${latest.due}T09:00:00Z`,
        ccn4: '1111',
        status: 'declined',
        invoice: latest.invoice,
        message: 'This transaction has been declined.',
      },
    ],
  });
  // bob's last two invoices, paid by card on the day each was made.
  for (const [i, trans] of [BOBS_PAYMENT, '60012345005'].entries()) {
    const date = f.inDays(-28 - 30 * i);
    const fields = { body: '<h2>Invoice for Bob Baker</h2>', paid_at: `${date}T09:00:00Z` };
    await f.makeInvoice({ owner: bob, amount: 49.95, date, due: f.inDays(-8 - 30 * i), fields });
    await importDocument(t.db, {
      payments: [{ trans_id: trans, owner: 'bob', amount: 49.95, date: `${date}T09:00:00Z`, ccn4: '0015' }],
    });
    if (i === 0) bobsLast = { date };
  }
  await importDocument(t.db, {
    coworking_products: [
      {
        pcode: 'DAY',
        name: 'Day pass',
        actual_price: 25,
        discount_price: 15,
        unit: 'day',
        description: 'Hot desk, coffee and Wi-Fi for one day',
      },
    ],
  });
  as = requestsAs(t, PASSWORD);
});
afterAll(() => t.close());

const cardId = async (owner: string, ccn4: string) => {
  const c = must(
    (
      await t.db
        .select()
        .from(cards)
        .where(and(eq(cards.owner, owner), eq(cards.ccn4, ccn4)))
    )[0],
    'c',
  );
  return c.id;
};
const balance = async (logname: string) =>
  must((await t.db.select().from(accounts).where(eq(accounts.logname, logname)))[0], 'the value')
    .balanceCents;
const sentSince = (n: number) => t.sent.slice(n);

describe('access to billing', () => {
  const calls: Array<[string, 'get' | 'post', Record<string, unknown>?]> = [
    ['/api/get-payment-methods/alice', 'get'],
    ['/api/get-payment-info/alice', 'get'],
    ['/api/recent-payments/alice', 'get'],
    ['/api/invoices/alice', 'get'],
    ['/api/get-prefill-cc-addr', 'post', { account: 'alice' }],
    ['/api/add-card', 'post', newCard()],
    ['/api/update-card', 'post', { account: 'alice', id: 1, expdate: '1230' }],
    ['/api/delete-card', 'post', { account: 'alice', id: 1 }],
    ['/api/single-payment', 'post', payment()],
    ['/api/saved-card-payment', 'post', payment({ which_card: 1 })],
    ['/api/get-invoice', 'post', { invoice: '20261101-5001', logname: 'alice' }],
  ];

  it.each(calls)('%s: 401 without a token', async (url, method, body) => {
    const res = method === 'get' ? await as(null).get(url) : await as(null).post(url, body);
    expect(res.status).toBe(401);
    expect(res.body.status).toBe('expired_token');
  });

  it.each(calls)("%s: 403 for another customer's account", async (url, method, body) => {
    const res = method === 'get' ? await as('bob').get(url) : await as('bob').post(url, body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 0, message: commonText.permissionDenied, code: 'forbidden' });
  });

  it.each(
    calls.map(([url, method, body]): [string, 'get' | 'post', Record<string, unknown>?] => [
      url.replace('/alice', '/carol'),
      method,
      body && {
        ...body,
        ...(body.account ? { account: 'carol' } : {}),
        ...(body.logname ? { logname: 'carol' } : {}),
      },
    ]),
  )('%s: a Secondary account is refused with the spec text', async (url, method, body) => {
    const res = method === 'get' ? await as('carol').get(url) : await as('carol').post(url, body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Secondary accounts don't have access to billing information");
  });

  it('refuses a Secondary even when its own primary asks for it, and lets staff act for alice', async () => {
    expect((await as('alice').get('/api/get-payment-methods/carol')).status).toBe(403);
    const res = await as('staff').get('/api/get-payment-methods/alice');
    expect(res.status).toBe(200);
  });
});

describe('stored cards', () => {
  it('lists the cards on file, the auto-billing one marked, without card data', async () => {
    const res = await as('alice').get('/api/get-payment-methods/alice');
    expect(res.status).toBe(200);
    const list = res.body.data.pay_methods;
    expect(list.map((c: { ccn4: string }) => c.ccn4)).toEqual(['1111', '0002']);
    expect(list[0]).toMatchObject({
      card_type: 'Visa',
      nice_expdate: `${alicesVisa.slice(0, 2)}/${alicesVisa.slice(2)}`,
      on_auto_billing: true,
    });
    expect(list[1]).toMatchObject({ card_type: 'AmExp', on_auto_billing: false });
  });

  it('prefills the card form from the billing address', async () => {
    const res = await as('alice').post('/api/get-prefill-cc-addr', { account: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body.data.address).toMatchObject({
      ccname: 'Alice Anderson',
      address: 'PO Box 311',
      city: 'Portland',
      state: 'ME',
      zipcode: '04112',
      country: 'US',
    });
    const bad = await as('alice').post('/api/get-prefill-cc-addr', {});
    expect(bad.status).toBe(400);
    expect(bad.body.errors.account).toBeTruthy();
  });

  it("add-card: every field required, the state shows Req'd", async () => {
    const res = await as('alice').post('/api/add-card', { account: 'alice' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      ccname: 'Required',
      ccnumber: 'Required',
      cardtype: 'Required',
      expdate: 'Required',
      cvv: 'Required',
      address: 'Required',
      city: 'Required',
      state: "Req'd",
      zipcode: 'Required',
      auto_bill: 'Required',
    });
  });

  it.each([
    [{ ccnumber: '4111 1111 1111 1112' }, 'ccnumber', 'Invalid credit card'],
    [{ ccnumber: '4111x1111' }, 'ccnumber', 'Invalid credit card'],
    [{ expdate: '1320' }, 'expdate', 'Invalid Expiration'],
    [{ expdate: '0120' }, 'expdate', 'Invalid Expiration'],
    [{ cvv: '12a' }, 'cvv', 'Invalid'],
    [{ cardtype: 'M/C' }, 'cardtype', billingText.cardTypeMismatch],
  ])('add-card %j → 400 %s "%s", nothing stored', async (over, field, text) => {
    const before = (await t.db.select().from(cards)).length;
    const res = await as('alice').post('/api/add-card', newCard(over));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(text);
    expect((await t.db.select().from(cards)).length).toBe(before);
  });

  it('add-card stores only the gateway token, last four, type and expiry; card_id answered', async () => {
    const res = await as('alice').post(
      '/api/add-card',
      newCard({ ccnumber: '5424-0000-0000-0015', cardtype: 'M/C' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The Card has been added');
    const id = res.body.data.card_id;
    const row = must((await t.db.select().from(cards).where(eq(cards.id, id)))[0], 'row');
    expect(row).toMatchObject({
      owner: 'alice',
      ccn4: '0015',
      cardType: 'M/C',
      expdate: '1230',
      onAutoBilling: false,
    });
    expect(row.paymentProfileId).toMatch(/^sbx-pp-mc-0015-/);
    // It joins the account's existing customer profile.
    expect(row.cid).toBe('sbx-cust-alice');
  });

  it('add-card with auto_bill 1 moves auto-billing: only one card is on it', async () => {
    const res = await as('alice').post(
      '/api/add-card',
      newCard({ ccnumber: '6011000000000012', cardtype: 'Discover', auto_bill: 1 }),
    );
    expect(res.status).toBe(200);
    const auto = await t.db
      .select()
      .from(cards)
      .where(and(eq(cards.owner, 'alice'), eq(cards.onAutoBilling, true)));
    expect(auto.map((c) => c.id)).toEqual([res.body.data.card_id]);
    const acct = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'alice')))[0], 'acct');
    expect(acct.autoBill).toBe('Y');
  });

  it('add-card: a card the gateway declines is not stored ("Unable to add this card ...")', async () => {
    const before = (await t.db.select().from(cards)).length;
    const res = await as('alice').post('/api/add-card', newCard({ zipcode: '46282' }));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Unable to add this card /);
    expect((await t.db.select().from(cards)).length).toBe(before);
  });

  it('single-payment: a new card the gateway will not store answers card_not_stored, and so does its replay', async () => {
    // Card status 1 (save the card): the gateway stores it first, and refuses this ZIP code.
    const body = payment({ zipcode: '46282', save_status: 1, idempotency_key: 'not-stored-1' });
    const first = await as('alice').post('/api/single-payment', body);
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({
      code: 'card_not_stored',
      message: expect.stringMatching(/^Unable to add this card /),
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.idempotencyKey, 'alice:not-stored-1'));
    expect(row?.status).toBe('not_stored');
    const replay = await as('alice').post('/api/single-payment', body);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: 'card_not_stored', message: first.body.message });
  });

  it('update-card: only the expiration format is checked', async () => {
    const id = await cardId('alice', '0002');
    const bad = await as('alice').post('/api/update-card', { account: 'alice', id, expdate: '13/29' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.expdate).toBe('Invalid Expiration');
    const ok = await as('alice').post('/api/update-card', {
      account: 'alice',
      id,
      expdate: '04/29',
      auto_bill: 1,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Your card has been updated');
    expect(ok.body.data.pay_method).toMatchObject({
      expdate: '0429',
      nice_expdate: '04/29',
      on_auto_billing: true,
    });
    const auto = await t.db
      .select()
      .from(cards)
      .where(and(eq(cards.owner, 'alice'), eq(cards.onAutoBilling, true)));
    expect(auto.map((c) => c.id)).toEqual([id]);
  });

  it("update-card and delete-card refuse another customer's card id (403), changing nothing", async () => {
    const bobs = await cardId('bob', '0015');
    const upd = await as('alice').post('/api/update-card', { account: 'alice', id: bobs, expdate: '0130' });
    expect(upd.status).toBe(403);
    const del = await as('alice').post('/api/delete-card', { account: 'alice', id: bobs });
    expect(del.status).toBe(403);
    const missing = await as('alice').post('/api/delete-card', { account: 'alice', id: 999999 });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual(del.body);
    // Staff may act on any account, so they are told what is missing.
    const asStaff = await as('staff').post('/api/update-card', {
      account: 'alice',
      id: bobs,
      expdate: '0130',
    });
    expect(asStaff.status).toBe(404);
    expect(asStaff.body).toEqual({ status: 0, message: billingText.cardNotFound, code: 'not_found' });
    const row = must((await t.db.select().from(cards).where(eq(cards.id, bobs)))[0], 'row');
    expect(row.expdate).toBe(bobsCard);
  });

  it('delete-card removes the card at the gateway and here; the auto-bill flag follows', async () => {
    const id = await cardId('alice', '0002');
    const res = await as('alice').post('/api/delete-card', { account: 'alice', id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Card has been deleted');
    expect(await t.db.select().from(cards).where(eq(cards.id, id))).toEqual([]);
    const acct = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'alice')))[0], 'acct');
    expect(acct.autoBill).toBe('N');
    const again = await as('alice').post('/api/delete-card', { account: 'alice', id });
    expect(again.status).toBe(403);
  });

  it('staff changes to cards are audited without card data', async () => {
    const res = await as('staff').post(
      '/api/add-card',
      newCard({ ccnumber: '4007000000027', account: 'bob', cvv: '321' }),
    );
    expect(res.status).toBe(200);
    const entry = must(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.operator, 'staff'), eq(auditLog.action, 'POST /api/add-card')))
      )[0],
      'entry',
    );
    expect(entry.account).toBe('bob');
    expect(JSON.stringify(entry.details)).not.toContain('4007000000027');
    expect(entry.details.cvv).toBe('[redacted]');
  });
});

describe('payments', () => {
  it('get-payment-info: last invoice, amount due then, payments since, current due', async () => {
    await t.db.update(accounts).set({ balanceCents: 8995 }).where(eq(accounts.logname, 'bob'));
    const res = await as('bob').get('/api/get-payment-info/bob');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      logname: 'bob',
      uid: bob.uid,
      last_invoice: compact(bobsLast.date),
      amount: 49.95,
      num_paymts: 1,
      paymt_total: 49.95,
      current_due: 89.95,
    });
  });

  it.each([
    ['', 'Required'],
    ['abc', 'Must be a number'],
    ['0', 'Amount must be > 0'],
    ['-5', 'Amount must be > 0'],
    ['1.234', billingText.amountCents],
  ])('single-payment amount %j → 400 "%s"', async (amount, text) => {
    const res = await as('bob').post('/api/single-payment', payment({ account: 'bob', amount }));
    expect(res.status).toBe(400);
    expect(res.body.errors.amount).toBe(text);
  });

  it('single-payment: the card-status choice is required; card rules of the pay form', async () => {
    const res = await as('bob').post(
      '/api/single-payment',
      payment({ account: 'bob', save_status: '', ccnumber: '4111111111111112', expdate: '0120' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      save_status: 'Required',
      ccnumber: 'Invalid Credit Card Number',
      expdate: 'Expired Card (MMYY)',
    });
    const fmt = await as('bob').post('/api/single-payment', payment({ account: 'bob', expdate: '1399' }));
    expect(fmt.body.errors.expdate).toBe('Invalid date (MMYY)');
  });

  it('single-payment approved: applied to the balance at once, receipts to customer, accounting and NOC', async () => {
    // Mails already due (alice's invoice is overdue) are sent first.
    await t.drainJobs();
    const sent = t.sent.length;
    const before = await balance('bob');
    const res = await as('bob').post(
      '/api/single-payment',
      payment({
        account: 'bob',
        amount: '40.05',
        email: 'bob.baker@example.org',
        idempotency_key: 'bob-pay-0001',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'approved',
      amount: 40.05,
      receipt_to: 'bob.baker@example.org',
      ccn4: '1111',
    });
    expect(res.body.data.trans_id).toMatch(/^\d+$/);
    expect(res.body.payment_record).toMatchObject({ amount: 40.05, trans_id: res.body.data.trans_id });
    expect(await balance('bob')).toBe(before - 4005);
    await t.drainJobs();
    const mail = sentSince(sent);
    expect(mail.map((m) => m.to).sort()).toEqual([
      'accounting@example.net',
      'bob.baker@example.org',
      'noc@example.net',
    ]);
    for (const m of mail) expect(m.body).toContain(res.body.data.trans_id);
    const info = await as('bob').get('/api/get-payment-info/bob');
    expect(info.body.data.num_paymts).toBe(2);
    expect(info.body.data.current_due).toBe(49.9);
  });

  it('a retried or double-clicked submit (same idempotency key) charges once and answers the same', async () => {
    const body = payment({ account: 'bob', amount: '12.34', idempotency_key: 'bob-pay-0002' });
    const [a, b] = await Promise.all([
      as('bob').post('/api/single-payment', body),
      as('bob').post('/api/single-payment', body),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const again = await as('bob').post('/api/single-payment', body);
    expect(again.status).toBe(200);
    expect(again.body.data.trans_id).toBe(must(ok[0], 'ok[0]').body.data.trans_id);
    const rows = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.owner, 'bob'), eq(payments.amountCents, 1234)));
    expect(rows).toHaveLength(1);
    // The same key for a different amount is refused, not charged.
    const other = await as('bob').post('/api/single-payment', { ...body, amount: '99.00' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(billingText.keyReused);
  });

  it('a decline answers "No Payment made" material (422 with the gateway message) and changes no balance', async () => {
    const before = await balance('bob');
    const res = await as('bob').post('/api/single-payment', payment({ account: 'bob', cvv: '901' }));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/declined/);
    expect(await balance('bob')).toBe(before);
    const row = must(
      (
        await t.db
          .select()
          .from(payments)
          .where(and(eq(payments.owner, 'bob'), eq(payments.status, 'declined')))
      )[0],
      'row',
    );
    expect(row.amountCents).toBe(2500);
  });

  it('a gateway error ($0.01) is an API Payment failure (503) that says nothing was charged', async () => {
    const body = payment({ account: 'bob', amount: '0.01', idempotency_key: 'bob-pay-error' });
    const res = await as('bob').post('/api/single-payment', body);
    expect(res.status).toBe(503);
    // The opening is what tells the client this 503 is a certain outcome (a new key may follow).
    expect(res.body.message).toBe(
      billingText.gatewayError('An error occurred during processing. Please try again.'),
    );
    expect(res.body.message.startsWith(billingText.notCharged)).toBe(true);
    // The same key answers the same; nothing is applied.
    const again = await as('bob').post('/api/single-payment', body);
    expect(again.status).toBe(503);
    expect(again.body).toEqual(res.body);
  });

  it('a 500 after the gateway approved (its recording failed): the retry with the same key is not charged again', async () => {
    await t.drainJobs();
    const before = await balance('bob');
    const charge = vi.spyOn(t.app.deps.gateway, 'chargeCard');
    // The receipts are queued in the transaction that records the approval: failing there rolls it back.
    // On every instance (TEST_INSTANCES=2 sends requests to them in turn), until the first request is done.
    const sends = t.apps.map((a) =>
      vi.spyOn(a.deps.outbox, 'sendEach').mockRejectedValueOnce(new Error('write failed')),
    );
    try {
      const body = payment({ account: 'bob', amount: '17.00', idempotency_key: 'bob-pay-500' });
      const first = await as('bob').post('/api/single-payment', body);
      for (const send of sends) send.mockRestore();
      expect(first.status).toBe(500);
      expect(first.body.message).toBe(commonText.internalError);
      const row = must(
        (await t.db.select().from(payments).where(eq(payments.idempotencyKey, 'bob:bob-pay-500')))[0],
        'row',
      );
      expect(row.status).toBe('pending');
      // The client keeps the key after a 500 (renewsPaymentKey): the retry is told it is under way.
      const retry = await as('bob').post('/api/single-payment', body);
      expect(retry.status).toBe(409);
      expect(retry.body.message).toBe(billingText.paymentInProgress);
      expect(charge).toHaveBeenCalledTimes(1);
      expect(await balance('bob')).toBe(before);
      // The stale sweep hands it to reconciliation, which finds the approved charge: applied once.
      // (The row's date is the database's clock: past it, whatever the test clock says.)
      t.clock.set(new Date(Math.max(t.clock.now().getTime(), Date.now()) + STALE_PENDING_MS + 1000));
      await t.drainJobs();
      const done = must(
        (await t.db.select().from(payments).where(eq(payments.idempotencyKey, 'bob:bob-pay-500')))[0],
        'done',
      );
      expect(done.status).toBe('approved');
      const last = await as('bob').post('/api/single-payment', body);
      expect(last.status).toBe(200);
      expect(last.body.data).toMatchObject({ status: 'approved', trans_id: done.transId, amount: 17 });
      expect(charge).toHaveBeenCalledTimes(1);
      expect(await balance('bob')).toBe(before - 1700);
      expect(
        await t.db
          .select()
          .from(payments)
          .where(and(eq(payments.owner, 'bob'), eq(payments.amountCents, 1700))),
      ).toHaveLength(1);
    } finally {
      charge.mockRestore();
      for (const send of sends) send.mockRestore();
    }
  });

  it('an unknown outcome ($0.03) is recorded, never re-sent, and reconciled later', async () => {
    await t.drainJobs();
    const sent = t.sent.length;
    const before = await balance('bob');
    const res = await as('bob').post(
      '/api/single-payment',
      payment({ account: 'bob', amount: '0.03', idempotency_key: 'bob-pay-lost' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('unknown');
    expect(res.body.message).toBe(billingText.paymentPending);
    expect(await balance('bob')).toBe(before);
    // A retry of the same submit does not charge again: it reports the payment is being confirmed.
    const retry = await as('bob').post(
      '/api/single-payment',
      payment({ account: 'bob', amount: '0.03', idempotency_key: 'bob-pay-lost' }),
    );
    expect(retry.body.data.status).toBe('unknown');
    await t.drainJobs();
    expect(sentSince(sent)).toHaveLength(0);
    t.clock.advance(61_000);
    await t.drainJobs();
    const row = must(
      (await t.db.select().from(payments).where(eq(payments.idempotencyKey, 'bob:bob-pay-lost')))[0],
      'row',
    );
    expect(row.status).toBe('approved');
    expect(await balance('bob')).toBe(before - 3);
    expect(sentSince(sent).map((m) => m.to)).toContain('accounting@example.net');
    const recent = await as('bob').get('/api/recent-payments/bob');
    expect(recent.body.data.payments[0]).toMatchObject({
      trans_id: row.transId,
      amount: 0.03,
      status: 'approved',
    });
  });

  it('card status 2 saves the card and puts it on auto-billing, then charges it', async () => {
    const res = await as('bob').post(
      '/api/single-payment',
      payment({
        account: 'bob',
        ccnumber: '370000000000002',
        cardtype: 'AmExp',
        cvv: '1234',
        save_status: 2,
        amount: '5',
      }),
    );
    expect(res.status).toBe(200);
    const id = res.body.data.card_id;
    const [card] = await t.db.select().from(cards).where(eq(cards.id, id));
    expect(card).toMatchObject({ owner: 'bob', ccn4: '0002', cardType: 'AmExp', onAutoBilling: true });
  });

  it('a payment that fails with card status 1 or 2 saves no card and moves no auto-billing', async () => {
    const auto = await cardId('bob', '0015');
    await t.db.update(cards).set({ onAutoBilling: false }).where(eq(cards.owner, 'bob'));
    await t.db.update(cards).set({ onAutoBilling: true }).where(eq(cards.id, auto));
    await t.db.update(accounts).set({ autoBill: 'Y' }).where(eq(accounts.logname, 'bob'));
    const cardsBefore = await t.db.select().from(cards).where(eq(cards.owner, 'bob'));
    const forget = vi.spyOn(t.app.deps.gateway, 'deleteCard');
    try {
      const pay = (over: Record<string, unknown>) =>
        as('bob').post(
          '/api/single-payment',
          payment({ account: 'bob', ccnumber: '4012888818888', cvv: '123', email: '', ...over }),
        );
      // $0.02: the sandbox stores the card, then declines the charge of the stored card.
      const declined = await pay({ amount: '0.02', save_status: 2 });
      expect(declined.status).toBe(422);
      expect(declined.body.message).toBe('This transaction has been declined.');
      // $0.01: a gateway error; $0.03: an outcome still unknown (not a success either).
      expect((await pay({ amount: '0.01', save_status: 1 })).status).toBe(503);
      const unknown = await pay({ amount: '0.03', save_status: 2 });
      expect(unknown.body.data).toMatchObject({ status: 'unknown', card_id: null });
      // Reconciled as approved later: the payment stands, the card was not kept.
      t.clock.advance(61_000);
      await t.drainJobs();
      expect(await t.db.select().from(cards).where(eq(cards.owner, 'bob'))).toEqual(cardsBefore);
      const acct = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'bob')))[0], 'acct');
      expect(acct.autoBill).toBe('Y');
      // The profiles the gateway made for the card are deleted again.
      expect(forget).toHaveBeenCalledTimes(3);
      for (const [arg] of forget.mock.calls) expect(arg.paymentProfileId).toMatch(/^sbx-pp-visa-8888-/);
      const failed = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.owner, 'bob'), eq(payments.ccn4, '8888')));
      expect(failed.map((p) => p.cardId)).toEqual([null, null, null]);
      // Approved, the same choice keeps the card and puts it on auto-billing.
      const ok = await pay({ amount: '4.00', save_status: 2 });
      expect(ok.status).toBe(200);
      const kept = must(
        (await t.db.select().from(cards).where(eq(cards.id, ok.body.data.card_id)))[0],
        'kept',
      );
      expect(kept).toMatchObject({ owner: 'bob', ccn4: '8888', onAutoBilling: true });
      expect(forget).toHaveBeenCalledTimes(3);
      const paid = must(
        (
          await t.db
            .select()
            .from(payments)
            .where(and(eq(payments.owner, 'bob'), eq(payments.transId, ok.body.data.trans_id)))
        )[0],
        'paid',
      );
      expect(paid.cardId).toBe(kept.id);
    } finally {
      forget.mockRestore();
    }
  });

  it("saved-card-payment: another customer's which_card is a 403 and charges nothing", async () => {
    const alices = await cardId('alice', '1111');
    const count = (await t.db.select().from(payments)).length;
    const res = await as('bob').post('/api/saved-card-payment', {
      account: 'bob',
      amount: '10',
      save_status: 0,
      which_card: alices,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(commonText.permissionDenied);
    expect((await t.db.select().from(payments)).length).toBe(count);
  });

  it('saved-card-payment charges the stored card; $0.02 is declined', async () => {
    const bobs = await cardId('bob', '0015');
    const ok = await as('bob').post('/api/saved-card-payment', {
      account: 'bob',
      amount: '7.50',
      save_status: 0,
      which_card: bobs,
      email: '',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'approved', ccn4: '0015', receipt_to: '' });
    const no = await as('bob').post('/api/saved-card-payment', {
      account: 'bob',
      amount: '0.02',
      save_status: 0,
      which_card: bobs,
    });
    expect(no.status).toBe(422);
    const bad = await as('bob').post('/api/saved-card-payment', {
      account: 'bob',
      amount: '1',
      save_status: 0,
    });
    expect(bad.status).toBe(400);
  });

  it('recent payments: approved ones, newest first', async () => {
    const res = await as('bob').get('/api/recent-payments/bob');
    expect(res.status).toBe(200);
    const dates = res.body.data.payments.map((p: { date: string }) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.body.data.payments.some((p: { trans_id: string }) => p.trans_id === '60012345003')).toBe(true);
    expect(res.body.data.payments.every((p: { status: string }) => p.status !== 'declined')).toBe(true);
  });
});

describe('invoices', () => {
  it('lists the account invoices, invoice descending, amounts in dollars', async () => {
    const res = await as('alice').get('/api/invoices/alice');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      invoice: latest.invoice,
      invdate: compact(latest.date),
      duedate: compact(latest.due),
      amount: 89.95,
    });
    expect(res.body.data).toHaveLength(6);
  });

  it('get-invoice answers the markup; a missing and a foreign invoice get the same 403 (404 for staff)', async () => {
    const res = await as('alice').post('/api/get-invoice', { invoice: latest.invoice, logname: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body.data.invoice).toContain('<h2>Invoice for Anderson Design LLC</h2>');
    const foreign = await as('bob').post('/api/get-invoice', { invoice: latest.invoice, logname: 'bob' });
    expect(foreign.status).toBe(403);
    const missing = await as('bob').post('/api/get-invoice', { invoice: 'nope', logname: 'bob' });
    expect(missing.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.message).toBe('Permission denied');
    const byStaff = await as('staff').post('/api/get-invoice', { invoice: latest.invoice, logname: 'bob' });
    expect(byStaff.status).toBe(404);
    expect(byStaff.body.message).toBe(billingText.invoiceNotFound(latest.invoice));
    const bad = await as('bob').post('/api/get-invoice', { logname: 'bob' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.invoice).toBe('Required');
  });
});

describe('coworking', () => {
  it('lists products at normal (1) and discount (2) prices, top-level products too', async () => {
    const normal = await as('bob').post('/api/get-coworking-prods', { disctype: 1 });
    expect(normal.status).toBe(200);
    const day = normal.body.products.find((p: { pcode: string }) => p.pcode === 'DAY');
    expect(day).toMatchObject({ name: 'Day pass', actual_price: 25, unit: 'day' });
    const disc = await as('bob').post('/api/get-coworking-prods', { disctype: '2' });
    expect(disc.body.data.find((p: { pcode: string }) => p.pcode === 'DAY').actual_price).toBe(15);
    const bad = await as('bob').post('/api/get-coworking-prods', {});
    expect(bad.status).toBe(400);
    expect(bad.body.errors.disctype).toBe('Required');
    expect((await as(null).post('/api/get-coworking-prods', { disctype: 1 })).status).toBe(401);
  });

  it('purchase-product and addtoaudit: staff only, recorded and audited with the account', async () => {
    const body = { logname: 'bob', pcode: 'DAY', units: 2, comment: 'Reservation: Bob Baker' };
    expect((await as('bob').post('/api/purchase-product', body)).status).toBe(403);
    expect((await as('bob').post('/api/addtoaudit', { logname: 'bob', message: 'x' })).status).toBe(403);
    const bad = await as('staff').post('/api/purchase-product', { ...body, pcode: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.pcode).toBe(billingText.productNotFound);
    const notPaid = await as('staff').post('/api/purchase-product', { ...body, trans_id: '60012345003' });
    expect(notPaid.status).toBe(400);
    const ok = await as('staff').post('/api/purchase-product', body);
    expect(ok.status).toBe(200);
    const log = await as('staff').post('/api/addtoaudit', {
      logname: 'bob',
      message: 'Coworking: Day pass x 2 for Bob Baker',
    });
    expect(log.status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operator, 'staff'), eq(auditLog.account, 'bob')));
    expect(
      entries.some(
        (e) =>
          e.action === 'POST /api/addtoaudit' &&
          e.details.message === 'Coworking: Day pass x 2 for Bob Baker',
      ),
    ).toBe(true);
    expect(entries.some((e) => e.action === 'POST /api/purchase-product')).toBe(true);
    const missing = await as('staff').post('/api/addtoaudit', { logname: 'nobody', message: 'x' });
    expect(missing.status).toBe(404);
  });

  it('a coworking payment is recorded and paid for, not applied to the balance', async () => {
    const before = await balance('bob');
    const pay = await as('staff').post(
      '/api/single-payment',
      payment({ account: 'bob', amount: '50', purpose: 'coworking', email: '' }),
    );
    expect(pay.status).toBe(200);
    expect(await balance('bob')).toBe(before);
    const buy = await as('staff').post('/api/purchase-product', {
      logname: 'bob',
      pcode: 'DAY',
      units: 2,
      comment: 'Bob',
      trans_id: pay.body.data.trans_id,
    });
    expect(buy.status).toBe(200);
  });

  it('a purchase names a coworking payment of its account, of price × quantity, used once', async () => {
    const coworkPay = async (account: string, amount: string) => {
      const res = await as('staff').post(
        '/api/single-payment',
        payment({ account, amount, purpose: 'coworking', email: '' }),
      );
      expect(res.status).toBe(200);
      return res.body.data.trans_id as string;
    };
    const buy = (logname: string, units: number, trans_id: string) =>
      as('staff').post('/api/purchase-product', { logname, pcode: 'DAY', units, comment: 'x', trans_id });
    const purchases = async () => (await t.db.select().from(coworkingPurchases)).length;

    // $50 is not 3 day passes ($75, or $45 at the members' price).
    const fifty = await coworkPay('bob', '50.00');
    const before = await purchases();
    const wrong = await buy('bob', 3, fifty);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.trans_id).toBe(billingText.paymentAmountMismatch);
    // Another account's payment is not this account's.
    const alices = await coworkPay('alice', '30.00');
    const foreign = await buy('bob', 2, alices);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.trans_id).toBe(billingText.paymentNotForPurchase);
    expect(await purchases()).toBe(before);
    // The members' price counts: 2 day passes at $15.
    expect((await buy('alice', 2, alices)).status).toBe(200);
    // A payment pays for one purchase only.
    expect((await buy('bob', 2, fifty)).status).toBe(200);
    const again = await buy('bob', 2, fifty);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(billingText.paymentAlreadyUsed);
    expect(await purchases()).toBe(before + 2);
    // The unique index holds it even past the route's check (two purchases at once).
    await expect(
      t.db
        .insert(coworkingPurchases)
        .values({ owner: 'bob', pcode: 'DAY', units: 2, operator: 'staff', transId: fifty }),
    ).rejects.toThrow();
    // Purchases paid outside the portal name no payment, as many as there are.
    const body = { logname: 'bob', pcode: 'DAY', units: 1, comment: 'paid at the desk' };
    expect((await as('staff').post('/api/purchase-product', body)).status).toBe(200);
    expect((await as('staff').post('/api/purchase-product', { ...body, trans_id: '' })).status).toBe(200);
  });
});

describe('spreadBalance: what is still owed on each invoice', () => {
  const newestFirst = [
    { invoice: 'C', amountCents: 3000 },
    { invoice: 'B', amountCents: 2000 },
    { invoice: 'A', amountCents: 1000 },
  ];
  it('spreads the balance over the newest invoices: the oldest are paid first', () => {
    expect([...spreadBalance(6000, newestFirst)]).toEqual([
      ['C', 3000],
      ['B', 2000],
      ['A', 1000],
    ]);
    expect([...spreadBalance(4000, newestFirst)]).toEqual([
      ['C', 3000],
      ['B', 1000],
      ['A', 0],
    ]);
    expect([...spreadBalance(0, newestFirst)].map(([, c]) => c)).toEqual([0, 0, 0]);
    expect([...spreadBalance(-500, newestFirst)].map(([, c]) => c)).toEqual([0, 0, 0]);
    // More owed than the unpaid invoices add up to: each is owed in full, never more.
    expect([...spreadBalance(9000, newestFirst)].map(([, c]) => c)).toEqual([3000, 2000, 1000]);
  });
});

describe('auto-billing', () => {
  const autoCard = async (owner: string, ccn4: string) => {
    const id = await cardId(owner, ccn4);
    await t.db.update(cards).set({ onAutoBilling: false }).where(eq(cards.owner, owner));
    await t.db.update(cards).set({ onAutoBilling: true }).where(eq(cards.id, id));
  };
  const nextHour = async () => {
    t.clock.advance(3600_000);
    await t.drainJobs();
  };

  it('charges a due invoice once to the auto-billing card, with a receipt; never again', async () => {
    await t.drainJobs();
    await autoCard('alice', '1111');
    await t.db.update(accounts).set({ balanceCents: 8995 }).where(eq(accounts.logname, 'alice'));
    // Her invoice was tried on its due date (declined): here it is a fresh one.
    await t.db.delete(payments).where(eq(payments.invoice, latest.invoice));
    await t.db
      .update(invoices)
      .set({ autoBillAttemptedAt: null })
      .where(eq(invoices.invoice, latest.invoice));
    const sent = t.sent.length;
    await nextHour();
    const paid = await t.db.select().from(payments).where(eq(payments.invoice, latest.invoice));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'approved', amountCents: 8995, ccn4: '1111', owner: 'alice' });
    const inv = must(
      (await t.db.select().from(invoices).where(eq(invoices.invoice, latest.invoice)))[0],
      'inv',
    );
    expect(inv.paidAt).not.toBeNull();
    expect(await balance('alice')).toBe(0);
    // The mails of this charge (as the clock runs on, other mails may fall due in the same hour).
    expect(
      sentSince(sent)
        .filter((m) => [alice.logname, latest.invoice].some((w) => `${m.subject}\n${m.body}`.includes(w)))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['accounting@example.net', alice.email, 'noc@example.net']);
    // Later runs charge nothing more.
    await t.db.update(accounts).set({ balanceCents: 8995 }).where(eq(accounts.logname, 'alice'));
    await nextHour();
    await nextHour();
    expect(await t.db.select().from(payments).where(eq(payments.invoice, latest.invoice))).toHaveLength(1);
  });

  const day = (offsetDays = 0) =>
    new Date(t.clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const addInvoice = async (owner: string, invoice: string, amountCents: number, invdate: string) => {
    await t.db.insert(invoices).values({ invoice, owner, invdate, duedate: invdate, amountCents });
    // The back office raises the balance with each invoice.
    await t.db
      .update(accounts)
      .set({ balanceCents: (await balance(owner)) + amountCents })
      .where(eq(accounts.logname, owner));
  };
  const chargedFor = async (invoice: string) =>
    (await t.db.select().from(payments).where(eq(payments.invoice, invoice))).map((p) => p.amountCents);

  it('a portal payment pays the oldest invoices first; auto-billing never charges them when a newer one raises the balance', async () => {
    await nextHour();
    await autoCard('bob', '0015');
    await t.db.update(accounts).set({ balanceCents: 0 }).where(eq(accounts.logname, 'bob'));
    await addInvoice('bob', 'T-OLD', 5000, day(-1));
    // Paid in the portal before auto-billing ran: no invoice named, the oldest is the one paid.
    const paid = await as('bob').post('/api/single-payment', payment({ account: 'bob', amount: '50.00' }));
    expect(paid.status).toBe(200);
    expect(await balance('bob')).toBe(0);
    const list = await as('bob').get('/api/invoices/bob');
    expect(list.body.data.find((i: { invoice: string }) => i.invoice === 'T-OLD').paid).toBe(true);
    await addInvoice('bob', 'T-NEW', 8000, day());
    await nextHour();
    expect(await chargedFor('T-OLD')).toEqual([]);
    expect(await chargedFor('T-NEW')).toEqual([8000]);
    expect(await balance('bob')).toBe(0);
  });

  it('an invoice the balance already covers is claimed, not charged, and not charged later either', async () => {
    // Covered by a payment the back office recorded: the balance does not include it.
    await t.db.insert(invoices).values({
      invoice: 'T-COVERED',
      owner: 'bob',
      invdate: day(),
      duedate: day(),
      amountCents: 3000,
    });
    await nextHour();
    const covered = must(
      (await t.db.select().from(invoices).where(eq(invoices.invoice, 'T-COVERED')))[0],
      'covered',
    );
    expect(covered.autoBillAttemptedAt).not.toBeNull();
    expect(await chargedFor('T-COVERED')).toEqual([]);
    // The next invoice raises the balance: only it is charged, only what it adds.
    t.clock.advance(86_400_000);
    await addInvoice('bob', 'T-LATER', 4000, day());
    await nextHour();
    expect(await chargedFor('T-COVERED')).toEqual([]);
    expect(await chargedFor('T-LATER')).toEqual([4000]);
    expect(await balance('bob')).toBe(0);
  });

  it('two due invoices the balance both covers are each charged their part, never more than the balance', async () => {
    await t.db.update(accounts).set({ balanceCents: 0 }).where(eq(accounts.logname, 'bob'));
    t.clock.advance(86_400_000);
    await addInvoice('bob', 'T-PAIR-1', 2500, day(-1));
    await addInvoice('bob', 'T-PAIR-2', 1500, day());
    // A part of the older one was paid meanwhile: 1000 of it is still owed.
    await t.db.update(accounts).set({ balanceCents: 2500 }).where(eq(accounts.logname, 'bob'));
    await nextHour();
    expect(await chargedFor('T-PAIR-1')).toEqual([1000]);
    expect(await chargedFor('T-PAIR-2')).toEqual([1500]);
    expect(await balance('bob')).toBe(0);
  });

  it('records and mails a decline with its next try, and does not retry it before then', async () => {
    await autoCard('bob', '0015');
    await t.db.update(accounts).set({ balanceCents: 2 }).where(eq(accounts.logname, 'bob'));
    const today = t.clock.now().toISOString().slice(0, 10).replace(/-/g, '');
    await t.db
      .insert(invoices)
      .values({ invoice: 'T-DECLINE', owner: 'bob', invdate: today, duedate: today, amountCents: 2 });
    const sent = t.sent.length;
    await nextHour();
    const rows = await t.db.select().from(payments).where(eq(payments.invoice, 'T-DECLINE'));
    expect(rows.map((r) => r.status)).toEqual(['declined']);
    const inv = must((await t.db.select().from(invoices).where(eq(invoices.invoice, 'T-DECLINE')))[0], 'inv');
    expect(inv.paidAt).toBeNull();
    expect(inv.autoBillAttemptedAt).not.toBeNull();
    const declines = sentSince(sent).filter((m) => m.subject.includes('declined'));
    // Told what happens next; accounting only when the tries stop (dunning.test.ts).
    expect(declines.map((m) => m.to)).toEqual([bob.email]);
    expect(declines[0]?.body).toContain('It will be tried again automatically on');
    for (let i = 0; i < 3; i++) await nextHour();
    expect(await t.db.select().from(payments).where(eq(payments.invoice, 'T-DECLINE'))).toHaveLength(1);
    expect(await balance('bob')).toBe(2);
  });
});
