import { staffSignInText } from '@portal/contract/staff-sign-in/calls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relyingParty } from '../../auth/passkeys.ts';
import { accounts, staffIdentities } from '../../db/schema.ts';
import { makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { startDirectory, type TestDirectory, walkToCallback } from '../../../test/support/oidc-directory.ts';
import { SoftAuthenticator } from '../../../test/support/soft-authenticator.ts';

/**
 * Staff sign in with a real OpenID provider (oidc-provider on a loopback port) as the ISP's
 * directory, the whole code flow over HTTP: the portal's start, the directory's login and consent
 * forms, the callback, the hand-off. Start and callback go to different instances with
 * TEST_INSTANCES=2: nothing of a sign-in is kept in a process.
 */

const PUBLIC_URL = 'http://127.0.0.1:8080';
/** The password of the portal's own accounts, made in each app (factories.ts `makeCast`). */
const password = 'staff-sign-in-pass';
const CALLBACK = `${PUBLIC_URL}/api/staff-sign-in/callback`;
/**
 * The directory (oidc-provider) dates its ID tokens by the real clock and takes no other, and the
 * portal checks them against its own (auth/staff-directory.ts): the portals signing in with it start
 * on the real clock, not on TEST_CLOCK_OFFSET_DAYS's, which would make every token a year old.
 */
const directoryNow = () => new Date();

let directory: TestDirectory;
beforeAll(async () => {
  directory = await startDirectory([CALLBACK]);
  directory.users.set('sam', { password: 'sam-directory-pass', groups: ['portal-staff'] });
  directory.users.set('ada', { password: 'ada-directory-pass', groups: ['portal-staff', 'portal-admins'] });
  directory.users.set('otto', {
    password: 'otto-directory-pass',
    groups: ['portal-staff'],
    amr: ['pwd', 'otp'],
  });
  directory.users.set('carla', { password: 'carla-directory-pass', groups: ['customers'] });
  // A directory user whose name is a customer's logname (alice, made by makeCast).
  directory.users.set('alice', { password: 'alice-directory-pass', groups: ['portal-staff'] });
});
afterAll(() => directory.close());

interface Started {
  location: string;
  cookie: string;
}

/** The portal's start: its redirect to the directory and the sealed state cookie it sets. */
async function start(t: TestApp): Promise<Started> {
  const res = await t.request('GET', '/api/staff-sign-in/start');
  expect(res.status).toBe(302);
  const setCookie = [res.headers['set-cookie']].flat().join('\n');
  const cookie = /portal_staff_oidc=([^;]+)/.exec(setCookie)?.[1];
  expect(setCookie).toMatch(/HttpOnly/);
  expect(cookie).toBeTruthy();
  return { location: String(res.headers.location), cookie: cookie ?? '' };
}

/** The directory's redirect back, sent to the portal with the browser's state cookie. */
async function callback(t: TestApp, url: string, cookie: string | null) {
  const u = new URL(url);
  const res = await t.request('GET', `${u.pathname}${u.search}`, {
    headers: cookie ? { cookie: `portal_staff_oidc=${cookie}` } : {},
  });
  expect(res.status).toBe(303);
  const location = String(res.headers.location);
  expect(location.startsWith('/portal/#')).toBe(true);
  return new URLSearchParams(location.split('#')[1]);
}

const setGroups = (name: string, groups: string[]) => {
  const user = directory.users.get(name);
  if (user) user.groups = groups;
};

const login = (name: string) => ({ login: name, password: directory.users.get(name)?.password ?? '' });

/** The whole sign-in; the hand-off traded for the login answer. */
async function signIn(t: TestApp, name: string) {
  const s = await start(t);
  const back = await callback(t, await walkToCallback(s.location, login(name)), s.cookie);
  const handoff = back.get('staff-sign-in');
  if (!handoff) return { error: back.get('staff-sign-in-error'), res: null };
  const res = await t.request('POST', '/api/staff-sign-in/finish', { body: { handoff } });
  return { error: null, res, handoff };
}

describe('staff sign-in with the directory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false, start: directoryNow(), env: directory.env(PUBLIC_URL) });
    await makeCast(t, password);
  });
  afterAll(() => t.close());

  it('tells the login form the directory’s name', async () => {
    const res = await t.request('GET', '/api/staff-sign-in/options');
    expect(res.body.data).toEqual({
      enabled: true,
      name: 'Example ISP Directory',
      start_url: '/api/staff-sign-in/start',
    });
  });

  it('sends the browser to the directory with PKCE, state and nonce', async () => {
    const s = await start(t);
    const url = new URL(s.location);
    expect(url.origin).toBe(directory.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(p)).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  });

  it('makes a staff account on the first sign-in, with a staff uid, and opens a staff session', async () => {
    const { res } = await signIn(t, 'sam');
    expect(res?.status).toBe(200);
    const token = res?.body.data.id_token as string;
    const [row] = await t.db.select().from(accounts).where(eq(accounts.logname, 'sam'));
    expect(row?.role).toBe('staff');
    expect(row?.uid).toBeGreaterThanOrEqual(2_000_000_000);
    expect(row?.passwordHash).toBeNull();
    expect(row?.billEmail).toBe('sam@staff.example.net');
    const [identity] = await t.db.select().from(staffIdentities).where(eq(staffIdentities.account, 'sam'));
    expect(identity?.issuer).toBe(directory.issuer);
    expect(identity?.subject).toBe('sam');
    // The refresh token is kept sealed, never in clear.
    expect(identity?.refreshToken).toMatch(/^v1\./);
    const search = await t.request('GET', '/api/search-accounts/anderson', { token });
    expect(search.status).toBe(200);
    // The sign-in is on the account's record, by the directory.
    const sessions = await t.request('GET', '/api/sessions/sam', { token });
    expect(JSON.stringify(sessions.body)).toContain('"directory"');
  });

  it('signs the same user in again to the same account; the hand-off works once', async () => {
    const { res, handoff } = await signIn(t, 'sam');
    expect(res?.status).toBe(200);
    const again = await t.request('POST', '/api/staff-sign-in/finish', { body: { handoff } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(staffSignInText.handoff);
    const rows = await t.db.select().from(staffIdentities).where(eq(staffIdentities.subject, 'sam'));
    expect(rows).toHaveLength(1);
  });

  it('gives the admin role to the directory’s admins', async () => {
    const { res } = await signIn(t, 'ada');
    expect(res?.status).toBe(200);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.logname, 'ada'));
    expect(row?.role).toBe('admin');
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const s = await start(t);
    const back = new URL(await walkToCallback(s.location, login('sam')));
    back.searchParams.set('state', 'forged-state');
    const res = await callback(t, back.href, s.cookie);
    expect(res.get('staff-sign-in-error')).toBe('state');
    // And one with no state cookie at all (another browser's link).
    const s2 = await start(t);
    const res2 = await callback(t, await walkToCallback(s2.location, login('sam')), null);
    expect(res2.get('staff-sign-in-error')).toBe('state');
  });

  it('refuses an ID token made for another sign-in (wrong nonce)', async () => {
    // The attacker's sign-in B carries sign-in A's state and PKCE challenge, but its own nonce:
    // the victim's browser holds A's cookie; the ID token's nonce is B's.
    const a = await start(t);
    const b = await start(t);
    const aUrl = new URL(a.location);
    const bUrl = new URL(b.location);
    bUrl.searchParams.set('state', aUrl.searchParams.get('state') ?? '');
    bUrl.searchParams.set('code_challenge', aUrl.searchParams.get('code_challenge') ?? '');
    expect(bUrl.searchParams.get('nonce')).not.toBe(aUrl.searchParams.get('nonce'));
    const res = await callback(t, await walkToCallback(bUrl.href, login('sam')), a.cookie);
    expect(res.get('staff-sign-in-error')).toBe('id_token');
  });

  it('refuses an expired ID token', async () => {
    directory.idTokenTtl = 60;
    // From the directory's now: the portal's clock stands still between the tests while the
    // directory's runs on, so the two minutes below are counted from the day the token is dated.
    t.clock.set(directoryNow());
    try {
      const s = await start(t);
      const back = await walkToCallback(s.location, login('sam'));
      // Two minutes pass on the portal's clock before the callback: the token lived one.
      t.clock.advance(120_000);
      const res = await callback(t, back, s.cookie);
      expect(res.get('staff-sign-in-error')).toBe('id_token');
    } finally {
      directory.idTokenTtl = 3600;
    }
  });

  it('never makes a staff account of a directory user outside the staff group (a customer)', async () => {
    const { error } = await signIn(t, 'carla');
    expect(error).toBe('not_staff');
    const rows = await t.db.select().from(accounts).where(eq(accounts.logname, 'carla'));
    expect(rows).toHaveLength(0);
  });

  it('never takes over a customer’s account of the same name', async () => {
    const { error } = await signIn(t, 'alice');
    expect(error).toBe('taken');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.logname, 'alice'));
    expect(row?.role).toBe('customer');
  });

  it('ends the sessions of a user who left the group at their next request, and refuses their sign-in', async () => {
    const { res } = await signIn(t, 'sam');
    const token = res?.body.data.id_token as string;
    expect((await t.request('GET', '/api/search-accounts/anderson', { token })).status).toBe(200);
    setGroups('sam', ['former-staff']);
    // Within the re-check interval the directory is not asked; past it, it is.
    t.clock.advance(6 * 60_000);
    const after = await t.request('GET', '/api/search-accounts/anderson', { token });
    expect(after.status).toBe(401);
    expect(after.body.status).toBe('expired_token');
    // Every instance refuses it: the account's sessions ended in the database.
    const again = await t.request('GET', '/api/search-accounts/anderson', { token });
    expect(again.status).toBe(401);
    const { error } = await signIn(t, 'sam');
    expect(error).toBe('not_staff');
    setGroups('sam', ['portal-staff']);
    const back = await signIn(t, 'sam');
    expect(back.res?.status).toBe(200);
  });
});

