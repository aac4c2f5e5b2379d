import { noticeText } from '@portal/contract/notifications/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { accounts, auditLog, noticePreferences, recoveryEmails } from '../../db/schema.ts';
import { mailCustomer, unsubscribeToken } from '../../lib/notify.ts';

/**
 * Notification preferences (docs/decisions/055-notification-preferences.md): where each category
 * of customer mail goes, security locked, staff changes audited, and the one-click unsubscribe
 * (RFC 8058) whose token turns off one category of one account and nothing else.
 */

let t: TestApp;
/** bob has a recovery address (security mail goes there too); staff may change anyone's. */
let bobRescue: string;
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const { bob } = await f.makeSignedIn({ alice: {}, bob: {}, staff: { role: 'staff' } });
  if (!bob) throw new Error('bob was not made');
  bobRescue = (await f.makeRecoveryEmail({ owner: bob })).email;
});
afterAll(() => t.close());

const BILL = (who: string) => `${who}-bill@example.org`;
const own = (who: string) => `${who}@${t.app.deps.config.MAILBOX_DOMAIN}`.toLowerCase();

/** Gives the account a known bill address and no preferences: the test's own starting point. */
async function fresh(who: string) {
  await t.db
    .update(accounts)
    .set({ billEmail: BILL(who) })
    .where(eq(accounts.logname, who));
  await t.db.delete(noticePreferences).where(eq(noticePreferences.owner, who));
}

/** Queues one mail of the category through mailCustomer, delivers it, returns what went out. */
async function mail(
  who: string,
  category: 'billing' | 'domains' | 'mail' | 'news' | 'security',
  essential?: boolean,
) {
  const subject = `probe ${category} ${Math.random().toString(36).slice(2, 8)}`;
  const queued = await t.db.transaction((tx) =>
    mailCustomer(t.app.deps.outbox, tx, {
      account: who,
      category,
      kind: `test.${category}`,
      write: () => ({ subject, body: 'Hello.' }),
      essential,
    }),
  );
  await t.drainJobs();
  const sent = t.sent.filter((m) => m.subject === subject);
  expect(sent).toHaveLength(queued);
  return sent;
}

const set = (as: string, who: string, category: string, send_to: string) =>
  t.as(as).post('/api/set-notice-preference', { logname: who, category, send_to });

describe('notification preferences', () => {
  it('decide where a category goes: the bill email by default, the own address, both, or nowhere', async () => {
    await fresh('alice');
    expect((await mail('alice', 'domains')).map((m) => m.to)).toEqual([BILL('alice')]);

    const res = await set('alice', 'alice', 'domains', 'own');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(noticeText.saved('Domains'));
    expect(res.body.data.preferences).toContainEqual({
      category: 'domains',
      send_to: 'own',
      locked: false,
      copy_secondary: null,
      copy_recovery: null,
    });
    expect((await mail('alice', 'domains')).map((m) => m.to)).toEqual([own('alice')]);
    // Only that category moved.
    expect((await mail('alice', 'billing')).map((m) => m.to)).toEqual([BILL('alice')]);

    await set('alice', 'alice', 'domains', 'both');
    expect((await mail('alice', 'domains')).map((m) => m.to).sort()).toEqual(
      [BILL('alice'), own('alice')].sort(),
    );

    await set('alice', 'alice', 'domains', 'off');
    expect(await mail('alice', 'domains')).toEqual([]);

    const read = await t.as('alice').get('/api/notice-preferences/alice');
    expect(read.status).toBe(200);
    expect(read.body.data.addresses).toEqual({
      bill: BILL('alice'),
      own: `alice@${t.app.deps.config.MAILBOX_DOMAIN}`,
    });
    expect(read.body.data.preferences.map((p: { category: string }) => p.category)).toEqual([
      'billing',
      'domains',
      'mail',
      'security',
      'news',
    ]);
  });

  it('security cannot be turned off: a clear refusal, nothing changed, and security mail still goes', async () => {
    await fresh('alice');
    const res = await set('alice', 'alice', 'security', 'off');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(noticeText.securityLocked);
    expect(await t.db.select().from(noticePreferences).where(eq(noticePreferences.owner, 'alice'))).toEqual(
      [],
    );
    const read = await t.as('alice').get('/api/notice-preferences/alice');
    expect(read.body.data.preferences).toContainEqual({
      category: 'security',
      send_to: 'bill',
      locked: true,
      copy_secondary: null,
      copy_recovery: null,
    });
    // Essential mail (a receipt) goes to the bill address even with its category off.
    await set('alice', 'alice', 'billing', 'off');
    expect((await mail('alice', 'billing', true)).map((m) => m.to)).toEqual([BILL('alice')]);
    expect(await mail('alice', 'billing')).toEqual([]);
  });

  it('security mail also goes to confirmed recovery addresses', async () => {
    await fresh('bob');
    const recovery = await t.db
      .select({ email: recoveryEmails.contactInfo })
      .from(recoveryEmails)
      .where(eq(recoveryEmails.owner, 'bob'));
    const sent = await mail('bob', 'security');
    expect(sent.map((m) => m.to)).toContain(BILL('bob'));
    expect(sent.map((m) => m.to)).toContain(bobRescue);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(1 + recovery.length);
  });

  it('a bad value or category is refused and changes nothing', async () => {
    await fresh('alice');
    expect((await set('alice', 'alice', 'domains', 'fax')).status).toBe(400);
    expect((await set('alice', 'alice', 'weather', 'off')).status).toBe(400);
    expect(await t.db.select().from(noticePreferences).where(eq(noticePreferences.owner, 'alice'))).toEqual(
      [],
    );
  });

  it('a customer cannot read or change another account’s preferences', async () => {
    await fresh('bob');
    expect((await t.as('alice').get('/api/notice-preferences/bob')).status).toBe(403);
    expect((await set('alice', 'bob', 'news', 'off')).status).toBe(403);
    expect(await t.db.select().from(noticePreferences).where(eq(noticePreferences.owner, 'bob'))).toEqual([]);
  });

  it('staff see and change a customer’s preferences; the change is audited and on the activity list', async () => {
    await fresh('bob');
    expect((await t.as('staff').get('/api/notice-preferences/bob')).status).toBe(200);
    const res = await set('staff', 'bob', 'news', 'off');
    expect(res.status).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/set-notice-preference'), eq(auditLog.account, 'bob')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.operator).toBe('staff');
    expect(JSON.stringify(audit)).toContain('"to":"off"');
    const activity = await t.as('bob').get('/api/account-activity/bob');
    expect(JSON.stringify(activity.body.data.events)).toContain('Service news notifications: Off.');
  });
});

