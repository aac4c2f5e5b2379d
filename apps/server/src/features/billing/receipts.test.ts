import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { dateInWords, zoneOfAddress } from './receipt.ts';
import { payment as cardPayment } from '../../../test/support/card-bodies.ts';

const payment = (over: Record<string, unknown> = {}) =>
  cardPayment({ account: alice.logname, email: alice.email, amount: '12.00', ...over });

let t: TestApp;
let f: ReturnType<typeof factories>;
/** A customer whose address is in Maine (Eastern time), paying with a typed-in card ending 1111. */
let alice: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  alice = await f.makeAccount();
  await f.makeAddress({ owner: alice, state: 'ME' });
});
afterAll(() => t.close());

describe('payment receipts', () => {
  const LURE = 'Your account is locked: verify at http://phish.example/login';

  beforeAll(() => t.drainJobs());

  it('a receipt to an address that is not the account’s own carries no customer-written text', async () => {
    const before = t.sent.length;
    const res = await f
      .as(alice)
      .post('/api/single-payment', payment({ email: 'victim@example.org', comments: LURE }));
    expect(res.status).toBe(200);
    await t.drainJobs();
    const mails = t.sent.slice(before);
    const toVictim = mails.filter((m) => m.to === 'victim@example.org');
    expect(toVictim).toHaveLength(1);
    expect(`${toVictim[0]?.subject}\n${toVictim[0]?.body}`).not.toContain('phish');
    expect(toVictim[0]?.body).toContain('$12.00');
    // Accounting still sees what the customer wrote.
    const internal = mails.filter((m) => m.to !== 'victim@example.org');
    expect(internal.length).toBeGreaterThan(0);
    for (const m of internal) expect(m.body).toContain(LURE);
  });

  it('a receipt to the account’s own billing address keeps the comments', async () => {
    const before = t.sent.length;
    const res = await f
      .as(alice)
      .post('/api/single-payment', payment({ comments: 'For the November invoice' }));
    expect(res.status).toBe(200);
    await t.drainJobs();
    const [own] = t.sent.slice(before).filter((m) => m.to === alice.email);
    expect(own?.body).toContain('Comments: For the November invoice');
  });

  it('reads as words in the customer’s time zone: no ISO timestamp, no "For: payment"', async () => {
    const before = t.sent.length;
    const res = await f.as(alice).post('/api/single-payment', payment({ amount: '7.50' }));
    expect(res.status).toBe(200);
    await t.drainJobs();
    const [own] = t.sent.slice(before).filter((m) => m.to === alice.email);
    const [row] = await t.db.select().from(payments).where(eq(payments.transId, res.body.data.trans_id));
    if (!own || !row) throw new Error('no receipt mail or no payment row');
    // alice's address is in Maine: Eastern time.
    expect(own.body).toContain(`Date: ${dateInWords(row.date, 'America/New_York')}`);
    expect(own.body).toContain('Paid: Your account balance');
    expect(own.body).toContain('Card: ending in 1111');
    expect(own.body).toContain(`Transaction ID: ${res.body.data.trans_id}`);
    expect(own.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(own.body).not.toContain('For: payment');
    // The receipt screen's row says the same.
    const recent = await f.as(alice).get(`/api/recent-payments/${alice.logname}`);
    expect(recent.status, JSON.stringify(recent.body)).toBe(200);
    const shown = recent.body.data.payments.find(
      (r: { trans_id: string }) => r.trans_id === res.body.data.trans_id,
    );
    expect(shown).toMatchObject({
      amount: 7.5,
      ccn4: '1111',
      paid_for: 'Your account balance',
      date_words: dateInWords(row.date, 'America/New_York'),
    });
  });
});

describe('the customer’s time zone and date in words', () => {
  it('comes from the address’s state; UTC outside the US or when unknown', () => {
    expect(zoneOfAddress('ME', 'US')).toBe('America/New_York');
    expect(zoneOfAddress('ca', 'US')).toBe('America/Los_Angeles');
    expect(zoneOfAddress('', 'US')).toBe('UTC');
    expect(zoneOfAddress('ON', 'CA')).toBe('UTC');
  });
  it('says the day, the time and the zone', () => {
    // 02:30 UTC on 28 November is still the 27th in Maine.
    const at = new Date('2026-11-28T02:30:00Z');
    expect(dateInWords(at, 'America/New_York')).toBe('November 27, 2026 at 9:30 PM EST');
    expect(dateInWords(at, 'UTC')).toBe('November 28, 2026 at 2:30 AM UTC');
  });
});
