import { billingText } from '@portal/contract/billing/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { accounts, cards, invoices, payments } from '../../db/schema.ts';
import { type ChargeResult, SandboxGateway } from '../../integrations/gateway/index.ts';
import { attemptOutcome, nextTryAt, retryNotices, retrySoon, tryDate } from './dunning.ts';
import { RECONCILE_DELAY_MS } from './payments.ts';
import { STALE_PENDING_MS, sweepStalePayments } from './workers.ts';

type Step = 'approve' | 'soft' | 'hard' | 'approve-then-die';

/**
 * The gateway as the tests need it: each new idempotency key takes the next scripted answer; a key
 * seen before gets its first answer again (as Authorize.Net's duplicate check and the sandbox do);
 * 'approve-then-die' charges the card and then throws, as a worker dying before it records the
 * answer; findCharge tells what a key charged.
 */
class ScriptedGateway extends SandboxGateway {
  script: Step[] = [];
  keys: string[] = [];
  readonly charged = new Map<string, ChargeResult>();
  /** Runs while a new charge is in flight, before the gateway has answered. */
  inFlight?: (key: string) => Promise<void>;
  override async chargeStoredCard(input: { idempotencyKey: string }): Promise<ChargeResult> {
    const key = input.idempotencyKey;
    this.keys.push(key);
    const seen = this.charged.get(key);
    if (seen) return seen;
    await this.inFlight?.(key);
    const step = this.script.shift() ?? 'approve';
    const n = this.charged.size + 1;
    const result: ChargeResult =
      step === 'soft'
        ? {
            outcome: 'declined',
            transId: `D${n}`,
            message: 'This transaction has been declined.',
            reasonCode: '2',
          }
        : step === 'hard'
          ? { outcome: 'declined', transId: `D${n}`, message: 'Pick up the card.', reasonCode: '4' }
          : { outcome: 'approved', transId: `A${n}`, authCode: 'OK', ccn4: '4242' };
    this.charged.set(key, result);
    if (step === 'approve-then-die') throw new Error('the worker died before recording the answer');
    return result;
  }
  override async findCharge(key: string): Promise<ChargeResult | null> {
    return this.charged.get(key) ?? null;
  }
  approvals(): number {
    return [...this.charged.values()].filter((r) => r.outcome === 'approved').length;
  }
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TestApp;
let gw: ScriptedGateway;

beforeAll(async () => {
  gw = new ScriptedGateway();
  t = await build({ demo: false, gateway: gw, env: { AUTOBILL_RETRY_DAYS: '1,3,5,7' } });
  await t.drainJobs();
});
afterAll(() => t.close());

let uid = 987_000;
const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/** An account of its own with a card on auto-billing and one invoice due today, all of it owed. */
async function setup(logname: string, amountCents = 4500): Promise<{ invoice: string; email: string }> {
  const email = `${logname}@dunning.example.org`;
  const invoice = `T-${logname}`;
  uid++;
  await t.db.insert(accounts).values({ logname, uid, billEmail: email, balanceCents: amountCents });
  await t.db.insert(cards).values({
    owner: logname,
    cid: `cp-${logname}`,
    paymentProfileId: `pp-${logname}`,
    ccn4: '4242',
    cardType: 'Visa',
    expdate: '1230',
    onAutoBilling: true,
  });
  const today = yyyymmdd(t.clock.now());
  await t.db
    .insert(invoices)
    .values({ invoice, owner: logname, invdate: today, duedate: today, amountCents });
  return { invoice, email };
}

const advance = async (ms: number) => {
  t.clock.advance(ms);
  await t.drainJobs();
  await t.drainJobs();
};
const attempts = async (invoice: string) =>
  (
    await t.db
      .select({ key: payments.idempotencyKey, status: payments.status })
      .from(payments)
      .where(eq(payments.invoice, invoice))
      .orderBy(asc(payments.date), asc(payments.idempotencyKey))
  ).map((p) => `${p.key} ${p.status}`);
const invoiceRow = async (invoice: string) => {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.invoice, invoice));
  if (!row) throw new Error(`no invoice ${invoice}`);
  return row;
};
const mailsTo = (to: string, from: number) =>
  t.sent.slice(from).filter((m) => m.to === to || m.body.includes(to.split('@')[0] ?? to));

