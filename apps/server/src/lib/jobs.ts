import { hostname } from 'node:os';
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { jobs } from '../db/schema.ts';

/**
 * A job queue on PostgreSQL. Jobs are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * worker processes can run them without doing one twice; a job whose worker died is taken
 * again once its lock is older than STALE_MS.
 */
export type JobHandler = (
  payload: Record<string, unknown>,
  ctx: { db: Db; jobId: number; attempt: number },
) => Promise<void>;

const STALE_MS = 5 * 60_000;

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one job with this key is ever enqueued (idempotent requests, schedules). */
  uniqueKey?: string;
  maxAttempts?: number;
}

export async function enqueue(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  opts: EnqueueOptions = {},
) {
  await db
    .insert(jobs)
    .values({
      kind,
      payload,
      // No time given: due at once, whatever any process's clock says.
      runAt: opts.runAt ?? new Date(0),
      uniqueKey: opts.uniqueKey,
      maxAttempts: opts.maxAttempts ?? 8,
    })
    .onConflictDoNothing();
}

export interface Schedule {
  kind: string;
  everyMs: number;
}

export class JobRunner {
  private handlers = new Map<string, JobHandler>();
  private schedules: Schedule[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopping = false;
  /** The drain under way, if any: stop() waits for it. */
  private inFlight: Promise<number> | undefined;
  private readonly workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Runs `kind` every `everyMs`; each slot is enqueued once across all processes. */
  every(kind: string, everyMs: number): void {
    this.schedules.push({ kind, everyMs });
  }

  start(pollMs = 500): void {
    this.stopping = false;
    const tick = async () => {
      try {
        await this.drain();
      } catch (err) {
        this.log.error({ err }, 'job runner tick failed');
      }
      if (this.stopping) return;
      this.timer = setTimeout(tick, pollMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, 0);
    this.timer.unref();
  }

  /**
   * Takes no further job and resolves once the job in hand has finished and been recorded, so a
   * shutdown that closes the database afterwards never cuts a job off half-way.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inFlight?.catch(() => undefined);
  }

  /** Runs every due job until none is left; returns how many ran. Tests call it directly. */
  drain(limit = 1000): Promise<number> {
    if (this.running) return Promise.resolve(0);
    this.running = true;
    this.inFlight = (async () => {
      try {
        await this.enqueueSchedules();
        let ran = 0;
        while (ran < limit && !this.stopping && (await this.runOne())) ran++;
        return ran;
      } finally {
        this.running = false;
        this.inFlight = undefined;
      }
    })();
    return this.inFlight;
  }

  private async enqueueSchedules(): Promise<void> {
    const now = this.now();
    for (const s of this.schedules) {
      const slot = Math.floor(now.getTime() / s.everyMs);
      await enqueue(this.db, s.kind, {}, { uniqueKey: `schedule:${s.kind}:${slot}`, maxAttempts: 1 });
    }
  }

  private async runOne(): Promise<boolean> {
    const now = this.now();
    const stale = new Date(now.getTime() - STALE_MS);
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return false;
    const claimed = await this.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            or(
              and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
              and(eq(jobs.status, 'running'), lte(jobs.lockedAt, stale)),
            ),
          ),
        )
        .orderBy(jobs.runAt, jobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return undefined;
      await tx
        .update(jobs)
        .set({ status: 'running', lockedAt: now, lockedBy: this.workerId, attempts: job.attempts + 1 })
        .where(eq(jobs.id, job.id));
      return { ...job, attempts: job.attempts + 1 };
    });
    if (!claimed) return false;
    const handler = this.handlers.get(claimed.kind)!;
    try {
      await handler(claimed.payload, { db: this.db, jobId: claimed.id, attempt: claimed.attempts });
      await this.db
        .update(jobs)
        .set({ status: 'done', finishedAt: this.now(), lastError: null })
        .where(eq(jobs.id, claimed.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = claimed.attempts >= claimed.maxAttempts;
      // Exponential back-off: 5 s, 10 s, 20 s ... capped at 30 minutes.
      const delay = Math.min(5_000 * 2 ** (claimed.attempts - 1), 30 * 60_000);
      this.log.warn(
        { job: claimed.id, kind: claimed.kind, attempt: claimed.attempts, err: message },
        'job failed',
      );
      await this.db
        .update(jobs)
        .set({
          status: giveUp ? 'failed' : 'queued',
          runAt: new Date(this.now().getTime() + delay),
          lastError: message.slice(0, 2000),
          lockedAt: null,
          finishedAt: giveUp ? this.now() : null,
        })
        .where(eq(jobs.id, claimed.id));
    }
    return true;
  }
}
