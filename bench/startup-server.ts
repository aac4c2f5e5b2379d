// bench/startup-server: the compiled server's own later start, without npm and the start script (but
// with the node flags it gives the server, scripts/server-node-flags.mjs): its CPU time until
// `/readyz` answers (the figure a loaded, shared machine cannot blur: time waiting for a core is not
// counted) and its resident memory at ready. Each build listed in BENCH_DISTS
// (comma-separated directories holding main.js, default apps/server/dist) is started BENCH_RUNS times
// (default 5), the builds alternating, on one data directory opened once before (no demo). Compare a
// build before a change with one after it: `mv apps/server/dist apps/server/dist-before` (the copy
// must stay next to dist: the code finds migrations and packages relative to itself), change, build,
// then `BENCH_DISTS=apps/server/dist-before,apps/server/dist npm run bench:startup-server`, and delete
// dist-before. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { freePort, median, waitReady } from './support.ts';

const TICKS = 100; // USER_HZ of /proc/<pid>/stat
const dists = (process.env.BENCH_DISTS ?? 'apps/server/dist').split(',').filter(Boolean);
const runs = Number(process.env.BENCH_RUNS ?? 5);

function cpuAndRss(pid: number): { cpu: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = f.slice(11, 13).reduce((a, x) => a + Number(x), 0) / TICKS;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { cpu, rss };
}

async function start(dist: string, dataDir: string) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags(process.env), join(dist, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PORTAL_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PORTAL_SHUTDOWN_DELAY_MS: '0',
    },
    stdio: 'ignore',
  });
  await waitReady(`http://127.0.0.1:${port}/readyz`, undefined, 120_000);
  const seconds = (performance.now() - t0) / 1000;
  const m = child.pid ? cpuAndRss(child.pid) : { cpu: 0, rss: 0 };
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { seconds, ...m };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-server-'));
try {
  const first = dists[0];
  if (first) await start(first, dataDir); // the first start makes the database; not counted
  const results = dists.map(() => [] as Awaited<ReturnType<typeof start>>[]);
  for (let i = 0; i < runs; i++) {
    for (const [d, dist] of dists.entries()) {
      const r = await start(dist, dataDir);
      results[d]?.push(r);
      console.log(
        `${dist}, run ${i + 1}: ready ${r.seconds.toFixed(2)} s, server CPU ${r.cpu.toFixed(2)} s, RSS ${r.rss.toFixed(0)} MB`,
      );
    }
  }
  console.log(
    `\nmedians of ${runs} later starts (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}):`,
  );
  for (const [d, dist] of dists.entries()) {
    const r = results[d] ?? [];
    console.log(
      `  ${dist.padEnd(28)} ready ${median(r.map((x) => x.seconds)).toFixed(2)} s, server CPU ${median(r.map((x) => x.cpu)).toFixed(2)} s, RSS ${median(r.map((x) => x.rss)).toFixed(0)} MB`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
