import { commonText } from '@portal/contract/messages';
import { passkeyText } from '@portal/contract/security/passkey-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyAssertionOptions, relyingParty, verifyPasskeyAssertion } from '../../auth/passkeys.ts';
import { accounts, auditLog, passkeys, sessions } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { type Bend, SoftAuthenticator } from '../../../test/support/soft-authenticator.ts';

/**
 * Passkeys through HTTP, with real WebAuthn answers made by a software authenticator:
 * registration, the list, rename and remove, and the sign-in with a passkey alone, with every
 * refusal (a replayed or expired challenge, a wrong origin or RP ID, an unknown or cloned passkey,
 * another account's passkey, staff changing a customer's, a Secondary).
 */

/** The password of the accounts made here (factories.ts `makeCast`: alice, bob, carol, dave, staff). */
const password = 'passkeys-test-pass';

let t: TestApp;
let asUser: ReturnType<typeof requestsAs>;
let origin: string;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, password);
  asUser = requestsAs(t, password);
  origin = relyingParty(t.app.deps.config).origin;
});
afterAll(() => t.close());

const FIVE_MINUTES = 5 * 60_000;

/** Registration options for `logname`, asked as `as` (default: the account itself). */
async function registerOptions(logname: string, as = logname) {
  const res = await asUser(as).post('/api/passkey-register-options', { logname });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Makes a passkey for `logname` on `auth` and registers it; returns the answer. */
async function register(logname: string, auth: SoftAuthenticator, name = 'Laptop', bend: Bend = {}) {
  const options = await registerOptions(logname);
  return asUser(logname).post('/api/passkey-register', {
    logname,
    name,
    response: auth.create(options, bend),
    password: password,
  });
}

async function loginOptions() {
  const res = await t.request('POST', '/api/passkey-login-options', { body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function passkeyLogin(
  auth: SoftAuthenticator,
  bend: Parameters<SoftAuthenticator['get']>[1] = {},
  ip?: string,
) {
  const response = auth.get(await loginOptions(), bend);
  return t.request('POST', '/api/passkey-login', { body: { response }, remoteAddress: ip });
}

const listOf = async (logname: string, as = logname) =>
  (await asUser(as).get(`/api/passkeys/${logname}`)).body;

describe('registering a passkey', () => {
  it('asks for a discoverable, user-verified passkey of this portal, excluding the ones the account has', async () => {
    const options = await registerOptions('alice');
    expect(options.rp).toEqual({ id: 'localhost', name: t.app.deps.config.PORTAL_TITLE });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.attestation).toBe('none');
    // The user handle is random, never the logname.
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toContain('alice');
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('adds the passkey, lists it, audits it and mails the customer', async () => {
    const auth = new SoftAuthenticator(origin);
    const res = await register('alice', auth, 'Work laptop');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(passkeyText.added);
    expect(res.body.data).toMatchObject({
      name: 'Work laptop',
      last_used: null,
      device_type: 'multiDevice',
      backed_up: true,
      transports: ['internal'],
    });
    const list = await listOf('alice');
    expect(list.data.passkeys.map((p: { id: number }) => p.id)).toContain(res.body.data.id);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'POST /api/passkey-register'));
    expect(entry).toMatchObject({ operator: 'alice', account: 'alice' });
    await t.drainJobs();
    // A security notice: the bill address, and any confirmed recovery address (delivered in any
    // order by two workers).
    const to = t.sent
      .filter((m) => m.subject === passkeyText.addedSubject && m.body.includes('Work laptop'))
      .map((m) => m.to);
    expect(to).toContain('alice@example.test');
    // The next options exclude it: an authenticator is registered once.
    const next = await registerOptions('alice');
    expect(next.excludeCredentials.map((c: { id: string }) => c.id)).toContain(
      auth.credentials[0]?.id.toString('base64url'),
    );
    expect(next.user.id).toBe((await registerOptions('alice')).user.id);
  });

  it('needs the current password (a passkey is a lasting way in)', async () => {
    const auth = new SoftAuthenticator(origin);
    const options = await registerOptions('bob');
    const response = auth.create(options);
    const none = await asUser('bob').post('/api/passkey-register', {
      logname: 'bob',
      name: 'Phone',
      response,
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.password).toBe(commonText.grantPasswordRequired);
    const wrong = await asUser('bob').post('/api/passkey-register', {
      logname: 'bob',
      name: 'Phone',
      response,
      password: 'not-it',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(commonText.grantPasswordWrong);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.owner, 'bob'))).toEqual([]);
  });

  it('refuses a replayed challenge', async () => {
    const auth = new SoftAuthenticator(origin);
    const options = await registerOptions('bob');
    const body = {
      logname: 'bob',
      name: 'Phone',
      response: auth.create(options),
      password: password,
    };
    expect((await asUser('bob').post('/api/passkey-register', body)).status).toBe(200);
    // The same answer again, and another authenticator's answer to the same options.
    const again = await asUser('bob').post('/api/passkey-register', body);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(passkeyText.expired);
    const other = await asUser('bob').post('/api/passkey-register', {
      ...body,
      response: new SoftAuthenticator(origin).create(options),
    });
    expect(other.status).toBe(422);
  });

  it('refuses an expired challenge', async () => {
    const options = await registerOptions('bob');
    t.clock.advance(FIVE_MINUTES + 1000);
    const res = await asUser('bob').post('/api/passkey-register', {
      logname: 'bob',
      name: 'Phone',
      response: new SoftAuthenticator(origin).create(options),
      password: password,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(passkeyText.expired);
  });

  it("refuses another account's challenge", async () => {
    const bobs = await registerOptions('bob');
    const res = await asUser('alice').post('/api/passkey-register', {
      logname: 'alice',
      name: 'Phone',
      response: new SoftAuthenticator(origin).create(bobs),
      password: password,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(passkeyText.expired);
  });

  it.each<[string, Bend]>([
    ['another origin', { origin: 'https://portal.example.evil' }],
    ['another RP ID', { rpId: 'example.evil' }],
    ['no user verification', { uv: false }],
    ['a passkey the authenticator did not keep (not discoverable)', { rk: false }],
    ['an answer made for a sign-in', { type: 'webauthn.get' }],
  ])('refuses %s', async (_what, bend) => {
    const res = await register('bob', new SoftAuthenticator(origin), 'Bent', bend);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(passkeyText.rejected);
    const names = (await listOf('bob')).data.passkeys.map((p: { name: string }) => p.name);
    expect(names).not.toContain('Bent');
  });

  it("refuses a credential id another account registered (one authenticator's passkey, one account)", async () => {
    const alices = new SoftAuthenticator(origin);
    expect((await register('alice', alices, 'Key')).status).toBe(200);
    const res = await register('bob', new SoftAuthenticator(origin), 'Copy', {
      id: alices.credentials[0]?.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(passkeyText.duplicate);
  });

  it('refuses a malformed answer with the field named', async () => {
    const options = await registerOptions('bob');
    const response = new SoftAuthenticator(origin).create(options);
    const res = await asUser('bob').post('/api/passkey-register', {
      logname: 'bob',
      name: 'x'.repeat(65),
      response: { ...response, id: 'not base64url!' },
      password: password,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: passkeyText.nameMax,
      'response.id': passkeyText.invalidResponse,
    });
  });
});

describe('who may manage passkeys', () => {
  it("staff may list a customer's passkeys but not add, rename or remove them", async () => {
    const auth = new SoftAuthenticator(origin);
    const made = await register('alice', auth, 'For staff to see');
    const id = made.body.data.id;
    const list = await listOf('alice', 'staff');
    expect(list.data.passkeys.map((p: { id: number }) => p.id)).toContain(id);
    for (const [url, body] of [
      ['/api/passkey-register-options', { logname: 'alice' }],
      ['/api/rename-passkey', { logname: 'alice', id, name: 'Renamed by staff' }],
      ['/api/delete-passkey', { logname: 'alice', id, password: password }],
    ] as const) {
      const res = await asUser('staff').post(url, body);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe(commonText.permissionDenied);
    }
    expect((await listOf('alice')).data.passkeys.find((p: { id: number }) => p.id === id).name).toBe(
      'For staff to see',
    );
  });

  it('a Secondary manages its own passkeys only; its primary and a dashboard admin do not see them', async () => {
    const made = await register('carol', new SoftAuthenticator(origin), "Carol's phone");
    expect(made.status).toBe(200);
    expect((await asUser('carol').get('/api/passkeys/alice')).status).toBe(403);
    expect((await asUser('dave').get('/api/passkeys/alice')).status).toBe(403);
    expect((await asUser('alice').get('/api/passkeys/carol')).status).toBe(403);
    const rename = await asUser('alice').post('/api/rename-passkey', {
      logname: 'carol',
      id: made.body.data.id,
      name: 'x',
    });
    expect(rename.status).toBe(403);
    const own = await asUser('carol').post('/api/rename-passkey', {
      logname: 'carol',
      id: made.body.data.id,
      name: 'Phone',
    });
    expect(own.status).toBe(200);
  });

  it("refuses another account's passkey id, named through the caller's own account, like one that does not exist", async () => {
    const bobs = await register('bob', new SoftAuthenticator(origin), "Bob's key");
    const id = bobs.body.data.id;
    for (const target of [id, 999_999]) {
      const rename = await asUser('alice').post('/api/rename-passkey', {
        logname: 'alice',
        id: target,
        name: 'Mine now',
      });
      expect(rename.status).toBe(403);
      expect(rename.body.message).toBe(commonText.permissionDenied);
      const del = await asUser('alice').post('/api/delete-passkey', {
        logname: 'alice',
        id: target,
        password: password,
      });
      expect(del.status).toBe(403);
      expect(del.body.message).toBe(commonText.permissionDenied);
    }
    expect((await listOf('bob')).data.passkeys.find((p: { id: number }) => p.id === id).name).toBe(
      "Bob's key",
    );
  });
});

describe('renaming and removing', () => {
  it('renames a passkey', async () => {
    const made = await register('bob', new SoftAuthenticator(origin), 'Old name');
    const res = await asUser('bob').post('/api/rename-passkey', {
      logname: 'bob',
      id: made.body.data.id,
      name: ' New name ',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(passkeyText.renamed);
    expect(res.body.data.name).toBe('New name');
    const blank = await asUser('bob').post('/api/rename-passkey', {
      logname: 'bob',
      id: made.body.data.id,
      name: ' ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toBe(commonText.required);
  });

  it('removes a passkey with the password, mails the customer, and it no longer signs in', async () => {
    const auth = new SoftAuthenticator(origin);
    const made = await register('bob', auth, 'To remove');
    const id = made.body.data.id;
    const noPassword = await asUser('bob').post('/api/delete-passkey', { logname: 'bob', id });
    expect(noPassword.status).toBe(400);
    const res = await asUser('bob').post('/api/delete-passkey', { logname: 'bob', id, password: password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: passkeyText.removed, data: { id } });
    expect((await listOf('bob')).data.passkeys.map((p: { id: number }) => p.id)).not.toContain(id);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/delete-passkey'));
    expect(entry).toMatchObject({ operator: 'bob', account: 'bob', details: { id, name: 'To remove' } });
    await t.drainJobs();
    const [bob] = await t.db.select().from(accounts).where(eq(accounts.logname, 'bob'));
    expect(
      t.sent
        .filter((m) => m.subject === passkeyText.removedSubject && m.body.includes('To remove'))
        .map((m) => m.to),
    ).toContain(bob?.billEmail);
    const login = await passkeyLogin(auth);
    expect(login.status).toBe(401);
    expect(login.body.message).toBe(passkeyText.notAccepted);
  });
});

describe('signing in with a passkey alone', () => {
  let auth: SoftAuthenticator;
  beforeAll(async () => {
    auth = new SoftAuthenticator(origin);
    expect((await register('alice', auth, 'Sign-in key')).status).toBe(200);
  });

  it('asks for any discoverable passkey of this portal, user verified', async () => {
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('answers exactly what the password sign-in answers, opens a passkey session and remembers the browser', async () => {
    const res = await passkeyLogin(auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const login = await t.request('POST', '/api/miglogin', {
      body: { username: 'alice', password: password },
    });
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(login.body).sort());
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(login.body.data).sort());
    expect(res.body).toMatchObject({ status: 1, bill_email: login.body.bill_email, mode: login.body.mode });
    expect(res.body.data.id_token).toBe(res.body.id_token);
    expect(String(res.headers['set-cookie'])).toContain('portal_device=');
    const me = await t.request('GET', '/api/customer/alice', { token: res.body.id_token });
    expect(me.status).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.account, 'alice'));
    expect(rows.map((r) => r.method)).toContain('passkey');
    const [key] = await t.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, auth.credentials[0]?.id.toString('base64url') ?? ''));
    expect(key?.lastUsed?.getTime()).toBe(t.clock.now().getTime());
    expect(key?.counter).toBe(auth.credentials[0]?.counter);
  });

  it('refuses a replayed answer (its challenge is used)', async () => {
    const response = auth.get(await loginOptions());
    const first = await t.request('POST', '/api/passkey-login', { body: { response } });
    expect(first.status).toBe(200);
    const again = await t.request('POST', '/api/passkey-login', { body: { response } });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ status: 0, code: 'passkey_expired', message: passkeyText.expired });
    expect(again.body.id_token).toBeUndefined();
  });

  it('refuses an expired challenge', async () => {
    const options = await loginOptions();
    t.clock.advance(FIVE_MINUTES + 1000);
    const res = await t.request('POST', '/api/passkey-login', { body: { response: auth.get(options) } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(passkeyText.expired);
  });

  it('refuses a challenge made for a registration', async () => {
    const options = await registerOptions('alice');
    const res = await t.request('POST', '/api/passkey-login', {
      body: { response: auth.get({ challenge: options.challenge, rpId: 'localhost' }) },
    });
    expect(res.status).toBe(401);
  });

  it.each<[string, Bend]>([
    [
      'another origin (a phishing site relaying the challenge)',
      { origin: 'https://members-portal.example.evil' },
    ],
    ['another RP ID', { rpId: 'example.evil' }],
    ['no user verification', { uv: false }],
    ['a registration answer type', { type: 'webauthn.create' }],
  ])('refuses %s', async (_what, bend) => {
    const res = await passkeyLogin(auth, { ...bend, credential: auth.credentials[0] }, '203.0.113.50');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(passkeyText.notAccepted);
  });

  it('refuses a passkey the portal does not know', async () => {
    const stranger = new SoftAuthenticator(origin);
    stranger.create(await registerOptions('bob'));
    const res = await passkeyLogin(stranger);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'bad_credentials', message: passkeyText.notAccepted });
  });

  it('refuses a signature counter that did not grow (a cloned authenticator)', async () => {
    const credential = auth.credentials[0];
    if (!credential) throw new Error('expected the passkey registered above');
    const id = credential.id.toString('base64url');
    const stored = async () => {
      const [row] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, id));
      if (!row) throw new Error('expected the stored passkey');
      return row.counter;
    };
    credential.counter = await stored();
    expect((await passkeyLogin(auth, { credential })).status).toBe(200);
    const before = await stored();
    expect(before).toBeGreaterThan(0);
    for (const counter of [before, before - 1]) {
      const res = await passkeyLogin(auth, { counter, credential });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(passkeyText.notAccepted);
    }
    expect(await stored()).toBe(before);
    expect((await passkeyLogin(auth, { counter: before + 1, credential })).status).toBe(200);
    expect(await stored()).toBe(before + 1);
  });

  it("refuses a user handle that is not the passkey's account's", async () => {
    const options = await loginOptions();
    const response = auth.get(options);
    response.response.userHandle = Buffer.from('someone-else').toString('base64url');
    const res = await t.request('POST', '/api/passkey-login', { body: { response } });
    expect(res.status).toBe(401);
  });

  it('counts failures like wrong passwords: a known passkey from an unknown client waits after 5', async () => {
    const ip = '198.51.100.7';
    const credential = auth.credentials[0];
    for (let i = 0; i < 5; i++) {
      const bad = await passkeyLogin(auth, { origin: 'https://example.evil', credential }, ip);
      expect(bad.status).toBe(401);
    }
    // Now even a good answer from that client waits (and its challenge is not checked).
    const refused = await passkeyLogin(auth, { credential }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(commonText.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner elsewhere is not locked out.
    expect((await passkeyLogin(auth, { credential }, '192.0.2.1')).status).toBe(200);
    t.clock.advance(60 * 60_000);
  });

  it('counts unknown passkeys against the client: after 20 it waits', async () => {
    const ip = '198.51.100.99';
    const stranger = new SoftAuthenticator(origin);
    stranger.create(await registerOptions('bob'));
    for (let i = 0; i < 20; i++) expect((await passkeyLogin(stranger, {}, ip)).status).toBe(401);
    expect((await passkeyLogin(stranger, {}, ip)).status).toBe(429);
    t.clock.advance(2 * 60 * 60_000);
  });

  it('a staff account signing in with a passkey is staff', async () => {
    const staffKey = new SoftAuthenticator(origin);
    expect((await register('staff', staffKey, 'Staff key')).status).toBe(200);
    const res = await passkeyLogin(staffKey);
    expect(res.status).toBe(200);
    const note = await t.request('GET', '/api/get-popup-note/alice', { token: res.body.id_token });
    expect(note.status).toBe(200);
  });
});

describe('verifyPasskeyAssertion as the second factor after the password', () => {
  it("accepts the account's own passkey for options bound to it, and nothing else", async () => {
    const { db } = t;
    const rp = relyingParty(t.app.deps.config);
    const auth = new SoftAuthenticator(origin);
    expect((await register('bob', auth, 'Second factor')).status).toBe(200);
    const now = () => t.clock.now();
    const options = await passkeyAssertionOptions(db, rp, { now: now(), account: 'bob' });
    expect(options.allowCredentials?.map((c) => c.id)).toContain(
      auth.credentials[0]?.id.toString('base64url'),
    );
    const ok = await verifyPasskeyAssertion(db, rp, auth.get(options), { now: now(), account: 'bob' });
    expect(ok.account).toBe('bob');
    // Bound to bob: alice cannot use bob's options, nor a sign-in challenge serve as a second factor.
    const forBob = await passkeyAssertionOptions(db, rp, { now: now(), account: 'bob' });
    await expect(
      verifyPasskeyAssertion(db, rp, auth.get(forBob), { now: now(), account: 'alice' }),
    ).rejects.toThrow(AppError);
    const signIn = await passkeyAssertionOptions(db, rp, { now: now() });
    await expect(
      verifyPasskeyAssertion(db, rp, auth.get(signIn), { now: now(), account: 'bob' }),
    ).rejects.toThrow(passkeyText.expired);
    // Alice's options do not admit bob's passkey.
    const forAlice = await passkeyAssertionOptions(db, rp, { now: now(), account: 'alice' });
    await expect(
      verifyPasskeyAssertion(db, rp, auth.get(forAlice), { now: now(), account: 'alice' }),
    ).rejects.toThrow(passkeyText.notAccepted);
  });
});
