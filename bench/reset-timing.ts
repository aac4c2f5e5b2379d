// bench/reset-timing: the time a password-reset request takes when account and address match
// (a link is due) and when they do not, on PGlite through app.inject. Prints medians; asserts nothing.
// Issue 17 §6: the two must not be told apart by their answer time.
import { build } from '../apps/server/test/support/helper.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const t = await build({ env: { LOG_LEVEL: 'silent' } });
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const times: Record<'match' | 'no match', number[]> = { match: [], 'no match': [] };
try {
  for (let i = 0; i < ROUNDS; i++) {
    for (const kind of ['match', 'no match'] as const) {
      // Outside every limit: a new client address, a new quarter hour.
      t.clock.advance(16 * 60_000);
      const email = kind === 'match' ? 'alice@anderson-design.com' : 'someone@example.com';
      const started = performance.now();
      const res = await t.request('POST', '/api/forgot-panel-password', {
        remoteAddress: `198.18.${i % 250}.${kind === 'match' ? 1 : 2}`,
        body: { account: 'alice', email },
      });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
      if (i >= 10) times[kind].push(ms); // the first rounds warm up
    }
  }
  for (const kind of ['match', 'no match'] as const)
    console.log(
      `reset request, ${kind}: median ${median(times[kind]).toFixed(2)} ms over ${times[kind].length}`,
    );
} finally {
  await t.close();
}
