import { must } from '../support/must.ts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.ts';
import { importDocument } from '../../src/lib/import.ts';
import { makeCast } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';

/**
 * Each attack holds a token (stolen, or left behind)
 * and tries to read the account after the event that should have ended its session.
 */

const PASSWORD = 'sessions-test-pass';
let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false, env: { PORTAL_IDLE_MINUTES: '60', PORTAL_STAFF_IDLE_MINUTES: '30' } });
  await makeCast(t, PASSWORD);
}, 120_000);
afterAll(() => t.close());
// Each test starts with fresh sign-in limits and its own sessions.
beforeEach(() => t.clock.advance(24 * 3600_000));

const NEW = 'Tq7vLm2-xZp9-harbor';

/** A fresh sign-in (a session of its own), not the harness's cached token. */
async function signIn(logname: string, password = PASSWORD, ua = 'test-browser'): Promise<string> {
  const res = await t.request('POST', '/api/miglogin', {
    body: { username: logname, password },
    headers: { 'user-agent': ua },
    remoteAddress: '198.51.100.77',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id_token;
}

const reads = async (token: string, logname: string) =>
  (await t.request('GET', `/api/customer/${logname}`, { token })).status;

async function mailedResetToken(to: string): Promise<string> {
  await t.drainJobs();
  const m = t.sent
    // Its reset mails only: reminders of the account's invoices may go out in the same drain.
    .filter((x) => x.to === to && x.body.includes('reset-panel-password/'))
    .at(-1)
    ?.body.match(/reset-panel-password\/([A-Za-z0-9_-]{43})/);
  if (!m?.[1]) throw new Error(`no reset link mailed to ${to}`);
  return m[1];
}

describe('a password change ends every other session', () => {
  it('the stolen token is refused; the session that changed the password goes on', async () => {
    const stolen = await signIn('bob', undefined, 'thief');
    const mine = await signIn('bob');
    expect(await reads(stolen, 'bob')).toBe(200);
    const change = await t.request('POST', '/api/user-change-password', {
      token: mine,
      body: { username: 'bob', old_password: PASSWORD, new_password: NEW, conf_password: NEW },
    });
    expect(change.status).toBe(200);
    expect(await reads(stolen, 'bob')).toBe(401);
    expect((await t.request('GET', '/api/customer/bob', { token: stolen })).body).toEqual({
      status: 'expired_token',
      message: 'Session expired',
      code: 'unauthenticated',
    });
    expect(await reads(mine, 'bob')).toBe(200);
    // A new sign-in with the new password works as before.
    expect(await reads(await signIn('bob', NEW), 'bob')).toBe(200);
  });

  it('voids reset links mailed before the change', async () => {
    expect(
      (
        await t.request('POST', '/api/forgot-panel-password', {
          body: { account: 'alice', email: 'alice@example.test' },
        })
      ).status,
    ).toBe(200);
    const link = await mailedResetToken('alice@example.test');
    const mine = await signIn('alice');
    const change = await t.request('POST', '/api/user-change-password', {
      token: mine,
      body: { username: 'alice', old_password: PASSWORD, new_password: NEW, conf_password: NEW },
    });
    expect(change.status).toBe(200);
    const reset = await t.request('POST', '/api/user-reset-password', {
      body: { reset_token: link, new_password: 'Other-long-pass-42', conf_password: 'Other-long-pass-42' },
    });
    expect(reset.status).toBe(422);
    expect(await reads(await signIn('alice', NEW), 'alice')).toBe(200);
  });
});

describe('a reset by mail ends every session', () => {
  it('tokens issued before the reset are refused', async () => {
    const before = await signIn('dave');
    expect(await reads(before, 'dave')).toBe(200);
    await t.request('POST', '/api/forgot-panel-password', {
      body: { account: 'dave', email: 'dave@example.test' },
    });
    const dave = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'dave')))[0], 'dave');
    const link = await mailedResetToken(dave.billEmail);
    const reset = await t.request('POST', '/api/user-reset-password', {
      body: { reset_token: link, new_password: NEW, conf_password: NEW },
    });
    expect(reset.status).toBe(200);
    expect(await reads(before, 'dave')).toBe(401);
    expect(await reads(await signIn('dave', NEW), 'dave')).toBe(200);
  });
});

