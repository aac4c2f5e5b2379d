import { isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { and, count, eq, lte, max, min } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index.ts';
import type { Outbox } from '../integrations/mailer.ts';
import { probesFor, readyzHandler } from '../app/readiness.ts';
import { buildInfo } from '../lib/build-info.ts';
import type { JobRunner } from '../lib/jobs.ts';
import { jobs, outbox, remindersSent } from '../db/schema.ts';

/**
 * Prometheus metrics (prom-client), one registry per app (docs/operations.md, "Metrics"): request
 * latency by route, sign-in failures, integration calls and errors (payment gateway, registrar),
 * job attempts and mail deliveries, and — read from the database at each scrape — the job queue,
 * each kind's last success and the outbox backlog. Web processes serve them
 * at /metrics; a worker on its own small listener (PORTAL_WORKER_PORT).
 */
export interface Metrics {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status'>;
  signinFailures: Counter<'reason'>;
  integrationErrors: Counter<'integration' | 'operation' | 'outcome'>;
  integrationCalls: Histogram<'integration' | 'operation'>;
  jobRuns: Counter<'kind' | 'outcome'>;
  jobDuration: Histogram<'kind'>;
  mail: Counter<'kind' | 'outcome'>;
  /** Auto-billing charges by attempt (first, retry) and outcome (billing/dunning.ts). */
  autobillAttempts: Counter<'attempt' | 'outcome'>;
}

export function createMetrics(
  db: Db,
  opts: { processMetrics?: boolean; jobKinds?: () => string[] } = {},
): Metrics {
  const registry = new Registry();
  // Process figures (memory, CPU, event-loop delay) only for a real process, not per test app.
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by route (the route pattern, never the path with its ids) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signinFailures = new Counter({
    name: 'portal_signin_failures_total',
    help: 'Refused sign-ins: bad_credentials (wrong password or unknown account) or locked (too many attempts)',
    labelNames: ['reason'],
    registers: [registry],
  });
  const integrationErrors = new Counter({
    name: 'portal_integration_errors_total',
    help: 'Calls to the payment gateway or the registrar that failed (error, unknown outcome, exception)',
    labelNames: ['integration', 'operation', 'outcome'],
    registers: [registry],
  });
  // Always 1: its labels say which release and commit answer (docs/operations.md, "Which release runs").
  new Gauge({
    name: 'portal_build_info',
    help: 'The release (root package.json) and the commit this process runs; always 1',
    labelNames: ['version', 'commit'],
    registers: [registry],
  }).set(buildInfo(), 1);
  const integrationCalls = new Histogram({
    name: 'portal_integration_call_duration_seconds',
    help: 'Calls to the payment gateway or the registrar, by operation, whatever their outcome',
    labelNames: ['integration', 'operation'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Job attempts this process made, by kind and outcome (done, failed)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'How long a job attempt took, by kind',
    labelNames: ['kind'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const mail = new Counter({
    name: 'portal_mail_total',
    help: 'Outbound mail delivery attempts this process made, by message kind and outcome (sent, failed)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const autobillAttempts = new Counter({
    name: 'portal_autobill_attempts_total',
    help: 'Auto-billing charges this process made, by attempt (first, retry) and outcome (approved, soft_decline, hard_decline, error, unknown)',
    labelNames: ['attempt', 'outcome'],
    registers: [registry],
  });
  queueGauges(db, registry, opts.jobKinds ?? (() => []));
  return {
    registry,
    requests,
    signinFailures,
    integrationErrors,
    integrationCalls,
    jobRuns,
    jobDuration,
    mail,
    autobillAttempts,
  };
}

/** Counts the job runner's attempts and the outbox's deliveries into `metrics`. */
export function instrumentWork(
  jobs: { observe: JobRunner['observe'] },
  outbox: { observe: Outbox['observe'] },
  metrics: Metrics,
): void {
  jobs.observe = (kind, outcome, seconds) => {
    metrics.jobRuns.inc({ kind, outcome });
    metrics.jobDuration.observe({ kind }, seconds);
  };
  outbox.observe = (kind, delivered) => metrics.mail.inc({ kind, outcome: delivered ? 'sent' : 'failed' });
}

/** Gauges read from the database when scraped: the same figures on every process. */
function queueGauges(db: Db, registry: Registry, jobKinds: () => string[]): void {
  new Gauge({
    name: 'portal_jobs_due',
    help: 'Jobs due to run now and not running (queue depth), by kind; 0 for a kind with none',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const kind of jobKinds()) this.set({ kind }, 0);
      const rows = await db
        .select({ kind: jobs.kind, n: count() })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, new Date())))
        .groupBy(jobs.kind);
      for (const r of rows) this.set({ kind: r.kind }, r.n);
    },
  });
  new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When a job of each kind last completed (Unix time), by any worker: a scheduled job that stops shows here',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db
        .select({ kind: jobs.kind, at: max(jobs.finishedAt) })
        .from(jobs)
        .where(eq(jobs.status, 'done'))
        .groupBy(jobs.kind);
      for (const r of rows) if (r.at) this.set({ kind: r.kind }, new Date(r.at).getTime() / 1000);
    },
  });
  new Gauge({
    name: 'portal_reminders_sent',
    help: 'Reminders sent to customers, by kind (invoice-due-soon, invoice-overdue, domain-expiring, alias-fading), since the start (docs/decisions/053-reminders-once.md)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db
        .select({ kind: remindersSent.kind, n: count() })
        .from(remindersSent)
        .groupBy(remindersSent.kind);
      for (const r of rows) this.set({ kind: r.kind }, r.n);
    },
  });
  new Gauge({
    name: 'portal_jobs_oldest_due_seconds',
    help: 'How long the longest-waiting due job has been due (0 when none): workers stopped or too few',
    registers: [registry],
    async collect() {
      const [r] = await db
        .select({ at: min(jobs.runAt) })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, new Date())));
      this.set(r?.at ? Math.max(0, (Date.now() - new Date(r.at).getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'portal_jobs_failed',
    help: 'Jobs that used up their attempts (status failed)',
    registers: [registry],
    async collect() {
      const [r] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'failed'));
      this.set(r?.n ?? 0);
    },
  });
  new Gauge({
    name: 'portal_outbox_backlog',
    help: 'Messages in the outbox not yet delivered',
    registers: [registry],
    async collect() {
      const [r] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'queued'));
      this.set(r?.n ?? 0);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_seconds',
    help: 'Age of the oldest undelivered message (0 when none)',
    registers: [registry],
    async collect() {
      const [r] = await db
        .select({ oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(eq(outbox.status, 'queued'));
      this.set(r?.oldest ? Math.max(0, (Date.now() - new Date(r.oldest).getTime()) / 1000) : 0);
    },
  });
}