describe('the directory and PORTAL_STAFF_MFA=required', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({
      demo: false,
      start: directoryNow(),
      env: { ...directory.env(PUBLIC_URL), PORTAL_STAFF_MFA: 'required' },
    });
    await makeCast(t, password);
  });
  afterAll(() => t.close());

  it('takes the directory’s second factor (amr) as the staff member’s', async () => {
    const { res } = await signIn(t, 'otto');
    const token = res?.body.data.id_token as string;
    const search = await t.request('GET', '/api/search-accounts/anderson', { token });
    expect(search.status).toBe(200);
  });

  it('without one, confines the session to setting up the portal’s own second factor', async () => {
    const { res } = await signIn(t, 'sam');
    const token = res?.body.data.id_token as string;
    const search = await t.request('GET', '/api/search-accounts/anderson', { token });
    expect(search.status).toBe(403);
    expect(search.body.code).toBe('mfa_setup_required');
  });
});

describe('PORTAL_STAFF_LOCAL=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({
      demo: false,
      start: directoryNow(),
      env: { ...directory.env(PUBLIC_URL), PORTAL_STAFF_LOCAL: 'off', PORTAL_STAFF_BREAK_GLASS: 'admin' },
    });
    await makeCast(t, password);
  });
  afterAll(() => t.close());

  it('refuses staff passwords, except the break-glass admin’s; customers sign in as before', async () => {
    const staff = await t.request('POST', '/api/miglogin', {
      body: { username: 'staff', password: password },
    });
    expect(staff.status).toBe(422);
    expect(staff.body.message).toBe(staffSignInText.localOff);
    expect(staff.body.data?.id_token).toBeUndefined();
    for (const who of ['admin', 'alice']) {
      const res = await t.request('POST', '/api/miglogin', {
        body: { username: who, password: password },
      });
      expect(res.status, who).toBe(200);
    }
    // The directory still lets staff in.
    const { res } = await signIn(t, 'sam');
    expect(res?.status).toBe(200);
  });

  it('refuses a staff passkey sign-in too, except the break-glass admin’s', async () => {
    // Passkeys made while local sign-in was still allowed: the setting switched on for the making.
    const local = (value: 'on' | 'off') => {
      for (const a of t.apps) a.deps.config.PORTAL_STAFF_LOCAL = value;
    };
    local('on');
    const staffKey = new SoftAuthenticator(relyingParty(t.app.deps.config).origin);
    const adminKey = new SoftAuthenticator(relyingParty(t.app.deps.config).origin);
    for (const [who, key] of [
      ['staff', staffKey],
      ['admin', adminKey],
    ] as const) {
      const options = await requestsAs(
        t,
        password,
      )(who).post('/api/passkey-register-options', { logname: who });
      expect(options.status, JSON.stringify(options.body)).toBe(200);
      const made = await requestsAs(
        t,
        password,
      )(who).post('/api/passkey-register', {
        logname: who,
        name: 'Laptop',
        response: key.create(options.body.data),
        password: password,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    local('off');
    const login = async (key: SoftAuthenticator) => {
      const options = await t.request('POST', '/api/passkey-login-options', { body: {} });
      return t.request('POST', '/api/passkey-login', { body: { response: key.get(options.body.data) } });
    };
    const staff = await login(staffKey);
    expect(staff.status).toBe(422);
    expect(staff.body.message).toBe(staffSignInText.localOff);
    expect(staff.body.data?.id_token).toBeUndefined();
    expect((await login(adminKey)).status).toBe(200);
  });
});

describe('without a directory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
  });
  afterAll(() => t.close());

  it('offers no directory sign-in, and its calls answer 404', async () => {
    const res = await t.request('GET', '/api/staff-sign-in/options');
    expect(res.body.data).toEqual({ enabled: false, name: '', start_url: '' });
    expect((await t.request('GET', '/api/staff-sign-in/start')).status).toBe(404);
    expect((await t.request('POST', '/api/staff-sign-in/finish', { body: { handoff: 'x' } })).status).toBe(
      404,
    );
  });
});
