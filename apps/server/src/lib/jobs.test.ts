import { must } from '../../test/support/must.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { jobs, outbox } from '../db/schema.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { defineJob, enqueue, enqueueEach, JobRunner, type JobOptions, STALE_MS } from './jobs.ts';
import { createSecretBox } from '../auth/secret-box.ts';
import { legacyDeliverJob, UNREADABLE_BODY } from '../integrations/mailer.ts';

/** portal_mail_total{kind="test", outcome="failed"}, summed over the instances. */
async function mailFailures(): Promise<number> {
  let n = 0;
  for (const app of t.apps)
    for (const v of (await app.deps.metrics.mail.get()).values)
      if (v.labels.kind === 'test' && v.labels.outcome === 'failed') n += v.value;
  return n;
}
let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
});
afterAll(() => t.close());

const silent = { warn() {}, error() {}, info() {} } as never;
const onPostgres = () => t.app.deps.database.kind === 'postgres';

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/** A kind of the queue's own tests, whose payload any object is (the handlers read what they need). */
const loose = (kind: string) => defineJob(kind, z.looseObject({}));
const jobOf = async (kind: string) => (await t.db.select().from(jobs).where(eq(jobs.kind, kind)))[0];
/** The effects a test handler wrote (rows of `kind` in the jobs table), by who wrote them. */
const effects = async (kind: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.kind, kind))).map((r) => String(r.payload.by)).sort();
const writeEffect = (db: Db, kind: string, by: string) => enqueue(db, loose(kind), { by });

