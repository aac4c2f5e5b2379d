import { must } from '../../../test/support/must.ts';
import { createHash } from 'node:crypto';
import { apiTokenText } from '@portal/contract/api-tokens/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, apiTokens, auditLog } from '../../db/schema.ts';
import { type Account, makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * Personal access tokens: made in a session with the password, shown once, stored
 * hashed, used as a bearer token on the same calls as a session, within their scope, never with
 * staff power nor on calls that make or change credentials, refused at once when revoked or
 * expired, audited with their name, rate limited, and their owner mailed once before they expire.
 */

const DAY = 86_400_000;
const PASSWORD = 'api-tokens-test-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
/** alice (a Primary, her Secondary carol and dashboard admin dave), bob, staff. */
let alice: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  ({ alice } = await makeCast(t, PASSWORD));
  as = requestsAs(t, PASSWORD);
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();

async function create(who: string, over: Record<string, unknown> = {}) {
  return as(who).post('/api/create-api-token', {
    logname: who,
    name: `script ${Math.random().toString(36).slice(2, 8)}`,
    scope: 'full',
    expires: inDays(30),
    password: PASSWORD,
    ...over,
  });
}

async function tokenOf(
  who: string,
  over: Record<string, unknown> = {},
): Promise<{ id: string; token: string }> {
  const res = await create(who, over);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const address = {
  account: 'alice',
  first_name: 'Alice',
  last_name: 'Anderson',
  company: 'Anderson Design',
  address: '12 Harbor Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  phone: '',
};

const withToken = (token: string) => ({
  get: (url: string) => t.request('GET', url, { token }),
  post: (url: string, body?: unknown) => t.request('POST', url, { token, body }),
});

describe('creating a token', () => {
  it('answers the token once, with its prefix, and stores only its SHA-256', async () => {
    const res = await create('alice', { name: 'Nightly invoices', scope: 'read', expires: inDays(90) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(apiTokenText.created);
    const { token, id, name, scope, created, last_used, expires } = res.body.data;
    expect(token).toMatch(/^mpt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(token.slice(4, 20)).toBe(id);
    expect({ name, scope, last_used }).toEqual({ name: 'Nightly invoices', scope: 'read', last_used: null });
    expect(new Date(expires).getTime() - new Date(created).getTime()).toBe(90 * DAY);

    const row = must((await t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0], 'row');
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(21));

    const list = await as('alice').get('/api/api-tokens/alice');
    expect(list.status).toBe(200);
    const listed = list.body.data.tokens.find((x: { id: string }) => x.id === id);
    expect(listed).toEqual({ id, name, scope, created, last_used: null, expires });
    expect(JSON.stringify(list.body)).not.toContain(token.slice(21));
    // The account's activity (audit_log) shows the token made, by name, never its secret.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->'api_token'->>'id' = ${id}`);
    expect(entries).toMatchObject([
      {
        operator: 'alice',
        account: 'alice',
        action: 'POST /api/create-api-token',
        details: { scope: 'read' },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(token.slice(21));
  });

  it('tells the owner by mail, without the token', async () => {
    const before = t.sent.length;
    const { token } = await tokenOf('alice', { name: 'Mail notice' });
    await t.drainJobs();
    const mails = t.sent.slice(before).filter((m) => m.body.includes('"Mail notice"'));
    expect(mails.map((m) => m.to)).toContain(alice.email);
    for (const m of mails) {
      expect(m.subject).toBe('An API token was created for account alice');
      expect(m.body).not.toContain(token.slice(21));
    }
  });

  it('refuses an expiry more than a year ahead, or past, with the contract’s text', async () => {
    const far = await create('alice', { expires: inDays(366) });
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual({ expires: apiTokenText.expiryTooFar(365) });
    const past = await create('alice', { expires: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ expires: apiTokenText.expiryPast });
    expect((await create('alice', { expires: inDays(365) })).status).toBe(200);
  });

  it('needs the current password, a name, a scope of read or full', async () => {
    expect((await create('alice', { password: undefined })).status).toBe(400);
    const wrong = await create('alice', { password: 'not-her-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('That is not your current password: nothing was changed');
    expect((await create('alice', { name: '' })).body.errors.name).toBe(apiTokenText.nameRequired);
    expect((await create('alice', { scope: 'admin' })).status).toBe(400);
  });

  it('refuses a second live token of the same name', async () => {
    await tokenOf('bob', { name: 'deploy' });
    const again = await create('bob', { name: 'deploy' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(apiTokenText.nameTaken('deploy'));
  });

  it('is the account’s own act: not staff for a customer, not a staff account, not a dashboard admin', async () => {
    const staffFor = await as('staff').post('/api/create-api-token', {
      logname: 'alice',
      name: 'by staff',
      scope: 'full',
      expires: inDays(30),
      password: PASSWORD,
    });
    expect(staffFor.status).toBe(403);
    const own = await create('staff');
    expect(own.status).toBe(422);
    expect(own.body.message).toBe(apiTokenText.staffAccount);
    // dave is alice's dashboard admin: he reads her account, but makes no credentials for it.
    const dave = await as('dave').post('/api/create-api-token', {
      logname: 'alice',
      name: 'by dave',
      scope: 'read',
      expires: inDays(30),
      password: PASSWORD,
    });
    expect(dave.status).toBe(403);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.name, 'by dave'))).toEqual([]);
  });
});

describe('using a token', () => {
  it('works as a bearer token on the same calls as a session, on its own account only', async () => {
    const { token } = await tokenOf('alice', { scope: 'read' });
    const me = await withToken(token).get('/api/customer/alice');
    expect(me.status).toBe(200);
    expect(me.body.data.logname).toBe('alice');
    const other = await withToken(token).get('/api/customer/bob');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Permission denied');
  });

  it('with scope read, makes GET calls only', async () => {
    const { token } = await tokenOf('alice', { scope: 'read' });
    const modeOfAlice = async () =>
      must(
        (await t.db.select({ mode: accounts.mode }).from(accounts).where(eq(accounts.logname, 'alice')))[0],
        'the value',
      ).mode;
    const before = await modeOfAlice();
    const res = await withToken(token).post('/api/set-mode', { logname: 'alice', mode: 'dark' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', message: apiTokenText.readOnly });
    expect(before).not.toBe('dark');
    expect(await modeOfAlice()).toBe(before);
  });

  it('with scope full, makes changes, each audited with the token’s name', async () => {
    const { token, id } = await tokenOf('alice', { name: 'Address sync' });
    const res = await withToken(token).post('/api/update-account-address', address);
    expect(res.status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->'api_token'->>'id' = ${id}`)
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual([
      'POST /api/create-api-token',
      'POST /api/update-account-address',
    ]);
    expect(entries[1]).toMatchObject({
      operator: 'alice',
      account: 'alice',
      action: 'POST /api/update-account-address',
      details: { account: 'alice', city: 'Portland', api_token: { id, name: 'Address sync' } },
    });
    await withToken(token).post('/api/update-account-address', { ...address, city: 'Bangor' });
    // Reads are not audited.
    await withToken(token).get('/api/customer/alice');
    const after = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->'api_token'->>'id' = ${id}`);
    expect(after).toHaveLength(3);
    // The account's activity says which token made the change.
    const activity = await as('alice').get('/api/account-activity/alice?q=Address%20sync');
    expect(activity.status).toBe(200);
    const summaries = activity.body.data.events.map((e: { summary: string }) => e.summary);
    expect(summaries).toContain('Changed the account address. Made with the API token "Address sync".');
    expect(summaries).toContain('Created the API token Address sync.');
  });

  it('cannot make a token, change a password, grant access, nor revoke with staff power', async () => {
    const { token } = await tokenOf('alice');
    const api = withToken(token);
    const made = await api.post('/api/create-api-token', {
      logname: 'alice',
      name: 'from a token',
      scope: 'full',
      expires: inDays(30),
      password: PASSWORD,
    });
    expect(made.status).toBe(403);
    expect(made.body.message).toBe(apiTokenText.sessionOnly);
    const pass = PASSWORD;
    const changed = await api.post('/api/user-change-password', {
      username: 'alice',
      old_password: pass,
      new_password: 'Another-pass-77',
      conf_password: 'Another-pass-77',
    });
    expect(changed.status).toBe(403);
    expect(changed.body.message).toBe(apiTokenText.sessionOnly);
    const mailPass = await api.post('/api/change-unix-password', {
      logname: 'alice',
      panel_password: pass,
      new: 'Matrix-mail-9',
      confirm: 'Matrix-mail-9',
    });
    expect(mailPass.status).toBe(403);
    const granted = await api.post('/api/add-recovery-email', {
      logname: 'alice',
      email: 'thief@example.org',
      password: pass,
    });
    expect(granted.status).toBe(403);
    expect(granted.body.message).toBe(apiTokenText.sessionOnly);
    expect((await api.get('/api/search-accounts/alice')).status).toBe(403);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.name, 'from a token'))).toEqual([]);
  });

  it('is refused once its account is made staff: a token never carries staff power', async () => {
    const { token } = await tokenOf('bob');
    expect((await withToken(token).get('/api/customer/bob')).status).toBe(200);
    await t.db.update(accounts).set({ role: 'staff' }).where(eq(accounts.logname, 'bob'));
    try {
      const res = await withToken(token).get('/api/search-accounts/alice');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 'expired_token', code: 'unauthenticated' });
      expect((await withToken(token).get('/api/customer/alice')).status).toBe(401);
    } finally {
      await t.db.update(accounts).set({ role: 'customer' }).where(eq(accounts.logname, 'bob'));
    }
  });

  it('is refused once expired', async () => {
    const { token } = await tokenOf('alice', { expires: inDays(1) });
    expect((await withToken(token).get('/api/customer/alice')).status).toBe(200);
    t.clock.advance(DAY + 1000);
    try {
      const res = await withToken(token).get('/api/customer/alice');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 'expired_token', code: 'unauthenticated' });
    } finally {
      t.clock.advance(-(DAY + 1000));
    }
  });

  it('is refused with a wrong secret or a made-up id', async () => {
    const { token } = await tokenOf('alice');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await withToken(tampered).get('/api/customer/alice')).status).toBe(401);
    const madeUp = `mpt_0123456789abcdef_${'x'.repeat(43)}`;
    expect((await withToken(madeUp).get('/api/customer/alice')).status).toBe(401);
  });

  it('records its last use at most once a minute', async () => {
    const { token, id } = await tokenOf('alice');
    const lastUsed = async () =>
      must(
        (await t.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, id)))[0],
        'the value',
      ).at;
    await withToken(token).get('/api/customer/alice');
    const first = await lastUsed();
    expect(first?.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(30_000);
    await withToken(token).get('/api/customer/alice');
    expect(await lastUsed()).toEqual(first);
    t.clock.advance(31_000);
    await withToken(token).get('/api/customer/alice');
    expect((await lastUsed())?.getTime()).toBe(t.clock.now().getTime());
    const list = await as('alice').get('/api/api-tokens/alice');
    const listed = list.body.data.tokens.find((x: { id: string }) => x.id === id);
    expect(listed.last_used).toBe(t.clock.now().toISOString());
  });
});

