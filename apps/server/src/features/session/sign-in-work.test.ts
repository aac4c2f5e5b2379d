import { commonText } from '@portal/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { passwordQueue } from '../../auth/password-queue.ts';
import { rowsOf as rowsOfAnswer } from '../../../test/support/rows.ts';

/**
 * A burst of sign-ins meets a bounded password queue (docs/decisions/044-password-hashing-queue.md),
 * made tiny here: one hash at a time, one caller waiting. And a sign-in to an account that does not
 * exist does the same database work as a wrong password for one that does (docs/security.md).
 */
let t: TestApp;
let f: ReturnType<typeof factories>;
let alice: Account;
let bob: Account;
let dave: Account;
beforeAll(async () => {
  t = await build({ demo: false, env: { PORTAL_HASH_CONCURRENCY: '1', PORTAL_HASH_QUEUE: '1' } });
  f = factories(t);
  alice = await f.makeAccount();
  bob = await f.makeAccount();
  dave = await f.makeAccount({ primary: alice, fields: { dashboard_admin: true } });
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress = '203.0.113.7') =>
  t.request('POST', '/api/miglogin', { body: { username, password }, remoteAddress });

/** The rows of a query. */
const rowsOf = async <R extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<R[]> =>
  rowsOfAnswer<R>(await t.db.execute(query));

const counters = async (account: string) =>
  (await rowsOf<{ key: string }>(sql`select key from login_failures where key like ${`%:${account}%`}`)).map(
    (r) => r.key,
  );

describe('a full password queue', () => {
  it('answers 429 hashing_busy with Retry-After, counts nothing, and lets the waiting caller through', async () => {
    const queue = passwordQueue();
    expect(queue).toMatchObject({ concurrency: 1, queue: 1 });
    const held = await queue.acquire();
    // One sign-in waits its turn; the next finds the queue full.
    const waiting = login(alice.logname, alice.password);
    while (queue.load.waiting < 1) await new Promise((r) => setImmediate(r));
    const refused = await login(bob.logname, bob.password, '203.0.113.8');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 0, code: 'hashing_busy' });
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toBe(commonText.passwordChecksBusy(seconds));
    // Refused before it was counted: no sign-in counter for bob.
    expect(await counters(bob.logname)).toEqual([]);
    held();
    const done = await waiting;
    expect(done.status).toBe(200);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a password change the same way, and changes nothing', async () => {
    await t.token(dave.logname, dave.password);
    const queue = passwordQueue();
    const held = await queue.acquire();
    const filler = queue.acquire();
    try {
      const res = await f.as(dave).post('/api/user-change-password', {
        username: dave.logname,
        old_password: dave.password,
        new_password: 'Correct-Horse-Battery-9',
        conf_password: 'Correct-Horse-Battery-9',
      });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('hashing_busy');
    } finally {
      held();
      (await filler)();
    }
    // The old password still signs in.
    expect((await login(dave.logname, dave.password, '203.0.113.9')).status).toBe(200);
  });
});

describe('a sign-in to an unknown account', () => {
  /** The statements the apps run during `run` (drizzle's query log of every instance). */
  async function statements(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const logger = { logQuery: (query: string) => seen.push(query.replace(/\s+/g, ' ').trim()) };
    // drizzle's session keeps its logger twice (itself and its options), neither in its types.
    const sessions = t.apps.map((a) => {
      const session: unknown = Reflect.get(a.deps.db, 'session');
      if (typeof session !== 'object' || session === null) throw new Error('expected a drizzle session');
      return session;
    });
    const options = (s: object): object => {
      const o: unknown = Reflect.get(s, 'options');
      if (typeof o !== 'object' || o === null) throw new Error('expected a drizzle session with options');
      return o;
    };
    const saved = sessions.map((s) => [Reflect.get(s, 'logger'), Reflect.get(options(s), 'logger')] as const);
    for (const s of sessions) {
      Reflect.set(s, 'logger', logger);
      Reflect.set(options(s), 'logger', logger);
    }
    try {
      await run();
    } finally {
      sessions.forEach((s, i) => {
        Reflect.set(s, 'logger', saved[i]?.[0]);
        Reflect.set(options(s), 'logger', saved[i]?.[1]);
      });
    }
    return seen;
  }

  const xmins = async (account: string, client: string) => {
    const rows = await rowsOf<{ key: string; x: string }>(
      sql`select key, xmin::text as x from login_failures
          where key in (${`pair:${account}:${client}`}, ${`acct:${account}`})`,
    );
    return Object.fromEntries(rows.map((r) => [r.key.split(':')[0], r.x]));
  };
  const records = async (account: string) =>
    Number(
      (
        await rowsOf<{ n: string }>(sql`select count(*)::text as n from sign_ins where account = ${account}`)
      )[0]?.n,
    );

  it('runs the same statements as a wrong password, and writes one row as it does', async () => {
    const known = await statements(() => login(bob.logname, 'not-bobs-password-1', '198.51.100.31'));
    const unknown = await statements(() => login('nobody-here', 'not-bobs-password-1', '198.51.100.32'));
    expect(known.length).toBeGreaterThan(3);
    expect(unknown).toEqual(known);

    // The existing account: its attempt recorded, the counters written once (when admitted).
    const before = await records(bob.logname);
    const client = '198.51.100.33';
    expect((await login(bob.logname, 'not-bobs-password-2', client)).status).toBe(401);
    expect(await records(bob.logname)).toBe(before + 1);
    const counted = await xmins(bob.logname, client);
    expect(counted.pair).toBe(counted.acct);

    // The unknown one: no record (no owner to show it to), the attempt's first counter written
    // once more, in a transaction of its own, as the record would have been.
    expect((await login('nobody-here', 'not-bobs-password-2', client)).status).toBe(401);
    const ghost = await xmins('nobody-here', client);
    expect(ghost.pair).toBeDefined();
    expect(ghost.pair).not.toBe(ghost.acct);
  });
});
