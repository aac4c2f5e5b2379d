import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, sessions, signIns } from '../../db/schema.ts';
import { makeCast } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { mailsTo } from '../../../test/support/mail.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
/** The password of the accounts made here (factories.ts `makeCast`: alice, bob, carol, dave, staff, admin). */
const password = 'sessions-test-pass';
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, password);
});
afterAll(() => t.close());

interface SignedIn {
  token: string;
  cookie: string;
}

/** Signs in from a browser of its own: its user agent, address and device cookie. */
async function signIn(
  logname: string,
  opts: { ua?: string; ip?: string; cookie?: string; password?: string } = {},
): Promise<SignedIn> {
  const res = await t.request('POST', '/api/miglogin', {
    body: { username: logname, password: opts.password ?? password },
    headers: { 'user-agent': opts.ua ?? FIREFOX, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    remoteAddress: opts.ip ?? '192.0.2.77',
  });
  if (res.status !== 200) return { token: '', cookie: opts.cookie ?? '' };
  const set = String(res.headers['set-cookie'] ?? '');
  return { token: res.body.data.id_token, cookie: set.split(';')[0] ?? '' };
}

const get = (url: string, token: string) => t.request('GET', url, { token });
const post = (url: string, token: string, body: unknown) => t.request('POST', url, { token, body });

const newDeviceMails = async (account: string) =>
  (
    await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'sign-in.new-device'), eq(outbox.account, account)))
  ).length;

describe('a sign-in from a new device', () => {
  it('is mailed to the owner, except the account’s very first sign-in and a known browser', async () => {
    const first = await signIn('admin', { ip: '203.0.113.40' });
    expect(first.token).not.toBe('');
    expect(await newDeviceMails('admin')).toBe(0);
    await signIn('admin', { cookie: first.cookie });
    expect(await newDeviceMails('admin')).toBe(0);
    await signIn('admin', { ua: SAFARI, ip: '203.0.113.41' });
    const mails = await mailsTo(t, { kind: 'sign-in.new-device', account: 'admin' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New sign-in to your account');
    expect(mails[0]?.body).toContain('Safari 17 on iOS');
    expect(mails[0]?.body).toContain('203.0.113.0/24');
    expect(mails[0]?.body).not.toContain('203.0.113.41');
  });
});

describe('GET /api/sessions/{logname}', () => {
  it('lists the live sessions with device, address prefix and method, the caller’s marked current', async () => {
    const phone = await signIn('bob', { ua: SAFARI, ip: '2001:db8:1234:5678:aaaa:bbbb:cccc:dddd' });
    const desk = await signIn('bob', { ua: FIREFOX, ip: '198.51.100.23' });
    const res = await get('/api/sessions/bob', desk.token);
    expect(res.status).toBe(200);
    const list = res.body.data.sessions as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(2);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      device: 'Firefox 128 on Windows 10',
      address: '198.51.100.0/24',
      method: 'password',
    });
    const other = list.find((s) => String(s.device).startsWith('Safari'));
    expect(other).toMatchObject({ current: false, address: '2001:db8:1234:5678::/64' });
    expect(other?.device).toContain('iOS');
    // Never the token's secret session id, nor the whole address.
    const secrets = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.account, 'bob'));
    const text = JSON.stringify(res.body);
    for (const s of secrets) expect(text).not.toContain(s.id);
    expect(text).not.toContain('198.51.100.23');
    expect(text).not.toContain('aaaa');
    // The phone sees the same list, with its own session current.
    const fromPhone = await get('/api/sessions/bob', phone.token);
    expect(fromPhone.body.data.sessions.find((s: { current: boolean }) => s.current).id).toBe(other?.id);
    // A Spanish caller reads each device in Spanish.
    const inSpanish = await t.request('GET', '/api/sessions/bob', {
      token: desk.token,
      headers: { 'accept-language': 'es' },
    });
    const mine = inSpanish.body.data.sessions.find((s: { current: boolean }) => s.current);
    expect(mine.device).toBe('Firefox 128 en Windows 10');
  });

  it('refuses another customer, a Secondary its primary’s list, and a dashboard admin; staff may read', async () => {
    const alice = await signIn('alice');
    expect((await get('/api/sessions/bob', alice.token)).status).toBe(403);
    const carol = await signIn('carol');
    expect((await get('/api/sessions/alice', carol.token)).status).toBe(403);
    expect((await get('/api/sessions/carol', carol.token)).status).toBe(200);
    // dave is alice's dashboard admin: reading rights do not reach her sessions.
    const dave = await signIn('dave');
    expect((await get('/api/sessions/alice', dave.token)).status).toBe(403);
    expect((await t.request('GET', '/api/sessions/alice')).status).toBe(401);
    const staff = await signIn('staff');
    const res = await get('/api/sessions/alice', staff.token);
    expect(res.status).toBe(200);
    expect(res.body.data.sessions.length).toBeGreaterThan(0);
    expect(res.body.data.sessions.every((s: { current: boolean }) => !s.current)).toBe(true);
  });
});

