import { commonText } from '@portal/contract/messages';
import { afterAll, describe, expect, test } from 'vitest';
import { RESET_LIMITS } from '../../src/features/account/resets.ts';
import { RULES } from '../../src/auth/throttle.ts';
import { factories, makeCast } from '../support/factories.ts';
import { build } from '../support/helper.ts';
import { mailsTo } from '../support/mail.ts';
import { must } from '../support/must.ts';
import { outbox } from '../../src/db/schema.ts';
import { desc } from 'drizzle-orm';

/**
 * Password guessing: scripted attacks on sign-in and on the reset requests, on
 * the injectable clock. Every simulated minute the attacker sends a burst of concurrent requests;
 * the test counts the guesses the portal actually checked (401, not 429) and prints the figures
 * that docs/security.md quotes.
 */

const BUDGET = 200;
const t = await build({
  start: new Date('2026-11-21T09:00:00Z'),
  demo: false,
  env: { SIGNIN_FAILURE_BUDGET: String(BUDGET), PORTAL_IDLE_MINUTES: '10080' },
});
afterAll(() => t.close());
const PASSWORD = 'throttle-test-pass';
const cast = await makeCast(t, PASSWORD);

const MINUTE = 60_000;

interface Attempt {
  status: number;
  body: { status: unknown; message: string };
  headers: Record<string, unknown>;
}

