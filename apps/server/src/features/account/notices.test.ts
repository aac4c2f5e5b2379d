import { billingText } from '@portal/contract/billing/messages';
import { billingTextEs } from '@portal/contract/billing/messages.es';
import { domainText } from '@portal/contract/domains/messages';
import { domainTextEs } from '@portal/contract/domains/messages.es';
import { commonText } from '@portal/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { accounts, invoices } from '../../db/schema.ts';

/**
 * GET /api/notices/{logname} (docs/decisions/107-home-notices.md): what needs the customer, each
 * source's notice there when it should be and gone when it should not, with data made relative to
 * the test clock.
 */
describe('GET /api/notices/:logname', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await build({ demo: false });
    f = factories(t);
  });
  afterAll(() => t.close());

  const DAY = 86_400_000;
  const notices = async (who: Account, of = who.logname) => {
    const res = await f.as(who).get(`/api/notices/${of}`);
    expect(res.status).toBe(200);
    return res.body.data as Array<{ kind: string; text: string; action: { label: string; to: string } }>;
  };
  /** The card's MMYY expiry `days` from the clock's now. */
  const expiryIn = (days: number) => {
    const d = new Date(t.clock.now().getTime() + days * DAY);
    return `${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
  };
  const setBalance = (who: Account, cents: number) =>
    t.db.update(accounts).set({ balanceCents: cents }).where(eq(accounts.logname, who.logname));

  it('a customer with nothing due has no notices', async () => {
    const owner = await f.makeAccount();
    await f.makeDomain({ owner, expires: f.inDays(200) });
    await f.makeCard({ owner, autoBilling: true });
    expect(await notices(owner)).toEqual([]);
  });

  it('an overdue invoice until it is paid', async () => {
    const owner = await f.makeAccount({ fields: { balance_cents: 2500 } });
    const inv = await f.makeInvoice({ owner, amount: 25, date: f.inDays(-33), due: f.inDays(-3) });
    // Not yet due: nothing.
    await f.makeInvoice({ owner, amount: 0, date: f.inDays(-1), due: f.inDays(20) });
    expect(await notices(owner)).toEqual([
      {
        kind: 'billing.invoice-overdue',
        text: billingText.overdueNotice(inv.invoice, '25.00', inv.due, 3),
        action: { label: billingText.retryActionPay, to: '/make-payment?amount=25.00' },
      },
    ]);
    // Paid (the balance no longer owes it): gone.
    await setBalance(owner, 0);
    expect(await notices(owner)).toEqual([]);
  });

  it('an invoice whose auto-billing is retried is told once, as the retry', async () => {
    const owner = await f.makeAccount({ fields: { balance_cents: 4000 } });
    const inv = await f.makeInvoice({ owner, amount: 40, date: f.inDays(-32), due: f.inDays(-2) });
    const next = new Date(t.clock.now().getTime() + DAY);
    await t.db
      .update(invoices)
      .set({ autoBillAttempts: 1, autoBillAttemptedAt: t.clock.now(), autoBillNextAt: next })
      .where(and(eq(invoices.invoice, inv.invoice), eq(invoices.owner, owner.logname)));
    expect(await notices(owner)).toEqual([
      {
        kind: 'billing.retrying',
        text: billingText.retryNoticeNext(inv.invoice, next.toISOString().slice(0, 10)),
        action: { label: billingText.retryActionCard, to: '/edit-cc' },
      },
    ]);
  });

  it('the card on auto-billing expiring within 30 days or before the next due invoice', async () => {
    // This month's card: told when the month ends within 30 days (on every day but the 1st of a
    // 31-day month), and always once an invoice falls due after it.
    const soon = await f.makeAccount();
    await f.makeCard({ owner: soon, last4: '4242', autoBilling: true, expiry: expiryIn(0) });
    const now = t.clock.now();
    const monthEnds = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    expect((await notices(soon)).length).toBe(monthEnds <= today + 30 * DAY ? 1 : 0);
    await f.makeInvoice({ owner: soon, amount: 0, date: f.inDays(-1), due: f.inDays(40) });
    const [notice] = await notices(soon);
    expect(notice?.kind).toBe('billing.card-expiring');
    expect(notice?.text).toContain('The card ending 4242 used for auto-billing expires at the end of');
    expect(notice?.action).toEqual({ label: billingText.retryActionCard, to: '/edit-cc' });

    // Expiring in about three months: nothing, until an invoice falls due after it.
    const later = await f.makeAccount();
    const expiry = expiryIn(95);
    await f.makeCard({ owner: later, last4: '5555', autoBilling: true, expiry });
    expect(await notices(later)).toEqual([]);
    await f.makeInvoice({ owner: later, amount: 0, date: f.inDays(-1), due: f.inDays(130) });
    expect(await notices(later)).toEqual([
      {
        kind: 'billing.card-expiring',
        text: billingText.cardExpiringNotice('5555', `${expiry.slice(0, 2)}/${expiry.slice(2)}`, false),
        action: { label: billingText.retryActionCard, to: '/edit-cc' },
      },
    ]);

    // Expired already, and a card not on auto-billing is not told.
    const gone = await f.makeAccount();
    await f.makeCard({ owner: gone, last4: '0005', autoBilling: true, expiry: expiryIn(-40) });
    await f.makeCard({ owner: gone, last4: '0006', autoBilling: false, expiry: expiryIn(-40) });
    expect((await notices(gone)).map((n) => n.text)).toEqual([
      billingText.cardExpiringNotice('0005', `${expiryIn(-40).slice(0, 2)}/${expiryIn(-40).slice(2)}`, true),
    ]);
  });

  it('a domain expiring within 30 days without auto-renew; not on auto-renew, not let expire, not later', async () => {
    const owner = await f.makeAccount();
    const soon = await f.makeDomain({ owner, expires: f.inDays(12) });
    await f.makeDomain({ owner, expires: f.inDays(10), autoRenew: true });
    await f.makeDomain({ owner, expires: f.inDays(8), fields: { abandon: 1 } });
    await f.makeDomain({ owner, expires: f.inDays(45) });
    expect(await notices(owner)).toEqual([
      {
        kind: 'domains.expiring',
        text: domainText.expiringNotice(soon.domain, f.inDays(12)),
        action: { label: domainText.renewActionLabel(soon.domain), to: `/domain-renewal/${soon.domain}` },
      },
    ]);
  });

  it("in the caller's language: Spanish when it asks for Spanish, English otherwise; the kind never changes", async () => {
    const owner = await f.makeAccount({ fields: { balance_cents: 2500 } });
    const inv = await f.makeInvoice({ owner, amount: 25, date: f.inDays(-33), due: f.inDays(-3) });
    const soon = await f.makeDomain({ owner, expires: f.inDays(12) });
    const es = await t.request('GET', `/api/notices/${owner.logname}`, {
      token: await t.token(owner.logname, owner.password),
      headers: { 'accept-language': 'es-US,es;q=0.9' },
    });
    expect(es.status).toBe(200);
    expect(es.body.data).toEqual([
      {
        kind: 'billing.invoice-overdue',
        text: billingTextEs.overdueNotice(inv.invoice, '25.00', inv.due, 3),
        action: { label: billingTextEs.retryActionPay, to: '/make-payment?amount=25.00' },
      },
      {
        kind: 'domains.expiring',
        text: domainTextEs.expiringNotice(soon.domain, f.inDays(12)),
        action: { label: domainTextEs.renewActionLabel(soon.domain), to: `/domain-renewal/${soon.domain}` },
      },
    ]);
    expect(es.body.data[0].text).toContain('vencía');
    expect((await notices(owner)).map((n) => n.text)).toEqual([
      billingText.overdueNotice(inv.invoice, '25.00', inv.due, 3),
      domainText.expiringNotice(soon.domain, f.inDays(12)),
    ]);
  });

  it("another customer's notices are refused through HTTP; staff read them; a Secondary has no billing", async () => {
    const owner = await f.makeAccount();
    const soon = await f.makeDomain({ owner, expires: f.inDays(5) });
    const other = await f.makeAccount();
    const staff = await f.makeAccount({ role: 'staff' });
    const secondary = await f.makeAccount({ primary: owner, fields: { dashboard_admin: true } });

    const attack = await f.as(other).get(`/api/notices/${owner.logname}`);
    expect(attack.status).toBe(403);
    expect(JSON.stringify(attack.body)).not.toContain(soon.domain);
    // Missing and foreign look the same to a customer.
    expect((await f.as(other).get('/api/notices/nosuchaccount')).status).toBe(403);
    expect((await t.as(null).get(`/api/notices/${owner.logname}`)).status).toBe(401);
    expect((await notices(staff, owner.logname)).map((n) => n.kind)).toEqual(['domains.expiring']);
    // A dashboard admin sees its primary's domains, not its billing: refused here.
    expect((await f.as(secondary).get(`/api/notices/${owner.logname}`)).status).toBe(403);
    const own = await f.as(secondary).get(`/api/notices/${secondary.logname}`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(commonText.secondaryNoBilling);
  });
});
