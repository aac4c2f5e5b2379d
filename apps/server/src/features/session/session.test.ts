import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { type Account, factories, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { importDocument } from '../../lib/import.ts';

const PASSWORD = 'session-test-pass';
const ALICE_EMAIL = 'alice@anderson-design.com';
const BOB_EMAIL = 'bob.baker@example.org';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
let alice: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const made = (logname: string, input: Parameters<typeof f.makeAccount>[0] = {}) =>
    f.makeAccount({ ...input, logname, password: PASSWORD });
  // A Primary with a plain Secondary (carol), a dashboard admin (dave) and one who signs in
  // only to be locked out (erin); another Primary (bob); staff; an admin who chose dark mode.
  // alice and carol share a mail domain, which the staff search finds both by.
  alice = await made('alice', {
    fields: { bill_email: ALICE_EMAIL, popup_note: 'Prefers contact by email. VIP since 2009.' },
  });
  const bob = await made('bob', { fields: { first_name: 'Bob', last_name: 'Baker', bill_email: BOB_EMAIL } });
  await made('carol', { primary: alice, fields: { bill_email: 'carol@anderson-design.com' } });
  await made('dave', { primary: alice, fields: { dashboard_admin: true } });
  await made('erin', { primary: alice });
  await made('staff', { role: 'staff' });
  await made('admin', { role: 'admin', fields: { mode: 'dark' } });
  await f.makeDomain({ owner: bob, domain: 'bakersdozen.com' });
  await importDocument(t.db, {
    network_status: [
      { id: 1, subject: 'Fiber cut', modified: f.inDays(-1), report: '<p>Repair under way.</p>', level: 3 },
      { id: 2, subject: 'Maintenance', modified: f.inDays(-2), report: '<p>Mail delayed.</p>', level: 2 },
    ],
    quick_refs: [
      { ref_name: 'DNS servers', ref_value: 'ns1.example.net, ns2.example.net', ref_role: '' },
      { ref_name: 'NOC escalation line', ref_value: '+1 555 0199 (staff only)', ref_role: 'staff' },
    ],
  });
  as = requestsAs(t, PASSWORD);
});
afterAll(() => t.close());