describe('the job queue', () => {
  it('runs every job exactly once with two runners draining at the same time', async () => {
    const seen = new Map<number, number>();
    const handler = async (p: Record<string, unknown>) => {
      seen.set(Number(p.n), (seen.get(Number(p.n)) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 1));
    };
    const a = new JobRunner(t.db, silent, t.clock.now);
    const b = new JobRunner(t.db, silent, t.clock.now);
    a.register(loose('count'), handler);
    b.register(loose('count'), handler);
    for (let n = 0; n < 40; n++) await enqueue(t.db, loose('count'), { n });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra + rb).toBe(40);
    expect([...seen.values()].every((v) => v === 1)).toBe(true);
    expect(seen.size).toBe(40);
  });

  it('enqueues one job per payload in one go, each run once, and nothing for none', async () => {
    const seen: number[] = [];
    const runner = new JobRunner(t.db, silent, t.clock.now);
    runner.register(loose('each'), async (p) => void seen.push(Number(p.n)));
    await enqueueEach(t.db, loose('each'), []);
    expect(await jobOf('each')).toBeUndefined();
    await enqueueEach(t.db, loose('each'), [{ n: 1 }, { n: 2 }, { n: 3 }], { maxAttempts: 5 });
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'each'));
    expect(rows.map((r) => r.maxAttempts)).toEqual([5, 5, 5]);
    expect(await runner.drain()).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3]);
  });

  it('stop() lets the job in hand finish and be recorded, and takes no further job', async () => {
    const runner = new JobRunner(t.db, silent, t.clock.now);
    let release!: () => void;
    const started: number[] = [];
    runner.register(loose('slow'), async (p) => {
      started.push(Number(p.n));
      if (started.length === 1) await new Promise<void>((r) => (release = r));
    });
    await enqueue(t.db, loose('slow'), { n: 1 });
    await enqueue(t.db, loose('slow'), { n: 2 });
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
    runner.register(loose('flaky'), async () => {
      calls++;
      throw new Error('boom');
    });
    await enqueue(t.db, loose('flaky'), {}, { maxAttempts: 3 });
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
    const job = must((await t.db.select().from(jobs).where(eq(jobs.kind, 'flaky')))[0], 'job');
    expect(job.status).toBe('failed');
    expect(job.lastError).toBe('boom');
  });

  it('takes over a job whose worker died mid-run once its lock is stale', async () => {
    await enqueue(t.db, loose('resume'), { x: 1 });
    await t.db
      .update(jobs)
      .set({ status: 'running', lockedAt: t.clock.now(), lockedBy: 'dead-worker', attempts: 1 })
      .where(eq(jobs.kind, 'resume'));
    const runner = new JobRunner(t.db, silent, t.clock.now);
    let ran = 0;
    runner.register(loose('resume'), async () => {
      ran++;
    });
    expect(await runner.drain()).toBe(0);
    t.clock.advance(6 * 60_000);
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it("commits a job's work together with its 'done', and none of it when the job fails", async () => {
    const runner = new JobRunner(t.db, silent, t.clock.now);
    runner.register(loose('tx.work'), async (p, { db }) => {
      await writeEffect(db, 'tx.effect', String(p.n));
      if (p.fail) throw new Error('failed after its work');
    });
    await enqueue(t.db, loose('tx.work'), { n: 1 });
    await enqueue(t.db, loose('tx.work'), { n: 2, fail: true }, { maxAttempts: 1 });
    expect(await runner.drain()).toBe(2);
    expect(await effects('tx.effect')).toEqual(['1']);
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'tx.work')).orderBy(jobs.id);
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['done', null],
      ['failed', 'failed after its work'],
    ]);
  });

  /**
   * A worker that stalls past the stale limit without a heartbeat getting through (a stopped VM,
   * a database it cannot reach). On PostgreSQL it stalls inside its handler, its work written but
   * uncommitted; PGlite has one connection, so there it stalls before its transaction opens.
   */
  function stallingWorker(kind: string, by: string, log: never = silent) {
    const reached = gate();
    const release = gate();
    const inside = onPostgres();
    let transactions = 0;
    const db = Object.create(t.db) as Db;
    db.transaction = (async (...args: Parameters<Db['transaction']>) => {
      // The second transaction is the job's (the first claims it).
      if (!inside && ++transactions === 2) {
        reached.open();
        await release.wait;
      }
      return t.db.transaction(...args);
    }) as Db['transaction'];
    const runner = new JobRunner(db, log, t.clock.now, { heartbeatMs: 3600_000 });
    runner.register(loose(kind), async (_p, ctx) => {
      await writeEffect(ctx.db, `${kind}.effect`, by);
      if (inside) {
        reached.open();
        await release.wait;
      }
    });
    return { runner, reached: reached.wait, release: release.open };
  }

  const recording = (logged: string[]) =>
    ({ ...(silent as object), warn: (_o: unknown, msg: string) => logged.push(msg) }) as never;

  it('a worker that lost its lock rolls its work back and leaves the job to the new holder', async () => {
    const logged: string[] = [];
    const a = stallingWorker('lost.job', 'A', recording(logged));
    const b = stallingWorker('lost.job', 'B');
    await enqueue(t.db, loose('lost.job'), {});
    const ranA = a.runner.drain();
    await a.reached;
    expect(await new JobRunner(t.db, silent, t.clock.now).drain()).toBe(0); // A's lock is fresh
    t.clock.advance(STALE_MS + 60_000);
    const ranB = b.runner.drain(); // takes the job over
    await b.reached;
    // A comes back while B is running the job: A's 'done' finds the lock gone and rolls back.
    a.release();
    expect(await ranA).toBe(1);
    expect(await jobOf('lost.job')).toMatchObject({ status: 'running', attempts: 2 });
    b.release();
    expect(await ranB).toBe(1);
    expect(await effects('lost.job.effect')).toEqual(['B']);
    expect(await jobOf('lost.job')).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(logged).toEqual([
      'job lock lost to another worker: its work is rolled back; the new holder runs the job and records the outcome',
    ]);
  });

  it("a worker that lost its lock does not record its failure over the new holder's run", async () => {
    const logged: string[] = [];
    const [reachedA, releaseA, reachedB, releaseB] = [gate(), gate(), gate(), gate()];
    const a = new JobRunner(t.db, recording(logged), t.clock.now, { heartbeatMs: 3600_000 });
    a.register(loose('lost.own'), { commits: 'own' }, async () => {
      reachedA.open();
      await releaseA.wait;
      throw new Error('too late');
    });
    const b = new JobRunner(t.db, silent, t.clock.now);
    b.register(loose('lost.own'), { commits: 'own' }, async () => {
      reachedB.open();
      await releaseB.wait;
    });
    await enqueue(t.db, loose('lost.own'), {});
    const ranA = a.drain();
    await reachedA.wait;
    t.clock.advance(STALE_MS + 60_000);
    const ranB = b.drain();
    await reachedB.wait;
    releaseA.open();
    expect(await ranA).toBe(1);
    // Not put back in the queue (where a third worker would start it again while B runs it).
    expect(await jobOf('lost.own')).toMatchObject({ status: 'running', attempts: 2, lastError: null });
    releaseB.open();
    expect(await ranB).toBe(1);
    expect(await jobOf('lost.own')).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(logged).toEqual([
      'job failed',
      'job lock lost to another worker: its failure is not recorded; the new holder records the outcome',
    ]);
  });

  const modes: NonNullable<JobOptions['commits']>[] = ['own', 'job'];
  for (const commits of modes) {
    // A 'job' handler holds a transaction while it runs: PGlite's one connection cannot beat meanwhile.
    it.skipIf(commits === 'job' && !process.env.TEST_DATABASE_URL)(
      `keeps the lock of a long '${commits}' job fresh with a heartbeat, so it is never taken over`,
      async () => {
        const kind = `long.${commits}`;
        const release = gate();
        const started = gate();
        let runs = 0;
        const a = new JobRunner(t.db, silent, t.clock.now, { heartbeatMs: 20 });
        a.register(loose(kind), { commits }, async (_p, { db }) => {
          runs++;
          await writeEffect(db, `${kind}.effect`, 'A');
          started.open();
          await release.wait;
        });
        await enqueue(t.db, loose(kind), {});
        const ranA = a.drain();
        await started.wait;
        // Well past the stale limit: only the heartbeat keeps the job A's.
        t.clock.advance(STALE_MS + 60_000);
        const now = t.clock.now().getTime();
        await expect.poll(async () => must(await jobOf(kind), 'the first row').lockedAt?.getTime()).toBe(now);
        const b = new JobRunner(t.db, silent, t.clock.now);
        b.register(loose(kind), async () => {
          runs++;
        });
        expect(await b.drain()).toBe(0);
        release.open();
        expect(await ranA).toBe(1);
        expect(runs).toBe(1);
        expect(await jobOf(kind)).toMatchObject({ status: 'done', attempts: 1 });
        expect(await effects(`${kind}.effect`)).toEqual(['A']);
      },
    );
  }

  it('fails a job whose stored payload its schema refuses, without its handler or retries, and runs the next', async () => {
    const logged: { msg: string; err: unknown }[] = [];
    const log = {
      ...(silent as object),
      error: (o: { err: unknown }, msg: string) => logged.push({ msg, err: o.err }),
    };
    const typed = defineJob('typed', z.object({ id: z.number().int() }));
    const runner = new JobRunner(t.db, log as never, t.clock.now);
    const seen: number[] = [];
    runner.register(typed, async ({ id }) => {
      seen.push(id);
    });
    // A payload written around enqueue()'s types: by hand, by an older release, or corrupted.
    await t.db.insert(jobs).values({ kind: 'typed', payload: { id: 'seven' }, runAt: new Date(0) });
    await enqueue(t.db, typed, { id: 8 });
    expect(await runner.drain()).toBe(2);
    expect(seen).toEqual([8]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'typed')).orderBy(jobs.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 1],
      ['done', 1],
    ]);
    expect(must(rows[0], 'rows[0]').lastError).toMatch(/^payload refused by the schema of typed: .*id/s);
    expect(logged).toEqual([{ msg: 'job payload invalid', err: must(rows[0], 'rows[0]').lastError }]);
    t.clock.advance(60 * 60_000);
    expect(await runner.drain()).toBe(0);
  });

  it('enqueues a job with a unique key only once', async () => {
    await enqueue(t.db, loose('once'), {}, { uniqueKey: 'k1' });
    await enqueue(t.db, loose('once'), {}, { uniqueKey: 'k1' });
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
      let row = must((await t.db.select().from(outbox).where(eq(outbox.id, id)))[0], 'row');
      expect(row.status).toBe('queued');
      expect(row.lastError).toBe('connection refused');
      t.clock.advance(60_000);
      await t.drainJobs();
      t.clock.advance(60_000);
      await t.drainJobs();
      row = must((await t.db.select().from(outbox).where(eq(outbox.id, id)))[0], 'row');
      expect(row.status).toBe('sent');
      expect(delivered).toEqual(['Hello']);
      t.clock.advance(60_000);
      await t.drainJobs();
      expect(delivered).toEqual(['Hello']);
    } finally {
      t.app.deps.outbox.transport.deliver = original;
    }
  });

  it('keeps the body sealed while queued and drops it once sent', async () => {
    const body = 'Reset link: https://portal.example/portal/reset-panel-password/SEALED-BODY-TOKEN';
    const id = await t.app.deps.outbox.send(t.db, {
      kind: 'test',
      to: 'seal@example.com',
      subject: 'Seal',
      body,
    });
    let row = must((await t.db.select().from(outbox).where(eq(outbox.id, id)))[0], 'row');
    expect(row.body).toBe('');
    expect(row.sealedBody).not.toContain('SEALED-BODY-TOKEN');
    expect(t.app.deps.outbox.bodyOf(row)).toBe(body);
    // The previous release's worker takes only 'outbox.deliver': it is never given this row.
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, legacyDeliverJob.kind));
    expect(queued.filter((j) => j.payload.id === id)).toHaveLength(0);
    await t.drainJobs();
    expect(t.sent.find((m) => m.id === id)?.body).toBe(body);
    row = must((await t.db.select().from(outbox).where(eq(outbox.id, id)))[0], 'row');
    expect(row).toMatchObject({ status: 'sent', body: '', sealedBody: null, subject: 'Seal' });
    expect(row.messageId).not.toBeNull();
  });

  it('delivers a plain row the previous release queued, then drops its body', async () => {
    const row = must(
      (
        await t.db
          .insert(outbox)
          .values({
            kind: 'test',
            fromAddr: 'p@example.com',
            toAddr: 'old@example.com',
            subject: 'Old',
            body: 'plain',
          })
          .returning()
      )[0],
      'row',
    );
    await enqueue(t.db, legacyDeliverJob, { id: row.id });
    await t.drainJobs();
    expect(t.sent.find((m) => m.id === row.id)?.body).toBe('plain');
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after).toMatchObject({ status: 'sent', body: '' });
  });

  it('does not send a body sealed under another secret: a clear error, counted as failed', async () => {
    const id = await t.app.deps.outbox.send(t.db, {
      kind: 'test',
      to: 'k@example.com',
      subject: 'Key',
      body: 'x',
    });
    const other = createSecretBox(Buffer.from('another-secret-another-secret-0123456789'));
    await t.db
      .update(outbox)
      .set({ sealedBody: other.seal('x', 'outbox\ntest\nk@example.com\nKey') })
      .where(eq(outbox.id, id));
    const before = await mailFailures();
    await t.drainJobs();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'queued', lastError: UNREADABLE_BODY });
    expect(t.sent.some((m) => m.id === id)).toBe(false);
    expect((await mailFailures()) - before).toBe(1);
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
