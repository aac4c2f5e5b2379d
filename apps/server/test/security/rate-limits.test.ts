import { must } from '../support/must.ts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, secondaryRequests } from '../../src/db/schema.ts';
import { startWhoisTestServer, type WhoisTestServer } from '../fakes/whois-server.ts';
import { makeCast, requestsAs } from '../support/factories.ts';
import { build, type Res, type TestApp } from '../support/helper.ts';

/**
 * The calls that cost or can be abused are rate limited per account and per client,
 * in PostgreSQL. The suite's request helper sends consecutive requests to alternate instances when
 * TEST_INSTANCES=2, so every count below is also one shared by two processes.
 *
 * Small limits are configured (PORTAL_RATE_LIMITS) so that each attack takes a few requests; the
 * defaults are the table in docs/security.md.
 */
let t: TestApp;
let whois: WhoisTestServer;

const VISA = '4111111111111111';
/** The sandbox gateway declines any card billed to this ZIP code (integrations/gateway/sandbox.ts). */
const DECLINE_ZIP = '46282';
const card = (account: string, over: Record<string, unknown> = {}) => ({
  account,
  ccname: 'Card Tester',
  ccnumber: VISA,
  cardtype: 'Visa',
  expdate: '1230',
  cvv: '123',
  address: 'PO Box 311',
  city: 'Portland',
  state: 'ME',
  zipcode: DECLINE_ZIP,
  country: 'US',
  add_payment: 1,
  save_card: 1,
  auto_bill: 0,
  use_this_card: 1,
  ...over,
});
const PASSWORD = 'rate-limits-pass';
let as: ReturnType<typeof requestsAs>;
const nine = (values: string[]) => Array.from({ length: 9 }, (_, i) => values[i] ?? '');

beforeAll(async () => {
  whois = await startWhoisTestServer({
    answers: { 'anderson-design.com': 'Domain Name: ANDERSON-DESIGN.COM\r\n' },
  });
  t = await build({
    demo: false,
    env: {
      PORTAL_RATE_LIMITS:
        'bcrypt=3/5/60,hash=50/50/60,whois=2/10/600,card=20/40/3600,subscribe=1/10/3600,message=1/10/3600,request=1/10/86400',
      PORTAL_CARD_DECLINES_PER_DAY: '3',
      WHOIS_SERVERS: `com=${whois.address}`,
    },
  });
  await makeCast(t, PASSWORD);
  as = requestsAs(t, PASSWORD);
});
afterAll(async () => {
  await t.close();
  await whois.close();
});

const bcryptAs = async (logname: string, remoteAddress = '192.0.2.1') =>
  t.request('POST', '/api/bcrypt', {
    token: await t.token(logname, PASSWORD),
    body: { item: 'bcrypt', cleartext: 'secret' },
    remoteAddress,
  });

/** A new sign-in: the helper's cached tokens expire when a test moves the clock by a day. */
async function signIn(logname: string): Promise<string> {
  const res = await t.request('POST', '/api/miglogin', {
    body: { username: logname, password: PASSWORD },
  });
  return res.body.data.id_token;
}

function expectLimited(res: Res): void {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ status: 0 });
  expect(res.body.message).toMatch(/^Too many requests - please try again in \d+ (second|minute)\(s\)$/);
  const retry = Number(res.headers['retry-after']);
  expect(Number.isInteger(retry) && retry >= 1).toBe(true);
}

