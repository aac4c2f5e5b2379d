import { noticeText } from '@portal/contract/notifications/messages';
import { passkeyText } from '@portal/contract/security/passkey-messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { SoftAuthenticator } from '../../../test/support/soft-authenticator.ts';
import { relyingParty } from '../../auth/passkeys.ts';
import { auditLog, noticePreferences, recoveryEmails } from '../../db/schema.ts';
import { mailCustomer } from '../../lib/notify.ts';

/**
 * Customer mail (docs/decisions/106-customer-mail-routing.md). Copies of a category of customer mail to one of the account's Secondary accounts or confirmed
 * recovery addresses (docs/decisions/106-customer-mail-routing.md): each named id is looked up with
 * the account as its owner, through HTTP; `off` stops the copies too; staff changes are audited.
 * The passkey notices and the API token expiry notice are security notices: they reach the bill
 * address and every confirmed recovery address whatever the preferences say, never a pending
 * recovery address, and carry no unsubscribe.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
});
afterAll(() => t.close());

/** A Primary with a Secondary, a confirmed and a pending recovery address. */
async function family() {
  const primary = await f.makeAccount();
  const secondary = await f.makeAccount({ primary });
  const [confirmed, pending] = await t.db
    .insert(recoveryEmails)
    .values([
      {
        owner: primary.logname,
        contactInfo: `${primary.logname}-rescue@example.test`,
        confirmedAt: t.clock.now(),
      },
      { owner: primary.logname, contactInfo: `${primary.logname}-pending@example.test`, confirmedAt: null },
    ])
    .returning({ id: recoveryEmails.id, address: recoveryEmails.contactInfo });
  if (!confirmed || !pending) throw new Error('recovery addresses not made');
  return { primary, secondary, confirmed, pending };
}

const set = (as: Account, body: Record<string, unknown>) => f.as(as).post('/api/set-notice-preference', body);

/** Queues one billing mail through mailCustomer, delivers it, returns where it went. */
async function billingMailTo(who: Account): Promise<string[]> {
  const subject = `copy probe ${Math.random().toString(36).slice(2, 10)}`;
  await t.db.transaction((tx) =>
    mailCustomer(t.app.deps.outbox, tx, {
      account: who.logname,
      category: 'billing',
      kind: 'test.billing',
      write: () => ({ subject, body: 'Hello.' }),
    }),
  );
  await t.drainJobs();
  return t.sent
    .filter((m) => m.subject === subject)
    .map((m) => m.to)
    .sort();
}

const rowOf = async (owner: string) =>
  (
    await t.db
      .select()
      .from(noticePreferences)
      .where(and(eq(noticePreferences.owner, owner), eq(noticePreferences.category, 'billing')))
  )[0] ?? null;

