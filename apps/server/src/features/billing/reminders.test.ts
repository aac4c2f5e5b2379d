import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, cards, invoices } from '../../db/schema.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { mailsTo } from '../../../test/support/mail.ts';
import { cardMilestone } from './reminders.ts';

const DAY = 86_400_000;
const START = new Date('2026-03-01T12:00:00Z');

describe('invoice reminders, driven by the clock on every worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false, start: START });
    await t.db.insert(accounts).values([
      {
        logname: 'rita',
        uid: 7101,
        firstName: 'Rita',
        lastName: 'Moss',
        billEmail: 'rita@example.net',
        balanceCents: 7000,
      },
      {
        logname: 'cora',
        uid: 7102,
        firstName: 'Cora',
        lastName: 'Lane',
        billEmail: 'cora@example.net',
        balanceCents: 3000,
      },
    ]);
    await t.db.insert(invoices).values([
      { invoice: 'R-100', owner: 'rita', invdate: '20260215', duedate: '20260310', amountCents: 5000 },
      { invoice: 'R-200', owner: 'rita', invdate: '20260301', duedate: '20260320', amountCents: 2000 },
      // Far from due: only checked for no due-soon reminder while a card is on auto-billing.
      { invoice: 'C-300', owner: 'cora', invdate: '20260301', duedate: '20260415', amountCents: 3000 },
    ]);
    await t.db.insert(cards).values({
      owner: 'cora',
      cid: 'c-1',
      paymentProfileId: 'p-1',
      ccn4: '4242',
      cardType: 'Visa',
      expdate: '2030-12',
      onAutoBilling: true,
    });
  }, 120_000);
  afterAll(() => t?.close());

  it('sends each reminder once, on its day, and none once the invoice is paid', async () => {
    const stepMs = 12 * 60 * 60_000;
    // The test clock's day on which each message was queued (the outbox stamps the database's time).
    const dayOf = new Map<number, string>();
    for (let at = START.getTime(); at <= START.getTime() + 44 * DAY; at += stepMs) {
      t.clock.set(new Date(at));
      // R-200 is paid the day before it is due: no overdue reminder follows.
      if (new Date(at).toISOString().startsWith('2026-03-19T00')) {
        await t.db.update(invoices).set({ paidAt: t.clock.now() }).where(eq(invoices.invoice, 'R-200'));
        await t.db.update(accounts).set({ balanceCents: 5000 }).where(eq(accounts.logname, 'rita'));
      }
      await t.drainJobs();
      for (const m of await mailsTo(t))
        if (!dayOf.has(m.id)) dayOf.set(m.id, t.clock.now().toISOString().slice(0, 10));
    }
    const rita = (await mailsTo(t, { account: 'rita' }))
      .filter((m) => m.kind.startsWith('notices.'))
      .reverse();
    expect(rita.map((m) => [m.kind, m.subject, m.toAddr, dayOf.get(m.id)])).toEqual([
      // Dated the first day: new; R-100, dated before the window, is not mailed as new.
      ['notices.invoice-new', 'New invoice R-200', 'rita@example.net', '2026-03-01'],
      ['notices.invoice-due-soon', 'Invoice R-100 is due on 2026-03-10', 'rita@example.net', '2026-03-07'],
      ['notices.invoice-overdue', 'Invoice R-100 is 1 day overdue', 'rita@example.net', '2026-03-11'],
      ['notices.invoice-overdue', 'Invoice R-100 is 7 days overdue', 'rita@example.net', '2026-03-17'],
      ['notices.invoice-due-soon', 'Invoice R-200 is due on 2026-03-20', 'rita@example.net', '2026-03-17'],
    ]);
    expect(rita[0]?.body.split('\n\n--\n')[0]).toBe(
      'Invoice R-200 of 2026-03-01 for $20.00 is due on 2026-03-20. It is attached as a PDF, and on View Invoices in the members portal.\n',
    );
    expect(rita[0]?.attachments).toEqual([{ kind: 'invoice-pdf', owner: 'rita', invoice: 'R-200' }]);
    expect(rita[1]?.body.split('\n\n--\n')[0]).toBe(
      'Invoice R-100 for $50.00 is due on 2026-03-10. No card is on auto-billing, so it will not be paid automatically: please pay it on Make a Payment in the members portal.\n',
    );
    expect(rita[2]?.body.split('\n\n--\n')[0]).toBe(
      'Invoice R-100 for $50.00 was due on 2026-03-10 and is not paid yet. Please pay it on Make a Payment in the members portal.\n',
    );
    // On auto-billing: the new invoice, and no due-soon reminder.
    const cora = (await mailsTo(t, { account: 'cora' })).filter((m) => m.kind.startsWith('notices.'));
    expect(cora.map((m) => m.subject)).toEqual(['New invoice C-300']);
    // Counted for the operators, by kind (docs/operations.md, "Metrics").
    const metric = await t.app.deps.metrics.registry.getSingleMetric('portal_reminders_sent')?.get();
    expect(metric?.values.map((v) => [v.labels.kind, v.value]).sort()).toEqual([
      ['invoice-due-soon', 2],
      ['invoice-new', 2],
      ['invoice-overdue', 2],
    ]);
  }, 600_000);
});

describe('card expiry reminder', () => {
  it('is due 30 days before the card runs out, then 7; none after nor earlier', () => {
    expect([31, 30, 8, 7, 1, 0, -1].map(cardMilestone)).toEqual([null, 30, 30, 7, 7, 7, null]);
  });
});
