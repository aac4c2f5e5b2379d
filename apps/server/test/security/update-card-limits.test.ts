import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCast } from '../support/factories.ts';
import { build, type Res, type TestApp } from '../support/helper.ts';
import { newCard as cardBody } from '../support/card-bodies.ts';

/**
 * update-card asks the card gateway to check the card (its expiry date and billing address), like
 * add-card: it counts against the same per-account `card` limit and the same day's card declines
 * (http/limits.ts), so it cannot be used to probe expiry dates and ZIP codes without end.
 */
const PASSWORD = 'card-limits-pass';
let t: TestApp;

beforeAll(async () => {
  t = await build({
    demo: false,
    env: { PORTAL_RATE_LIMITS: 'card=25/50/3600', PORTAL_CARD_DECLINES_PER_DAY: '3' },
  });
  await makeCast(t, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

async function signIn(logname: string): Promise<string> {
  const res = await t.request('POST', '/api/miglogin', {
    body: { username: logname, password: PASSWORD },
  });
  return res.body.data.id_token;
}

const newCard = (account: string) => cardBody({ account, ccname: 'Card Owner' });

async function addCard(token: string, account: string): Promise<number> {
  const res = await t.request('POST', '/api/add-card', { token, body: newCard(account) });
  expect(res.status).toBe(200);
  return res.body.data.card_id;
}

const update = (token: string, account: string, id: number, expdate: string) =>
  t.request('POST', '/api/update-card', { token, body: { account, id, expdate, zipcode: '04112' } });

function expectLimited(res: Res): void {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(/^Too many requests - please try again in \d+ (second|minute)\(s\)$/);
}

describe('update-card is limited like add-card', () => {
  it('counts against the account’s card calls per hour: the 26th is refused', async () => {
    const token = await signIn('bob');
    const id = await addCard(token, 'bob');
    // A new hour: only update-card calls in the window.
    t.clock.advance(3600_000 + 1000);
    const fresh = await signIn('bob');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await update(fresh, 'bob', id, i % 2 ? '1231' : '1230')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expectLimited(await update(fresh, 'bob', id, '1229'));
  });

  it('counts a refused update as a card decline; past the day’s declines the gateway is not asked', async () => {
    const token = await signIn('alice');
    const id = await addCard(token, 'alice');
    // An expired date is refused by the gateway: a decline.
    for (let i = 0; i < 3; i++) expect((await update(token, 'alice', id, '0120')).status).toBe(422);
    // A good date now: the day's declines are used up.
    expectLimited(await update(token, 'alice', id, '1230'));
    // add-card shares the count.
    const add = await t.request('POST', '/api/add-card', { token, body: newCard('alice') });
    expectLimited(add);
  });
});