describe('copies of a category', () => {
  it('go to the Secondary’s bill address and a confirmed recovery address, and stop with off', async () => {
    const { primary, secondary, confirmed } = await family();
    const listed = await f.as(primary).get(`/api/notice-preferences/${primary.logname}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.copy_targets).toEqual({
      secondaries: [{ logname: secondary.logname, address: secondary.email }],
      recovery: [{ id: confirmed.id, address: confirmed.address }],
    });
    expect(await billingMailTo(primary)).toEqual([primary.email]);

    const res = await set(primary, {
      logname: primary.logname,
      category: 'billing',
      send_to: 'bill',
      copy_secondary: secondary.logname,
      copy_recovery: confirmed.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(noticeText.saved('Billing'));
    expect(
      res.body.data.preferences.find((p: { category: string }) => p.category === 'billing'),
    ).toMatchObject({
      send_to: 'bill',
      copy_secondary: secondary.logname,
      copy_recovery: confirmed.id,
    });
    expect(await billingMailTo(primary)).toEqual([primary.email, confirmed.address, secondary.email].sort());

    // The spec-shaped payload (no copy fields) changes where it goes and keeps the copies.
    const own = await set(primary, { logname: primary.logname, category: 'billing', send_to: 'off' });
    expect(own.status).toBe(200);
    expect(await rowOf(primary.logname)).toMatchObject({
      copySecondary: secondary.logname,
      copyRecovery: confirmed.id,
    });
    expect(await billingMailTo(primary)).toEqual([]);

    // null removes a copy.
    await set(primary, {
      logname: primary.logname,
      category: 'billing',
      send_to: 'bill',
      copy_recovery: null,
    });
    expect(await billingMailTo(primary)).toEqual([primary.email, secondary.email].sort());
  });

  it('refuses another customer’s Secondary or recovery address, a pending one, and security; nothing changes', async () => {
    const mine = await family();
    const theirs = await family();
    const body = { logname: mine.primary.logname, category: 'billing', send_to: 'both' };
    const attempts = [
      [
        { ...body, copy_secondary: theirs.secondary.logname },
        'copy_secondary',
        noticeText.copySecondaryUnknown,
      ],
      [
        { ...body, copy_secondary: theirs.primary.logname },
        'copy_secondary',
        noticeText.copySecondaryUnknown,
      ],
      [{ ...body, copy_secondary: mine.primary.logname }, 'copy_secondary', noticeText.copySecondaryUnknown],
      [{ ...body, copy_secondary: 'nosuchaccount' }, 'copy_secondary', noticeText.copySecondaryUnknown],
      [{ ...body, copy_recovery: theirs.confirmed.id }, 'copy_recovery', noticeText.copyRecoveryUnknown],
      [{ ...body, copy_recovery: mine.pending.id }, 'copy_recovery', noticeText.copyRecoveryUnknown],
      [{ ...body, copy_recovery: 2_000_000_000 }, 'copy_recovery', noticeText.copyRecoveryUnknown],
    ] as const;
    for (const [attempt, field, text] of attempts) {
      const res = await set(mine.primary, attempt);
      expect(res.status, JSON.stringify(attempt)).toBe(400);
      expect(res.body.message).toBe(text);
      expect(res.body.errors).toEqual({ [field]: text });
    }
    // Security is locked, and another account's preferences are not the caller's to name.
    const elsewhere = [
      [{ ...body, category: 'security', copy_recovery: mine.confirmed.id }, 422],
      [{ ...body, logname: theirs.primary.logname, copy_secondary: theirs.secondary.logname }, 403],
    ] as const;
    for (const [attempt, status] of elsewhere)
      expect((await set(mine.primary, attempt)).status, JSON.stringify(attempt)).toBe(status);
    expect(await rowOf(mine.primary.logname)).toBeNull();
    expect(await billingMailTo(mine.primary)).toEqual([mine.primary.email]);
    expect(await rowOf(theirs.primary.logname)).toBeNull();
  });

  it('staff set a copy on a customer’s account: audited and on the activity list', async () => {
    const { primary, secondary } = await family();
    const staff = await f.makeAccount({ role: 'staff' });
    const res = await set(staff, {
      logname: primary.logname,
      category: 'billing',
      send_to: 'bill',
      copy_secondary: secondary.logname,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'POST /api/set-notice-preference'), eq(auditLog.account, primary.logname)),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ operator: staff.logname, details: { copy_secondary: secondary.logname } });
    const activity = await f.as(primary).get(`/api/account-activity/${primary.logname}`);
    expect(JSON.stringify(activity.body.data.events)).toContain(
      `Billing notifications: Bill email. Copy to Secondary ${secondary.logname}.`,
    );
  });
});

const DAY = 86_400_000;

/** A made account with one confirmed and one pending recovery address, and every choice it may make off. */
async function quietAccount() {
  const account = await f.makeAccount();
  const confirmed = `${account.logname}-rescue@example.test`;
  const pending = `${account.logname}-pending@example.test`;
  await t.db.insert(recoveryEmails).values([
    { owner: account.logname, contactInfo: confirmed, confirmedAt: t.clock.now() },
    { owner: account.logname, contactInfo: pending, confirmedAt: null },
  ]);
  for (const category of ['billing', 'domains', 'mail', 'news']) {
    const res = await f
      .as(account)
      .post('/api/set-notice-preference', { logname: account.logname, category, send_to: 'off' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { account, confirmed, pending };
}

/** The delivered mails to the made account's own addresses (every address holds its logname) with a subject. */
const mailsOf = (logname: string, subject: (s: string) => boolean) =>
  t.sent.filter(
    (m) => /^[@-]/.test(m.to.slice(logname.length)) && m.to.startsWith(logname) && subject(m.subject),
  );
const recipients = (logname: string, subject: (s: string) => boolean) =>
  mailsOf(logname, subject)
    .map((m) => m.to)
    .sort();

const isPasskey = (s: string) => s === passkeyText.addedSubject || s === passkeyText.removedSubject;
const isExpiry = (s: string) => s.startsWith('API token "Routing probe" expires on');

describe('security notices through mailCustomer', () => {
  it('tell of a new and a removed passkey at the bill and confirmed recovery addresses, preferences off', async () => {
    const { account, confirmed } = await quietAccount();
    const auth = new SoftAuthenticator(relyingParty(t.app.deps.config).origin);
    const options = await f.as(account).post('/api/passkey-register-options', { logname: account.logname });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const made = await f.as(account).post('/api/passkey-register', {
      logname: account.logname,
      name: 'Routing probe',
      response: auth.create(options.body.data),
      password: account.password,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const removed = await f.as(account).post('/api/delete-passkey', {
      logname: account.logname,
      id: made.body.data.id,
      password: account.password,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await t.drainJobs();

    const mails = mailsOf(account.logname, isPasskey);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        passkeyText.addedSubject,
        passkeyText.addedSubject,
        passkeyText.removedSubject,
        passkeyText.removedSubject,
      ].sort(),
    );
    expect(recipients(account.logname, isPasskey)).toEqual(
      [account.email, account.email, confirmed, confirmed].sort(),
    );
    for (const m of mails) {
      expect(m.headers?.['List-Unsubscribe']).toBeUndefined();
      expect(m.body).not.toContain('/api/unsubscribe/');
    }
  });

  it('tell of an API token about to expire the same way, once', async () => {
    const { account, confirmed } = await quietAccount();
    const res = await f.as(account).post('/api/create-api-token', {
      logname: account.logname,
      name: 'Routing probe',
      scope: 'read',
      expires: new Date(t.clock.now().getTime() + 20 * DAY).toISOString(),
      password: account.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.drainJobs();
    expect(recipients(account.logname, isExpiry)).toEqual([]);
    t.clock.advance(13 * DAY + 3_600_000);
    try {
      await t.drainJobs();
      t.clock.advance(3 * 3_600_000);
      await t.drainJobs();
      expect(recipients(account.logname, isExpiry)).toEqual([account.email, confirmed].sort());
      const mail = mailsOf(account.logname, isExpiry)[0];
      expect(mail?.subject).toContain('"Routing probe" expires on');
      expect(mail?.headers?.['List-Unsubscribe']).toBeUndefined();
    } finally {
      t.clock.advance(-(13 * DAY + 4 * 3_600_000));
    }
  });
});
