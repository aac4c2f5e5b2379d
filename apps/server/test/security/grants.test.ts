import { must } from '../support/must.ts';
import { commonText } from '@portal/contract/messages';
import { mailText } from '@portal/contract/mail/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, domainGrants, mailVacationRules, recoveryEmails } from '../../src/db/schema.ts';
import { factories, makeCast, requestsAs } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';
import { mailsTo } from '../support/mail.ts';

/**
 * Lasting grants (docs/security.md), as a thief with a stolen session would try them: plant a recovery address,
 * a domain admin or a dashboard admin (each a way back in after the owner changes the password),
 * or make the ISP's vacation replies come from someone else's address.
 */
const PASSWORD = 'grants-test-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
/** The uids of alice's two Secondaries (update-admins names them). */
let secondaries: [number, number];
beforeAll(async () => {
  t = await build({ demo: false });
  const { alice, bob, carol, dave } = await makeCast(t, PASSWORD);
  secondaries = [carol.uid, dave.uid];
  const f = factories(t);
  // alice's bill address is at her own domain; she and bob have confirmed recovery addresses.
  await t.db
    .update(accounts)
    .set({ billEmail: 'alice@anderson-design.com' })
    .where(eq(accounts.logname, 'alice'));
  for (const domain of ['anderson-design.com', 'harbor-studio.org'])
    await f.makeDomain({ owner: alice, domain });
  await f.makeDomain({ owner: bob, domain: 'bakersdozen.com' });
  await f.makeRecoveryEmail({ owner: alice, email: 'alice.personal@mail.example.net' });
  await f.makeRecoveryEmail({ owner: alice, email: 'a.anderson@backup.example.org' });
  await f.makeRecoveryEmail({ owner: bob, email: 'bob.recovery@example.com' });
  as = requestsAs(t, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const mailTo = (to: string, kind?: string) => mailsTo(t, { to, kind });
const linkToken = (body: string) => /\/api\/confirm-address\/([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
const recoveryOf = (owner: string, email: string) =>
  t.db
    .select()
    .from(recoveryEmails)
    .where(and(eq(recoveryEmails.owner, owner), eq(recoveryEmails.contactInfo, email)));

describe('lasting grants need the current password', () => {
  it.each([
    ['/api/add-recovery-email', { logname: 'alice', email: 'thief@evil-mail.com' }],
    ['/api/addadmin', { domain: 'anderson-design.com', newadmin: 'bob', logname: 'alice', all: 1 }],
    ['/api/update-admins', { logname: 'alice', admins: '5003,5004' }],
  ])('%s: a stolen session without the password changes nothing (400, then 403)', async (url, body) => {
    const grantsBefore = await t.db.select().from(domainGrants);
    const missing = await as('alice').post(url, body);
    expect(missing.status, JSON.stringify(missing.body)).toBe(400);
    expect(missing.body.message, JSON.stringify(missing.body)).toBe(commonText.grantPasswordRequired);
    expect(missing.body).toMatchObject({ status: 0, message: commonText.grantPasswordRequired });
    expect(missing.body.errors.password).toBe(commonText.grantPasswordRequired);
    const wrong = await as('alice').post(url, { ...body, password: 'guessed-wrong' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ status: 0, message: commonText.grantPasswordWrong, code: 'forbidden' });
    expect(await recoveryOf('alice', 'thief@evil-mail.com')).toHaveLength(0);
    expect(await t.db.select().from(domainGrants)).toEqual(grantsBefore);
  });

  it('update-admins with the password goes through', async () => {
    const res = await as('alice').post('/api/update-admins', {
      logname: 'alice',
      admins: String(secondaries[1]),
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
  });

  it('addadmin with the password grants, and the account is told by mail', async () => {
    const res = await as('alice').post('/api/addadmin', {
      domain: 'harbor-studio.org',
      newadmin: 'bob',
      logname: 'alice',
      all: 0,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    const notice = must(
      (await mailTo('alice@anderson-design.com', 'notice.domain-admin-added'))[0],
      'notice',
    );
    expect(notice.body).toContain('alice made account bob an admin of harbor-studio.org');
    expect(notice.body).not.toContain(PASSWORD);
  });

  it('staff working on the account are not asked; the audit log says so', async () => {
    const res = await as('staff').post('/api/add-recovery-email', {
      logname: 'bob',
      email: 'bob.new@example.com',
    });
    expect(res.status).toBe(200);
    const entry = must(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'POST /api/add-recovery-email'))
          .orderBy(desc(auditLog.id))
          .limit(1)
      )[0],
      'entry',
    );
    expect(entry).toMatchObject({ operator: 'staff', account: 'bob' });
    expect(entry.details).toMatchObject({ password_check: 'not asked: staff' });
  });
});

describe('a new recovery address counts only once confirmed', () => {
  const address = 'alice.new@example.org';

  it('is stored pending; the address gets a link, the bill and other recovery addresses are told', async () => {
    const res = await as('alice').post('/api/add-recovery-email', {
      logname: 'alice',
      email: address,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(mailText.recoveryAddedPending(address));
    expect(res.body.data.confirmed).toBe(false);
    const row = must((await recoveryOf('alice', address))[0], 'row');
    expect(row.confirmedAt).toBeNull();
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const link = must((await mailTo(address, 'recovery.confirm'))[0], 'link');
    expect(linkToken(link.body)).not.toBe('');
    // Only the hash of the link's token is stored.
    expect(link.body).not.toContain(row.tokenHash);
    for (const told of [
      'alice@anderson-design.com',
      'alice.personal@mail.example.net',
      'a.anderson@backup.example.org',
    ]) {
      const notice = must((await mailTo(told, 'notice.recovery-added'))[0], 'notice');
      expect(notice.body).toContain(`${address} was added as a recovery address of account alice`);
    }
    expect(await mailTo(address, 'notice.recovery-added')).toHaveLength(0);
    const list = await as('alice').get('/api/get-recovery-emails/alice');
    expect(
      list.body.data.email_list.find((e: { contact_info: string }) => e.contact_info === address),
    ).toMatchObject({
      confirmed: false,
    });
  });

  it('a reset asked for the pending address sends nothing; once confirmed by its link it does', async () => {
    // A reset request is answered at once and worked by a job: ask, then run it.
    const ask = async () => {
      const res = await as(null).post('/api/forgot-panel-password', { account: 'alice', email: address });
      await t.drainJobs();
      return res;
    };
    expect((await ask()).status).toBe(200);
    expect(await mailTo(address, 'reset.panel')).toHaveLength(0);
    const link = must((await mailTo(address, 'recovery.confirm'))[0], 'link');
    const page = await as(null).post(`/api/confirm-address/${linkToken(link.body)}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`${address} is confirmed`);
    const row = must((await recoveryOf('alice', address))[0], 'row');
    expect(row.confirmedAt).not.toBeNull();
    expect(row.tokenHash).toBeNull();
    expect((await ask()).status).toBe(200);
    expect(await mailTo(address, 'reset.panel')).toHaveLength(1);
    // The link works once.
    expect((await as(null).get(`/api/confirm-address/${linkToken(link.body)}`)).status).toBe(404);
  });

  it('an expired link confirms nothing', async () => {
    const late = 'alice.late@example.org';
    await as('alice').post('/api/add-recovery-email', { logname: 'alice', email: late, password: PASSWORD });
    const link = must((await mailTo(late, 'recovery.confirm'))[0], 'link');
    t.clock.advance(49 * 3600_000);
    expect((await as(null).get(`/api/confirm-address/${linkToken(link.body)}`)).status).toBe(404);
    const row = must((await recoveryOf('alice', late))[0], 'row');
    expect(row.confirmedAt).toBeNull();
  });
});

describe('the account is told when its password changes', () => {
  it('mails the bill and recovery addresses, never the password', async () => {
    const newPassword = 'Quiet-Harbor-Lantern-42';
    const token = (
      await t.request('POST', '/api/miglogin', { body: { username: 'bob', password: PASSWORD } })
    ).body.data.id_token;
    const res = await t.request('POST', '/api/user-change-password', {
      token,
      body: {
        username: 'bob',
        old_password: PASSWORD,
        new_password: newPassword,
        conf_password: newPassword,
      },
    });
    expect(res.status).toBe(200);
    for (const told of ['bob@example.test', 'bob.recovery@example.com']) {
      const notice = must((await mailTo(told, 'notice.password-changed'))[0], 'notice');
      expect(notice.body).toContain('password of account bob was changed (by bob)');
      expect(notice.body).not.toContain(newPassword);
      expect(notice.body).not.toContain(PASSWORD);
    }
  });
});

describe('the auto-responder cannot forge a sender', () => {
  // A sign-in of its own: the expired-link test above moved the clock past the cached token's life.
  let token = '';
  beforeAll(async () => {
    const res = await t.request('POST', '/api/miglogin', {
      body: { username: 'alice', password: PASSWORD },
    });
    token = res.body.data.id_token;
  });
  const post = (body: unknown) => t.request('POST', '/api/auto-responder', { token, body });
  const rule = (reply_to: string) => {
    // The view compares with the database's clock, not the test's (which earlier tests moved on).
    const start = new Date(Date.now() - 3600_000).toISOString();
    const end = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
    return { logname: 'alice', start, end, message: 'Away this week.', instructions: '', reply_to };
  };
  const liveRule = async () =>
    (await t.db.select().from(mailVacationRules).where(eq(mailVacationRules.logname, 'alice')))[0];

  it('a stranger’s address waits, pending and not live, until it follows its link', async () => {
    const res = await post(rule('security@somebank.com'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(mailText.replyToPending('security@somebank.com'));
    expect(res.body.data.confirmed).toBe(false);
    // The vacation responder reads this view: nothing answers from the bank's address.
    expect(await liveRule()).toBeUndefined();
    const link = must((await mailTo('security@somebank.com', 'auto-responder.confirm'))[0], 'link');
    // Opening the link changes nothing; its page's button (a POST) confirms.
    expect((await as(null).get(`/api/confirm-address/${linkToken(link.body)}`)).status).toBe(200);
    expect(await liveRule()).toBeUndefined();
    const page = await as(null).post(`/api/confirm-address/${linkToken(link.body)}`);
    expect(page.status).toBe(200);
    expect((await liveRule())?.replyFrom).toBe('security@somebank.com');
  });

  it.each(['alice@mail.example.net', 'sales@anderson-design.com', 'Info@Harbor-Studio.org'])(
    'the account’s own address %s is live at once',
    async (address) => {
      const res = await post(rule(address));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(mailText.autoResponderSent);
      expect(res.body.data.confirmed).toBe(true);
      expect((await liveRule())?.replyFrom).toBe(address);
    },
  );

  it('another customer’s domain is not the account’s own', async () => {
    const res = await post(rule('bob@bakersdozen.com'));
    expect(res.body.data.confirmed).toBe(false);
    expect((await liveRule())?.replyFrom).not.toBe('bob@bakersdozen.com');
  });
});