describe('revoking a token', () => {
  it('refuses the token at once, and drops it from the list', async () => {
    const { token, id } = await tokenOf('alice');
    expect((await withToken(token).get('/api/customer/alice')).status).toBe(200);
    const res = await as('alice').post('/api/revoke-api-token', { logname: 'alice', id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: apiTokenText.revoked, data: { id } });
    expect((await withToken(token).get('/api/customer/alice')).status).toBe(401);
    const list = await as('alice').get('/api/api-tokens/alice');
    expect(list.body.data.tokens.map((x: { id: string }) => x.id)).not.toContain(id);
  });

  it('refuses another account’s token id like one that does not exist', async () => {
    const { token, id } = await tokenOf('bob');
    const viaOwn = await as('alice').post('/api/revoke-api-token', { logname: 'alice', id });
    expect(viaOwn.status).toBe(403);
    expect(viaOwn.body.message).toBe('Permission denied');
    const viaBob = await as('alice').post('/api/revoke-api-token', { logname: 'bob', id });
    expect(viaBob.status).toBe(403);
    const none = await as('alice').post('/api/revoke-api-token', {
      logname: 'alice',
      id: '0123456789abcdef',
    });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('Permission denied');
    expect((await withToken(token).get('/api/customer/bob')).status).toBe(200);
  });

  it('may be done by staff for a customer, audited; staff list a customer’s tokens', async () => {
    const { token, id } = await tokenOf('bob', { name: 'Leaked one' });
    const list = await as('staff').get('/api/api-tokens/bob');
    expect(list.status).toBe(200);
    expect(list.body.data.tokens.map((x: { name: string }) => x.name)).toContain('Leaked one');
    const res = await as('staff').post('/api/revoke-api-token', { logname: 'bob', id });
    expect(res.status).toBe(200);
    expect((await withToken(token).get('/api/customer/bob')).status).toBe(401);
    const row = must((await t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0], 'row');
    expect(row.revokedBy).toBe('staff');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'POST /api/revoke-api-token' and ${auditLog.details}->>'id' = ${id}`);
    expect(audit).toMatchObject([{ operator: 'staff', account: 'bob' }]);
  });

  it('lets a Secondary manage its own tokens only, and its primary not manage them', async () => {
    const { id } = await tokenOf('carol', { scope: 'read' });
    expect((await as('carol').get('/api/api-tokens/carol')).status).toBe(200);
    expect((await as('carol').get('/api/api-tokens/alice')).status).toBe(403);
    expect((await as('alice').get('/api/api-tokens/carol')).status).toBe(403);
    expect((await as('dave').get('/api/api-tokens/alice')).status).toBe(403);
    expect((await as('alice').post('/api/revoke-api-token', { logname: 'carol', id })).status).toBe(403);
    expect((await as('carol').post('/api/revoke-api-token', { logname: 'carol', id })).status).toBe(200);
  });
});

describe('the expiry mail', () => {
  it('goes once, seven days before a token expires; not for a token made to live a week or less', async () => {
    const { id } = await tokenOf('alice', { name: 'Expiring soon', expires: inDays(20) });
    await tokenOf('alice', { name: 'Short lived', expires: inDays(5) });
    // The bill address's copy (a security notice also goes to the confirmed recovery addresses:
    // customer-mail.test.ts).
    const expiring = () => t.sent.filter((m) => m.subject.startsWith('API token "') && m.to === alice.email);
    await t.drainJobs();
    const before = expiring().length;
    t.clock.advance(12 * DAY);
    await t.drainJobs();
    expect(expiring().length).toBe(before);
    t.clock.advance(DAY + 3_600_000);
    await t.drainJobs();
    const mails = expiring().slice(before);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('"Expiring soon" expires on')]);
    expect(must(mails[0], 'mails[0]').to).toBe(alice.email);
    expect(must(mails[0], 'mails[0]').body).toContain('/portal/api-tokens');
    const row = must((await t.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0], 'row');
    expect(row.expiryNoticeAt).not.toBeNull();
    // Hours later the job runs again: no second mail.
    t.clock.advance(3 * 3_600_000);
    await t.drainJobs();
    expect(expiring().length).toBe(before + 1);
    t.clock.advance(-(13 * DAY + 4 * 3_600_000));
  });
});

describe('the token rate limit', () => {
  it('counts every call made with an account’s tokens, apart from its sessions', async () => {
    const limited = await build({ demo: false, env: { PORTAL_RATE_LIMITS: 'token=3/100/60' } });
    try {
      await makeCast(limited, PASSWORD);
      const asAlice = requestsAs(limited, PASSWORD)('alice');
      const made = await asAlice.post('/api/create-api-token', {
        logname: 'alice',
        name: 'loop',
        scope: 'read',
        expires: new Date(limited.clock.now().getTime() + 30 * DAY).toISOString(),
        password: PASSWORD,
      });
      const token = made.body.data.token as string;
      for (let i = 0; i < 3; i++)
        expect((await limited.request('GET', '/api/customer/alice', { token })).status).toBe(200);
      const over = await limited.request('GET', '/api/customer/alice', { token });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // The account's session is not limited by its tokens' use.
      expect((await asAlice.get('/api/customer/alice')).status).toBe(200);
      limited.clock.advance(61_000);
      expect((await limited.request('GET', '/api/customer/alice', { token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
