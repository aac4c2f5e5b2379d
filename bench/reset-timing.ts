// bench/reset-timing: the time a password-reset request takes when account and address match
// (a link is due) and when they do not, and the time a wrong sign-in takes for an account that
// exists and for one that does not — on PGlite through app.inject (on PostgreSQL with
// TEST_DATABASE_URL). Prints medians; asserts nothing. Neither pair may be told apart by its answer
// time (docs/security.md). BENCH_ONLY=reset or BENCH_ONLY=sign-in runs one of them.
import { build } from '../apps/server/test/support/helper.ts';
import { median } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ONLY = process.env.BENCH_ONLY;
const t = await build({ env: { LOG_LEVEL: 'silent' } });

/** Each round runs both kinds, in turn first; the first ten rounds warm up. */
async function pair<K extends string>(
  kinds: readonly [K, K],
  once: (kind: K, round: number) => Promise<void>,
): Promise<Record<K, number[]>> {
  const times = { [kinds[0]]: [], [kinds[1]]: [] } as unknown as Record<K, number[]>;
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 ? [kinds[1], kinds[0]] : kinds;
    for (const kind of order) {
      // Outside every limit: a new client address, a day later (the sign-in counters forget then).
      t.clock.advance(25 * 3_600_000);
      const started = performance.now();
      await once(kind, i);
      const ms = performance.now() - started;
      if (i >= 10) times[kind].push(ms);
    }
  }
  return times;
}

function print<K extends string>(what: string, times: Record<K, number[]>): void {
  for (const [kind, xs] of Object.entries(times) as [K, number[]][])
    console.log(`${what}, ${kind}: median ${median(xs).toFixed(2)} ms over ${xs.length}`);
}

try {
  if (ONLY !== 'sign-in') {
    const times = await pair(['match', 'no match'] as const, async (kind, i) => {
      const email = kind === 'match' ? 'alice@anderson-design.com' : 'someone@example.com';
      const res = await t.request('POST', '/api/forgot-panel-password', {
        remoteAddress: `198.18.${i % 250}.${kind === 'match' ? 1 : 2}`,
        body: { account: 'alice', email },
      });
      if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
    });
    print('reset request', times);
  }
  if (ONLY !== 'reset') {
    // A wrong password for an account, and any password for a name no account has: the same answer
    // (401). Four accounts in turn stay under an account's hard lock (100 failures, auth/throttle.ts).
    const who = ['alice', 'bob', 'carol', 'dave'];
    const times = await pair(['account exists', 'no such account'] as const, async (kind, i) => {
      const res = await t.request('POST', '/api/miglogin', {
        remoteAddress: `198.19.${i % 250}.${kind === 'account exists' ? 1 : 2}`,
        body: {
          username: kind === 'account exists' ? who[i % 4] : `${who[i % 4]}-nobody`,
          password: 'not-the-password-1',
        },
      });
      if (res.status !== 401) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
    });
    print('wrong sign-in', times);
  }
} finally {
  await t.close();
}
