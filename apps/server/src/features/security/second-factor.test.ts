import { secondFactorText } from '@portal/contract/security/second-factor';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mfaChallenges, recoveryCodes, totpAuthenticators } from '../../db/schema.ts';
import { makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * The second factor: authenticator codes, recovery codes, the sign-in's code step, and
 * who may do what with them. Codes are made the way an authenticator app makes them, from the
 * secret the setup answered and the test clock.
 */

/** The password of every account made in this file. */
const password = 'second-factor-pass';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, password);
  as = requestsAs(t, password);
});
afterAll(() => t.close());

const STEP = 30_000;
const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
const codeNow = (secret: string) => codeAt(secret, t.clock.now());
/** The next time step: a code of it has not been used yet. */
const nextStep = () => t.clock.advance(STEP);

const login = (username: string, pass = password) =>
  t.request('POST', '/api/miglogin', { body: { username, password: pass } });
const verify = (mfa_token: string, code: string) =>
  t.request('POST', '/api/mfa-verify', { body: { mfa_token, code } });

/** Turns the authenticator on for `who` (signed in already); its secret and recovery codes. */
async function turnOn(who: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await as(who).post('/api/totp-setup', { logname: who });
  expect(setup.status).toBe(200);
  const secret: string = setup.body.data.secret;
  const confirm = await as(who).post('/api/totp-confirm', {
    logname: who,
    code: codeNow(secret),
    password: password,
  });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  nextStep();
  return { secret, codes: confirm.body.data.recovery_codes };
}

const mailsTo = async (address: string) => {
  await t.drainJobs();
  return t.sent.filter((m) => m.to === address);
};

describe('setting up an authenticator', () => {
  it('answers a base32 secret and its otpauth:// link, and keeps the secret encrypted', async () => {
    const res = await as('bob').post('/api/totp-setup', { logname: 'bob' });
    expect(res.status).toBe(200);
    const { secret, otpauth_url } = res.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    const [row] = await t.db.select().from(totpAuthenticators).where(eq(totpAuthenticators.account, 'bob'));
    expect(row?.secretEnc).not.toContain(secret);
    expect(row?.confirmedAt).toBeNull();
    // Not on yet: the sign-in still asks for the password only.
    expect((await login('bob')).body.data.id_token).toEqual(expect.any(String));
  });

  it('turns it on with the first right code only, and answers ten recovery codes once', async () => {
    const setup = await as('bob').post('/api/totp-setup', { logname: 'bob' });
    const secret = setup.body.data.secret;
    const wrong = await as('bob').post('/api/totp-confirm', {
      logname: 'bob',
      code: 'abcdef',
      password: password,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'wrong_code', message: secondFactorText.wrongCode });
    // A code of a step long past is wrong too.
    const old = codeAt(secret, new Date(t.clock.now().getTime() - 10 * 60_000));
    if (old !== codeNow(secret))
      expect(
        (await as('bob').post('/api/totp-confirm', { logname: 'bob', code: old, password: password })).status,
      ).toBe(422);
    const res = await as('bob').post('/api/totp-confirm', {
      logname: 'bob',
      code: codeNow(secret),
      password: password,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(secondFactorText.turnedOn);
    const codes: string[] = res.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.account, 'bob'));
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace('-', ''));
    const again = await as('bob').post('/api/totp-confirm', {
      logname: 'bob',
      code: codeNow(secret),
      password: password,
    });
    expect(again.status).toBe(409);
    expect((await as('bob').post('/api/totp-setup', { logname: 'bob' })).status).toBe(409);
    const state = await as('bob').get('/api/second-factor/bob');
    expect(state.body.data).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
      methods: ['totp', 'recovery_code'],
      setup_required: false,
    });
    // Mailed, audited; neither the secret nor a code in the mail.
    const mails = await mailsTo('bob@example.test');
    const on = mails.find((m) => m.subject.includes('second factor is on'));
    expect(on?.body).toContain('authenticator app');
    for (const m of mails) {
      expect(m.body).not.toContain(secret);
      for (const c of codes) expect(m.body).not.toContain(c);
    }
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.account, 'bob'));
    expect(audit.map((a) => a.details.event)).toContain('second factor on: authenticator app');
    expect(JSON.stringify(audit)).not.toContain(secret);
    nextStep();
  });

  it('refuses a setup without a started one, and a confirm without a setup', async () => {
    const res = await as('dave').post('/api/totp-confirm', {
      logname: 'dave',
      code: '123456',
      password: password,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(secondFactorText.notSetUp);
  });
});

