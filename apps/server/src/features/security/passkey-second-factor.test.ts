import { passkeyText } from '@portal/contract/security/passkey-messages';
import { secondFactorText } from '@portal/contract/security/second-factor';
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relyingParty } from '../../auth/passkeys.ts';
import { sessions, signIns } from '../../db/schema.ts';
import { makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { type Bend, SoftAuthenticator } from '../../../test/support/soft-authenticator.ts';

/**
 * A passkey as the second step after the password (docs/decisions/077-passkey-second-factor.md),
 * through HTTP with real WebAuthn answers from a software authenticator: the options bound to the
 * account, the sign-in, and every refusal — another account's passkey, a reused or foreign
 * challenge, a used or expired `mfa_token`, answers that do not verify — counted like wrong codes.
 */

let t: TestApp;
let origin: string;
/** The password of the accounts made here (factories.ts `makeCast`: alice, bob, carol, dave, …). */
const password = 'passkey-second-factor-pass';
/** Requests as an account, signed in once with the password (before any second factor). */
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  origin = relyingParty(t.app.deps.config).origin;
  await makeCast(t, password);
  as = requestsAs(t, password);
});
afterAll(() => t.close());

const STEP = 30_000;
const FIVE_MINUTES = 5 * 60_000;

const login = (username: string) => t.request('POST', '/api/miglogin', { body: { username, password } });
const options = (mfa_token: string) => t.request('POST', '/api/mfa-passkey-options', { body: { mfa_token } });
const verify = (body: Record<string, unknown>) => t.request('POST', '/api/mfa-verify', { body });

/** The `mfa_token` of a password sign-in of `who` (an account with the authenticator on). */
async function passwordStep(who: string): Promise<string> {
  const res = await login(who);
  expect(res.body.status, JSON.stringify(res.body)).toBe('mfa_required');
  return res.body.data.mfa_token;
}

/** Options for the token's account; expects them to be given. */
async function optionsFor(mfaToken: string) {
  const res = await options(mfaToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The whole second step with `auth`'s passkey: options for the token, the answer, mfa-verify. */
async function passkeyStep(mfaToken: string, auth: SoftAuthenticator, bend: Bend = {}) {
  const passkey = auth.get(await optionsFor(mfaToken), bend);
  return verify({ mfa_token: mfaToken, passkey });
}

async function turnOnApp(who: string): Promise<string> {
  const setup = await as(who).post('/api/totp-setup', { logname: who });
  const secret: string = setup.body.data.secret;
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
  const confirm = await as(who).post('/api/totp-confirm', { logname: who, code, password });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  t.clock.advance(STEP);
  return secret;
}

async function addPasskey(who: string, auth: SoftAuthenticator, name: string) {
  const opts = await as(who).post('/api/passkey-register-options', { logname: who });
  const res = await as(who).post('/api/passkey-register', {
    logname: who,
    name,
    response: auth.create(opts.body.data),
    password,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const lastSignIn = async (who: string) =>
  (await t.db.select().from(signIns).where(eq(signIns.account, who)).orderBy(desc(signIns.id)).limit(1))[0];

// bob: authenticator app and a passkey. alice: both too (her passkey is the attacker's in the
// attacks on bob). dave: a passkey, no app. carol: the app, no passkey.
let bobKey: SoftAuthenticator;
let aliceKey: SoftAuthenticator;
let bobSecret: string;
beforeAll(async () => {
  bobKey = new SoftAuthenticator(origin);
  aliceKey = new SoftAuthenticator(origin);
  bobSecret = await turnOnApp('bob');
  await turnOnApp('alice');
  await addPasskey('bob', bobKey, 'Bob laptop');
  await addPasskey('alice', aliceKey, 'Alice phone');
});

describe('which accounts are asked for a passkey after the password', () => {
  it('lists passkey among the methods of an account with the app and a passkey', async () => {
    const res = await login('bob');
    expect(res.body.data.methods).toEqual(['totp', 'recovery_code', 'passkey']);
    expect((await as('bob').get('/api/second-factor/bob')).body.data.methods).toContain('passkey');
  });

  it('does not make an account with a passkey but no app two-step: its password signs in as before', async () => {
    const daveKey = new SoftAuthenticator(origin);
    await addPasskey('dave', daveKey, 'Dave key');
    const res = await login('dave');
    expect(res.body.status).toBe(1);
    expect(res.body.id_token).toEqual(expect.any(String));
  });
});

describe('the options of the passkey step', () => {
  it("ask for the account's own passkeys only, user verified, with a challenge of their own", async () => {
    const token = await passwordStep('bob');
    const a = await optionsFor(token);
    const b = await optionsFor(token);
    expect(a).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(a.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      bobKey.credentials[0]?.id.toString('base64url'),
    ]);
    expect(a.challenge).not.toBe(b.challenge);
  });

  it('are refused for an unknown, used or expired mfa_token', async () => {
    expect((await options('no-such-token')).body).toMatchObject({ status: 0, code: 'mfa_expired' });
    const late = await passwordStep('bob');
    t.clock.advance(FIVE_MINUTES + 1000);
    const res = await options(late);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'mfa_expired', message: secondFactorText.challengeExpired });
    const used = await passwordStep('bob');
    expect((await passkeyStep(used, bobKey)).status).toBe(200);
    expect((await options(used)).body.code).toBe('mfa_expired');
  });

  it('are refused for an account without a passkey', async () => {
    await turnOnApp('carol');
    const res = await options(await passwordStep('carol'));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 0, message: secondFactorText.noPasskey });
  });
});