// Through the harness: with TEST_INSTANCES=2 a burst is spread over both instances.
async function login(username: string, password: string, ip: string, cookie?: string): Promise<Attempt> {
  const res = await t.request('POST', '/api/miglogin', {
    remoteAddress: ip,
    body: { username, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (res.status === 429 || res.status === 401) expect(res.body.status).toBe(0);
  if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  return res as Attempt;
}

/** The owner's browser: the cookie its last sign-in was given. */
async function ownersBrowser(logname: string, ip: string): Promise<string> {
  const res = await login(logname, PASSWORD, ip);
  expect(res.status).toBe(200);
  const set = String(res.headers['set-cookie']);
  expect(set).toMatch(/^portal_device=[^;]+; Max-Age=\d+; Path=\/api; HttpOnly; SameSite=Strict$/);
  const [cookie = ''] = set.split(';');
  return cookie;
}

/** Runs `minutes` bursts of `burst` concurrent attempts, one simulated minute apart; checked per minute. */
async function attack(
  minutes: number,
  burst: number,
  attempt: (minute: number, i: number) => Promise<number>,
  checkedStatus: number,
): Promise<number[]> {
  const checked: number[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    const statuses = await Promise.all(Array.from({ length: burst }, (_, i) => attempt(minute, i)));
    for (const s of statuses) expect([checkedStatus, 429]).toContain(s);
    checked.push(statuses.filter((s) => s === checkedStatus).length);
    t.clock.advance(MINUTE);
  }
  return checked;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const figures: string[] = [];
const report = (line: string) => {
  figures.push(line);
  console.log(line);
};
const rate = (what: string, checked: number[]) =>
  report(
    `${what}: ${sum(checked)} attempts let through in ${checked.length} min (${sum(checked.slice(0, 1))} in the first minute, ` +
      `${sum(checked.slice(0, 15))} in the first 15 min, ${sum(checked.slice(0, 60))} in the first hour)`,
  );

describe('sign-in limits under attack', () => {
  test('one address guessing one account: 5 at once, then one per growing delay', async () => {
    const checked = await attack(
      120,
      8,
      () => login('alice', 'wrong-guess-1', '203.0.113.10').then((r) => r.status),
      401,
    );
    rate('one address on one account', checked);
    expect(checked[0]).toBe(RULES.pair.free);
    // Delays of 1, 2, 4, 8, then 15 minutes: 5 + 4 in the first quarter hour, about 4 an hour after.
    expect(sum(checked.slice(0, 15))).toBeLessThanOrEqual(RULES.pair.free + 4);
    expect(sum(checked.slice(60, 120))).toBeLessThanOrEqual(5);
  }, 300_000);

  test('one address spraying many accounts: 20 at once, then one per growing delay', async () => {
    t.clock.advance(2 * 24 * 60 * MINUTE);
    const checked = await attack(
      60,
      8,
      (minute, i) => login(`victim${minute}x${i}`, 'Password1', '203.0.113.20').then((r) => r.status),
      401,
    );
    rate('one address across many accounts', checked);
    expect(
      must(checked[0], 'checked[0]') + must(checked[1], 'checked[1]') + must(checked[2], 'checked[2]'),
    ).toBeLessThanOrEqual(RULES.client.free + 2);
    expect(sum(checked)).toBeLessThanOrEqual(RULES.client.free + 7);
    // Another address is not slowed by it.
    expect((await login('bob', PASSWORD, '203.0.113.21')).status).toBe(200);
  }, 300_000);

  test('1,000 addresses guessing one account; the owner signs in from their browser throughout', async () => {
    t.clock.advance(2 * 24 * 60 * MINUTE);
    const owners = await ownersBrowser('carol', '192.0.2.44');
    const addr = (n: number) => `198.51.${100 + Math.floor(n / 250)}.${n % 250}`;
    // The first minute: one guess from each of 1,000 addresses; then 10 a minute for two hours.
    const first = await attack(
      1,
      1000,
      (_m, i) => login('carol', `guess-${i}`, addr(i)).then((r) => r.status),
      401,
    );
    const rest = await attack(
      120,
      10,
      (m, i) => login('carol', `guess-${m}-${i}`, addr((m * 10 + i) % 1000)).then((r) => r.status),
      401,
    );
    const checked = [...first, ...rest];
    rate('1,000 addresses on one account', checked);
    expect(checked[0]).toBe(RULES.account.free);
    // Delays of 1, 2, 4, 8, 16, 32, then 60 minutes for the account from every unknown browser.
    expect(sum(checked)).toBeLessThanOrEqual(RULES.account.free + 8);

    // The owner during the attack: their browser goes straight in; a new browser of theirs waits.
    const known = await login('carol', PASSWORD, '192.0.2.44', owners);
    expect(known.status).toBe(200);
    const fresh = await login('carol', PASSWORD, '192.0.2.45');
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toBe(commonText.tooManyAttempts);
    const wait = Number(fresh.headers['retry-after']);
    report(
      `the owner during that attack: from the browser they signed in with before, signed in at once (200); ` +
        `from a new browser, 429 "${fresh.body.message}" with Retry-After ${wait} s, or in at once after a reset by mail`,
    );
    // The attacker's guesses keep being refused while the owner comes and goes.
    expect((await login('carol', 'guess-after', addr(7))).status).toBe(429);
    // From the new browser a reset by mail lets the owner in: that browser is known from then on.
    await t.request('POST', '/api/forgot-panel-password', {
      remoteAddress: '192.0.2.45',
      body: { account: 'carol', email: cast.carol.email },
    });
    await t.drainJobs();
    const mail = t.sent
      .filter((m) => m.to === cast.carol.email && m.body.includes('reset-panel-password/'))
      .at(-1);
    const link = must(
      must(mail, 'the reset mail').body.match(/reset-panel-password\/([A-Za-z0-9_-]{43})/),
      'the link',
    )[1];
    const reset = await t.request('POST', '/api/user-reset-password', {
      remoteAddress: '192.0.2.45',
      body: { reset_token: link, new_password: 'Carol-new-pass-77x', conf_password: 'Carol-new-pass-77x' },
    });
    expect(reset.status).toBe(200);
    const newBrowser = String(reset.headers['set-cookie']).split(';')[0];
    expect((await login('carol', 'Carol-new-pass-77x', '192.0.2.45', newBrowser)).status).toBe(200);
  }, 600_000);

  test('a stolen device cookie buys 5 guesses, then growing delays of its own', async () => {
    t.clock.advance(2 * 24 * 60 * MINUTE);
    const cookie = await ownersBrowser('dave', '192.0.2.60');
    const checked = await attack(
      1,
      8,
      () => login('dave', 'stolen-guess', '203.0.113.99', cookie).then((r) => r.status),
      401,
    );
    expect(checked[0]).toBe(RULES.device.free);
    // A forged or tampered cookie is an unknown browser.
    const forged = `${cookie.slice(0, -4)}AAAA`;
    expect((await login('dave', PASSWORD, '203.0.113.98', forged)).status).toBe(200);
  }, 300_000);

  test('spraying from many addresses across many accounts meets the portal-wide budget', async () => {
    t.clock.advance(2 * 24 * 60 * MINUTE);
    const owners = await ownersBrowser('bob', '192.0.2.80');
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            login(`spray${batch}x${i}`, 'Password1', `100.64.${batch}.${i}`).then((r) => r.status),
          ),
        )),
      );
    const checked = statuses.filter((s) => s === 401).length;
    report(
      `spraying 300 accounts from 300 addresses in a minute: ${checked} checked (budget ${BUDGET} per 15 min), the rest 429`,
    );
    expect(checked).toBe(BUDGET);
    // Known browsers are not counted against the budget, nor stopped by it.
    expect((await login('bob', PASSWORD, '192.0.2.80', owners)).status).toBe(200);
    t.clock.advance(16 * MINUTE);
    expect((await login('spray-later', 'Password1', '100.64.9.9')).status).toBe(401);
  }, 300_000);

  test('a forged X-Forwarded-For buys nothing behind TRUST_PROXY', async () => {
    const behind = await build({ demo: false, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await factories(behind).makeAccount({ logname: 'alice', password: PASSWORD });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await behind.request('POST', '/api/miglogin', {
          body: { username: 'alice', password: `forged-${i}` },
          // The client writes the left-most entries; the proxy (127.0.0.1) appends the real address.
          headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.150` },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(RULES.pair.free);
    } finally {
      await behind.close();
    }
  }, 300_000);
});

describe('reset requests under attack', () => {
  test('a stranger flooding one account: the owner is answered and has a working link', async () => {
    t.clock.advance(2 * 24 * 60 * MINUTE);
    const forgot = (ip: string, email: string) =>
      t.request('POST', '/api/forgot-panel-password', {
        remoteAddress: ip,
        body: { account: 'alice', email },
      });
    const before = t.sent.length;
    const { last } = must(
      (await t.db.select({ last: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0],
      'a row',
    );
    const outboxBefore = last ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await forgot(`198.18.${i}.1`, cast.alice.email)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const own = await forgot('192.0.2.44', cast.alice.email);
    expect(own.status).toBe(200);
    await t.drainJobs();
    // Reset links only: other mail the clock brings due may go out in the same drain.
    const mails = t.sent
      .slice(before)
      .filter((m) => m.to === cast.alice.email && m.body.includes('reset-panel-password/'));
    expect(mails).toHaveLength(RESET_LIMITS.account);
    // The newest link is the one that works. Two job runners (TEST_INSTANCES=2) deliver in either
    // order, so it is read from the outbox by id, not taken as the last mail delivered.
    const newest = must(
      (await mailsTo(t, { to: cast.alice.email, after: outboxBefore })).filter((m) =>
        m.body.includes('reset-panel-password/'),
      )[0],
      'newest',
    );
    const link = must(newest.body.match(/reset-panel-password\/([A-Za-z0-9_-]{43})/), 'the link')[1];
    const reset = await t.request('POST', '/api/user-reset-password', {
      body: { reset_token: link, new_password: 'Tq7vLm2-xZp9-harbor', conf_password: 'Tq7vLm2-xZp9-harbor' },
    });
    expect(reset.status).toBe(200);
    report(
      `reset requests, 41 for one account from 41 addresses in a minute: all answered 200, ${mails.length} links mailed (the last one works)`,
    );
  }, 300_000);

  test('one address across many accounts: 20 reset requests, then growing delays', async () => {
    t.clock.advance(2 * 24 * 60 * MINUTE);
    const checked = await attack(
      30,
      8,
      (minute, i) =>
        t
          .request('POST', '/api/forgot-panel-password', {
            remoteAddress: '203.0.113.40',
            body: { account: `victim${minute}x${i}`, email: 'attacker@example.com' },
          })
          .then((r) => r.status),
      200,
    );
    rate('reset requests, one address across many accounts', checked);
    expect(
      must(checked[0], 'checked[0]') + must(checked[1], 'checked[1]') + must(checked[2], 'checked[2]'),
    ).toBeLessThanOrEqual(RESET_LIMITS.address + 2);
  }, 300_000);

  test('prints the figures', () => {
    console.log(`throttle figures:\n${figures.join('\n')}`);
    expect(figures).toHaveLength(7);
  });
});
