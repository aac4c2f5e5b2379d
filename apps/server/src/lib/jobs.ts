import { hostname } from 'node:os';
import { and, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { prettifyError, type z } from 'zod';
import type { Db } from '../db/index.ts';
import { jobs } from '../db/schema.ts';
import { errorText } from './error-text.ts';

/**
 * A job queue on PostgreSQL. Jobs are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * worker processes can run them without doing one twice; a job whose worker died is taken
 * again once its lock is older than STALE_MS. While a job runs, its worker refreshes the lock
 * (the heartbeat), so a long job is never taken over from a live worker; every update that
 * records the outcome checks that the lock is still this worker's.
 */
export interface JobContext {
  /** The job's transaction (commits: 'job', the default) or the database itself (commits: 'own'). */
  db: Db;
  jobId: number;
  attempt: number;
}

/** What a job carries: a JSON object, stored in jobs.payload. */
export type JobPayload = Record<string, unknown>;

/**
 * A kind of job and the shape of its payload: the one name both sides use. Whoever enqueues it
 * can only pass a payload of that shape; the runner checks the stored payload against the schema
 * before the handler sees it. The schema has no transforms, so what is enqueued is what is stored
 * and what the handler gets.
 */
export interface JobDefinition<P extends JobPayload = JobPayload> {
  readonly kind: string;
  readonly schema: z.ZodType<P>;
}

/** The payload of scheduled work, which finds what to do in the database: nothing. */
export type NoPayload = Record<string, never>;

/** Declares a kind of job with the zod schema of its payload (docs/decisions/067-typed-jobs.md). */
export function defineJob<const K extends string, P extends JobPayload>(
  kind: K,
  schema: z.ZodType<P>,
): JobDefinition<P> & { readonly kind: K } {
  return { kind, schema };
}

export type JobHandler<P extends JobPayload = JobPayload> = (payload: P, ctx: JobContext) => Promise<void>;

export interface JobOptions {
  /**
   * How the handler's writes are committed.
   * - 'job' (the default): `ctx.db` is the job's transaction, committed together with the job's
   *   'done'. A worker that dies anywhere leaves both or neither, so the job is run again only if
   *   its work never happened; a worker that lost its lock rolls its work back.
   * - 'own': `ctx.db` is the database; the handler commits its own steps, because one must be
   *   committed before an outside call (auto-billing's claim before the charge), because an outside
   *   call must not hold a transaction open (SMTP), or because its code opens its own transactions.
   *   Such a handler must be idempotent: run again after a crash between its last commit and
   *   'done', or by a second worker after a lost lock, it must cause no second effect (a status
   *   guard, an idempotency key, a fixed Message-ID).
   */
  commits?: 'job' | 'own';
}

export interface RunnerOptions {
  /** A running job whose lock is older than this is taken to be orphaned and is taken over. */
  staleMs?: number;
  /** How often the worker refreshes the lock of the job in hand; well under staleMs. */
  heartbeatMs?: number;
}

/** Five minutes: a worker that has not refreshed its lock for this long is taken to be dead. */
export const STALE_MS = 5 * 60_000;
/** Five heartbeats per stale period: a slow beat or two (a busy database) never loses the lock. */
const HEARTBEAT_MS = STALE_MS / 5;

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one job with this key is ever enqueued (idempotent requests, schedules). */
  uniqueKey?: string;
  maxAttempts?: number;
}

export async function enqueue<P extends JobPayload>(
  db: Db,
  job: JobDefinition<P>,
  payload: P,
  opts: EnqueueOptions = {},
) {
  await insertJobs(db, job, [payload], opts);
}

/** Jobs of one kind, one per payload, in one statement; without a unique key (each would need its own). */
export async function enqueueEach<P extends JobPayload>(
  db: Db,
  job: JobDefinition<P>,
  payloads: P[],
  opts: Omit<EnqueueOptions, 'uniqueKey'> = {},
) {
  if (payloads.length > 0) await insertJobs(db, job, payloads, opts);
}