describe('signing in with the password and a passkey', () => {
  it('answers what the login would, opens a password+passkey session, and uses the token up', async () => {
    const token = await passwordStep('bob');
    const res = await passkeyStep(token, bobKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'bill_email',
      'color_mode',
      'data',
      'id_token',
      'message',
      'mode',
      'status',
    ]);
    expect(res.body.data.id_token).toBe(res.body.id_token);
    expect((await t.request('GET', '/api/customer/bob', { token: res.body.id_token })).status).toBe(200);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.account, 'bob'))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(session?.method).toBe('password+passkey');
    expect((await lastSignIn('bob'))?.method).toBe('password+passkey');
    // The token is used up, whatever the factor.
    const again = await verify({
      mfa_token: token,
      code: TOTP.generate({ secret: Secret.fromBase32(bobSecret), timestamp: t.clock.now().getTime() }),
    });
    expect(again.body.code).toBe('mfa_expired');
  });

  it('leaves the codes working: the app code still finishes a sign-in the passkey could', async () => {
    t.clock.advance(STEP);
    const token = await passwordStep('bob');
    const code = TOTP.generate({ secret: Secret.fromBase32(bobSecret), timestamp: t.clock.now().getTime() });
    expect((await verify({ mfa_token: token, code })).status).toBe(200);
  });

  it('takes exactly one of code and passkey', async () => {
    const token = await passwordStep('bob');
    const none = await verify({ mfa_token: token });
    expect(none.status).toBe(400);
    expect(none.body.errors.code).toBe(secondFactorText.codeRequired);
    const passkey = bobKey.get(await optionsFor(token));
    const both = await verify({ mfa_token: token, code: '123456', passkey });
    expect(both.status).toBe(400);
    expect(both.body.errors.passkey).toBe(secondFactorText.codeOrPasskey);
  });
});

