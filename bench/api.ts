// bench/api: authenticated GET /api/customer/{logname} on PostgreSQL with 100,000 imported accounts,
// beside a raw node:http hello-world server measured in the same run. Prints figures; asserts nothing.
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { importDocument } from '../apps/server/src/lib/import.ts';
import { fmt, freePort, load, postgres, spawnNode, waitReady } from './support.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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
  const rawResult = await load(`http://127.0.0.1:${rawPort}/`, {
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  raw.kill();

  const port = await freePort();
  const portal = spawnNode(['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'web'], {
    PORT: String(port),
    DATABASE_URL: pg.url,
    PORTAL_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'warn',
    PORTAL_DEMO: '0',
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
  const api = await load(url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  portal.kill();

  console.log(`raw node:http hello world : ${fmt(rawResult)}`);
  console.log(`GET /api/customer/{logname}: ${fmt(api)}`);
  console.log(
    `ratio to raw: ${(api.rps / rawResult.rps).toFixed(2)} (goal ≥ 0.25); p99 ${api.p99.toFixed(1)} ms (goal < 25 ms)`,
  );
} finally {
  pg.stop();
}