describe('who may manage a second factor', () => {
  const calls = (logname: string) =>
    [
      ['/api/totp-setup', { logname }],
      ['/api/totp-confirm', { logname, code: '123456', password: 'whatever-pass' }],
      ['/api/totp-disable', { logname, password: 'whatever-pass', code: '123456' }],
      ['/api/recovery-codes', { logname, password: 'whatever-pass' }],
    ] as const;

  it("refuses another account's, a primary's on its Secondary, and staff on a customer", async () => {
    for (const [url, body] of calls('alice')) {
      for (const who of ['bob', 'carol', 'dave', 'staff', 'admin']) {
        const res = await as(who).post(url, body);
        expect(res.status, `${who} ${url}`).toBe(403);
        expect(res.body.message).toBe('Permission denied');
      }
    }
    for (const [url, body] of calls('carol')) {
      const res = await as('alice').post(url, body);
      expect(res.status, `alice on carol ${url}`).toBe(403);
    }
  });

  it('lets a Secondary manage its own', async () => {
    const res = await as('carol').post('/api/totp-setup', { logname: 'carol' });
    expect(res.status).toBe(200);
  });

  it('lets staff read a customer’s, and nobody else', async () => {
    expect((await as('staff').get('/api/second-factor/bob')).body.data.totp).toBe(true);
    expect((await as('admin').get('/api/second-factor/alice')).status).toBe(200);
    expect((await as('alice').get('/api/second-factor/bob')).status).toBe(403);
    expect((await as('alice').get('/api/second-factor/carol')).status).toBe(403);
    expect((await as('carol').get('/api/second-factor/carol')).status).toBe(200);
    expect((await as(null).get('/api/second-factor/bob')).status).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  let secret: string;
  let codes: string[];
  beforeAll(async () => {
    ({ secret, codes } = await turnOn('alice'));
  });

  it('answers mfa_required after the right password: no token, no session', async () => {
    const res = await login('alice');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'mfa_required',
      message: secondFactorText.mfaRequired,
      code: 'mfa_required',
      data: { mfa_token: expect.any(String), methods: ['totp', 'recovery_code'] },
    });
    expect(JSON.stringify(res.body)).not.toContain('id_token');
    // The token is stored as its hash only.
    const rows = await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.account, 'alice'));
    expect(rows.some((r) => r.tokenHash === res.body.data.mfa_token)).toBe(false);
    // A wrong password is refused as before: nothing tells whether a second factor is on.
    const wrong = await login('alice', 'not-her-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('bad_credentials');
  });

  it('keeps the spec’s login answer for an account without a second factor', async () => {
    const res = await login('dave');
    expect(res.body.status).toBe(1);
    expect(Object.keys(res.body).sort()).toEqual([
      'bill_email',
      'color_mode',
      'data',
      'id_token',
      'message',
      'mode',
      'status',
    ]);
  });

  it('answers what the login would, with an authenticator code, and opens the session', async () => {
    const first = await login('alice');
    const res = await verify(first.body.data.mfa_token, codeNow(secret));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    expect(Object.keys(res.body).sort()).toEqual([
      'bill_email',
      'color_mode',
      'data',
      'id_token',
      'message',
      'mode',
      'status',
    ]);
    expect(res.body.data).toEqual({
      id_token: res.body.id_token,
      bill_email: res.body.bill_email,
      mode: res.body.mode,
      color_mode: res.body.color_mode,
    });
    const me = await t.request('GET', '/api/customer/alice', { token: res.body.id_token });
    expect(me.status).toBe(200);
    // The token is used up.
    const reused = await verify(first.body.data.mfa_token, codeNow(secret));
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      status: 0,
      code: 'mfa_expired',
      message: secondFactorText.challengeExpired,
    });
  });

  it('refuses a code used already within its time step (replay)', async () => {
    nextStep();
    const code = codeNow(secret);
    const a = await login('alice');
    expect((await verify(a.body.data.mfa_token, code)).status).toBe(200);
    const b = await login('alice');
    const replay = await verify(b.body.data.mfa_token, code);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: 'wrong_code', message: secondFactorText.codeUsed });
    // A wrong code leaves the sign-in open: the next step's code finishes it.
    nextStep();
    expect((await verify(b.body.data.mfa_token, codeNow(secret))).status).toBe(200);
    nextStep();
  });

  it('takes a recovery code once, whatever its case and hyphens', async () => {
    const a = await login('alice');
    const typed = (codes[0] ?? '').toUpperCase().replace('-', ' ');
    const ok = await verify(a.body.data.mfa_token, typed);
    expect(ok.status).toBe(200);
    expect(ok.body.id_token).toEqual(expect.any(String));
    const b = await login('alice');
    const used = await verify(b.body.data.mfa_token, codes[0] ?? '');
    expect(used.status).toBe(422);
    expect(used.body.code).toBe('wrong_code');
    expect((await as('alice').get('/api/second-factor/alice')).body.data.recovery_codes_left).toBe(9);
    // Another account's recovery code is no code of this one.
    expect((await verify(b.body.data.mfa_token, 'aaaaa-aaaaa')).status).toBe(422);
  });

  it('records a two-step sign-in as one row: waiting for the code, then signed in', async () => {
    nextStep();
    const signIns = async () => (await as('alice').get('/api/sign-ins/alice')).body.data.sign_ins;
    const before = await signIns();
    const first = await login('alice');
    const waiting = await signIns();
    expect(waiting).toHaveLength(before.length + 1);
    expect(waiting[0]).toMatchObject({ result: 'code_pending', method: 'password' });
    expect((await verify(first.body.data.mfa_token, codeNow(secret))).status).toBe(200);
    const after = await signIns();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ result: 'success', method: 'password+code' });
    // The row that waited is the one that ended: no half-done attempt is left beside it.
    expect(after.slice(1)).toEqual(before);
    nextStep();
  });

  it('shows a sign-in whose code never came as "code not given in time"', async () => {
    await login('alice');
    t.clock.advance(5 * 60_000 + 1000);
    const [late] = (await as('alice').get('/api/sign-ins/alice')).body.data.sign_ins;
    expect(late).toMatchObject({ result: 'code_expired', method: 'password' });
    nextStep();
  });

  it('lets an mfa_token live five minutes', async () => {
    const a = await login('alice');
    t.clock.advance(5 * 60_000 + 1000);
    const late = await verify(a.body.data.mfa_token, codeNow(secret));
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('mfa_expired');
    nextStep();
  });

  it('voids the sign-in when the password changes in between', async () => {
    const a = await login('alice');
    const pass = password;
    const change = await as('alice').post('/api/user-change-password', {
      username: 'alice',
      old_password: pass,
      new_password: pass,
      conf_password: pass,
    });
    expect(change.status).toBe(200);
    const res = await verify(a.body.data.mfa_token, codeNow(secret));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('mfa_expired');
    nextStep();
  });

  it('throttles wrong codes like passwords, the right one included once it waits', async () => {
    const a = await login('alice');
    for (let i = 0; i < 5; i++) {
      const res = await verify(a.body.data.mfa_token, '000000');
      expect(res.status, `attempt ${i + 1}`).toBe(422);
    }
    const sixth = await verify(a.body.data.mfa_token, '000000');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(a.body.data.mfa_token, codeNow(secret))).status).toBe(429);
    // After the wait, the right code goes through and clears the count.
    t.clock.advance(60_000);
    const b = await login('alice');
    expect((await verify(b.body.data.mfa_token, codeNow(secret))).status).toBe(200);
    nextStep();
  });

  it('makes recovery codes anew with the password; the old ones stop working', async () => {
    const wrong = await as('alice').post('/api/recovery-codes', { logname: 'alice', password: 'nope-nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('wrong_password');
    const res = await as('alice').post('/api/recovery-codes', { logname: 'alice', password: password });
    expect(res.status).toBe(200);
    const fresh: string[] = res.body.data.recovery_codes;
    expect(fresh).toHaveLength(10);
    const a = await login('alice');
    expect((await verify(a.body.data.mfa_token, codes[1] ?? '')).status).toBe(422);
    expect((await verify(a.body.data.mfa_token, fresh[0] ?? '')).status).toBe(200);
    codes = fresh.slice(1);
    const mails = await mailsTo('alice@example.test');
    expect(mails.some((m) => m.subject.startsWith('New recovery codes'))).toBe(true);
    for (const m of mails) for (const c of fresh) expect(m.body).not.toContain(c);
  });

  it('turns off with the password and a code, and mails the owner', async () => {
    const noPassword = await as('alice').post('/api/totp-disable', {
      logname: 'alice',
      password: 'nope-nope',
      code: codeNow(secret),
    });
    expect(noPassword.body.code).toBe('wrong_password');
    const wrongCode = await as('alice').post('/api/totp-disable', {
      logname: 'alice',
      password: password,
      code: '000000',
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.code).toBe('wrong_code');
    // A recovery code serves when the phone is gone.
    const res = await as('alice').post('/api/totp-disable', {
      logname: 'alice',
      password: password,
      code: codes[0],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(secondFactorText.turnedOff);
    expect((await login('alice')).body.status).toBe(1);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.account, 'alice'))).toHaveLength(0);
    const mails = await mailsTo('alice@example.test');
    expect(mails.some((m) => m.subject.includes('is off'))).toBe(true);
    const again = await as('alice').post('/api/totp-disable', {
      logname: 'alice',
      password: password,
      code: '123456',
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(secondFactorText.notOn);
  });
});

describe('staff removing a customer’s second factor', () => {
  it('removes it, ends every session, audits and mails; customers may not', async () => {
    // bob turned his on above.
    const bobToken = await t.token('bob', password);
    expect((await as('bob').post('/api/remove-second-factor', { logname: 'bob' })).status).toBe(403);
    const res = await as('staff').post('/api/remove-second-factor', { logname: 'bob' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: true });
    expect((await t.request('GET', '/api/customer/bob', { token: bobToken })).status).toBe(401);
    expect((await login('bob')).body.status).toBe(1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'POST /api/remove-second-factor'));
    expect(entry).toMatchObject({ operator: 'staff', account: 'bob' });
    const mails = await mailsTo('bob@example.test');
    expect(mails.some((m) => m.subject.includes('was removed') && m.body.includes('staff'))).toBe(true);
    const none = await as('staff').post('/api/remove-second-factor', { logname: 'bob' });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(secondFactorText.noSecondFactor);
    const missing = await as('staff').post('/api/remove-second-factor', { logname: 'nobody' });
    expect(missing.status).toBe(404);
  });
});

describe('PORTAL_STAFF_MFA=required', () => {
  let r: TestApp;
  let asR: ReturnType<typeof requestsAs>;
  beforeAll(async () => {
    r = await build({ demo: false, env: { PORTAL_STAFF_MFA: 'required' } });
    await makeCast(r, password);
    asR = requestsAs(r, password);
  });
  afterAll(() => r.close());

  it('lets staff without a second factor make only the setup calls until one is on', async () => {
    const token = await r.token('staff', password);
    const get = (url: string) => r.request('GET', url, { token });
    const refused = await get('/api/get-popup-note/alice');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'mfa_setup_required',
      message: secondFactorText.setupRequired,
    });
    expect(
      (await r.request('POST', '/api/remove-second-factor', { token, body: { logname: 'bob' } })).body.code,
    ).toBe('mfa_setup_required');
    // What the shell reads, and the setup itself, go through.
    expect((await get('/api/customer/staff')).status).toBe(200);
    expect((await get('/api/usermode/staff')).status).toBe(200);
    expect((await get('/api/second-factor/staff')).body.data.setup_required).toBe(true);
    const setup = await r.request('POST', '/api/totp-setup', { token, body: { logname: 'staff' } });
    const code = TOTP.generate({
      secret: Secret.fromBase32(setup.body.data.secret),
      timestamp: r.clock.now().getTime(),
    });
    const confirm = await r.request('POST', '/api/totp-confirm', {
      token,
      body: { logname: 'staff', code, password: password },
    });
    expect(confirm.status).toBe(200);
    expect((await get('/api/get-popup-note/alice')).status).toBe(200);
    expect((await get('/api/second-factor/staff')).body.data.setup_required).toBe(false);
    // The next sign-in asks for the code.
    const next = await r.request('POST', '/api/miglogin', {
      body: { username: 'staff', password: password },
    });
    expect(next.body.status).toBe('mfa_required');
  });

  it('leaves customers free to choose', async () => {
    expect((await asR('alice').get('/api/get-payment-methods/alice')).status).toBe(200);
    expect((await asR('alice').get('/api/second-factor/alice')).body.data.setup_required).toBe(false);
  });

  it('holds admins to it too', async () => {
    const res = await asR('admin').get('/api/get-popup-note/alice');
    expect(res.body.code).toBe('mfa_setup_required');
  });
});
