// bench/startup: time from `npm start` to ready on the embedded default with the demo data, and
// the server's resident memory after start. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitReady } from './support.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  await waitReady(`http://127.0.0.1:${port}/readyz`, undefined, 120_000);
  const ms = performance.now() - t0;
  const pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
  let rss = 0;
  const walk = (pid: string) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('main.ts')) rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const c of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean))
        walk(c);
    } catch {}
  };
  for (const p of pids.filter(Boolean)) walk(p);
  console.log(
    `run ${i + 1}: ready in ${(ms / 1000).toFixed(2)} s (first run loads the demo data), server RSS ${(rss / 1024).toFixed(0)} MB`,
  );
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log('goal: under 3 s');