describe('refusals of the passkey step (the attacks)', () => {
  it("refuses another account's passkey as bob's second factor", async () => {
    const token = await passwordStep('bob');
    // Alice's authenticator answers bob's options with her own passkey.
    const res = await passkeyStep(token, aliceKey);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      status: 0,
      code: 'wrong_code',
      message: secondFactorText.passkeyNotAccepted,
    });
    expect(res.body.id_token).toBeUndefined();
    expect(await lastSignIn('bob')).toMatchObject({ result: 'code_failed', method: 'password+passkey' });
    // The sign-in stays open for bob's own passkey.
    expect((await passkeyStep(token, bobKey)).status).toBe(200);
  });

  it("refuses options made for another account's sign-in (the challenge is bound to alice)", async () => {
    const bobToken = await passwordStep('bob');
    const aliceToken = await passwordStep('alice');
    // Alice's own passkey on alice's options, sent with bob's token.
    const passkey = aliceKey.get(await optionsFor(aliceToken));
    const res = await verify({ mfa_token: bobToken, passkey });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('wrong_code');
    // Bob's passkey on alice's options, sent with bob's token: the challenge is not bob's either.
    const cross = bobKey.get(await optionsFor(aliceToken));
    expect((await verify({ mfa_token: bobToken, passkey: cross })).body.code).toBe('wrong_code');
  });

  it('refuses a reused challenge: an answer works once', async () => {
    const first = await passwordStep('bob');
    const passkey = bobKey.get(await optionsFor(first));
    expect((await verify({ mfa_token: first, passkey })).status).toBe(200);
    const second = await passwordStep('bob');
    const replay = await verify({ mfa_token: second, passkey });
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: 'wrong_code', message: passkeyText.expired });
  });

  it("refuses a challenge of the passwordless sign-in (another ceremony's)", async () => {
    const token = await passwordStep('bob');
    const signIn = await t.request('POST', '/api/passkey-login-options', { body: {} });
    const res = await verify({ mfa_token: token, passkey: bobKey.get(signIn.body.data) });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('wrong_code');
  });

  it('refuses a right answer with a used or expired mfa_token', async () => {
    const used = await passwordStep('bob');
    const answer = bobKey.get(await optionsFor(used));
    expect((await passkeyStep(used, bobKey)).status).toBe(200);
    expect((await verify({ mfa_token: used, passkey: answer })).body.code).toBe('mfa_expired');
    const late = await passwordStep('bob');
    const lateAnswer = bobKey.get(await optionsFor(late));
    t.clock.advance(FIVE_MINUTES + 1000);
    const res = await verify({ mfa_token: late, passkey: lateAnswer });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('mfa_expired');
  });

  it('refuses answers that do not verify: another origin, another RP ID, no user verification, an old counter', async () => {
    const bends: Bend[] = [
      { origin: 'https://portal.example.evil' },
      { rpId: 'evil.example' },
      { uv: false },
      { counter: 0 },
    ];
    for (const bend of bends) {
      const token = await passwordStep('bob');
      const res = await passkeyStep(token, bobKey, bend);
      expect(res.status, JSON.stringify(bend)).toBe(422);
      expect(res.body.code).toBe('wrong_code');
      expect(res.body.id_token).toBeUndefined();
    }
    // Four wrong guesses counted; the right passkey (its counter past the stored one again) clears them.
    const right = await passkeyStep(await passwordStep('bob'), bobKey, { counter: 1000 });
    expect(right.status).toBe(200);
  });

  it('counts wrong passkeys with wrong codes against one limit: the sixth wrong guess waits', async () => {
    const token = await passwordStep('bob');
    for (let i = 0; i < 3; i++) expect((await verify({ mfa_token: token, code: '000000' })).status).toBe(422);
    for (let i = 0; i < 2; i++) expect((await passkeyStep(token, aliceKey)).status).toBe(422);
    const sixth = await passkeyStep(token, bobKey);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // After the wait the right passkey goes through and clears the count.
    t.clock.advance(60_000);
    expect((await passkeyStep(token, bobKey)).status).toBe(200);
    const rows = await t.db
      .select()
      .from(signIns)
      .where(and(eq(signIns.account, 'bob'), eq(signIns.result, 'code_failed')));
    expect(rows.length).toBeGreaterThanOrEqual(5);
  });
});
