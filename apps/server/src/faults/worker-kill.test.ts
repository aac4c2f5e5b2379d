import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/index.ts';
import { jobs } from '../db/schema.ts';
import { enqueue, JobRunner } from '../lib/jobs.ts';
import { makeClock } from '../test/helper.ts';

/**
 * A worker process killed (SIGKILL) in the middle of a job: its uncommitted work disappears with
 * it, the jobs it had not reached are run by another worker at once, and the job it held is taken
 * over once its lock is stale (jobs.ts: five minutes) and then runs to completion exactly once.
 */

const CHILD = fileURLToPath(new URL('./worker-child.ts', import.meta.url));
// Past jobs.ts's STALE_MS (five minutes), which is not exported.
const PAST_STALE_MS = 6 * 60_000;
const EVENTUALLY_MS = 90_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = { warn() {}, error() {}, info() {}, debug() {} } as never;

async function eventually<T>(what: string, get: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + EVENTUALLY_MS;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(50);
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed mid-job', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `fault_${randomBytes(6).toString('hex')}`;
  let url: string;
  let database: Database;
  let child: ChildProcess | undefined;

  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ url });
    await database.db.execute(
      sql`create table fault_effects (id serial primary key, job_id integer not null, n integer not null, worker text not null)`,
    );
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  }, 60_000);

  it('takes the job over once its lock is stale, and it completes exactly once', async () => {
    const { db } = database;
    for (let n = 1; n <= 5; n++) await enqueue(db, 'fault.effect', { n, block: n === 3 });

    // The worker process: runs jobs 1 and 2, then blocks inside job 3's transaction.
    child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: process.cwd(),
      env: { ...process.env, FAULT_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      err += d;
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child!.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    const blocked = await eventually('the worker to block in job 3', async () => {
      if (child!.exitCode !== null) throw new Error(`worker exited early: ${out}\n${err}`);
      return out.match(/BLOCKED (\d+) (\d+)/) ?? undefined;
    });
    const blockedId = Number(blocked[1]);

    const before = await db.select().from(jobs).where(eq(jobs.id, blockedId));
    expect(before[0]).toMatchObject({ status: 'running', attempts: 1 });
    expect(before[0].lockedBy).toContain(`:${blocked[2]}:`);

    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // PostgreSQL notices the dead connection and rolls its open transaction back.
    await eventually('the killed worker’s transaction to be rolled back', async () => {
      const r = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      return (r as unknown as { rows: { n: number }[] }).rows[0].n === 0;
    });
    const effectsAfterKill = await effects();
    expect(effectsAfterKill.map((e) => e.n)).toEqual([1, 2]); // job 3's insert was never committed

    // A second worker, with its own clock.
    const clock = makeClock();
    const second = new JobRunner(db, silent, clock.now);
    second.register('fault.effect', async (payload, { db: jdb, jobId }) => {
      await jdb.transaction(async (tx) => {
        await tx.execute(
          sql`insert into fault_effects (job_id, n, worker) values (${jobId}, ${Number(payload.n)}, 'second')`,
        );
      });
    });
    // Jobs 4 and 5 at once; job 3 is still locked by the dead worker.
    const ranFirst = await second.drain();
    expect(ranFirst).toBe(2);
    expect((await db.select().from(jobs).where(eq(jobs.id, blockedId)))[0].status).toBe('running');

    // Once the lock is stale, job 3 is taken over and completes.
    clock.set(new Date(Date.now() + PAST_STALE_MS));
    const ranTakeover = await second.drain();
    expect(ranTakeover).toBe(1);
    const ranAgain = await second.drain();
    expect(ranAgain).toBe(0);

    const final = await effects();
    const perJob = new Map<number, number>();
    for (const e of final) perJob.set(e.n, (perJob.get(e.n) ?? 0) + 1);
    expect([...perJob.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(final.find((e) => e.n === 3)?.worker).toBe('second');
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'fault.effect')).orderBy(asc(jobs.id));
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(rows.find((r) => r.id === blockedId)?.attempts).toBe(2);
    console.log(
      `[faults] worker killed mid-job: job ${blockedId} held by pid ${blocked[2]}; after SIGKILL ` +
        `${effectsAfterKill.length} effects committed, second worker ran ${ranFirst} at once + ${ranTakeover} ` +
        `after the stale-lock limit (then ${ranAgain}); effects per job ${JSON.stringify(Object.fromEntries(perJob))}`,
    );
  }, 180_000);

  async function effects(): Promise<{ n: number; worker: string }[]> {
    const r = await database.db.execute(sql`select n, worker from fault_effects order by n, id`);
    return (r as unknown as { rows: { n: number; worker: string }[] }).rows;
  }
});
