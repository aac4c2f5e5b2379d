import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outbox } from '../db/schema.ts';
import { build, type TestApp } from '../test/helper.ts';
import { enqueue, JobRunner } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
});
afterAll(() => t.close());

const silent = { warn() {}, error() {}, info() {} } as never;

describe('the job queue', () => {
  it('runs every job exactly once with two runners draining at the same time', async () => {
    const seen = new Map<number, number>();
    const handler = async (p: Record<string, unknown>) => {
      seen.set(Number(p.n), (seen.get(Number(p.n)) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 1));
    };
    const a = new JobRunner(t.db, silent, t.clock.now);
    const b = new JobRunner(t.db, silent, t.clock.now);
    a.register('count', handler);
    b.register('count', handler);
    for (let n = 0; n < 40; n++) await enqueue(t.db, 'count', { n });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra + rb).toBe(40);
    expect([...seen.values()].every((v) => v === 1)).toBe(true);
    expect(seen.size).toBe(40);
  });

  it('stop() lets the job in hand finish and be recorded, and takes no further job', async () => {
    const runner = new JobRunner(t.db, silent, t.clock.now);
    let release!: () => void;
    const started: number[] = [];
    runner.register('slow', async (p) => {
      started.push(Number(p.n));
      if (started.length === 1) await new Promise<void>((r) => (release = r));
    });
    await enqueue(t.db, 'slow', { n: 1 });
    await enqueue(t.db, 'slow', { n: 2 });
    runner.start(10);
    await expect.poll(() => started.length).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(started).toEqual([1]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'slow')).orderBy(jobs.id);
    expect(rows.map((r) => r.status)).toEqual(['done', 'queued']);
  });

  it('retries a failing job with back-off and gives up after its attempts', async () => {
    const runner = new JobRunner(t.db, silent, t.clock.now);
    let calls = 0;
    runner.register('flaky', async () => {
      calls++;
      throw new Error('boom');
    });
    await enqueue(t.db, 'flaky', {}, { maxAttempts: 3 });
    expect(await runner.drain()).toBe(1);
    // Not due again until the back-off has passed.
    expect(await runner.drain()).toBe(0);
    t.clock.advance(6_000);
    expect(await runner.drain()).toBe(1);
    t.clock.advance(11_000);
    expect(await runner.drain()).toBe(1);
    t.clock.advance(60_000);
    expect(await runner.drain()).toBe(0);
    expect(calls).toBe(3);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'flaky'));
    expect(job.status).toBe('failed');
    expect(job.lastError).toBe('boom');
  });

  it('takes over a job whose worker died mid-run once its lock is stale', async () => {
    await enqueue(t.db, 'resume', { x: 1 });
    await t.db
      .update(jobs)
      .set({ status: 'running', lockedAt: t.clock.now(), lockedBy: 'dead-worker', attempts: 1 })
      .where(eq(jobs.kind, 'resume'));
    const runner = new JobRunner(t.db, silent, t.clock.now);
    let ran = 0;
    runner.register('resume', async () => {
      ran++;
    });
    expect(await runner.drain()).toBe(0);
    t.clock.advance(6 * 60_000);
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it('enqueues a job with a unique key only once', async () => {
    await enqueue(t.db, 'once', {}, { uniqueKey: 'k1' });
    await enqueue(t.db, 'once', {}, { uniqueKey: 'k1' });
    expect((await t.db.select().from(jobs).where(eq(jobs.kind, 'once'))).length).toBe(1);
  });
});

describe('the outbox', () => {
  it('keeps a message until SMTP takes it, and delivers it once', async () => {
    let failures = 2;
    const delivered: string[] = [];
    const original = t.app.deps.outbox.transport.deliver;
    t.app.deps.outbox.transport.deliver = async (id, msg) => {
      if (failures-- > 0) throw new Error('connection refused');
      delivered.push(msg.subject);
      return `<m${id}>`;
    };
    try {
      const id = await t.app.deps.outbox.send(t.db, {
        kind: 'test',
        to: 'x@example.com',
        subject: 'Hello',
        body: 'Body',
      });
      await t.drainJobs();
      let [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row.status).toBe('queued');
      expect(row.lastError).toBe('connection refused');
      t.clock.advance(60_000);
      await t.drainJobs();
      t.clock.advance(60_000);
      await t.drainJobs();
      [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row.status).toBe('sent');
      expect(delivered).toEqual(['Hello']);
      t.clock.advance(60_000);
      await t.drainJobs();
      expect(delivered).toEqual(['Hello']);
    } finally {
      t.app.deps.outbox.transport.deliver = original;
    }
  });

  it('sends nothing when the change that wrote the message rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.deps.outbox.send(tx as never, {
          kind: 'test',
          to: 'y@example.com',
          subject: 'Never',
          body: '',
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await t.db.select().from(outbox).where(eq(outbox.subject, 'Never'))).length).toBe(0);
  });
});
