import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, domains, invoices, tempEmails } from '../../src/db/schema.ts';
import { factories } from '../support/factories.ts';
import { stepDays } from '../support/days.ts';
import { build, type TestApp } from '../support/helper.ts';
import { mailsTo } from '../support/mail.ts';

const DAY = 86_400_000;

/**
 * The reminders over 60 days (docs/decisions/105-the-remaining-reminders.md): accounts made with the
 * factories, the test clock moved a day at a time, the jobs drained on every instance (two with
 * TEST_INSTANCES=2), and every reminder mail checked: which, to whom, on which day, once.
 */
describe('60 days of reminders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
  }, 120_000);
  afterAll(() => t?.close());

  it('sends each reminder once, on its day; respects preferences and unsubscribe; none after paying or renewing', async () => {
    const f = factories(t);
    const start = t.clock.now().getTime();
    const day0 = Date.UTC(
      t.clock.now().getUTCFullYear(),
      t.clock.now().getUTCMonth(),
      t.clock.now().getUTCDate(),
    );
    // Ann: no card; two invoices (one paid on day 12), a domain on auto-renew (unsubscribed on day 15).
    const ann = await f.makeAccount({ fields: { balance_cents: 6500 } });
    const old = await f.makeInvoice({ owner: ann, amount: 40, date: f.inDays(-20), due: f.inDays(10) });
    const later = await f.makeInvoice({ owner: ann, amount: 25, date: f.inDays(5), due: f.inDays(25) });
    const annAuto = await f.makeDomain({ owner: ann, expires: f.inDays(45), autoRenew: true });
    // Bob: a card on auto-billing that runs out in 35 to 65 days, and three domains.
    const bob = await f.makeAccount();
    const cardMonth = new Date(start + 35 * DAY);
    const cardEnd = Date.UTC(cardMonth.getUTCFullYear(), cardMonth.getUTCMonth() + 1, 0);
    const cardDays = Math.round((cardEnd - day0) / DAY);
    const expiry = `${String(cardMonth.getUTCMonth() + 1).padStart(2, '0')}${String(cardMonth.getUTCFullYear() % 100).padStart(2, '0')}`;
    await f.makeCard({ owner: bob, last4: '1234', expiry, autoBilling: true });
    const bobAuto = await f.makeDomain({ owner: bob, expires: f.inDays(40), autoRenew: true });
    const bobManual = await f.makeDomain({ owner: bob, expires: f.inDays(20) });
    await f.makeDomain({ owner: bob, expires: f.inDays(9), fields: { abandon: 1 } });
    // Carol: domain mail turned off; a temporary alias expiring on day 10 (fades on day 17).
    const carol = await f.makeAccount();
    const pref = await f
      .as(carol)
      .post('/api/set-notice-preference', { logname: carol.logname, category: 'domains', send_to: 'off' });
    expect(pref.status).toBe(200);
    await f.makeDomain({ owner: carol, expires: f.inDays(25) });
    const alias = `fade${Date.now().toString(36)}`;
    await t.db.insert(tempEmails).values({
      owner: carol.logname,
      name: alias,
      forwardsTo: carol.email,
      expires: new Date(start + 10 * DAY),
    });

    const dayOf = await stepDays(t, 60, {
      before: async (day) => {
        if (day === 12) {
          // The old invoice paid the day after its first overdue reminder.
          await t.db.update(invoices).set({ paidAt: t.clock.now() }).where(eq(invoices.invoice, old.invoice));
          await t.db.update(accounts).set({ balanceCents: 2500 }).where(eq(accounts.logname, ann.logname));
        }
        if (day === 15) {
          // Renewed by hand: its expiry moves a year on.
          await t.db
            .update(domains)
            .set({ expirationDate: f.inDays(365 + 5) })
            .where(eq(domains.domain, bobManual.domain));
        }
      },
      after: async (day) => {
        if (day !== 15) return;
        // Ann unsubscribes from domain mail with the one-click link of the one she just got.
        const [mail] = await mailsTo(t, { account: ann.logname, kind: 'notices.domain-expiring' });
        const link = /^<https?:\/\/[^/]+(\/api\/unsubscribe\/[^>]+)>$/.exec(
          mail?.headers?.['List-Unsubscribe'] ?? '',
        );
        if (!link?.[1]) throw new Error('no unsubscribe link in the domain mail');
        const res = await t.request('POST', link[1], {
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(res.status).toBe(200);
      },
    });

    const who = new Map([
      [ann.logname, 'ann'],
      [bob.logname, 'bob'],
      [carol.logname, 'carol'],
    ]);
    const got = (await mailsTo(t))
      .filter((m) => m.kind.startsWith('notices.') && m.account && who.has(m.account))
      .reverse()
      .map((m) => [dayOf.get(m.id), who.get(m.account ?? ''), m.subject] as const);
    const byDay = (a: readonly [number | undefined, string | undefined, string], b: typeof a) =>
      (a[0] ?? 0) - (b[0] ?? 0) || String(a[1]).localeCompare(String(b[1])) || a[2].localeCompare(b[2]);
    // In order of days: within one day the jobs of different areas may run in either order.
    expect(got.map((m) => m[0])).toEqual([...got.map((m) => m[0])].sort((a, b) => (a ?? 0) - (b ?? 0)));
    const expected: [number, string, string][] = [
      [0, 'bob', `${bobManual.domain} expires in 20 days`],
      [5, 'ann', `New invoice ${later.invoice}`],
      [7, 'ann', `Invoice ${old.invoice} is due on ${old.due}`],
      [10, 'bob', `${bobAuto.domain} renews automatically in 30 days`],
      [11, 'ann', `Invoice ${old.invoice} is 1 day overdue`],
      [13, 'bob', `${bobManual.domain} expires in 7 days`],
      [15, 'ann', `${annAuto.domain} expires in 30 days: no card is on auto-billing`],
      [15, 'carol', `Temporary alias ${alias}@${t.app.deps.config.TEMP_EMAIL_DOMAIN} fades in 2 days`],
      [22, 'ann', `Invoice ${later.invoice} is due on ${later.due}`],
      [26, 'ann', `Invoice ${later.invoice} is 1 day overdue`],
      [32, 'ann', `Invoice ${later.invoice} is 7 days overdue`],
      [33, 'bob', `${bobAuto.domain} renews automatically in 7 days`],
      [39, 'bob', `${bobAuto.domain} renews automatically in 1 day`],
      [Math.max(0, cardDays - 30), 'bob', `Your card ending 1234 expires in ${Math.min(30, cardDays)} days`],
      [cardDays - 7, 'bob', 'Your card ending 1234 expires in 7 days'],
    ];
    expect([...got].sort(byDay)).toEqual(expected.sort(byDay));
  }, 900_000);
});
