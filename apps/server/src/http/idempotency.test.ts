import { must } from '../../test/support/must.ts';
import { commonText } from '@portal/contract/messages';
import { commonTextEs } from '@portal/contract/messages.es';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, idempotencyKeys, payments, rateCounters, recoveryEmails } from '../db/schema.ts';
import { payment as cardPayment } from '../../test/support/card-bodies.ts';
import { factories, makeCast } from '../../test/support/factories.ts';
import { build, type Res, type TestApp } from '../../test/support/helper.ts';
import { claim, fingerprintOf, KEY_TTL_MS, STALE_RUNNING_MS } from './idempotency.ts';

/**
 * The Idempotency-Key header (docs/api.md): the first answer to a key is replayed for 24 hours, per
 * account; the same key with another request is a 422, a duplicate while the first runs a 409.
 */

const PASSWORD = 'idempotency-test-pass';
let t: TestApp;
let tokens: Record<string, string>;
/** Bob's own domain, where a catch-all alias is refused. */
let bobsDomain: string;
beforeAll(async () => {
  t = await build({ demo: false });
  const { bob } = await makeCast(t, PASSWORD);
  bobsDomain = (await factories(t).makeDomain({ owner: bob })).domain;
  await signInAgain();
});
afterAll(() => t.close());

/** Tokens expire when the test clock moves on (t.token() keeps the first one): a new sign-in. */
const signIn = async (who: string): Promise<string> =>
  (await t.request('POST', '/api/miglogin', { body: { username: who, password: PASSWORD } })).body.data
    .id_token;
const signInAgain = async () => {
  tokens = { alice: await signIn('alice'), bob: await signIn('bob') };
};

const post = (who: string, url: string, body: unknown, key?: string): Promise<Res> =>
  t.request('POST', url, { token: tokens[who], body, headers: key ? { 'idempotency-key': key } : {} });

const recoveryOf = async (owner: string, address: string) =>
  t.db
    .select()
    .from(recoveryEmails)
    .where(and(eq(recoveryEmails.owner, owner), eq(recoveryEmails.contactInfo, address)));