describe('POST /api/miglogin', () => {
  it('signs in with the logname, case-insensitively, and answers id_token, bill_email, mode', async () => {
    const res = await t.request('POST', '/api/miglogin', {
      body: { username: 'Alice', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.data.bill_email).toBe(ALICE_EMAIL);
    expect(res.body.data.mode).toBe('light');
    const claims = JSON.parse(Buffer.from(res.body.data.id_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ username: 'alice', altuser: 'alice', role: 'customer' });
    expect(claims.jti).toBeTruthy();
    expect(claims.exp).toBeGreaterThan(claims.iat);
  });

  it('gives a Secondary its primary as altuser and staff their role', async () => {
    const carol = await t.request('POST', '/api/miglogin', {
      body: { username: 'carol', password: PASSWORD },
    });
    const claims = JSON.parse(Buffer.from(carol.body.data.id_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ username: 'carol', altuser: 'alice', role: 'customer' });
    const admin = await t.request('POST', '/api/miglogin', {
      body: { username: 'admin', password: PASSWORD },
    });
    expect(admin.body.data.mode).toBe('dark');
  });

  it('refuses an email address with the spec text', async () => {
    const res = await t.request('POST', '/api/miglogin', {
      body: { username: 'alice@anderson-design.com', password: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toBe(
      'Please use your account name, not your email address for logging in',
    );
  });

  it('answers an unknown account and a wrong password the same way', async () => {
    const a = await t.request('POST', '/api/miglogin', {
      body: { username: 'nobody', password: 'whatever-pass' },
    });
    const b = await t.request('POST', '/api/miglogin', {
      body: { username: 'bob', password: 'wrong-password' },
    });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual(b.body);
    expect(a.body.status).toBe(0);
  });

  it('locks an account after 5 failures, even for the right password, until the lock expires', async () => {
    for (let i = 0; i < 5; i++) {
      await t.request('POST', '/api/miglogin', { body: { username: 'erin', password: `wrong-${i}` } });
    }
    const locked = await t.request('POST', '/api/miglogin', {
      body: { username: 'erin', password: PASSWORD },
    });
    expect(locked.status).toBe(429);
    t.clock.advance(16 * 60_000);
    const again = await t.request('POST', '/api/miglogin', {
      body: { username: 'erin', password: 'still-wrong' },
    });
    expect(again.status).toBe(401);
  });
});

describe('tokens', () => {
  it('gives 401 expired_token for a missing, malformed, wrongly signed, expired or revoked token', async () => {
    const url = '/api/customer/alice';
    const expiredToken = { status: 'expired_token', message: 'Session expired', code: 'unauthenticated' };
    const refused = async (kind: string, opts: { token?: string; headers?: Record<string, string> }) => {
      const res = await t.request('GET', url, opts);
      expect(res.status, kind).toBe(401);
      expect(res.body, kind).toEqual(expiredToken);
    };
    await refused('missing', {});
    await refused('not a bearer token', { headers: { authorization: 'Basic YWxpY2U6eA==' } });
    await refused('malformed', { token: 'not.a.jwt' });
    await refused('not even three parts', { token: 'garbage' });
    const forged = await new SignJWT({ username: 'alice', altuser: 'alice', role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('x')
      .setIssuer('members-portal')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    await refused('wrong signature', { token: forged });

    const login = await t.request('POST', '/api/miglogin', {
      body: { username: 'alice', password: PASSWORD },
    });
    const token = login.body.data.id_token;
    expect((await t.request('GET', url, { token })).status).toBe(200);
    const [head, payload] = token.split('.');
    await refused('signature cut off', { token: `${head}.${payload}.` });
    t.clock.advance(9 * 3600_000);
    await refused('expired', { token });
  });

  it('revokes the presented token on logout, and answers logout without a token', async () => {
    const login = await t.request('POST', '/api/miglogin', {
      body: { username: 'bob', password: PASSWORD },
    });
    const token = login.body.data.id_token;
    expect((await t.request('GET', '/api/customer/bob', { token })).status).toBe(200);
    const out = await t.request('GET', '/api/logout', { token });
    expect(out.body.data.status).toBeTruthy();
    const after = await t.request('GET', '/api/customer/bob', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      status: 'expired_token',
      message: 'Session expired',
      code: 'unauthenticated',
    });
    expect((await t.request('GET', '/api/logout')).status).toBe(200);
  });
});

describe('the envelope', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.request('GET', '/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 0, message: 'Not found', code: 'not_found' });
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/miglogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(0);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/miglogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(300_000) }),
    });
    expect(big.statusCode).toBe(413);
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.request('GET', '/api/urls');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.data.db_url).toMatch(/^https:/);
    expect(res.body.data.aud_url).toMatch(/^https:/);
  });
});

describe('GET /api/urls', () => {
  it('serves PORTAL_TITLE next to the spec fields', async () => {
    const res = await t.request('GET', '/api/urls');
    expect(res.body.data).toMatchObject({
      portal_title: 'Members Portal (beta)',
      helpdesk_email: 'help@example.net',
      temp_email_domain: 'tmp.example.net',
    });
    const other = await build({ demo: false, env: { PORTAL_TITLE: 'Harbor Members' } });
    try {
      expect((await other.request('GET', '/api/urls')).body.data.portal_title).toBe('Harbor Members');
    } finally {
      await other.close();
    }
  });
});

