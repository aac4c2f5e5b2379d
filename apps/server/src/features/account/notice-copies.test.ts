import { noticeText } from '@portal/contract/notifications/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { auditLog, noticePreferences, recoveryEmails } from '../../db/schema.ts';
import { mailCustomer } from '../../lib/notify.ts';

/**
 * Copies of a category of customer mail to one of the account's Secondary accounts or confirmed
 * recovery addresses (docs/decisions/106-customer-mail-routing.md): each named id is looked up with
 * the account as its owner, through HTTP; `off` stops the copies too; staff changes are audited.
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
      subject,
      body: 'Hello.',
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
    const locked = await set(mine.primary, {
      logname: mine.primary.logname,
      category: 'security',
      send_to: 'bill',
      copy_recovery: mine.confirmed.id,
    });
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe(noticeText.securityLocked);
    expect(await rowOf(mine.primary.logname)).toBeNull();
    expect(await billingMailTo(mine.primary)).toEqual([mine.primary.email]);

    // Nor may the account name its copies for another account's preferences.
    const other = await set(mine.primary, {
      logname: theirs.primary.logname,
      category: 'billing',
      send_to: 'bill',
      copy_secondary: theirs.secondary.logname,
    });
    expect(other.status).toBe(403);
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
