// bench/wasm-tiering: the embedded database (PGlite, PostgreSQL compiled to WebAssembly) under V8's
// WebAssembly compilers. Each variant is a child process started with its own node flags (given on
// the command line: Node 24 ignores `--liftoff-only` set at run time) on a fresh in-memory database:
// CPU to open it, then CPU for each workload (the process's own time, V8's compiler threads
// included), and the peak resident memory (VmHWM). Variants alternate, BENCH_RUNS times (default 3);
// medians printed. BENCH_VARIANTS lists the variants as `name=flags` separated by `;` (default: the
// server's budget, db/wasm-tiering.ts, against `--liftoff-only`). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WASM_TIERING_BUDGET } from '../apps/server/src/db/wasm-tiering.ts';
import { median } from './support.ts';

const WORKLOADS = {
  /** A grouping over 100,000 rows, 10 times. */
  grouping: async (q: Query) => {
    for (let i = 0; i < 10; i++) await q('select g, count(*), sum(id) from t group by g order by g');
  },
  /** A trigram similarity over 5,000 strings, 10 times (the staff search's operator). */
  trigram: async (q: Query) => {
    for (let i = 0; i < 10; i++)
      await q(`select s from t where id <= 5000 and s % $1 order by similarity(s, $1) desc limit 10`, [
        `name${i}7`,
      ]);
  },
  /** 4,000 one-row lookups by primary key, as a request's queries are. */
  lookups: async (q: Query) => {
    for (let i = 0; i < 4000; i++) await q('select id, g, s from t where id = $1', [(i * 7919) % 100_000]);
  },
  /**
   * 2,000 one-row lookups, each statement written differently (as many as a request's distinct
   * statements): PostgreSQL parses and plans each, which is the parser's share of a request.
   */
  parsing: async (q: Query) => {
    const columns = Array.from({ length: 40 }, (_, k) => `coalesce(t.s, 'x${k}') || t.g::text as c${k}`);
    for (let i = 0; i < 2000; i++)
      await q(
        `select t.id, ${columns.join(', ')} from t where t.id = $1 and t.g >= ${i % 50} limit ${1 + (i % 7)}`,
        [i],
      );
  },
};
type Query = (sql: string, params?: unknown[]) => Promise<unknown>;
type Figures = Record<string, number>;

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const peakMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

async function child(): Promise<void> {
  const t0 = cpu();
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await db.exec(`create extension pg_trgm;
    create table t (id int primary key, g int not null, s text not null);
    insert into t select i, i % 100, 'name' || i from generate_series(0, 99999) i;
    analyze t;`);
  const figures: Figures = { open: cpu() - t0 };
  const q: Query = (sql, params) => db.query(sql, params);
  for (const [name, run] of Object.entries(WORKLOADS)) {
    const before = cpu();
    await run(q);
    figures[name] = cpu() - before;
  }
  // V8 compiles on background threads: what it still compiles after the last query counts too.
  await new Promise((r) => setTimeout(r, 2000));
  figures.all = cpu() - t0;
  figures.peak = peakMb();
  await db.close();
  process.stdout.write(JSON.stringify(figures));
}

function runChild(flags: string[]): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      [...flags, '--import', 'tsx', fileURLToPath(import.meta.url), 'child'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const variants = (
    process.env.BENCH_VARIANTS ?? `budget=--wasm-tiering-budget=${WASM_TIERING_BUDGET};liftoff=--liftoff-only`
  )
    .split(';')
    .map((v) => {
      const at = v.indexOf('=');
      return at < 0
        ? { name: v, flags: [] }
        : {
            name: v.slice(0, at),
            flags: v
              .slice(at + 1)
              .split(' ')
              .filter(Boolean),
          };
    });
  const results = new Map<string, Figures[]>(variants.map((v) => [v.name, []]));
  for (let r = 0; r < runs; r++) for (const v of variants) results.get(v.name)?.push(await runChild(v.flags));
  console.log(`node ${process.version}, ${runs} runs each, medians (CPU seconds; peak MB)`);
  const keys = ['open', ...Object.keys(WORKLOADS), 'all', 'peak'];
  console.log(['variant', ...keys].map((k) => k.padStart(10)).join(''));
  for (const v of variants) {
    const rs = results.get(v.name) ?? [];
    console.log(
      [v.name, ...keys.map((k) => median(rs.map((f) => f[k] ?? 0)).toFixed(k === 'peak' ? 0 : 2))]
        .map((x) => x.padStart(10))
        .join(''),
    );
  }
}

await (process.argv[2] === 'child' ? child() : main());
