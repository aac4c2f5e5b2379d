import { afterAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../auth/throttle.ts';
import { RESET_LIMITS } from '../features/account/resets.ts';
import { build, demoPassword } from '../test/helper.ts';

/**
 * Password guessing (issue 9): scripted attacks on sign-in and on the reset requests, on the
 * injectable clock. Each simulated minute the attacker sends a burst of concurrent requests; the
 * test counts the guesses the portal actually checked (401, not 429) and prints them per minute.
 */

const t = await build({ start: new Date('2026-11-21T09:00:00Z') });
afterAll(() => t.close());

const MINUTES = 30;
const BURST = 8;

// Through the harness: with TEST_INSTANCES=2 a burst is spread over both instances.
async function login(username: string, password: string, ip: string): Promise<number> {
  const res = await t.request('POST', '/api/miglogin', {
    remoteAddress: ip,
    body: { username, password },
  });
  if (res.status === 429 || res.status === 401) expect(res.body.status).toBe(0);
  return res.status;
}

async function forgot(account: string, ip: string): Promise<number> {
  const res = await t.request('POST', '/api/forgot-panel-password', {
    remoteAddress: ip,
    body: { account, email: 'attacker@example.com' },
  });
  return res.status;
}

interface Attack {
  /** Guesses the portal checked, per simulated minute. */
  checked: number[];
  refused: number;
}

/** Runs `MINUTES` bursts of `BURST` concurrent attempts, one simulated minute apart. */
async function attack(
  attempt: (minute: number, i: number) => Promise<number>,
  checkedStatus: number,
): Promise<Attack> {
  const checked: number[] = [];
  let refused = 0;
  for (let minute = 0; minute < MINUTES; minute++) {
    const statuses = await Promise.all(Array.from({ length: BURST }, (_, i) => attempt(minute, i)));
    for (const s of statuses) expect([checkedStatus, 429]).toContain(s);
    checked.push(statuses.filter((s) => s === checkedStatus).length);
    refused += statuses.filter((s) => s === 429).length;
    t.clock.advance(60_000);
  }
  return { checked, refused };
}

const total = (a: Attack) => a.checked.reduce((x, y) => x + y, 0);
/** The most attempts checked within any window of the throttle's length. */
const busiestWindow = (a: Attack) => {
  const w = LIMITS.window / 60_000;
  let most = 0;
  for (let i = 0; i < a.checked.length; i++)
    most = Math.max(
      most,
      a.checked.slice(i, i + w).reduce((x, y) => x + y, 0),
    );
  return most;
};
const figures: string[] = [];
const report = (what: string, a: Attack) => {
  const line = `${what}: ${total(a)} of ${MINUTES * BURST} attempts checked in ${MINUTES} min = ${(total(a) / MINUTES).toFixed(2)} per minute (at most ${busiestWindow(a)} in any 15 min; ${a.refused} refused with 429)`;
  figures.push(line);
  console.log(line);
};

describe('sign-in throttle under attack', () => {
  test('one address guessing one account: at most 5 guesses per 15 minutes, even in concurrent bursts', async () => {
    const a = await attack(() => login('alice', 'wrong-guess-1', '203.0.113.10'), 401);
    report('sign-in, one address on one account', a);
    expect(a.checked[0]).toBe(LIMITS.account);
    expect(busiestWindow(a)).toBeLessThanOrEqual(LIMITS.account);
    // A new burst locks the account again; the lock holds against the right password from another
    // address too; once it expires, the owner signs in.
    await Promise.all(Array.from({ length: BURST }, () => login('alice', 'wrong-guess-3', '203.0.113.12')));
    expect(await login('alice', demoPassword('alice'), '203.0.113.11')).toBe(429);
    t.clock.advance(LIMITS.lock + 60_000);
    expect(await login('alice', demoPassword('alice'), '203.0.113.11')).toBe(200);
  }, 300_000);

  test('one address spraying many accounts: at most 20 guesses per 15 minutes', async () => {
    t.clock.advance(LIMITS.window + LIMITS.lock);
    const a = await attack((minute, i) => login(`victim${minute}x${i}`, 'Password1', '203.0.113.20'), 401);
    report('sign-in, one address across many accounts', a);
    expect(a.checked[0] + a.checked[1] + a.checked[2]).toBe(LIMITS.address);
    expect(busiestWindow(a)).toBeLessThanOrEqual(LIMITS.address);
    // The locked address cannot sign in even with a right password; another address can.
    expect(await login('bob', demoPassword('bob'), '203.0.113.20')).toBe(429);
    expect(await login('bob', demoPassword('bob'), '203.0.113.21')).toBe(200);
  }, 300_000);

  test('many addresses guessing one account: at most 5 guesses per 15 minutes', async () => {
    t.clock.advance(LIMITS.window + LIMITS.lock);
    const a = await attack(
      (minute, i) => login('carol', 'wrong-guess-2', `198.51.100.${minute * BURST + i}`),
      401,
    );
    report('sign-in, many addresses on one account', a);
    expect(a.checked[0]).toBe(LIMITS.account);
    expect(busiestWindow(a)).toBeLessThanOrEqual(LIMITS.account);
  }, 300_000);
});

describe('reset-request throttle under attack', () => {
  test('one address, one account: at most 5 reset mails requested per 15 minutes', async () => {
    const a = await attack(() => forgot('alice', '203.0.113.30'), 200);
    report('reset requests, one address on one account', a);
    expect(a.checked[0]).toBe(RESET_LIMITS.account);
    expect(busiestWindow(a)).toBeLessThanOrEqual(RESET_LIMITS.account);
  }, 300_000);

  test('one address across many accounts: at most 20 reset requests per 15 minutes', async () => {
    t.clock.advance(LIMITS.window + LIMITS.lock);
    const a = await attack((minute, i) => forgot(`victim${minute}x${i}`, '203.0.113.40'), 200);
    report('reset requests, one address across many accounts', a);
    expect(a.checked[0] + a.checked[1] + a.checked[2]).toBe(RESET_LIMITS.address);
    expect(busiestWindow(a)).toBeLessThanOrEqual(RESET_LIMITS.address);
  }, 300_000);

  test('prints the figures', () => {
    console.log(`throttle figures:\n${figures.join('\n')}`);
    expect(figures).toHaveLength(5);
  });
});
