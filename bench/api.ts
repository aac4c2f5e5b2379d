// bench/api: authenticated GET /api/customer/{logname} on PostgreSQL with 100,000 imported accounts,
// beside a raw node:http hello-world server measured in the same run. Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { importDocument } from '../apps/server/src/lib/import.ts';
import {
  cpuSeconds,
  fmt,
  freePort,
  load,
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

  const rawPort = await freePort();
  const raw = spawnNode(
    [
      '-e',
      `require('http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"hello":"world"}')}).listen(${rawPort},'127.0.0.1')`,
    ],
    {},
  );
  await waitReady(`http://127.0.0.1:${rawPort}/`);
  const rawCpu0 = cpuSeconds(raw.pid ?? 0);
  const rawResult = await load(`http://127.0.0.1:${rawPort}/`, {
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const rawCpu = cpuSeconds(raw.pid ?? 0) - rawCpu0;
  raw.kill();

  const port = await freePort();
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  if (SERVER === 'dist')
    execFileSync('bash', ['scripts/build-server.sh', '--if-stale'], { stdio: 'inherit' });
  const entry =
    SERVER === 'dist' ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const portal = spawnNode([...profile, ...entry, '--role', 'web'], {
    PORT: String(port),
    DATABASE_URL: pg.url,
    PORTAL_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'warn',
    PORTAL_DEMO: '0',
    // Stop at once when killed (the profile is written on exit).
    PORTAL_SHUTDOWN_DELAY_MS: '0',
  });
  await waitReady(`http://127.0.0.1:${port}/readyz`, portal);
  const login = await fetch(`http://127.0.0.1:${port}/api/miglogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user4242', password: 'bench-password' }),
  });
  const token = ((await login.json()) as { data: { id_token: string } }).data.id_token;
  const url = `http://127.0.0.1:${port}/api/customer/user4242`;
  await load(url, { connections: CONNECTIONS, seconds: 2, headers: { authorization: `Bearer ${token}` } });
  const portalCpu0 = cpuSeconds(portal.pid ?? 0);
  const pgCpu0 = pg.pid ? treeCpuSeconds(pg.pid) : 0;
  const api = await load(url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const portalCpu = cpuSeconds(portal.pid ?? 0) - portalCpu0;
  const pgCpu = pg.pid ? treeCpuSeconds(pg.pid) - pgCpu0 : Number.NaN;
  portal.kill();
  await new Promise((resolve) => portal.once('exit', resolve));

  console.log(`raw node:http hello world : ${fmt(rawResult)}`);
  console.log(
    `portal: ${SERVER === 'dist' ? 'compiled (apps/server/dist)' : 'TypeScript sources through tsx'}`,
  );
  console.log(`GET /api/customer/{logname}: ${fmt(api)}`);
  console.log(
    `ratio to raw: ${(api.rps / rawResult.rps).toFixed(2)} (goal ≥ 0.25); p99 ${api.p99.toFixed(1)} ms (goal < 25 ms)`,
  );
  // CPU per request: steadier than req/s on a machine shared with other work (it counts the work
  // done, not the time waited for a core).
  const perRequest = (cpu: number, r: { requests: number }) => `${((1000 * cpu) / r.requests).toFixed(3)} ms`;
  console.log(
    `CPU per request: raw ${perRequest(rawCpu, rawResult)}; portal ${perRequest(portalCpu, api)} + PostgreSQL ${perRequest(pgCpu, api)} (ratio raw/portal ${(rawCpu / rawResult.requests / (portalCpu / api.requests)).toFixed(2)})`,
  );
} finally {
  pg.stop();
}