describe('a role change or removal ends every session', () => {
  it('staff whose role is taken away by import lose their tokens, even if the role comes back', async () => {
    await importDocument(t.db, {
      accounts: [{ logname: 'ops1', uid: 9101, role: 'staff', password: 'ops1-long-password' }],
    });
    const staffToken = await signIn('ops1', 'ops1-long-password');
    expect((await t.request('GET', '/api/customer/alice', { token: staffToken })).status).toBe(200);
    await importDocument(t.db, { accounts: [{ logname: 'ops1', uid: 9101, role: 'customer' }] });
    expect((await t.request('GET', '/api/customer/alice', { token: staffToken })).status).toBe(401);
    await importDocument(t.db, { accounts: [{ logname: 'ops1', uid: 9101, role: 'staff' }] });
    expect((await t.request('GET', '/api/customer/alice', { token: staffToken })).status).toBe(401);
    // An import that leaves the role as it is ends nothing.
    const again = await signIn('ops1', 'ops1-long-password');
    await importDocument(t.db, {
      accounts: [{ logname: 'ops1', uid: 9101, role: 'staff', first_name: 'Ops' }],
    });
    expect((await t.request('GET', '/api/customer/alice', { token: again })).status).toBe(200);
  });

  it('a removed account’s token is refused', async () => {
    await importDocument(t.db, {
      accounts: [{ logname: 'gone1', uid: 9102, password: 'gone1-long-password' }],
    });
    const token = await signIn('gone1', 'gone1-long-password');
    expect(await reads(token, 'gone1')).toBe(200);
    await t.db.delete(accounts).where(eq(accounts.logname, 'gone1'));
    // Back under the same name (a new customer given a freed logname): the old token is still dead.
    await importDocument(t.db, {
      accounts: [{ logname: 'gone1', uid: 9102, password: 'gone1-long-password' }],
    });
    expect(await reads(token, 'gone1')).toBe(401);
  });

  it('the operator’s set-password ends every session', async () => {
    const { accountPasswordCommand } = await import('../../src/features/account/commands.ts');
    const token = await signIn('carol');
    const out = { log: () => {}, error: () => {} };
    expect(
      await accountPasswordCommand(
        t.db,
        t.app.deps.breach,
        'set-password',
        ['carol', '--password', NEW],
        out,
      ),
    ).toBe(0);
    expect(await reads(token, 'carol')).toBe(401);
  });
});

describe('logout and the idle timeout', () => {
  it('logout ends that session only', async () => {
    const a = await signIn('bob', NEW);
    const b = await signIn('bob', NEW);
    expect((await t.request('GET', '/api/logout', { token: a })).status).toBe(200);
    expect(await reads(a, 'bob')).toBe(401);
    expect(await reads(b, 'bob')).toBe(200);
  });

  it('a customer session ends after PORTAL_IDLE_MINUTES without a request; use keeps it alive', async () => {
    const idle = await signIn('bob', NEW);
    const busy = await signIn('bob', NEW);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(20 * 60_000);
      expect(await reads(busy, 'bob')).toBe(200);
    }
    // 80 minutes: the busy session lives on, the idle one has ended.
    expect(await reads(idle, 'bob')).toBe(401);
    expect(await reads(busy, 'bob')).toBe(200);
  });

  it('a staff session ends sooner (PORTAL_STAFF_IDLE_MINUTES)', async () => {
    const staff = await signIn('staff');
    const customer = await signIn('bob', NEW);
    t.clock.advance(31 * 60_000);
    expect((await t.request('GET', '/api/customer/alice', { token: staff })).status).toBe(401);
    expect(await reads(customer, 'bob')).toBe(200);
  });

  it('a token that names no session is refused, even signed with the portal’s secret', async () => {
    const secret = new TextEncoder().encode(t.app.deps.config.PORTAL_JWT_SECRET);
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    for (const sid of [undefined, 'made-up-session']) {
      const forged = await new SignJWT({ username: 'alice', altuser: 'alice', role: 'customer', sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti('x')
        .setIssuer('members-portal')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(secret);
      expect(await reads(forged, 'alice')).toBe(401);
    }
  });
});

describe('what a session row records', () => {
  it('account, times, client network, user agent, method; for staff the customer worked on', async () => {
    const { sessions } = await import('../../src/db/schema.ts');
    const token = await signIn('staff', undefined, 'Mozilla/5.0 (staff desk)');
    const sid = JSON.parse(
      Buffer.from(must(token.split('.')[1], 'the token payload'), 'base64url').toString(),
    ).sid as string;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await t.request('GET', '/api/lookup-logname-uid/alice', { token })).status).toBe(200);
    const row = must((await t.db.select().from(sessions).where(eq(sessions.id, sid)))[0], 'row');
    expect(row).toMatchObject({
      account: 'staff',
      clientPrefix: '198.51.100.0/24',
      userAgent: 'Mozilla/5.0 (staff desk)',
      method: 'password',
      workingOn: 'alice',
      endedAt: null,
    });
    expect(row.createdAt.getTime()).toBe(t.clock.now().getTime());
    await t.request('GET', '/api/logout', { token });
    const ended = must((await t.db.select().from(sessions).where(eq(sessions.id, sid)))[0], 'ended');
    expect(ended.endReason).toBe('logout');
  });
});