async function insertJobs<P extends JobPayload>(
  db: Db,
  job: JobDefinition<P>,
  payloads: P[],
  opts: EnqueueOptions,
) {
  await db
    .insert(jobs)
    .values(
      payloads.map((payload) => ({
        kind: job.kind,
        payload,
        // No time given: due at once, whatever any process's clock says.
        runAt: opts.runAt ?? new Date(0),
        uniqueKey: opts.uniqueKey,
        maxAttempts: opts.maxAttempts ?? 8,
      })),
    )
    .onConflictDoNothing();
}

export interface Schedule {
  job: JobDefinition<NoPayload>;
  everyMs: number;
}

interface Registered {
  job: JobDefinition;
  handler: JobHandler;
  commits: 'job' | 'own';
}

interface Claimed {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/** The job's 'done' found the lock gone: rolls the job's transaction back. */
class LockLost extends Error {}

export class JobRunner {
  private handlers = new Map<string, Registered>();
  private schedules: Schedule[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopping = false;
  /** The drain under way, if any: stop() waits for it. */
  private inFlight: Promise<number> | undefined;
  private readonly workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly staleMs: number;
  private readonly heartbeatMs: number;

  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => Date;
  /** Told of every attempt this runner makes: its kind, outcome and duration (http/metrics.ts). */
  observe: ((kind: string, outcome: 'done' | 'failed', seconds: number) => void) | undefined;
  constructor(db: Db, log: FastifyBaseLogger, now: () => Date, opts: RunnerOptions = {}) {
    this.db = db;
    this.log = log;
    this.now = now;
    this.staleMs = opts.staleMs ?? STALE_MS;
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  }

  /**
   * The handler of `job`; it gets the payload once the job's schema has accepted it, and runs in
   * the job's transaction unless `opts.commits` is 'own'.
   */
  register<P extends JobPayload>(job: JobDefinition<P>, handler: JobHandler<P>): void;
  register<P extends JobPayload>(job: JobDefinition<P>, opts: JobOptions, handler: JobHandler<P>): void;
  register<P extends JobPayload>(
    job: JobDefinition<P>,
    a: JobHandler<P> | JobOptions,
    b?: JobHandler<P>,
  ): void {
    const [opts, handler] = typeof a === 'function' ? [{}, a] : [a, b];
    if (!handler) throw new Error(`job ${job.kind}: no handler`);
    // The runner checks the payload against job.schema before calling: the handler gets a P.
    this.handlers.set(job.kind, { job, handler: handler as JobHandler, commits: opts.commits ?? 'job' });
  }

  /** The kinds this runner takes: the definitions registered on it. */
  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Runs `job` every `everyMs`; each slot is enqueued once across all processes. */
  every(job: JobDefinition<NoPayload>, everyMs: number): void {
    this.schedules.push({ job, everyMs });
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
      await enqueue(this.db, s.job, {}, { uniqueKey: `schedule:${s.job.kind}:${slot}`, maxAttempts: 1 });
    }
  }

  private async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    // Only registered kinds are claimed.
    const registered = this.handlers.get(job.kind) as Registered;
    const parsed = registered.job.schema.safeParse(job.payload);
    const started = performance.now();
    const observe = (outcome: 'done' | 'failed') =>
      this.observe?.(job.kind, outcome, (performance.now() - started) / 1000);
    if (!parsed.success) {
      await this.reject(job, parsed.error);
      observe('failed');
      return true;
    }
    const payload = parsed.data;
    const { handler, commits } = registered;
    const heartbeat = this.heartbeat(job);
    try {
      if (commits === 'own') {
        await handler(payload, { db: this.db, jobId: job.id, attempt: job.attempts });
        if (!(await this.complete(this.db, job)))
          this.lockLost(
            job,
            'its work is committed (the job is idempotent); the new holder records the outcome',
          );
      } else {
        await this.db.transaction(async (tx) => {
          const db: Db = tx;
          await handler(payload, { db, jobId: job.id, attempt: job.attempts });
          if (!(await this.complete(db, job))) throw new LockLost();
        });
      }
      observe('done');
    } catch (err) {
      if (err instanceof LockLost)
        this.lockLost(job, 'its work is rolled back; the new holder runs the job and records the outcome');
      else {
        await this.fail(job, err);
        observe('failed');
      }
    } finally {
      await heartbeat.stop();
    }
    return true;
  }

