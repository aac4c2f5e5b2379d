import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, mailPasswordChanges, resetTokens } from '../../db/schema.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { must } from '../../../test/support/must.ts';

let t: TestApp;
// Building the app on a fresh database can take a while on a busy machine.
/** alice's Secondary (a mail account), signed in with the factories' password. */
let carol: Account;
beforeAll(async () => {
  t = await build({ demo: false, env: { PORTAL_PUBLIC_URL: 'https://portal.example.net' } });
  // bob with a bill and a recovery address; alice with her bill address; carol, her Secondary.
  const f = factories(t);
  // bob is not signed in here: he signs in after his panel password was reset (below).
  const alice = await f.makeAccount({
    logname: 'alice',
    fields: { bill_email: 'alice@anderson-design.com' },
  });
  const bob = await f.makeAccount({ logname: 'bob', fields: { bill_email: 'bob.baker@example.org' } });
  await f.makeRecoveryEmail({ owner: bob, email: 'bob.recovery@example.com' });
  const secondary = await f.makeSignedIn({
    carol: { primary: alice, fields: { at_code: 9, account_type: 'Email' } },
  });
  if (!secondary.carol) throw new Error('carol was not made');
  carol = secondary.carol;
}, 120_000);
afterAll(() => t.close());
// Every test starts outside the previous tests' 15-minute throttle window.
beforeEach(() => t.clock.advance(16 * 60_000));

const GOOD = 'Tq7vLm2-xZp9-harbor';
const LINK = /https:\/\/portal\.example\.net\/portal\/reset-(panel|email)-password\/([A-Za-z0-9_-]{43})/;

const forgot = (kind: 'panel' | 'email', account: string, email: string) =>
  t.request('POST', `/api/forgot-${kind}-password`, { body: { account, email, burn_it: 0 } });

/** The token of the last reset link mailed to `to`. */
async function mailedToken(to: string): Promise<string> {
  await t.drainJobs();
  // The newest mail with a link: other mails may reach the account meanwhile (a sign-in from a new
  // browser, reminders as the clock moves).
  const mail = t.sent.filter((m) => m.to === to && LINK.test(m.body)).at(-1);
  const m = mail?.body.match(LINK);
  const token = m?.[2];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return token;
}

const resetPanel = (reset_token: string, password = GOOD) =>
  t.request('POST', '/api/user-reset-password', {
    body: { reset_token, new_password: password, conf_password: password },
  });

