import { apiTokenText } from '@portal/contract/api-tokens/messages';
import { secondFactorText } from '@portal/contract/security/second-factor';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, apiTokens } from '../../src/db/schema.ts';
import { makeCast } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';

const PASSWORD = 'credential-gates-pass';

/**
 * Three gates around the lasting credentials (docs/security.md, the threat table), each tried as
 * an attacker would: a staff session that has still to set up its second factor reaches only its
 * own account; a personal API token of any scope never manages sign-ins, sessions and credentials;
 * no API answer may be kept by a cache.
 */

describe('a staff session before its second factor is set up', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await build({ demo: false, env: { PORTAL_STAFF_MFA: 'required' } });
    await makeCast(r, PASSWORD);
  });
  afterAll(() => r.close());

  it("reaches no customer's account through the set-up calls", async () => {
    const token = await r.token('staff', PASSWORD);
    const [before] = await r.db
      .select({ mode: accounts.mode })
      .from(accounts)
      .where(eq(accounts.logname, 'alice'));
    for (const [method, url, body] of [
      ['GET', '/api/customer/alice', undefined],
      ['GET', '/api/second-factor/alice', undefined],
      ['GET', '/api/usermode/alice', undefined],
      ['POST', '/api/set-mode', { logname: 'alice', mode: 'dark' }],
    ] as const) {
      const res = await r.request(method, url, { token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'mfa_setup_required', message: secondFactorText.setupRequired });
    }
    const [after] = await r.db
      .select({ mode: accounts.mode })
      .from(accounts)
      .where(eq(accounts.logname, 'alice'));
    expect(after).toEqual(before);
  });

  it('still reaches its own account, the shell and the set-up', async () => {
    const token = await r.token('staff', PASSWORD);
    expect((await r.request('GET', '/api/customer/staff', { token })).status).toBe(200);
    expect((await r.request('GET', '/api/usermode/staff', { token })).status).toBe(200);
    expect((await r.request('GET', '/api/second-factor/staff', { token })).status).toBe(200);
    expect((await r.request('GET', '/api/networkstatus', { token })).status).toBe(200);
    const mode = await r.request('POST', '/api/set-mode', {
      token,
      body: { logname: 'staff', mode: 'dark' },
    });
    expect(mode.status).toBe(200);
    const setup = await r.request('POST', '/api/totp-setup', { token, body: { logname: 'staff' } });
    expect(setup.status).toBe(200);
  });
});

describe('a personal API token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
    await makeCast(t, PASSWORD);
  });
  afterAll(() => t.close());

  async function tokenOf(who: string): Promise<{ id: string; token: string }> {
    await t.token(who, PASSWORD);
    const res = await t.as(who).post('/api/create-api-token', {
      logname: who,
      name: `full ${Math.random().toString(36).slice(2, 8)}`,
      scope: 'full',
      expires: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      password: PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  it('manages no sign-in, session nor credential of its owner, whatever its scope', async () => {
    const session = await t.token('alice', PASSWORD);
    const own = await tokenOf('alice');
    const other = await tokenOf('alice');
    const calls = [
      ['GET', '/api/sessions/alice', undefined],
      ['POST', '/api/end-other-sessions', { logname: 'alice' }],
      ['POST', '/api/end-session', { logname: 'alice', id: '00000000-0000-4000-8000-000000000000' }],
      ['GET', '/api/sign-ins/alice', undefined],
      ['GET', '/api/get-recovery-emails/alice', undefined],
      ['POST', '/api/delete-recovery-email', { account: 'alice', id: 1 }],
      ['GET', '/api/second-factor/alice', undefined],
      ['POST', '/api/recovery-codes', { logname: 'alice', password: PASSWORD }],
      ['POST', '/api/totp-disable', { logname: 'alice', password: PASSWORD }],
      ['GET', '/api/passkeys/alice', undefined],
      ['POST', '/api/passkey-register-options', { logname: 'alice' }],
      ['POST', '/api/rename-passkey', { logname: 'alice', id: 'x', name: 'y' }],
      ['POST', '/api/delete-passkey', { logname: 'alice', id: 'x' }],
      ['GET', '/api/api-tokens/alice', undefined],
      ['POST', '/api/revoke-api-token', { logname: 'alice', id: other.id }],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await t.request(method, url, { token: own.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message, `${method} ${url}`).toBe(apiTokenText.sessionOnly);
    }
    // Nothing was ended nor revoked: the owner's session and the other token still work.
    expect((await t.request('GET', '/api/customer/alice', { token: session })).status).toBe(200);
    expect((await t.request('GET', '/api/customer/alice', { token: other.token })).status).toBe(200);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, other.id));
    expect(row?.revokedAt ?? null).toBeNull();
  });

  it('still does the account work it was made for', async () => {
    const { token } = await tokenOf('alice');
    expect((await t.request('GET', '/api/customer/alice', { token })).status).toBe(200);
  });
});

describe('every API answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
    await makeCast(t, PASSWORD);
  });
  afterAll(() => t.close());

  it('says no-store: successes, refusals, sign-in, not found and malformed input', async () => {
    const answers = [
      await t.request('POST', '/api/miglogin', {
        body: { username: 'alice', password: PASSWORD },
      }),
      await t.request('POST', '/api/miglogin', { body: { username: 'alice', password: 'wrong' } }),
      await t.request('GET', '/api/customer/alice', { token: await t.token('alice', PASSWORD) }),
      await t.as('alice').get('/api/customer/bob'),
      await t.request('GET', '/api/customer/alice'),
      await t.request('GET', '/api/no-such-call'),
      await t.request('POST', '/api/miglogin', {
        body: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await t.request('GET', '/api/urls'),
      await t.request('GET', '/api/openapi.json'),
    ];
    for (const res of answers) expect(res.headers['cache-control'], String(res.status)).toBe('no-store');
  });
});