  private claim(): Promise<Claimed | undefined> {
    const now = this.now();
    const stale = new Date(now.getTime() - this.staleMs);
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return Promise.resolve(undefined);
    return this.db.transaction(async (tx) => {
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
  }

  /** This worker's claim of the job: taken over by another worker, it no longer matches. */
  private held(job: Claimed): SQL {
    return and(
      eq(jobs.id, job.id),
      eq(jobs.status, 'running'),
      eq(jobs.lockedBy, this.workerId),
      eq(jobs.attempts, job.attempts),
    ) as SQL; // and() of conditions is never undefined
  }

  private async complete(db: Db, job: Claimed): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set({ status: 'done', finishedAt: this.now(), lastError: null })
      .where(this.held(job))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  private async fail(job: Claimed, err: unknown): Promise<void> {
    const message = errorText(err);
    this.log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed');
    await this.record(job, message, job.attempts >= job.maxAttempts);
  }

  /**
   * A stored payload its kind's schema refuses (written by hand, by an older release, or corrupted)
   * can never succeed: the job fails at once, without its handler and without retries, and says why.
   */
  private async reject(job: Claimed, error: z.ZodError): Promise<void> {
    const message = `payload refused by the schema of ${job.kind}: ${prettifyError(error)}`;
    this.log.error(
      { job: job.id, kind: job.kind, attempt: job.attempts, err: message },
      'job payload invalid',
    );
    await this.record(job, message, true);
  }

  /** Records a failed attempt: queued again after a back-off, or failed for good. */
  private async record(job: Claimed, message: string, giveUp: boolean): Promise<void> {
    // Exponential back-off: 5 s, 10 s, 20 s ... capped at 30 minutes.
    const delay = Math.min(5_000 * 2 ** (job.attempts - 1), 30 * 60_000);
    const rows = await this.db
      .update(jobs)
      .set({
        status: giveUp ? 'failed' : 'queued',
        runAt: new Date(this.now().getTime() + delay),
        lastError: message.slice(0, 2000),
        lockedAt: null,
        finishedAt: giveUp ? this.now() : null,
      })
      .where(this.held(job))
      .returning({ id: jobs.id });
    if (rows.length === 0)
      this.lockLost(job, 'its failure is not recorded; the new holder records the outcome');
  }

  /**
   * Another worker took the job over (this one stalled past the stale limit without a heartbeat
   * getting through): that worker owns the job now, so this one records nothing.
   */
  private lockLost(job: Claimed, what: string): void {
    this.log.warn(
      { job: job.id, kind: job.kind, attempt: job.attempts },
      `job lock lost to another worker: ${what}`,
    );
  }

  /**
   * Refreshes locked_at every heartbeatMs while the job runs, on a connection of its own (a
   * 'job' handler's transaction holds another). A beat that finds the lock gone changes nothing;
   * the outcome update then finds it gone too. stop() waits for a beat under way, so nothing is
   * left running against the database once the job is recorded.
   */
  private heartbeat(job: Claimed): { stop(): Promise<void> } {
    let beat: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (beat) return;
      beat = this.db
        .update(jobs)
        .set({ lockedAt: this.now() })
        .where(this.held(job))
        .then(
          () => undefined,
          (err) => this.log.warn({ err, job: job.id }, 'job heartbeat failed'),
        )
        .finally(() => {
          beat = undefined;
        });
    }, this.heartbeatMs);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await beat;
      },
    };
  }
}
