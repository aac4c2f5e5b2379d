import { must } from '../support/must.ts';
import { accountText } from '@portal/contract/account/messages';
import { IDEMPOTENCY_TEXT } from '@portal/contract/http';
import { STAFF_RECOVERY_COOLING_DAYS } from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { mailAppPasswordText } from '@portal/contract/mail-app-passwords/messages';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  idempotencyKeys,
  passkeys,
  recoveryEmails,
  totpAuthenticators,
} from '../../src/db/schema.ts';
import { makeCast } from '../support/factories.ts';
import { build, type Res, type TestApp } from '../support/helper.ts';

/**
 * Lasting credentials (API tokens, second factors, passkeys, recovery addresses) are made, kept and
 * ended only by their owner. Each test is the attack as it was made through HTTP; it succeeded on the
 * code before the fix (docs/security.md, "Lasting credentials").
 */

const PASSWORD = 'lasting-credentials-pass';
let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
}, 120_000);
afterAll(() => t.close());

const STEP = 30_000;
const codeNow = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });

async function signIn(logname: string): Promise<string> {
  const res = await t.request('POST', '/api/miglogin', {
    body: { username: logname, password: PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id_token;
}

const post = (
  token: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Res> => t.request('POST', url, { token, body, headers });

/** Everything the idempotency store holds for an account, as text. */
const keptFor = async (owner: string): Promise<string> =>
  JSON.stringify(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.owner, owner)));

const inAYear = () => new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();

describe('a call answering a secret keeps nothing for a replay', () => {
  it('create-api-token with an Idempotency-Key is refused (400): no token is made, none is kept', async () => {
    const token = await signIn('bob');
    const body = {
      logname: 'bob',
      name: 'replayed',
      scope: 'full',
      expires: inAYear(),
      password: PASSWORD,
    };
    const first = await post(token, '/api/create-api-token', body, { 'idempotency-key': 'secret-token-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(400);
    expect(first.body).toMatchObject({ status: 0, code: 'invalid', message: IDEMPOTENCY_TEXT.secretAnswer });
    expect(first.body.errors).toEqual({ 'Idempotency-Key': IDEMPOTENCY_TEXT.secretAnswer });
    const again = await post(token, '/api/create-api-token', body, { 'idempotency-key': 'secret-token-1' });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).not.toMatch(/mpt_/);
    expect(await keptFor('bob')).not.toMatch(/mpt_/);
    const list = await t.request('GET', '/api/api-tokens/bob', { token });
    expect(list.body.data.tokens.map((k: { name: string }) => k.name)).not.toContain('replayed');
    // Without the header the call runs, and the store holds nothing of it.
    const made = await post(token, '/api/create-api-token', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await keptFor('bob')).not.toContain(made.body.data.token);
  });

  it('totp-setup, totp-confirm and recovery-codes refuse the header and keep no secret', async () => {
    const token = await signIn('dave');
    const key = { 'idempotency-key': 'secret-totp-1' };
    const setupKeyed = await post(token, '/api/totp-setup', { logname: 'dave' }, key);
    expect(setupKeyed.status).toBe(400);
    expect(setupKeyed.body.data).toBeUndefined();
    const setup = await post(token, '/api/totp-setup', { logname: 'dave' });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.data.secret;
    const confirmBody = { logname: 'dave', code: codeNow(secret), password: PASSWORD };
    const confirmKeyed = await post(token, '/api/totp-confirm', confirmBody, key);
    expect(confirmKeyed.status).toBe(400);
    const confirm = await post(token, '/api/totp-confirm', confirmBody);
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    t.clock.advance(STEP);
    const codesKeyed = await post(token, '/api/recovery-codes', { logname: 'dave', password: PASSWORD }, key);
    expect(codesKeyed.status).toBe(400);
    expect(codesKeyed.body.data).toBeUndefined();
    const kept = await keptFor('dave');
    expect(kept).not.toContain(secret);
    for (const code of confirm.body.data.recovery_codes as string[]) expect(kept).not.toContain(code);
    // Off again for the tests below: the password and a current code.
    const off = await post(token, '/api/totp-disable', {
      logname: 'dave',
      password: PASSWORD,
      code: codeNow(secret),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    t.clock.advance(STEP);
  });
});

describe('turning the second factor on is a lasting grant', () => {
  it('a stolen session alone cannot turn an authenticator on (the password is asked)', async () => {
    const stolen = await signIn('bob');
    const setup = await post(stolen, '/api/totp-setup', { logname: 'bob' });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.data.secret;
    const without = await post(stolen, '/api/totp-confirm', { logname: 'bob', code: codeNow(secret) });
    expect(without.status).toBe(400);
    expect(without.body.errors).toHaveProperty('password');
    const wrong = await post(stolen, '/api/totp-confirm', {
      logname: 'bob',
      code: codeNow(secret),
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('wrong_password');
    const [row] = await t.db
      .select({ confirmedAt: totpAuthenticators.confirmedAt })
      .from(totpAuthenticators)
      .where(eq(totpAuthenticators.account, 'bob'));
    expect(row?.confirmedAt ?? null).toBeNull();
    // The owner still signs in with the password alone.
    const login = await t.request('POST', '/api/miglogin', {
      body: { username: 'bob', password: PASSWORD },
    });
    expect(login.body.status).toBe(1);
    await t.db.execute(sql`delete from totp_authenticators where account = 'bob'`);
  });
});

/** The reset token of the last reset link mailed to `to`. */
async function mailedResetToken(to: string): Promise<string> {
  await t.drainJobs();
  const m = t.sent
    .filter((x) => x.to === to)
    .at(-1)
    ?.body.match(/reset-panel-password\/([A-Za-z0-9_-]{43})/);
  if (!m?.[1]) throw new Error(`no reset link mailed to ${to}`);
  return m[1];
}

/**
 * A read with `bearer` once it should be refused: at once in one process; with two processes, each
 * must refuse it within the second the session check allows (docs/decisions/023-session-check-cache.md).
 */
async function refusedEverywhere(bearer: string, logname: string): Promise<number> {
  const reads = async () => (await t.request('GET', `/api/customer/${logname}`, { token: bearer })).status;
  const until = performance.now() + 1000;
  let status = await reads();
  let inARow = status === 401 ? 1 : 0;
  while (inARow < t.apps.length && performance.now() < until) {
    if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    status = await reads();
    inARow = status === 401 ? inARow + 1 : 0;
  }
  return status;
}

describe('a reset by mail revokes every API token and lists what remains', () => {
  it('an API token made before the reset is refused after it; the answer and the mail list the factor and passkeys', async () => {
    const session = await signIn('carol');
    const made = await post(session, '/api/create-api-token', {
      logname: 'carol',
      name: 'script',
      scope: 'full',
      expires: inAYear(),
      password: PASSWORD,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const apiToken: string = made.body.data.token;
    expect((await t.request('GET', '/api/customer/carol', { token: apiToken })).status).toBe(200);
    // An app password for mail goes with the tokens (docs/mail-servers-passwords.md).
    const appPassword = await post(session, '/api/create-mail-app-password', {
      logname: 'carol',
      name: 'Phone',
      password: PASSWORD,
    });
    expect(appPassword.status, JSON.stringify(appPassword.body)).toBe(200);
    await t.db.insert(passkeys).values({
      owner: 'carol',
      credentialId: 'lasting-credentials-test-key',
      publicKey: 'pQECAyYgASFYIA',
      userHandle: 'carol-handle-test',
      name: 'Planted laptop',
      deviceType: 'singleDevice',
      backedUp: false,
      createdAt: t.clock.now(),
    });
    const carol = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'carol')))[0], 'carol');
    await t.request('POST', '/api/forgot-panel-password', {
      body: { account: 'carol', email: carol.billEmail },
    });
    const link = await mailedResetToken(carol.billEmail);
    const NEW = 'Fresh-long-pass-29';
    const reset = await t.request('POST', '/api/user-reset-password', {
      body: { reset_token: link, new_password: NEW, conf_password: NEW },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await refusedEverywhere(apiToken, 'carol')).toBe(401);
    expect(await refusedEverywhere(session, 'carol')).toBe(401);
    expect(reset.body.data).toEqual({
      username: 'carol',
      tokens_revoked: 1,
      app_passwords_revoked: 1,
      authenticator: false,
      passkeys: ['Planted laptop'],
    });
    await t.drainJobs();
    const notice = t.sent.filter(
      (m) => m.to === carol.billEmail && m.subject.includes('password of account carol'),
    );
    expect(notice.at(-1)?.body).toContain(accountText.resetTokensRevoked(1));
    expect(notice.at(-1)?.body).toContain(mailAppPasswordText.resetRevoked(1));
    expect(notice.at(-1)?.body).toContain(accountText.resetRemainingPasskey('Planted laptop'));
    expect(notice.at(-1)?.body).toContain('/portal/security');
    await t.db.delete(passkeys).where(eq(passkeys.credentialId, 'lasting-credentials-test-key'));
  });
});

describe('a recovery address staff put on a customer account waits out a cooling-off period', () => {
  it('staff add an address, it confirms itself, and a reset to it mails no link until the period is over', async () => {
    const planted = 'takeover@staff-planted.example';
    await t.token('staff', PASSWORD);
    const added = await t.as('staff').post('/api/add-recovery-email', { logname: 'alice', email: planted });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // The address follows its confirmation link (as its holder would).
    await t.db
      .update(recoveryEmails)
      .set({ confirmedAt: t.clock.now(), tokenHash: null })
      .where(eq(recoveryEmails.contactInfo, planted));
    const resetTo = async () => {
      const before = t.sent.length;
      const asked = await t.request('POST', '/api/forgot-panel-password', {
        body: { account: 'alice', email: planted },
      });
      expect(asked.status).toBe(200);
      await t.drainJobs();
      return t.sent.slice(before).filter((m) => m.to === planted && m.body.includes('reset-panel-password/'));
    };
    expect(await resetTo()).toHaveLength(0);
    const after = added.body.data.usable_after as string;
    expect(new Date(after).getTime() - t.clock.now().getTime()).toBe(
      STAFF_RECOVERY_COOLING_DAYS * 86_400_000,
    );
    // The customer was told, with the way to cancel.
    await t.drainJobs();
    const alice = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'alice')))[0], 'alice');
    const notice = t.sent
      .filter((m) => m.to === alice.billEmail.toLowerCase() && m.body.includes(planted))
      .at(-1);
    expect(notice?.body).toContain(mailText.recoveryStaffAdded(STAFF_RECOVERY_COOLING_DAYS));
    expect(notice?.body).toContain('/portal/recovery-contacts');
    // The customer's list shows it, with the date it would become usable.
    await t.token('alice', PASSWORD);
    const list = await t.as('alice').get('/api/get-recovery-emails/alice');
    const row = list.body.data.email_list.find((r: { contact_info: string }) => r.contact_info === planted);
    expect(row).toMatchObject({ confirmed: true, usable_after: after });
    // The activity list shows who added it.
    const activity = await t.db.select().from(auditLog).where(eq(auditLog.account, 'alice'));
    expect(activity.some((a) => a.operator === 'staff' && a.action === 'POST /api/add-recovery-email')).toBe(
      true,
    );

    // Once the period is over without the customer removing it, it is an address like any other.
    t.clock.advance(STAFF_RECOVERY_COOLING_DAYS * 86_400_000 + 60_000);
    expect(await resetTo()).toHaveLength(1);
  });

  it('an address the customer adds is usable once confirmed, without a wait', async () => {
    const own = 'alice.own@example.org';
    // A fresh sign-in: the test clock has moved on a week.
    const added = await post(await signIn('alice'), '/api/add-recovery-email', {
      logname: 'alice',
      email: own,
      password: PASSWORD,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.usable_after).toBeNull();
  });
});
