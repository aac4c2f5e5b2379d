import { must } from '@portal/contract/must';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/server/test/support/free-port.ts';

/** Shared pieces of the benchmarks: a throw-away PostgreSQL, free ports, a keep-alive load generator. */

export { freePort };

/**
 * DATABASE_URL when set, else a temporary PostgreSQL cluster on a loopback port (stopped by `stop`).
 * `throwaway` ignores DATABASE_URL (for benchmarks that reshape the database); `settings` are extra
 * server settings (`name=value`); `pid` is the postmaster's, for its CPU time.
 */
export async function postgres(
  opts: { throwaway?: boolean; settings?: string[] } = {},
): Promise<{ url: string; stop: () => void; pid?: number }> {
  if (process.env.DATABASE_URL && !opts.throwaway) return { url: process.env.DATABASE_URL, stop: () => {} };
  const bin = readdirSync('/usr/lib/postgresql')
    .sort()
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .pop();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql), or set DATABASE_URL');
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const asPg = (cmd: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args])
      : execFileSync(cmd, args);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  asPg(`${bin}/initdb`, ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  asPg(`${bin}/pg_ctl`, [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    '-o',
    [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      ...(opts.settings ?? []).map((s) => `-c ${s}`),
    ].join(' '),
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0]),
    stop: () => {
      asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function waitReady(url: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error('process exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`not ready: ${url}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function spawnNode(
  args: string[],
  env: Record<string, string>,
  opts: { cwd?: string } = {},
): ChildProcess {
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: opts.cwd,
  });
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Closed-loop load: `connections` keep-alive clients issue requests back to back for `seconds`. */
export async function load(
  url: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + opts.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = process.hrtime.bigint();
      const req = http.get(url, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => percentile(latencies, p);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

export const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.errors} errors (${r.requests} requests)`;

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds used so far by a process and its threads (plus its reaped children when `children`). */
/**
 * A process's CPU seconds by thread, grouped by the names Node 22 and later give its threads: the
 * main thread (JavaScript), V8's helpers (compilation, garbage collection), the hashing: worker
 * threads (the portal's argon2id password checks, apps/server/src/auth/hash-threads.ts) and
 * libuv's pool (where they ran before; file reads, compression). Node 20 names none: all counts
 * as `main`.
 */
export function threadCpuSeconds(pid: number): Record<'main' | 'v8' | 'hashing' | 'other', number> {
  const groups = { main: 0, v8: 0, hashing: 0, other: 0 };
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return groups; // the process has exited
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const seconds = (Number(f[11]) + Number(f[12])) / TICKS;
      const group =
        tid === String(pid) || name === 'MainThread'
          ? 'main'
          : name === 'libuv-worker' || name === 'WorkerThread'
            ? 'hashing'
            : name.startsWith('V8')
              ? 'v8'
              : name === 'node'
                ? 'main'
                : 'other';
      groups[group] += seconds;
    } catch {
      // the thread has ended
    }
  }
  return groups;
}

export function cpuSeconds(pid: number, opts: { children?: boolean } = {}): number {
  try {
    // Fields after the command name, which may hold spaces: utime is the 12th, stime 13th, cutime 14th, cstime 15th.
    const f = must(
      readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1],
      'the fields after the command name',
    ).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return (opts.children ? own + Number(f[13]) + Number(f[14]) : own) / TICKS;
  } catch {
    return 0; // the process has exited
  }
}

/** The running children of a process (Linux). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds of a process tree: the process (with its reaped children) and its live descendants. */
export function treeCpuSeconds(pid: number): number {
  return cpuSeconds(pid, { children: true }) + childPids(pid).reduce((t, c) => t + treeCpuSeconds(c), 0);
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The p-th percentile of ascending-sorted numbers (0 when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The median of `xs` (the mean of the middle two when their number is even); 0 when empty. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}