/** The jobs a card change enqueued run: the invoice's second try is approved and pays it. */
async function expectPaidOnSecondTry(invoice: string) {
  await t.drainJobs();
  await t.drainJobs();
  expect(await attempts(invoice)).toEqual([`autobill:${invoice} declined`, `autobill:${invoice}:2 approved`]);
  expect((await invoiceRow(invoice)).paidAt).not.toBeNull();
}

describe('classifying declines', () => {
  it('soft declines and errors retry; lost, stolen, invalid and expired cards stop', () => {
    const declined = (reasonCode?: string): ChargeResult => ({
      outcome: 'declined',
      message: 'x',
      reasonCode,
    });
    expect(attemptOutcome(declined('2'))).toBe('soft_decline');
    expect(attemptOutcome(declined('44'))).toBe('soft_decline');
    expect(attemptOutcome(declined())).toBe('soft_decline');
    for (const code of ['4', '6', '8', '37']) expect(attemptOutcome(declined(code))).toBe('hard_decline');
    expect(attemptOutcome({ outcome: 'error', message: 'x' })).toBe('error');
  });

  it('the schedule counts from the first attempt, never less than a day after the last', () => {
    const first = new Date('2026-01-01T10:00:00Z');
    expect(nextTryAt([1, 3], first, 1, first)?.toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(nextTryAt([1, 3], first, 2, new Date('2026-01-02T10:00:00Z'))?.toISOString()).toBe(
      '2026-01-04T10:00:00.000Z',
    );
    // A try made early (a new card) on day 3.5: the next scheduled one is a day later at least.
    expect(nextTryAt([1, 3, 4], first, 3, new Date('2026-01-04T22:00:00Z'))?.toISOString()).toBe(
      '2026-01-05T22:00:00.000Z',
    );
    expect(nextTryAt([1, 3], first, 3, first)).toBeNull();
  });
});

describe('auto-billing retries', () => {
  it('declined, declined, approved: each attempt its own payment, the customer told each time, paid once', async () => {
    const { invoice, email } = await setup('dunsoft');
    gw.script = ['soft', 'soft', 'approve'];
    const from = t.sent.length;
    await advance(HOUR);
    const first = (await invoiceRow(invoice)).autoBillAttemptedAt;
    if (!first) throw new Error('not attempted');
    expect(await attempts(invoice)).toEqual([`autobill:${invoice} declined`]);
    const notices = await retryNotices(t.db, 'dunsoft', t.clock.now());
    expect(notices).toEqual([
      {
        kind: 'billing.retrying',
        text: billingText.retryNoticeNext(invoice, tryDate(new Date(first.getTime() + DAY))),
        action: { label: billingText.retryActionCard, to: '/edit-cc' },
      },
    ]);
    // Not before its day.
    await advance(12 * HOUR);
    expect(await attempts(invoice)).toHaveLength(1);
    await advance(12 * HOUR);
    expect(await attempts(invoice)).toEqual([
      `autobill:${invoice} declined`,
      `autobill:${invoice}:2 declined`,
    ]);
    await advance(2 * DAY);
    expect(await attempts(invoice)).toEqual([
      `autobill:${invoice} declined`,
      `autobill:${invoice}:2 declined`,
      `autobill:${invoice}:3 approved`,
    ]);
    expect((await invoiceRow(invoice)).paidAt).not.toBeNull();
    expect(await retryNotices(t.db, 'dunsoft', t.clock.now())).toEqual([]);
    // Nothing after the invoice is paid.
    await advance(6 * DAY);
    expect(await attempts(invoice)).toHaveLength(3);
    const customer = t.sent.slice(from).filter((m) => m.to === email);
    const declines = customer.filter((m) => m.subject === billingText.autobillDeclinedSubject(invoice));
    // The text before the unsubscribe footer (lib/notify.ts): its last line says what happens next.
    expect(declines.map((m) => m.body.split('\n\n--\n')[0]?.trimEnd().split('\n').at(-1))).toEqual([
      billingText.autobillNextTry(tryDate(new Date(first.getTime() + DAY))),
      billingText.autobillNextTry(tryDate(new Date(first.getTime() + 3 * DAY))),
    ]);
    // Then the receipt of the one approved charge (besides the new-invoice mail, billing/reminders.ts);
    // accounting never hears of a stop.
    expect(customer.filter((m) => m.subject !== `New invoice ${invoice}`).length).toBe(3);
    expect(customer.at(-1)?.subject).not.toBe(billingText.autobillDeclinedSubject(invoice));
    expect(t.sent.slice(from).filter((m) => m.subject.includes('Auto-billing stopped for dunsoft'))).toEqual(
      [],
    );
    expect(gw.keys.filter((k) => k.startsWith(`autobill:${invoice}`))).toHaveLength(3);
  });

  it('after the last scheduled try accounting is told, and the tries stop', async () => {
    const { invoice, email } = await setup('dunlast');
    gw.script = ['soft', 'soft', 'soft', 'soft', 'soft'];
    const from = t.sent.length;
    for (let day = 0; day < 10; day++) await advance(DAY);
    expect(await attempts(invoice)).toEqual([
      `autobill:${invoice} declined`,
      `autobill:${invoice}:2 declined`,
      `autobill:${invoice}:3 declined`,
      `autobill:${invoice}:4 declined`,
      `autobill:${invoice}:5 declined`,
    ]);
    const declines = t.sent
      .slice(from)
      .filter((m) => m.to === email && m.subject === billingText.autobillDeclinedSubject(invoice));
    expect(declines).toHaveLength(5);
    expect(declines.at(-1)?.body).toContain(billingText.autobillLastTry);
    const accounting = t.sent
      .slice(from)
      .filter((m) => m.subject === billingText.autobillAccountingSubject('dunlast', invoice));
    expect(accounting.map((m) => m.to)).toEqual(['accounting@example.net']);
    expect((await invoiceRow(invoice)).autoBillNextAt).toBeNull();
    expect((await retryNotices(t.db, 'dunlast', t.clock.now())).map((n) => n.kind)).toEqual([
      'billing.retry-stopped',
    ]);
  });

  it('a hard decline stops at once and asks for a new card; a card update then tries once more', async () => {
    const { invoice, email } = await setup('dunhard');
    gw.script = ['hard'];
    const from = t.sent.length;
    await advance(HOUR);
    const decline = mailsTo(email, from).filter(
      (m) => m.subject === billingText.autobillDeclinedSubject(invoice),
    );
    expect(decline).toHaveLength(1);
    expect(decline[0]?.body).toContain(billingText.autobillNewCard);
    expect(
      t.sent
        .slice(from)
        .filter((m) => m.subject === billingText.autobillAccountingSubject('dunhard', invoice)),
    ).toHaveLength(1);
    for (let day = 0; day < 8; day++) await advance(DAY);
    expect(await attempts(invoice)).toEqual([`autobill:${invoice} declined`]);
    // The customer updates the card: one more try, at once, however often the change is saved.
    gw.script = ['approve'];
    expect(await retrySoon(t.db, 'dunhard', t.clock.now())).toBe(1);
    await retrySoon(t.db, 'dunhard', t.clock.now());
    await expectPaidOnSecondTry(invoice);
    await advance(DAY);
    expect(await attempts(invoice)).toHaveLength(2);
  });

  it('a card updated while a retry is scheduled tries once now; the schedule goes on from there', async () => {
    const { invoice } = await setup('dunupd');
    gw.script = ['soft', 'soft', 'approve'];
    await advance(HOUR);
    await advance(2 * HOUR);
    expect(await attempts(invoice)).toHaveLength(1);
    await retrySoon(t.db, 'dunupd', t.clock.now());
    await t.drainJobs();
    expect(await attempts(invoice)).toEqual([
      `autobill:${invoice} declined`,
      `autobill:${invoice}:2 declined`,
    ]);
    // Not again on day 1: the next is a day after the early try at least.
    await advance(21 * HOUR);
    expect(await attempts(invoice)).toHaveLength(2);
    await advance(3 * DAY);
    expect(await attempts(invoice)).toEqual([
      `autobill:${invoice} declined`,
      `autobill:${invoice}:2 declined`,
      `autobill:${invoice}:3 approved`,
    ]);
  });

  it('Add/Edit Credit Card: updating the auto-billing card tries a declined invoice again at once', async () => {
    // A customer who can sign in, with a card on auto-billing and an invoice due today.
    const f = factories(t);
    const alice = await f.makeAccount({ fields: { balance_cents: 3100 } });
    await f.makeCard({ owner: alice, autoBilling: true });
    const [card] = await t.db.select().from(cards).where(eq(cards.owner, alice.logname)).limit(1);
    if (!card) throw new Error('alice has no card');
    const invoice = `T-${alice.logname}-update`;
    const today = yyyymmdd(t.clock.now());
    await t.db
      .insert(invoices)
      .values({ invoice, owner: alice.logname, invdate: today, duedate: today, amountCents: 3100 });
    gw.script = ['soft', 'approve'];
    await advance(HOUR);
    expect(await attempts(invoice)).toEqual([`autobill:${invoice} declined`]);
    const updated = await f
      .as(alice)
      .post('/api/update-card', { account: alice.logname, id: card.id, expdate: '04/31', auto_bill: 1 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await expectPaidOnSecondTry(invoice);
  });

  it('a charge in flight is not taken for an interrupted one when the runner’s clock is ahead of the database’s', async () => {
    const { invoice } = await setup('dunfly');
    // The job runner's clock a day ahead of the database server's.
    t.clock.set(new Date(Math.max(t.clock.now().getTime(), Date.now()) + DAY));
    let status = '';
    // Another worker's sweep runs while the card is being charged.
    gw.inFlight = async (key) => {
      gw.inFlight = undefined;
      await sweepStalePayments(t.app);
      const [row] = await t.db.select().from(payments).where(eq(payments.idempotencyKey, key));
      status = row?.status ?? '';
    };
    await advance(HOUR);
    expect(status).toBe('pending');
    expect(await attempts(invoice)).toEqual([`autobill:${invoice} approved`]);
    const [acct] = await t.db.select().from(accounts).where(eq(accounts.logname, 'dunfly'));
    expect(acct?.balanceCents).toBe(0);
  });

  it('a worker dies mid-attempt: the charge is reconciled, charged once, the invoice paid once, no more tries', async () => {
    const { invoice } = await setup('dundie');
    gw.script = ['soft', 'approve-then-die'];
    const approvalsBefore = gw.approvals();
    await advance(HOUR);
    // Day 1: the card is charged and the worker dies before it records the answer.
    await advance(DAY);
    expect(gw.charged.get(`autobill:${invoice}:2`)?.outcome).toBe('approved');
    // The sweep finds the payment its process left pending; the reconcile job asks the gateway.
    await advance(STALE_PENDING_MS + 60_000);
    await advance(RECONCILE_DELAY_MS + 60_000);
    expect(await attempts(invoice)).toEqual([
      `autobill:${invoice} declined`,
      `autobill:${invoice}:2 approved`,
    ]);
    const row = await invoiceRow(invoice);
    expect(row.paidAt).not.toBeNull();
    const [acct] = await t.db.select().from(accounts).where(eq(accounts.logname, 'dundie'));
    expect(acct?.balanceCents).toBe(0);
    // The scheduled day 3 comes and goes: the invoice is paid, nothing more is charged.
    await advance(3 * DAY);
    expect(await attempts(invoice)).toHaveLength(2);
    expect(gw.approvals() - approvalsBefore).toBe(1);
    expect(gw.keys.filter((k) => k === `autobill:${invoice}:2`)).toHaveLength(1);
  });
});