/** Times every request under its route pattern; counts refused sign-ins. */
export function instrumentRequests(app: FastifyInstance, metrics: Metrics): void {
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.requests.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    // 401: wrong password or unknown account; 429: too many attempts (lib/errors.ts).
    if (route === '/api/miglogin' && (reply.statusCode === 401 || reply.statusCode === 429)) {
      metrics.signinFailures.inc({ reason: reply.statusCode === 429 ? 'locked' : 'bad_credentials' });
    }
    done();
  });
}

/**
 * `target` with every method call counted in integration_errors_total when it throws or answers an
 * error or an unknown outcome (`{ outcome: 'error' | 'unknown' }`); the answer is passed on as it is.
 */
export function countIntegrationErrors<T extends object>(
  integration: string,
  target: T,
  metrics: Metrics,
): T {
  const counted = (operation: string, outcome: string) =>
    metrics.integrationErrors.inc({ integration, operation, outcome });
  const timed = (operation: string, started: number) =>
    metrics.integrationCalls.observe({ integration, operation }, (performance.now() - started) / 1000);
  return new Proxy(target, {
    get(t, key, receiver) {
      const value: unknown = Reflect.get(t, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        const result: unknown = value.apply(t, args);
        if (!(result instanceof Promise)) return result;
        return result.then(
          (answer: unknown) => {
            timed(String(key), started);
            const outcome = (answer as { outcome?: unknown } | null)?.outcome;
            if (outcome === 'error' || outcome === 'unknown') counted(String(key), outcome);
            return answer;
          },
          (err: unknown) => {
            timed(String(key), started);
            counted(String(key), (err as { kind?: string }).kind ?? 'exception');
            throw err;
          },
        );
      };
    },
  });
}

/**
 * Who may read /metrics: a request that reached the process straight from loopback — not relayed
 * by a proxy (nginx sets X-Forwarded-For) — or one carrying PORTAL_METRICS_TOKEN as a bearer token.
 * The figures are no secret but name routes and volumes: not for the public.
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7).trim());
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  const peer = req.socket.remoteAddress ?? '';
  const loopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
  return isIP(peer) !== 0 && loopback && req.headers['x-forwarded-for'] === undefined;
}

export async function serveMetrics(
  req: FastifyRequest,
  reply: FastifyReply,
  metrics: Metrics,
  token: string | undefined,
) {
  if (!mayReadMetrics(req, token)) return reply.code(404).type('text/plain').send('Not found');
  return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
}

/**
 * The worker's listener (it serves no API): /healthz, /readyz (the database and what the worker
 * reaches out to answer: app/readiness.ts) and /metrics,
 * on HOST:PORTAL_WORKER_PORT.
 */
export async function startWorkerListener(
  app: FastifyInstance,
  opts: { host: string; port: number; token?: string },
): Promise<FastifyInstance> {
  const listener = Fastify({ logger: false });
  listener.get('/healthz', async () => ({
    status: 1,
    message: '',
    data: { live: true, role: 'worker', ...buildInfo() },
  }));
  listener.get(
    '/readyz',
    readyzHandler(
      probesFor('worker', app.deps.config, () => app.deps.database.ping()),
      () => app.deps.lifecycle.draining,
    ),
  );
  listener.get('/metrics', (req, reply) => serveMetrics(req, reply, app.deps.metrics, opts.token));
  await listener.listen({ host: opts.host, port: opts.port });
  return listener;
}