describe('one-click unsubscribe', () => {
  it('non-essential mail carries the RFC 8058 headers and a plain line; essential mail does not', async () => {
    await fresh('alice');
    const [news] = await mail('alice', 'news');
    const url = `${t.app.deps.config.publicUrl}/api/unsubscribe/${unsubscribeToken(t.app.deps.secretBox, 'alice', 'news')}`;
    expect(news?.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(news?.body).toContain(noticeText.unsubscribeLine('Service news', url));
    const [receipt] = await mail('alice', 'billing', true);
    expect(receipt?.headers ?? null).toBeNull();
    expect(receipt?.body).toBe('Hello.');
    const [security] = await mail('alice', 'security');
    expect(security?.headers ?? null).toBeNull();
  });

  it('GET only shows a page; the one-click POST turns off that category of that account only', async () => {
    await fresh('alice');
    await fresh('bob');
    const path = `/api/unsubscribe/${unsubscribeToken(t.app.deps.secretBox, 'alice', 'news')}`;
    const page = await t.request('GET', path);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<form method="post">');
    expect(await t.db.select().from(noticePreferences).where(eq(noticePreferences.owner, 'alice'))).toEqual(
      [],
    );

    const post = await t.request('POST', path, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(200);
    expect(String(post.body)).toContain('Service news mails for account alice are turned off.');
    const rows = await t.db
      .select({
        owner: noticePreferences.owner,
        category: noticePreferences.category,
        sendTo: noticePreferences.sendTo,
      })
      .from(noticePreferences);
    expect(rows.filter((r) => r.owner === 'alice' || r.owner === 'bob')).toEqual([
      { owner: 'alice', category: 'news', sendTo: 'off' },
    ]);
    expect(await mail('alice', 'news')).toEqual([]);
    expect(await mail('alice', 'domains')).toHaveLength(1);
  });

  it('a forged token, another account’s signature or a security token is refused and changes nothing', async () => {
    await fresh('alice');
    await fresh('bob');
    const box = t.app.deps.secretBox;
    const [, , aliceMac] = unsubscribeToken(box, 'alice', 'news').split('.');
    const bobName = Buffer.from('bob').toString('base64url');
    const forged = [
      `${bobName}.news.${aliceMac}`, // alice's signature on bob's name
      unsubscribeToken(box, 'alice', 'news').replace('.news.', '.mail.'), // another category
      `${bobName}.news.${'A'.repeat(43)}`,
      unsubscribeToken(box, 'alice', 'security'),
    ];
    for (const token of forged) {
      const res = await t.request('POST', `/api/unsubscribe/${token}`, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(404);
      expect(String(res.body)).toContain(noticeText.unsubscribeInvalid);
    }
    const rows = await t.db.select().from(noticePreferences);
    expect(rows.filter((r) => r.owner === 'alice' || r.owner === 'bob')).toEqual([]);
  });
});
