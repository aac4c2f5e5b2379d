// bench/payment: one card payment after another (POST /api/single-payment as alice, a new card, no
// card kept) through app.inject, on PGlite or, with TEST_DATABASE_URL, on PostgreSQL; prints the
// median and p90 of BENCH_ROUNDS payments after BENCH_WARMUP, and the statements one payment sends.
// Asserts nothing. BENCH_PROFILE=dir writes a V8 CPU profile there (read it with bench/profile.ts).
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { build } from '../apps/server/test/support/helper.ts';
import { cardPayment } from './portal-mix.ts';
import { median, percentile } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const PROFILE = process.env.BENCH_PROFILE;

const t = await build({ env: { LOG_LEVEL: 'silent' } });
const alice = t.as('alice');

// The statements of one payment, as PostgreSQL's driver is asked for them.
let statements: string[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string; name?: string };
  statements?.push(String(typeof q === 'string' ? q : (q.text ?? q.name)).slice(0, 100));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const profiler = PROFILE ? new Session() : null;
const times: number[] = [];
try {
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    if (i === WARMUP && profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    if (i === WARMUP) statements = [];
    const started = performance.now();
    const res = await alice.post('/api/single-payment', cardPayment('alice', 'payment benchmark'));
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`payment ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    if (i === WARMUP && statements) {
      if (statements.length)
        console.log(`one payment's statements (${statements.length}):\n  ${statements.join('\n  ')}`);
      statements = null;
    }
    if (i >= WARMUP) times.push(ms);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${ROUNDS} payments on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: median ${median(times).toFixed(2)} ms, p90 ${percentile(sorted, 90).toFixed(2)} ms`,
  );
  if (profiler && PROFILE) {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(PROFILE, { recursive: true });
    const file = join(PROFILE, `payment-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile: ${file}`);
  }
} finally {
  await t.close();
}
