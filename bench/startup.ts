// bench/startup: time from `npm start` to ready on the embedded default, and the server's memory.
// Each run starts the portal four times: on an empty data directory with the demo data (the first
// start of a trial), again on that directory (a later start), and the same two without the demo
// (PORTAL_DEMO=false). For each start it prints the time to a ready `/readyz` with the CPU time the
// processes used until then (npm, the start script, the server and its children: on a shared
// machine the part of the time that is work rather than waiting for a core), the server process's
// resident memory at ready, 5 s later (background work that follows the start, e.g. the breached-
// password list, has run) and its peak (VmHWM), then the medians per case. The build that `npm start`
// does when sources changed runs once before the first run and is not counted. Prints figures;
// asserts nothing.
//   BENCH_RUNS (default 5)   runs of the four starts
//   BENCH_SETTLE_MS (5000)   how long after ready the second RSS reading is taken
import { must } from '@portal/contract/must';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, waitReady } from './support.ts';

/** The server process under `npm start` (the compiled server, or the sources through tsx). */
const SERVER = /apps\/server\/(src\/main\.ts|dist\/main\.js)/;

interface Memory {
  rssMb: number;
  /**
   * Of the RSS: the process's own memory, and the pages of files it maps (the node binary above
   * all: shared with every other process running it, and given back by the kernel when short).
   */
  anonMb: number;
  fileMb: number;
  peakMb: number;
  /** CPU seconds of the whole tree (npm, the start script, the server and the children they waited for). */
  cpuSeconds: number;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

function serverMemory(root: number): Memory {
  const found: Memory = { rssMb: 0, anonMb: 0, fileMb: 0, peakMb: 0, cpuSeconds: 0 };
  const walk = (pid: string) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      // utime, stime, cutime, cstime: fields 14-17, counted after the command name in brackets.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.cpuSeconds += f.slice(11, 15).reduce((a, x) => a + Number(x), 0) / TICKS;
      if (SERVER.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) {
        const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
        found.rssMb = kb('VmRSS') / 1024;
        found.anonMb = kb('RssAnon') / 1024;
        found.fileMb = kb('RssFile') / 1024;
        found.peakMb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      }
      for (const c of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean))
        walk(c);
    } catch {}
  };
  walk(String(root));
  return found;
}

interface Start {
  seconds: number;
  cpuSeconds: number;
  rssMb: number;
  anonMb: number;
  fileMb: number;
  settledMb: number;
  peakMb: number;
}

const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 5000);

async function start(dataDir: string, demo: boolean): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PORTAL_DEMO: demo ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      PORTAL_SHUTDOWN_DELAY_MS: '0',
    },
    stdio: 'ignore',
    detached: true,
  });
  await waitReady(`http://127.0.0.1:${port}/readyz`, undefined, 120_000);
  const seconds = (performance.now() - t0) / 1000;
  const none: Memory = { rssMb: 0, anonMb: 0, fileMb: 0, peakMb: 0, cpuSeconds: 0 };
  const atReady = child.pid ? serverMemory(child.pid) : none;
  await new Promise((r) => setTimeout(r, settleMs));
  const settled = child.pid ? serverMemory(child.pid) : none;
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return {
    seconds,
    cpuSeconds: atReady.cpuSeconds,
    rssMb: atReady.rssMb,
    anonMb: atReady.anonMb,
    fileMb: atReady.fileMb,
    settledMb: settled.rssMb,
    peakMb: settled.peakMb,
  };
}

const CASES = [
  { name: 'demo, first start (empty data directory)', demo: true, first: true },
  { name: 'demo, later start', demo: true, first: false },
  { name: 'no demo, first start (empty data directory)', demo: false, first: true },
  { name: 'no demo, later start', demo: false, first: false },
] as const;

const fmt = (s: Start) =>
  `${s.seconds.toFixed(2)} s (CPU ${s.cpuSeconds.toFixed(2)} s), RSS ${s.rssMb.toFixed(0)} MB at ready (own ${s.anonMb.toFixed(0)}, mapped files ${s.fileMb.toFixed(0)}), ${s.settledMb.toFixed(0)} MB ${settleMs / 1000} s later, peak ${s.peakMb.toFixed(0)} MB`;

// The build `npm start` does when sources changed (web app, server), once, outside the figures.
if (existsSync('scripts/build-if-changed.mjs')) {
  const built = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const runs = Number(process.env.BENCH_RUNS ?? 5);
const results: Start[][] = CASES.map(() => []);
for (let i = 0; i < runs; i++) {
  for (const demo of [true, false]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
    for (const first of [true, false]) {
      const c = CASES.findIndex((k) => k.demo === demo && k.first === first);
      const s = await start(dataDir, demo);
      must(results[c], 'results[c]').push(s);
      console.log(`run ${i + 1}, ${must(CASES[c], 'CASES[c]').name}: ${fmt(s)}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\nmedians of ${runs} runs:`);
CASES.forEach((c, i) => {
  const r = must(results[i], `the runs of ${c.name}`);
  const m: Start = {
    seconds: median(r.map((s) => s.seconds)),
    cpuSeconds: median(r.map((s) => s.cpuSeconds)),
    rssMb: median(r.map((s) => s.rssMb)),
    anonMb: median(r.map((s) => s.anonMb)),
    fileMb: median(r.map((s) => s.fileMb)),
    settledMb: median(r.map((s) => s.settledMb)),
    peakMb: median(r.map((s) => s.peakMb)),
  };
  console.log(`  ${c.name.padEnd(44)} ${fmt(m)}`);
});
console.log(
  'goals (docs/performance.md): a later start ready in under 1 s, the first with the demo under 2 s; server RSS under 200 MB at ready',
);