describe('POST /api/forgot-panel-password and /api/forgot-email-password', () => {
  it('validates with the spec texts', async () => {
    const noAccount = await forgot('panel', '', 'bob.baker@example.org');
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.errors.account).toBe('Required');
    const noEmail = await forgot('panel', 'bob', '');
    expect(noEmail.body.errors.email).toBe('Required');
    const badEmail = await forgot('email', 'bob', 'bob-at-example');
    expect(badEmail.body.errors.email).toBe('This field must be a valid email address');
  });

  it('mails a link to the bill or a recovery address, and answers the same for no match (no enumeration)', async () => {
    const before = t.sent.length;
    const match = await forgot('panel', 'bob', 'Bob.Baker@example.org');
    const recovery = await forgot('email', 'bob', 'Bob.Recovery@example.com');
    const wrongEmail = await forgot('panel', 'bob', 'someone@else.com');
    const noAccount = await forgot('panel', 'nobody', 'bob.baker@example.org');
    for (const res of [match, recovery, wrongEmail, noAccount]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(match.body);
    }
    expect(match.body.data.reset_message).toContain('30 minutes');
    await t.drainJobs();
    // The reset mails (other notices may fall due as the clock passes the demo's fixed dates).
    const mails = t.sent.slice(before).filter((m) => /reset-(panel|email)-password\//.test(m.body));
    expect(mails.map((m) => m.to).sort()).toEqual(['Bob.Baker@example.org', 'Bob.Recovery@example.com']);
    expect(
      must(
        mails.find((m) => m.to === 'Bob.Recovery@example.com'),
        'the mail to the recovery address',
      ).body,
    ).toMatch(/reset-email-password\//);
    // Only a hash of the token is stored.
    const token = (
      must(
        mails.find((m) => m.to === 'Bob.Baker@example.org'),
        'the mail to the account',
      ).body.match(LINK) as RegExpMatchArray
    )[2];
    const stored = await t.db.select().from(resetTokens).where(eq(resetTokens.owner, 'bob'));
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('caps the links mailed per account, and never refuses its owner', async () => {
    // Strangers used to lock the reset of an account with five requests; now every request is
    // answered alike and at most 5 links a quarter hour reach the mailbox.
    const before = t.sent.length;
    for (let i = 0; i < 5; i++)
      expect((await forgot('panel', 'alice', 'alice@anderson-design.com')).status).toBe(200);
    const sixth = await forgot('panel', 'alice', 'alice@anderson-design.com');
    expect(sixth.status).toBe(200);
    expect(sixth.body).toEqual((await forgot('panel', 'ghost', 'x@example.com')).body);
    await t.drainJobs();
    expect(t.sent.slice(before).filter((m) => m.to === 'alice@anderson-design.com')).toHaveLength(5);
  });

  it('throttles requests per client address', async () => {
    for (let i = 0; i < 20; i++) await forgot('email', `name${i}`, 'x@example.com');
    expect((await forgot('email', 'bob', 'bob.baker@example.org')).status).toBe(429);
  });
});

describe('POST /api/user-reset-password', () => {
  it('sets the panel password once; the link cannot be used again', async () => {
    await forgot('panel', 'bob', 'bob.baker@example.org');
    const token = await mailedToken('bob.baker@example.org');
    const res = await resetPanel(token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('');
    expect(res.body.data.username).toBe('bob');
    expect(
      (await t.request('POST', '/api/miglogin', { body: { username: 'bob', password: GOOD } })).status,
    ).toBe(200);
    const again = await resetPanel(token, 'Another-long-pass-42');
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/not valid/);
  });

  it('expires the link after 30 minutes', async () => {
    await forgot('panel', 'alice', 'alice@anderson-design.com');
    const token = await mailedToken('alice@anderson-design.com');
    t.clock.advance(30 * 60_000 + 1000);
    expect((await resetPanel(token)).status).toBe(422);
  });

  it('keeps the link working just inside 30 minutes', async () => {
    await forgot('panel', 'alice', 'alice@anderson-design.com');
    const token = await mailedToken('alice@anderson-design.com');
    t.clock.advance(29 * 60_000);
    expect((await resetPanel(token)).status).toBe(200);
  });

  it('voids the older link when a new one is asked for', async () => {
    await forgot('panel', 'alice', 'alice@anderson-design.com');
    const first = await mailedToken('alice@anderson-design.com');
    await forgot('panel', 'alice', 'alice@anderson-design.com');
    const second = await mailedToken('alice@anderson-design.com');
    expect(second).not.toBe(first);
    expect((await resetPanel(first)).status).toBe(422);
    expect((await resetPanel(second)).status).toBe(200);
  });

  it('refuses an unknown token, a token of the other kind, and validates with the spec texts', async () => {
    expect((await resetPanel('A'.repeat(43))).status).toBe(422);
    await forgot('email', 'bob', 'bob.recovery@example.com');
    const emailToken = await mailedToken('bob.recovery@example.com');
    expect((await resetPanel(emailToken)).status).toBe(422);
    const short = await t.request('POST', '/api/user-reset-password', {
      body: { reset_token: emailToken, new_password: 'short', conf_password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.new_password).toBe('Must be at least 8 characters');
    const mismatch = await t.request('POST', '/api/user-reset-password', {
      body: { reset_token: emailToken, new_password: GOOD, conf_password: `${GOOD}!` },
    });
    expect(mismatch.body.errors.conf_password).toBe('Passwords must match');
    const breached = await resetPanel(emailToken, 'password123');
    expect(breached.body.message).toMatch(/data breaches\.$/);
  });
});

describe('POST /api/reset-unix-password', () => {
  it('queues the mail password (superseding a pending change) and uses the link once', async () => {
    // bob's panel password is GOOD since the panel reset above.
    await t.token('bob', GOOD);
    await t.as('bob').post('/api/change-unix-password', {
      logname: 'bob',
      panel_password: GOOD,
      new: 'First-mail-pass-1',
      confirm: 'First-mail-pass-1',
    });
    await forgot('email', 'bob', 'bob.recovery@example.com');
    const token = await mailedToken('bob.recovery@example.com');
    const body = { reset_token: token, new_password: GOOD, conf_password: GOOD };
    const res = await t.request('POST', '/api/reset-unix-password', { body });
    expect(res.status).toBe(200);
    expect(res.body.data.logname).toBe('bob');
    const changes = await t.db.select().from(mailPasswordChanges).where(eq(mailPasswordChanges.owner, 'bob'));
    expect(changes.map((c) => c.status).sort()).toEqual(['pending', 'superseded']);
    expect((await t.request('POST', '/api/reset-unix-password', { body })).status).toBe(422);
    t.clock.advance(10 * 60_000);
    await t.drainJobs();
    const [acct] = await t.db.select().from(accounts).where(eq(accounts.logname, 'bob'));
    expect(acct?.mailPasswordHash).toMatch(/^\{ARGON2ID\}/);
  });
});

describe('recovery contacts feed password resets', () => {
  it('accepts an address added on Recovery Contacts for a panel reset, and refuses it once deleted', async () => {
    const added = await t.as('carol').post('/api/add-recovery-email', {
      password: carol.password,
      logname: 'carol',
      email: 'Carol.Spare@Example.org',
    });
    expect(added.status).toBe(200);
    const id = added.body.data.id as number;
    // The new address counts once it has followed the link mailed to it.
    await t.drainJobs();
    const confirm = t.sent
      .find((m) => m.to === 'carol.spare@example.org')
      ?.body.match(/\/api\/confirm-address\/\S+/);
    expect((await t.request('POST', confirm?.[0] ?? '/api/confirm-address/none')).status).toBe(200);

    // Typed as the customer remembers it: the match ignores case.
    expect((await forgot('panel', 'carol', 'carol.spare@example.org')).status).toBe(200);
    const token = await mailedToken('carol.spare@example.org');
    const reset = await resetPanel(token);
    expect(reset.status).toBe(200);
    expect(reset.body.data.username).toBe('carol');

    // The reset ended carol's sessions: she signs in again with the new password.
    const signIn = await t.request('POST', '/api/miglogin', { body: { username: 'carol', password: GOOD } });
    const deleted = await t.request('POST', '/api/delete-recovery-email', {
      token: signIn.body.data.id_token,
      body: { account: 'carol', id },
    });
    expect(deleted.status).toBe(200);
    // The reset's own notice to the account is delivered first: not part of what is counted.
    await t.drainJobs();
    const before = t.sent.length;
    const again = await forgot('panel', 'carol', 'carol.spare@example.org');
    // The same answer as for any address (no enumeration), but no link is mailed.
    expect(again.status).toBe(200);
    expect(again.body.data.reset_message).toContain('30 minutes');
    await t.drainJobs();
    expect(t.sent.slice(before)).toEqual([]);
  });
});