const address = (city: string) => ({
  account: 'alice',
  first_name: 'Alice',
  last_name: 'Anderson',
  company: '',
  address: '12 Harbor Road',
  city,
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  phone: '',
});

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry, without running the call again', async () => {
    const body = { logname: 'alice', password: PASSWORD, email: 'alice.replay@example.org' };
    const first = await post('alice', '/api/add-recovery-email', body, 'key-replay-1');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('alice', '/api/add-recovery-email', body, 'key-replay-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await recoveryOf('alice', 'alice.replay@example.org')).toHaveLength(1);
    // Without a key the same request runs: the duplicate is refused by the call itself.
    expect((await post('alice', '/api/add-recovery-email', body)).body.code).toBe('conflict');
  });

  it('refuses the same key with another request (422), changing nothing', async () => {
    await post(
      'alice',
      '/api/add-recovery-email',
      { logname: 'alice', password: PASSWORD, email: 'one@example.org' },
      'key-2',
    );
    const other = await post(
      'alice',
      '/api/add-recovery-email',
      { logname: 'alice', password: PASSWORD, email: 'two@example.org' },
      'key-2',
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ status: 0, code: 'idempotency_mismatch' });
    expect(await recoveryOf('alice', 'two@example.org')).toHaveLength(0);
    // Another call with the key is another request too.
    const otherCall = await post('alice', '/api/update-account-address', address('Bangor'), 'key-2');
    expect(otherCall.body.code).toBe('idempotency_mismatch');
  });

  it('keeps keys per account: the same key of another account is its own', async () => {
    const a = await post(
      'alice',
      '/api/add-recovery-email',
      { logname: 'alice', password: PASSWORD, email: 'a.k@example.org' },
      'shared',
    );
    const b = await post(
      'bob',
      '/api/add-recovery-email',
      { logname: 'bob', password: PASSWORD, email: 'b.k@example.org' },
      'shared',
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await recoveryOf('bob', 'b.k@example.org')).toHaveLength(1);
  });

  it('forgets a key after 24 hours: the request runs again', async () => {
    const body = { logname: 'alice', password: PASSWORD, email: 'alice.day@example.org' };
    expect((await post('alice', '/api/add-recovery-email', body, 'key-day')).status).toBe(200);
    t.clock.advance(KEY_TTL_MS - 1000);
    await signInAgain();
    expect(
      (await post('alice', '/api/add-recovery-email', body, 'key-day')).headers['idempotent-replayed'],
    ).toBe('true');
    t.clock.advance(2000);
    await signInAgain();
    const later = await post('alice', '/api/add-recovery-email', body, 'key-day');
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.code).toBe('conflict');
  });

  it('answers 409 while the first request with the key is running; a dead one is taken over after a while', async () => {
    const body = address('Augusta');
    // A first request under way: its claim, made as route() makes it.
    const fingerprint = fingerprintOf(t.app, ['POST', '/api/update-account-address', {}, body]);
    expect(
      await claim(
        t.db,
        { owner: 'alice', key: 'key-running', fingerprint },
        { now: t.clock.now(), transactional: true },
      ),
    ).toBeNull();
    const dup = await post('alice', '/api/update-account-address', body, 'key-running');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ status: 0, code: 'idempotency_in_progress' });
    // Its process died: the transaction rolled back, so after a while the call may run.
    t.clock.advance(STALE_RUNNING_MS);
    await signInAgain();
    const retried = await post('alice', '/api/update-account-address', body, 'key-running');
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a refusal, and gives the key up when the call failed and changed nothing', async () => {
    const catchAll = { src_user: '*', src_domain: bobsDomain, targets: 'x@example.org' };
    const refused = await post('bob', '/api/add-domain-alias', catchAll, 'key-refused');
    expect(refused.status).toBe(422);
    const again = await post('bob', '/api/add-domain-alias', catchAll, 'key-refused');
    expect(again.status).toBe(422);
    expect(again.body).toEqual(refused.body);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const sends = t.apps.map((a) =>
      vi.spyOn(a.deps.outbox, 'send').mockRejectedValueOnce(new Error('a bug')),
    );
    try {
      const failed = await post('alice', '/api/update-account-address', address('Lewiston'), 'key-failed');
      expect(failed.status).toBe(500);
      const row = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'alice')))[0], 'row');
      expect(row.addr2).not.toContain('Lewiston');
    } finally {
      for (const s of sends) s.mockRestore();
    }
    const retry = await post('alice', '/api/update-account-address', address('Lewiston'), 'key-failed');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const row = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'alice')))[0], 'row');
    expect(row.addr2).toContain('Lewiston');
  });

  it('charges a payment once for a key given only in the header; the body field keeps working', async () => {
    const payment = cardPayment({
      account: 'bob',
      amount: '12.34',
      ccname: 'Bob Baker',
      address: '1 Main St',
      zipcode: '04101',
      email: 'bob.baker@example.org',
    });
    const charge = vi.spyOn(t.app.deps.gateway, 'chargeCard');
    try {
      const first = await post('bob', '/api/single-payment', payment, 'pay-header-1');
      expect(first.status).toBe(200);
      const retry = await post('bob', '/api/single-payment', payment, 'pay-header-1');
      expect(retry.body).toEqual(first.body);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(charge).toHaveBeenCalledTimes(1);

      const withBodyKey = { ...payment, amount: '5.00', idempotency_key: 'form-submit-77' };
      const a = await post('bob', '/api/single-payment', withBodyKey);
      const b = await post('bob', '/api/single-payment', withBodyKey);
      expect(b.body.data.trans_id).toBe(a.body.data.trans_id);
      expect(charge).toHaveBeenCalledTimes(2);
    } finally {
      charge.mockRestore();
    }
    const rows = await t.db.select().from(payments).where(eq(payments.owner, 'bob'));
    expect(rows.filter((p) => p.amountCents === 1234)).toHaveLength(1);
  });

  it('ignores the key on calls that only read, and refuses a malformed key', async () => {
    const names = (n: string) => ({
      account: 'alice',
      email: 'alice@anderson-design.com',
      lognames: [n, '', '', '', '', '', '', '', ''],
      first_names: Array(9).fill(''),
      last_names: Array(9).fill(''),
      aliases: Array(9).fill(''),
      types: Array(9).fill(''),
    });
    expect((await post('alice', '/api/check-account-names', names('zed1'), 'read-key')).status).toBe(200);
    expect((await post('alice', '/api/check-account-names', names('zed2'), 'read-key')).status).toBe(200);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'read-key'))).toEqual([]);

    const bad = await post(
      'alice',
      '/api/add-recovery-email',
      { logname: 'alice', password: PASSWORD, email: 'x@example.org' },
      'a b',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid');
  });

  it('keeps no request text: only an HMAC of it', async () => {
    const rows = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'pay-header-1'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain('4111111111111111');
    expect(must(rows[0], 'rows[0]').fingerprint).toMatch(/^[\w-]{43}$/);
  });

  it("replays a refusal made with a value in the caller's language, as its first answer was", async () => {
    // Bob has had his day's card declines (PORTAL_CARD_DECLINES_PER_DAY, 1000 in the tests): a
    // payment is refused with the time left in words, a text made with a value.
    const now = t.app.deps.now();
    await t.db.insert(rateCounters).values({ key: 'declines:acct:bob', count: 1000, windowStart: now });
    try {
      const payment = cardPayment({
        account: 'bob',
        amount: '7.00',
        ccname: 'Bob Baker',
        email: 'bob@example.org',
      });
      const asked = (language: string) => ({
        token: tokens.bob,
        body: payment,
        headers: { 'idempotency-key': 'declined-day', 'accept-language': language },
      });
      const first = await t.request('POST', '/api/single-payment', asked('es'));
      expect(first.status).toBe(429);
      expect(first.body.code).toBe('rate_limited');
      expect(first.body.message).toBe(commonTextEs.tooManyRequests(24 * 3600));
      const again = await t.request('POST', '/api/single-payment', asked('es-MX,es;q=0.9'));
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.status).toBe(429);
      expect(again.body).toEqual(first.body);
      // The same kept answer reaches an English caller in English.
      const english = await t.request('POST', '/api/single-payment', asked('en-US'));
      expect(english.headers['idempotent-replayed']).toBe('true');
      expect(english.body).toEqual({ ...first.body, message: commonText.tooManyRequests(24 * 3600) });
    } finally {
      await t.db.delete(rateCounters).where(eq(rateCounters.key, 'declines:acct:bob'));
    }
  });
});