describe('POST /api/end-session', () => {
  it('ends one session: its token is refused at once, the caller’s goes on', async () => {
    const a = await signIn('bob');
    const b = await signIn('bob', { ua: SAFARI });
    const list = (await get('/api/sessions/bob', a.token)).body.data.sessions;
    const bId = (await get('/api/sessions/bob', b.token)).body.data.sessions.find(
      (s: { current: boolean }) => s.current,
    ).id;
    expect(list.some((s: { id: string }) => s.id === bId)).toBe(true);
    const res = await post('/api/end-session', a.token, { logname: 'bob', id: bId });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBe(1);
    const refused = await get('/api/customer/bob', b.token);
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe('expired_token');
    expect((await get('/api/customer/bob', a.token)).status).toBe(200);
    // Ending it again changes nothing.
    const again = await post('/api/end-session', a.token, { logname: 'bob', id: bId });
    expect(again.body.data.ended).toBe(0);
    // The owner's change is on the account's record.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/end-session'), eq(auditLog.operator, 'bob')));
    expect(entry).toMatchObject({ account: 'bob' });
  });

  it('refuses another account’s session id alike to one that does not exist; staff are told it is missing', async () => {
    const bob = await signIn('bob');
    const bobId = (await get('/api/sessions/bob', bob.token)).body.data.sessions[0].id;
    const alice = await signIn('alice');
    // alice naming bob's session through her own account, and through bob's.
    const own = await post('/api/end-session', alice.token, { logname: 'alice', id: bobId });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Permission denied');
    expect((await post('/api/end-session', alice.token, { logname: 'bob', id: bobId })).status).toBe(403);
    const none = await post('/api/end-session', alice.token, {
      logname: 'alice',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('Permission denied');
    const carol = await signIn('carol');
    expect((await post('/api/end-session', carol.token, { logname: 'bob', id: bobId })).status).toBe(403);
    const staff = await signIn('staff');
    expect((await post('/api/end-session', staff.token, { logname: 'alice', id: bobId })).status).toBe(404);
    expect((await get('/api/customer/bob', bob.token)).status).toBe(200);
    const bad = await post('/api/end-session', alice.token, { logname: 'alice', id: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toBe('Unknown session');
    expect(
      (await t.request('POST', '/api/end-session', { body: { logname: 'bob', id: bobId } })).status,
    ).toBe(401);
  });

  it('lets staff end a customer’s session, audited with the operator', async () => {
    const bob = await signIn('bob');
    const bobId = (await get('/api/sessions/bob', bob.token)).body.data.sessions.find(
      (s: { current: boolean }) => s.current,
    ).id;
    const staff = await signIn('staff');
    const res = await post('/api/end-session', staff.token, { logname: 'bob', id: bobId });
    expect(res.status).toBe(200);
    expect((await get('/api/customer/bob', bob.token)).status).toBe(401);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/end-session'), eq(auditLog.operator, 'staff')));
    expect(entries.at(-1)).toMatchObject({ account: 'bob' });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.publicId, bobId));
    expect(row?.endReason).toBe('ended by staff');
  });
});

describe('POST /api/end-other-sessions', () => {
  it('ends every other session of the account and keeps the caller’s', async () => {
    const keep = await signIn('alice');
    const others = [await signIn('alice', { ua: SAFARI }), await signIn('alice', { ip: '203.0.113.9' })];
    const res = await post('/api/end-other-sessions', keep.token, { logname: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBeGreaterThanOrEqual(2);
    for (const o of others) expect((await get('/api/customer/alice', o.token)).status).toBe(401);
    expect((await get('/api/customer/alice', keep.token)).status).toBe(200);
    const list = (await get('/api/sessions/alice', keep.token)).body.data.sessions;
    expect(list).toHaveLength(1);
    expect(list[0].current).toBe(true);
  });

  it('refuses another customer and a Secondary; staff end all the customer’s sessions, audited', async () => {
    const bob = await signIn('bob');
    const alice = await signIn('alice');
    expect((await post('/api/end-other-sessions', alice.token, { logname: 'bob' })).status).toBe(403);
    const carol = await signIn('carol');
    expect((await post('/api/end-other-sessions', carol.token, { logname: 'alice' })).status).toBe(403);
    const dave = await signIn('dave');
    expect((await post('/api/end-other-sessions', dave.token, { logname: 'alice' })).status).toBe(403);
    expect((await get('/api/customer/bob', bob.token)).status).toBe(200);
    expect((await get('/api/customer/alice', alice.token)).status).toBe(200);
    const staff = await signIn('staff');
    const res = await post('/api/end-other-sessions', staff.token, { logname: 'bob' });
    expect(res.status).toBe(200);
    expect((await get('/api/customer/bob', bob.token)).status).toBe(401);
    expect((await get('/api/sessions/bob', staff.token)).body.data.sessions).toEqual([]);
    expect((await get('/api/customer/bob', staff.token)).status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/end-other-sessions'), eq(auditLog.operator, 'staff')));
    expect(entry).toMatchObject({ account: 'bob' });
  });
});

describe('GET /api/sign-ins/{logname}', () => {
  it('records successes, wrong passwords and refused attempts with device and address prefix', async () => {
    await signIn('bob', { password: 'wrong-password', ip: '198.51.100.50' });
    const ok = await signIn('bob', { ip: '198.51.100.50' });
    const res = await get('/api/sign-ins/bob', ok.token);
    expect(res.status).toBe(200);
    const [latest, before] = res.body.data.sign_ins;
    expect(latest).toMatchObject({
      result: 'success',
      method: 'password',
      device: 'Firefox 128 on Windows 10',
      address: '198.51.100.0/24',
    });
    expect(before).toMatchObject({ result: 'bad_password', address: '198.51.100.0/24' });
    const inSpanish = await t.request('GET', '/api/sign-ins/bob', {
      token: ok.token,
      headers: { 'accept-language': 'es' },
    });
    expect(inSpanish.body.data.sign_ins[0].device).toBe('Firefox 128 en Windows 10');
    expect(JSON.stringify(res.body)).not.toContain('198.51.100.50');
    expect(JSON.stringify(res.body)).not.toContain('wrong-password');
  });

  it('records an attempt refused by the sign-in limits, and none for an account that does not exist', async () => {
    const before = (await t.db.select().from(signIns)).length;
    await signIn('nosuchaccount', { password: 'x' });
    expect((await t.db.select().from(signIns)).length).toBe(before);
    let res = await t.request('POST', '/api/miglogin', {
      body: { username: 'dave', password: 'wrong' },
      remoteAddress: '203.0.113.200',
    });
    for (let i = 0; i < 30 && res.status !== 429; i++)
      res = await t.request('POST', '/api/miglogin', {
        body: { username: 'dave', password: 'wrong' },
        remoteAddress: '203.0.113.200',
      });
    expect(res.status).toBe(429);
    const results = (await t.db.select().from(signIns).where(eq(signIns.account, 'dave'))).map(
      (r) => r.result,
    );
    expect(results).toContain('throttled');
    expect(results).toContain('bad_password');
  });

  it('refuses another customer and a Secondary naming its primary; staff may read', async () => {
    const alice = await signIn('alice');
    expect((await get('/api/sign-ins/bob', alice.token)).status).toBe(403);
    const carol = await signIn('carol');
    expect((await get('/api/sign-ins/alice', carol.token)).status).toBe(403);
    expect((await get('/api/sign-ins/carol', carol.token)).status).toBe(200);
    const dave = await signIn('dave', { ip: '192.0.2.99' });
    expect((await get('/api/sign-ins/alice', dave.token)).status).toBe(403);
    const staff = await signIn('staff');
    expect((await get('/api/sign-ins/alice', staff.token)).status).toBe(200);
    expect((await t.request('GET', '/api/sign-ins/alice')).status).toBe(401);
  });

  // Last: it moves the clock past every session's lifetime.
  it('shows the last 90 days; housekeeping deletes older attempts but the last success, so a new device is still news', async () => {
    await signIn('staff', { password: 'wrong-password' });
    const browser = await signIn('staff');
    const mailsBefore = await newDeviceMails('staff');
    t.clock.advance(91 * 86_400_000);
    const admin = await signIn('admin');
    expect((await get('/api/sign-ins/staff', admin.token)).body.data.sign_ins).toEqual([]);
    const before = await t.db.select().from(signIns).where(eq(signIns.account, 'staff'));
    expect(before.length).toBeGreaterThan(1);
    await t.drainJobs();
    const kept = await t.db.select().from(signIns).where(eq(signIns.account, 'staff'));
    expect(kept.map((r) => r.result)).toEqual(['success']);
    expect(kept[0]?.id).toBe(Math.max(...before.filter((r) => r.result === 'success').map((r) => r.id)));
    // A sign-in from the known browser is not news; one from a new browser is mailed.
    await signIn('staff', { cookie: browser.cookie });
    expect(await newDeviceMails('staff')).toBe(mailsBefore);
    await signIn('staff', { ua: SAFARI });
    expect(await newDeviceMails('staff')).toBe(mailsBefore + 1);
  });
});