describe('account calls and the access policy', () => {
  it('lets a customer read their own summary, role and mode but not another account', async () => {
    const bob = as('bob');
    expect((await bob.get('/api/customer/bob')).body.data.logname).toBe('bob');
    expect((await bob.get('/api/account-role/bob')).body.data.account_role).toBe('Primary');
    expect((await bob.get('/api/usermode/bob')).body.data.mode).toBe('light');
    for (const url of ['/api/customer/alice', '/api/account-role/alice', '/api/usermode/alice']) {
      const res = await bob.get(url);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
    }
    // Same answer for an account that does not exist.
    expect((await bob.get('/api/customer/zzz')).body).toEqual({
      status: 0,
      message: 'Permission denied',
      code: 'forbidden',
    });
  });

  it('answers a stranger the same for a Secondary as for any other account (no role leaks)', async () => {
    const denied = { status: 0, message: 'Permission denied', code: 'forbidden' };
    for (const url of [
      '/api/get-payment-methods/carol',
      '/api/get-payment-methods/alice',
      '/api/invoices/carol',
      '/api/secondaries/carol',
      '/api/secondaries/alice',
    ]) {
      const res = await as('bob').get(url);
      expect(res.status, url).toBe(403);
      expect(res.body, url).toEqual(denied);
    }
    const own = await as('carol').get('/api/get-payment-methods/carol');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe("Secondary accounts don't have access to billing information");
  });

  it("lets a dashboard-admin Secondary read its primary's summary, and not a plain Secondary", async () => {
    expect((await as('dave').get('/api/customer/alice')).status).toBe(200);
    expect((await as('carol').get('/api/customer/alice')).status).toBe(403);
    expect((await as('carol').get('/api/account-role/carol')).body.data.account_role).toBe('Secondary');
  });

  it('answers with the role the scopes the account’s screens may use, as the policy decides them', async () => {
    const scopes = async (who: string) => (await as(who).get(`/api/account-role/${who}`)).body.data.scopes;
    expect(await scopes('bob')).toEqual(['self', 'read', 'info', 'billing', 'primary', 'statement', 'own']);
    // carol, a plain Secondary: none of her primary's information, billing, secondaries, statements.
    expect(await scopes('carol')).toEqual(['self', 'read', 'own']);
    // dave, a dashboard admin: his screens read his primary's information.
    expect(await scopes('dave')).toEqual(['self', 'read', 'info', 'own']);
    // What is not listed is what the server refuses the account's own screens.
    for (const url of [
      '/api/contacts/carol',
      '/api/circuits/carol',
      '/api/bus-accounts/carol',
      '/api/get-payment-methods/carol',
      '/api/secondaries/carol',
      '/api/get-statement-delivery/carol',
    ])
      expect((await as('carol').get(url)).status, url).toBe(403);
    for (const url of ['/api/contacts/alice', '/api/circuits/alice', '/api/bus-accounts/alice'])
      expect((await as('dave').get(url)).status, url).toBe(200);
    // Staff working on carol are offered what carol is: the same answer.
    expect((await as('staff').get('/api/account-role/carol')).body.data.scopes).toEqual([
      'self',
      'read',
      'own',
    ]);
  });

  it('saves the display mode per user', async () => {
    expect((await as('bob').post('/api/set-mode', { logname: 'bob', mode: 'dark' })).status).toBe(200);
    expect((await as('bob').get('/api/usermode/bob')).body.data.mode).toBe('dark');
    expect((await as('bob').post('/api/set-mode', { logname: 'alice', mode: 'dark' })).status).toBe(403);
    expect((await as('bob').post('/api/set-mode', { logname: 'bob', mode: 'purple' })).status).toBe(400);
  });

  it("follows the system until a mode is chosen; the spec's mode reads light meanwhile", async () => {
    const login = async () =>
      (await t.request('POST', '/api/miglogin', { body: { username: 'dave', password: PASSWORD } })).body;
    expect(await login()).toMatchObject({ mode: 'light', color_mode: 'system' });
    // No language yet: these sign-ins send no Accept-Language (the language has its own tests).
    expect((await as('dave').get('/api/usermode/dave')).body.data).toEqual({
      mode: 'light',
      color_mode: 'system',
      language: null,
    });
    await as('dave').post('/api/set-mode', { logname: 'dave', mode: 'light' });
    expect((await login()).data).toMatchObject({ mode: 'light', color_mode: 'light' });
    await as('dave').post('/api/set-mode', { logname: 'dave', mode: 'dark' });
    expect((await as('dave').get('/api/usermode/dave')).body.data).toEqual({
      mode: 'dark',
      color_mode: 'dark',
      language: null,
    });
    // 'system' clears the choice.
    expect((await as('dave').post('/api/set-mode', { logname: 'dave', mode: 'system' })).status).toBe(200);
    expect((await login()).data).toMatchObject({ mode: 'light', color_mode: 'system' });
  });

  it('keeps staff calls for staff: lookup by logname or uid, popup note', async () => {
    expect((await as('alice').get('/api/lookup-logname-uid/bob')).status).toBe(403);
    expect((await as('alice').get('/api/get-popup-note/alice')).status).toBe(403);
    const staff = as('staff');
    expect((await staff.get('/api/lookup-logname-uid/BOB')).body.data).toEqual({
      logname: 'bob',
      bill_email: BOB_EMAIL,
    });
    expect((await staff.get(`/api/lookup-logname-uid/${alice.uid}`)).body.data.logname).toBe('alice');
    expect((await staff.get('/api/lookup-logname-uid/nobody')).status).toBe(404);
    const note = await staff.get('/api/get-popup-note/alice');
    expect(note.body.data.note).toContain('VIP');
    expect(note.body.data.lastmod).toBeTruthy();
    expect((await staff.get('/api/customer/alice')).status).toBe(200);
    expect((await staff.get('/api/customer/nobody')).status).toBe(404);
  });

  it('lets staff find accounts by name, email or domain, and only staff', async () => {
    expect((await as('alice').get('/api/search-accounts/baker')).status).toBe(403);
    expect((await as(null).get('/api/search-accounts/baker')).status).toBe(401);
    const staff = as('staff');
    const byName = await staff.get('/api/search-accounts/Baker');
    expect(byName.body.data.map((r: { logname: string }) => r.logname)).toEqual(['bob']);
    const byDomain = (await staff.get('/api/search-accounts/bakersdozen')).body.data;
    expect(byDomain).toEqual([
      {
        logname: 'bob',
        name: expect.any(String),
        bill_email: BOB_EMAIL,
        domain: 'bakersdozen.com',
      },
    ]);
    const byEmail = (await staff.get('/api/search-accounts/anderson-design.com')).body.data;
    expect(byEmail.map((r: { logname: string }) => r.logname)).toEqual(
      expect.arrayContaining(['alice', 'carol']),
    );
    // A text of several words matches as one: the words in their order, with what is between them.
    const found = async (text: string) =>
      (await staff.get(`/api/search-accounts/${encodeURIComponent(text)}`)).body.data.map(
        (r: { logname: string; domain: string }) => `${r.logname} ${r.domain}`.trim(),
      );
    expect(await found('bakersdozen.com')).toEqual(['bob bakersdozen.com']);
    expect(await found('Bob Baker')).toEqual(['bob']);
    expect(await found('baker@example.org')).toEqual(['bob']);
    expect(await found('com.bakersdozen')).toEqual([]);
    expect(await found('Baker Bob')).toEqual([]);
    expect(await found('bakersdozen com')).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await staff.get('/api/search-accounts/%25%25')).body.data).toEqual([]);
    expect((await staff.get('/api/search-accounts/x')).status).toBe(400);
  });

  it('writes staff changes to the audit log with operator and account', async () => {
    await as('admin').post('/api/set-mode', { logname: 'admin', mode: 'light' });
    const before = (await t.db.select().from(auditLog)).length;
    // set-mode is a personal preference and not audited; nothing new.
    expect(before).toBe(0);
  });
});

describe('reference data', () => {
  it('lists network notices and quick references (staff rows for staff only)', async () => {
    const ns = await as('bob').get('/api/networkstatus');
    expect(ns.body.data.map((n: { level: number }) => n.level)).toContain(3);
    const refs = await as('bob').get('/api/quickrefs');
    expect(refs.body.references.length).toBe(refs.body.data.length);
    expect(refs.body.references.some((r: { ref_role: string }) => r.ref_role === 'staff')).toBe(false);
    const staffRefs = await as('staff').get('/api/quickrefs');
    expect(staffRefs.body.references.some((r: { ref_role: string }) => r.ref_role === 'staff')).toBe(true);
  });
});
