import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/index.ts';
import { jobs } from '../../src/db/schema.ts';
import { enqueue, JobRunner, STALE_MS } from '../../src/lib/jobs.ts';
import { makeClock } from '../support/helper.ts';
import { faultEffectJob } from './fault-effect-job.ts';
import { waitUntil } from './wait.ts';
import { must } from '../support/must.ts';
import { rowsOf } from '../support/rows.ts';

/**
 * A worker process killed (SIGKILL) in the middle of a job. Killed while its work is uncommitted:
 * the work disappears with it, the jobs it had not reached are run by another worker at once, and
 * the job it held is taken over once its lock is stale (jobs.ts: five minutes) and then runs to
 * completion exactly once. Killed right after its work committed: the job's 'done' committed in
 * the same transaction, so no other worker ever runs it again — its effect happens exactly once.
 */

const CHILD = fileURLToPath(new URL('./worker-child.ts', import.meta.url));
const PAST_STALE_MS = STALE_MS + 60_000;
const silent = { warn() {}, error() {}, info() {}, debug() {} } as never;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed mid-job', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `fault_${randomBytes(6).toString('hex')}`;
  let url: string;
  let database: Database;
  const children: ChildProcess[] = [];

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
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  }, 60_000);

  /** Starts the worker process; resolves once it prints `marker` (its job number and pid). */
  async function startChild(marker: 'BLOCKED' | 'COMMITTED') {
    const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: process.cwd(),
      env: { ...process.env, FAULT_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(proc);
    let out = '';
    let err = '';
    proc.stdout?.on('data', (d) => {
      out += d;
    });
    proc.stderr?.on('data', (d) => {
      err += d;
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      proc.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    const m = await waitUntil(`the worker to print ${marker}`, async () => {
      if (proc.exitCode !== null) throw new Error(`worker exited early: ${out}\n${err}`);
      return out.match(new RegExp(`${marker} (\\d+) (\\d+)`)) ?? undefined;
    });
    return { proc, exited, jobId: Number(m[1]), pid: m[2] };
  }

  async function kill(proc: ChildProcess, exited: Promise<unknown>) {
    proc.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // PostgreSQL notices the dead connection and rolls its open transaction back.
    await waitUntil('the killed worker’s transaction to be rolled back', async () => {
      const r = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      return must(rowsOf<{ n: number }>(r)[0], 'a count').n === 0;
    });
  }

  /**
   * A second worker, with its own clock, whose handler is the child's without the stops. The clock
   * starts on the real one, the child's (worker-child.ts): on TEST_CLOCK_OFFSET_DAYS's, a year after
   * the child took its lock, every lock would be stale at once.
   */
  function secondWorker() {
    const clock = makeClock(new Date());
    const runner = new JobRunner(database.db, silent, clock.now);
    runner.register(faultEffectJob, async (payload, { db: tx, jobId }) => {
      await tx.execute(
        sql`insert into fault_effects (job_id, n, worker) values (${jobId}, ${payload.n}, 'second')`,
      );
    });
    return { runner, clock };
  }

  const perJob = (rows: { n: number }[]) => {
    const m = new Map<number, number>();
    for (const e of rows) m.set(e.n, (m.get(e.n) ?? 0) + 1);
    return [...m.entries()].sort((a, b) => a[0] - b[0]);
  };

  it('killed while its work is uncommitted: the job is taken over once its lock is stale, and completes exactly once', async () => {
    const { db } = database;
    for (let n = 1; n <= 5; n++)
      await enqueue(db, faultEffectJob, { n, block: n === 3 ? 'uncommitted' : '' });

    // The worker process: runs jobs 1 and 2, then blocks inside job 3's transaction.
    const { proc, exited, jobId: blockedId, pid } = await startChild('BLOCKED');
    const before = await db.select().from(jobs).where(eq(jobs.id, blockedId));
    expect(before[0]).toMatchObject({ status: 'running', attempts: 1 });
    expect(must(before[0], 'before[0]').lockedBy).toContain(`:${pid}:`);

    await kill(proc, exited);
    const effectsAfterKill = await effects();
    expect(effectsAfterKill.map((e) => e.n)).toEqual([1, 2]); // job 3's insert was never committed

    const second = secondWorker();
    // Jobs 4 and 5 at once; job 3 is still locked by the dead worker.
    const ranFirst = await second.runner.drain();
    expect(ranFirst).toBe(2);
    expect(
      must((await db.select().from(jobs).where(eq(jobs.id, blockedId)))[0], 'the first row').status,
    ).toBe('running');

    // Once the lock is stale, job 3 is taken over and completes.
    second.clock.set(new Date(Date.now() + PAST_STALE_MS));
    const ranTakeover = await second.runner.drain();
    expect(ranTakeover).toBe(1);
    const ranAgain = await second.runner.drain();
    expect(ranAgain).toBe(0);

    const final = await effects();
    expect(perJob(final)).toEqual([
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
      `[faults] worker killed mid-job: job ${blockedId} held by pid ${pid}; after SIGKILL ` +
        `${effectsAfterKill.length} effects committed, second worker ran ${ranFirst} at once + ${ranTakeover} ` +
        `after the stale-lock limit (then ${ranAgain}); effects per job ${JSON.stringify(Object.fromEntries(perJob(final)))}`,
    );
  }, 180_000);

  it('killed right after its work committed: the job is done, never run again, its effect happened once', async () => {
    const { db } = database;
    for (let n = 11; n <= 13; n++)
      await enqueue(db, faultEffectJob, { n, block: n === 12 ? 'committed' : '' });

    // The worker process: runs job 11, then job 12, and stops right after job 12's commit.
    const { proc, exited, jobId: committedId, pid } = await startChild('COMMITTED');
    // The commit of the work was the commit of 'done': nothing is left for another worker to redo.
    const held = must((await db.select().from(jobs).where(eq(jobs.id, committedId)))[0], 'held');
    expect(held).toMatchObject({ status: 'done', attempts: 1 });
    expect(held.lockedBy).toContain(`:${pid}:`);
    await kill(proc, exited);
    expect((await effects()).filter((e) => e.n >= 11).map((e) => e.n)).toEqual([11, 12]);

    const second = secondWorker();
    const ranFirst = await second.runner.drain(); // job 13 only
    expect(ranFirst).toBe(1);
    second.clock.set(new Date(Date.now() + PAST_STALE_MS));
    const ranLater = await second.runner.drain(); // no stale lock to take over
    expect(ranLater).toBe(0);

    const final = (await effects()).filter((e) => e.n >= 11);
    expect(perJob(final)).toEqual([
      [11, 1],
      [12, 1],
      [13, 1],
    ]);
    expect(final.map((e) => e.worker)).toEqual(['child', 'child', 'second']);
    const rows = await db.select().from(jobs).where(eq(jobs.id, committedId));
    expect(rows[0]).toMatchObject({ status: 'done', attempts: 1 });
    console.log(
      `[faults] worker killed right after job ${committedId}'s commit (pid ${pid}): the job was already done; ` +
        `second worker ran ${ranFirst} at once + ${ranLater} after the stale-lock limit; effects per job ` +
        `${JSON.stringify(Object.fromEntries(perJob(final)))}`,
    );
  }, 180_000);

  async function effects(): Promise<{ n: number; worker: string }[]> {
    const r = await database.db.execute(sql`select n, worker from fault_effects order by n, id`);
    return rowsOf<{ n: number; worker: string }>(r);
  }
});