describe('rate limits per account and per client', () => {
  it('bcrypt: the account’s fourth call in a minute is a 429 with Retry-After; other accounts go on', async () => {
    for (let i = 0; i < 3; i++) expect((await bcryptAs('alice', `198.51.100.${i + 1}`)).status).toBe(200);
    // From a fresh address: the account's count, not the client's, refuses it.
    const over = await bcryptAs('alice', '198.51.100.9');
    expectLimited(over);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await bcryptAs('bob', '198.51.100.10')).status).toBe(200);
    t.clock.advance(61_000);
    expect((await bcryptAs('alice', '198.51.100.11')).status).toBe(200);
  });

  it('bcrypt: one client address is limited across accounts; another address is not', async () => {
    t.clock.advance(61_000);
    const from = '203.0.113.7';
    for (const who of ['alice', 'alice', 'bob', 'bob', 'carol'])
      expect((await bcryptAs(who, from)).status).toBe(200);
    expectLimited(await bcryptAs('dave', from));
    expect((await bcryptAs('dave', '203.0.113.8')).status).toBe(200);
  });

  it('the count is kept in the database, so every process sees the same one', async () => {
    t.clock.advance(61_000);
    // With TEST_INSTANCES=2 these four requests went to two processes in turn: 2 + 2 would pass
    // a per-process limit of 3.
    for (let i = 0; i < 3; i++) await bcryptAs('carol', `192.0.2.${50 + i}`);
    expectLimited(await bcryptAs('carol', '192.0.2.60'));
  });

  it('whois: a third lookup in ten minutes is refused before any whois server is asked', async () => {
    const lookup = () => as('bob').post('/api/whois', { domain: 'anderson-design.com', trim: 1 });
    expect((await lookup()).status).toBe(200);
    expect((await lookup()).status).toBe(200);
    const asked = whois.queries.length;
    expectLimited(await lookup());
    expect(whois.queries.length).toBe(asked);
    expect((await as('alice').post('/api/whois', { domain: 'anderson-design.com', trim: 1 })).status).toBe(
      200,
    );
  });

  it.each([
    [
      '/api/subscribe-portal',
      'alice',
      { logname: 'alice', email: 'someone@example.org' },
      { logname: 'alice', email: 'another@example.org' },
    ],
    [
      '/api/sendmessage',
      'alice',
      { send_from: 'alice', send_to: 'noc', subject: 'One', message: 'Hello', footer: '' },
      { send_from: 'alice', send_to: 'noc', subject: 'Two', message: 'Hello', footer: '' },
    ],
  ])('%s: over the limit is a 429 and no mail is queued', async (url, who, first, second) => {
    expect((await as(who).post(url, first)).status).toBe(200);
    const before = must((await t.db.select({ n: count() }).from(outbox))[0], 'before');
    expectLimited(await as(who).post(url, second));
    const after = must((await t.db.select({ n: count() }).from(outbox))[0], 'after');
    expect(after.n).toBe(before.n);
    expect((await as('bob').post(url, { ...second, logname: 'bob', send_from: 'bob' })).status).toBe(200);
  });

  it('request-accounts: a second request within a day is a 429 and records nothing', async () => {
    const body = (names: string[]) => ({
      account: 'alice',
      email: 'alice@example.test',
      lognames: nine(names),
      first_names: nine(['Frank']),
      last_names: nine(['Foster']),
      aliases: nine(['']),
      types: nine(['Full']),
    });
    expect((await as('alice').post('/api/request-accounts', body(['frankf']))).status).toBe(200);
    expectLimited(await as('alice').post('/api/request-accounts', body(['ginag'])));
    const rows = await t.db.select().from(secondaryRequests).where(eq(secondaryRequests.owner, 'alice'));
    expect(rows).toHaveLength(1);
  });
});

describe('card testing', () => {
  it('an account gets a few card declines a day; then the gateway is not asked at all', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await as('alice').post('/api/add-card', card('alice'));
      expect(res.status).toBe(422);
    }
    // A good card now: the day's declines are used up, so it is refused before the gateway.
    const over = await as('alice').post('/api/add-card', card('alice', { zipcode: '04112' }));
    expectLimited(over);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3600);
    const pay = await as('alice').post('/api/single-payment', {
      ...card('alice', { zipcode: '04112' }),
      amount: '5.00',
      email: 'alice@example.test',
      save_status: 0,
      comments: '',
      which_card: 0,
    });
    expectLimited(pay);
    // Another account is not affected.
    expect((await as('bob').post('/api/add-card', card('bob', { zipcode: '04112' }))).status).toBe(200);
    // A day later the account may try again.
    t.clock.advance(24 * 3600_000 + 1000);
    const later = await t.request('POST', '/api/add-card', {
      token: await signIn('alice'),
      body: card('alice', { zipcode: '04112' }),
    });
    expect(later.status).toBe(200);
  });

  it('add-card: the account’s calls are limited per hour whatever their outcome', async () => {
    t.clock.advance(2 * 3600_000);
    // card=20/40 per hour; the decline cap (3) stops declines earlier, so good cards are used.
    const token = await signIn('bob');
    const results: number[] = [];
    for (let i = 0; i < 21; i++) {
      const body = card('bob', { zipcode: '04112' });
      results.push((await t.request('POST', '/api/add-card', { token, body })).status);
    }
    expect(results.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(results[20]).toBe(429);
  });
});
