// bench/startup: time from `npm start` to ready on the embedded default, and the server's resident
// memory once ready: a first start on an empty data directory (it loads the demo data), then a
// second start on the same directory. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitReady } from './support.ts';

/** The server process under `npm start` (the compiled server, or the sources through tsx). */
const SERVER = /apps\/server\/(src\/main\.ts|dist\/main\.js)/;

function serverRss(root: number): number {
  let rss = 0;
  const walk = (pid: string) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (SERVER.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')))
        rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const c of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean))
        walk(c);
    } catch {}
  };
  walk(String(root));
  return rss / 1024;
}

async function start(dataDir: string): Promise<{ seconds: number; rssMb: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORTAL_SHUTDOWN_DELAY_MS: '0',
    },
    stdio: 'ignore',
    detached: true,
  });
  await waitReady(`http://127.0.0.1:${port}/readyz`, undefined, 120_000);
  const seconds = (performance.now() - t0) / 1000;
  const rssMb = child.pid ? serverRss(child.pid) : 0;
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { seconds, rssMb };
}

const runs = Number(process.env.BENCH_RUNS ?? 3);
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const first = await start(dataDir);
  const again = await start(dataDir);
  console.log(
    `run ${i + 1}: first start (empty data directory, loads the demo data) ready in ${first.seconds.toFixed(2)} s, server RSS ${first.rssMb.toFixed(0)} MB; ` +
      `second start ready in ${again.seconds.toFixed(2)} s, server RSS ${again.rssMb.toFixed(0)} MB`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}
console.log('goals: first start under 3 s, second under 2 s, RSS under 300 MB');
