// bench/api: authenticated GET /api/customer/{logname} on PostgreSQL with 100,000 imported accounts,
// beside a raw node:http hello-world server measured in the same run. Prints figures; asserts nothing.
// BENCH_COMPARE=<another checkout> alternates this tree's portal with that one's on the same database,
// BENCH_ROUNDS times, and prints the medians: before and after a change under the same conditions.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { importDocument } from '../apps/server/src/lib/import.ts';
import {
  cpuSeconds,
  fmt,
  freePort,
  load,
  median,
  postgres,
  spawnNode,
  treeCpuSeconds,
  waitReady,
} from './support.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A directory for a CPU profile of the portal under load (`node --cpu-prof`); read it with bench/profile.ts. */
const PROFILE = process.env.BENCH_PROFILE;
/**
 * `src` (default): the TypeScript sources through tsx, as the earlier figures were taken; `dist`: the
 * compiled server production runs (scripts/build-server.sh, built first when stale).
 */
const SERVER = process.env.BENCH_SERVER ?? 'src';
/** A second checkout (e.g. the code before a change) measured alternately with this one. */
const COMPARE = process.env.BENCH_COMPARE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SECRET = 'bench-secret-bench-secret-bench-secret-00';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** ms of CPU per request: the portal process, PostgreSQL (all its backends). */
  portalCpu: number;
  pgCpu: number;
  /** portal req/s over the raw server's in the same round. */
  ratio: number;
}

const pg = await postgres();
try {
  const database = await openDatabase({ url: pg.url });
  const hash = await hashPassword('bench-password');
  const t0 = Date.now();
  for (let i = 0; i < ACCOUNTS; i += 10_000) {
    const accounts = Array.from({ length: Math.min(10_000, ACCOUNTS - i) }, (_, k) => ({
      logname: `user${i + k}`,
      uid: 100_000 + i + k,
      first_name: 'Bench',
      last_name: `User ${i + k}`,
      bill_email: `user${i + k}@example.com`,
      password_hash: hash,
    }));
    await importDocument(database.db, { accounts });
  }
  console.log(`imported ${ACCOUNTS} accounts in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await database.close();

  const trees = [process.cwd(), ...(COMPARE ? [resolve(COMPARE)] : [])];
  const figures = new Map<string, Figures[]>(trees.map((t) => [t, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    const raw = await measureRaw();
    // Each round in the other order: neither tree always runs right after the raw server.
    for (const tree of round % 2 ? trees : [...trees].reverse()) {
      const api = await measurePortal(tree, pg.url, pg.pid);
      const f: Figures = { ...api, ratio: api.rps / raw.rps };
      figures.get(tree)?.push(f);
      const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      console.log(
        `\nround ${round}/${ROUNDS}, ${tree}${SERVER === 'dist' ? ' (compiled)' : ''}, load average ${load1}`,
      );
      console.log(`raw node:http hello world : ${fmt(raw)}`);
      console.log(`GET /api/customer/{logname}: ${fmt(api)}`);
      console.log(
        `ratio to raw: ${f.ratio.toFixed(2)} (goal ≥ 0.15, beyond 0.25); p99 ${api.p99.toFixed(1)} ms (goal < 30 ms, beyond 25 ms)`,
      );
      // CPU per request: steadier than req/s on a machine shared with other work (it counts the work
      // done, not the time waited for a core).
      console.log(
        `CPU per request: raw ${raw.cpu.toFixed(3)} ms; portal ${f.portalCpu.toFixed(3)} ms + PostgreSQL ${f.pgCpu.toFixed(3)} ms (ratio raw/portal ${(raw.cpu / f.portalCpu).toFixed(2)})`,
      );
    }
  }
  if (ROUNDS > 1 || COMPARE) {
    console.log(`\nmedians of ${ROUNDS} round(s):`);
    for (const [tree, fs] of figures) {
      const m = (k: keyof Figures) => median(fs.map((f) => f[k]));
      console.log(
        `  ${tree}: ${m('rps').toFixed(0)} req/s, ratio ${m('ratio').toFixed(2)}, p50 ${m('p50').toFixed(1)} ms, p99 ${m('p99').toFixed(1)} ms, CPU per request portal ${m('portalCpu').toFixed(3)} ms + PostgreSQL ${m('pgCpu').toFixed(3)} ms`,
      );
    }
  }
} finally {
  pg.stop();
}

/** The raw node:http hello world under the same load: req/s, latency, CPU per request (ms). */
async function measureRaw() {
  const rawPort = await freePort();
  const raw = spawnNode(
    [
      '-e',
      `require('http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"hello":"world"}')}).listen(${rawPort},'127.0.0.1')`,
    ],
    {},
  );
  await waitReady(`http://127.0.0.1:${rawPort}/`);
  const cpu0 = cpuSeconds(raw.pid ?? 0);
  const result = await load(`http://127.0.0.1:${rawPort}/`, { connections: CONNECTIONS, seconds: SECONDS });
  const cpu = cpuSeconds(raw.pid ?? 0) - cpu0;
  raw.kill();
  await new Promise((done) => raw.once('exit', done));
  return { ...result, cpu: (1000 * cpu) / result.requests };
}

/** The portal of checkout `tree` on the bench's database, signed in as one account, under load. */
async function measurePortal(tree: string, databaseUrl: string, pgPid: number | undefined) {
  const port = await freePort();
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  if (SERVER === 'dist')
    execFileSync('bash', ['scripts/build-server.sh', '--if-stale'], { stdio: 'inherit', cwd: tree });
  const entry =
    SERVER === 'dist' ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const portal = spawnNode(
    [...profile, ...entry, '--role', 'web'],
    {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      PORTAL_JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      PORTAL_DEMO: '0',
      // Stop at once when killed (the profile is written on exit).
      PORTAL_SHUTDOWN_DELAY_MS: '0',
    },
    { cwd: tree },
  );
  await waitReady(`http://127.0.0.1:${port}/readyz`, portal);
  const login = await fetch(`http://127.0.0.1:${port}/api/miglogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user4242', password: 'bench-password' }),
  });
  const token = ((await login.json()) as { data: { id_token: string } }).data.id_token;
  const url = `http://127.0.0.1:${port}/api/customer/user4242`;
  const headers = { authorization: `Bearer ${token}` };
  await load(url, { connections: CONNECTIONS, seconds: 2, headers });
  const portalCpu0 = cpuSeconds(portal.pid ?? 0);
  const pgCpu0 = pgPid ? treeCpuSeconds(pgPid) : 0;
  const api = await load(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
  const portalCpu = cpuSeconds(portal.pid ?? 0) - portalCpu0;
  const pgCpu = pgPid ? treeCpuSeconds(pgPid) - pgCpu0 : Number.NaN;
  portal.kill();
  await new Promise((done) => portal.once('exit', done));
  return {
    ...api,
    portalCpu: (1000 * portalCpu) / api.requests,
    pgCpu: (1000 * pgCpu) / api.requests,
  };
}
