import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildInfo } from '../lib/build-info.ts';
import { defineJob, enqueue } from '../lib/jobs.ts';
import { VERSION } from '../lib/version.ts';
import { makeCast } from '../../test/support/factories.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { countIntegrationErrors, startWorkerListener } from './metrics.ts';

/** Prometheus metrics (docs/operations.md, "Metrics"): what they count and who may read them. */
describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false, env: { PORTAL_METRICS_TOKEN: 'metrics-token-metrics-token' } });
    await makeCast(t, 'metrics-test-pass');
  });
  afterAll(() => t.close());

  /** The figures as one instance sees them (each process has its own counters). */
  const scrape = async (app = t.app) => {
    const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('is served on loopback only when not relayed by a proxy, or with the metrics token', async () => {
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(relayed.statusCode).toBe(404);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const wrongToken = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer metrics-token-metrics-tokeX' },
    });
    expect(wrongToken.statusCode).toBe(404);
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer metrics-token-metrics-token' },
    });
    expect(withToken.statusCode).toBe(200);
    expect(await scrape()).toContain('portal_http_request_duration_seconds');
  });

  it('times requests by route pattern, never by the path with its ids', async () => {
    for (const app of t.apps) {
      await app.inject({ method: 'GET', url: '/api/domains/alice' });
      const text = await scrape(app);
      expect(text).toMatch(
        /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/domains\/:account",status="401"\} [1-9]/,
      );
      expect(text).not.toContain('route="/api/domains/alice"');
    }
  });

  it('counts refused sign-ins', async () => {
    const series = 'portal_signin_failures_total{reason="bad_credentials"}';
    const before = value(await scrape(), series) ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/miglogin',
      payload: { username: 'alice', password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(value(await scrape(), series)).toBe(before + 1);
  });

  it('shows the job queue and the outbox backlog from the database', async () => {
    await t.drainJobs();
    const before = await scrape();
    expect(value(before, 'portal_outbox_backlog')).toBe(0);
    await enqueue(t.db, defineJob('metrics.test', z.object({})), {});
    await t.app.deps.outbox.send(t.db, {
      kind: 'metrics.test',
      to: 'a@example.net',
      subject: 's',
      body: 'b',
    });
    const after = await scrape();
    expect(value(after, 'portal_jobs_due{kind="metrics.test"}')).toBe(1);
    expect(value(after, 'portal_outbox_backlog')).toBe(1);
    expect(value(after, 'portal_jobs_oldest_due_seconds')).toBeGreaterThan(0);
  });

  it('counts job attempts by kind and outcome, their duration, each kind due (0 when none) and its last success', async () => {
    const ok = defineJob('metrics.ok', z.object({}));
    const bad = defineJob('metrics.bad', z.object({}));
    t.app.deps.jobs.register(ok, async () => {});
    t.app.deps.jobs.register(bad, async () => {
      throw new Error('refused');
    });
    const before = await scrape();
    expect(value(before, 'portal_jobs_due{kind="metrics.ok"}')).toBe(0);
    expect(value(before, 'portal_job_last_success_timestamp_seconds{kind="metrics.ok"}')).toBeUndefined();
    const started = t.app.deps.now().getTime() / 1000; // the test clock, which finishes the jobs
    await enqueue(t.db, ok, {});
    await enqueue(t.db, bad, {}, { maxAttempts: 1 });
    await t.app.deps.jobs.drain();
    const after = await scrape();
    expect(value(after, 'portal_job_runs_total{kind="metrics.ok",outcome="done"}')).toBe(1);
    expect(value(after, 'portal_job_runs_total{kind="metrics.bad",outcome="failed"}')).toBe(1);
    expect(value(after, 'portal_job_runs_total{kind="metrics.bad",outcome="done"}')).toBeUndefined();
    expect(value(after, 'portal_job_duration_seconds_count{kind="metrics.ok"}')).toBe(1);
    expect(value(after, 'portal_jobs_due{kind="metrics.ok"}')).toBe(0);
    const last = value(after, 'portal_job_last_success_timestamp_seconds{kind="metrics.ok"}') ?? 0;
    expect(last).toBeGreaterThanOrEqual(started);
    expect(value(after, 'portal_job_last_success_timestamp_seconds{kind="metrics.bad"}')).toBeUndefined();
  });

  it('counts mail sent and failed by kind', async () => {
    const { outbox } = t.app.deps;
    await outbox.send(t.db, { kind: 'metrics.sent', to: 'a@example.net', subject: 's', body: 'b' });
    await t.app.deps.jobs.drain();
    const deliver = outbox.transport.deliver;
    outbox.transport.deliver = async () => {
      throw new Error('relay refused');
    };
    try {
      await outbox.send(t.db, { kind: 'metrics.failed', to: 'a@example.net', subject: 's', body: 'b' });
      await t.app.deps.jobs.drain();
    } finally {
      outbox.transport.deliver = deliver;
    }
    const text = await scrape();
    expect(value(text, 'portal_mail_total{kind="metrics.sent",outcome="sent"}')).toBe(1);
    expect(value(text, 'portal_mail_total{kind="metrics.failed",outcome="failed"}')).toBe(1);
    expect(value(text, 'portal_mail_total{kind="metrics.failed",outcome="sent"}')).toBeUndefined();
  });

  it('the worker listener serves health, readiness and metrics', async () => {
    const listener = await startWorkerListener(t.app, { host: '127.0.0.1', port: 0 });
    try {
      const { port } = listener.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      // The worker says which release and commit it runs, as a web process does.
      expect(await health.json()).toEqual({
        status: 1,
        message: '',
        data: { live: true, role: 'worker', ...buildInfo() },
      });
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain('portal_jobs_due');
      expect(value(text, `portal_build_info{version="${VERSION}",commit="${buildInfo().commit}"}`)).toBe(1);
      const relayed = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.1' } });
      expect(relayed.status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('integration errors', () => {
  it('counts errors, unknown outcomes and exceptions of a wrapped integration, passing answers on', async () => {
    const t = await build({ demo: false });
    try {
      const fake = {
        ok: async () => ({ outcome: 'approved' }),
        error: async () => ({ outcome: 'error', message: 'refused' }),
        unknown: async () => ({ outcome: 'unknown', message: 'timed out' }),
        throws: async () => {
          throw Object.assign(new Error('down'), { kind: 'network' });
        },
      };
      const wrapped = countIntegrationErrors('registrar', fake, t.app.deps.metrics);
      expect(await wrapped.ok()).toEqual({ outcome: 'approved' });
      expect(await wrapped.error()).toEqual({ outcome: 'error', message: 'refused' });
      await wrapped.unknown();
      await expect(wrapped.throws()).rejects.toThrow('down');
      const text = await t.app.deps.metrics.registry.metrics();
      expect(text).toContain(
        'portal_integration_errors_total{integration="registrar",operation="error",outcome="error"} 1',
      );
      expect(text).toContain(
        'portal_integration_errors_total{integration="registrar",operation="unknown",outcome="unknown"} 1',
      );
      expect(text).toContain(
        'portal_integration_errors_total{integration="registrar",operation="throws",outcome="network"} 1',
      );
      expect(text).not.toContain('portal_integration_errors_total{integration="registrar",operation="ok"');
      // Every call is timed, whatever its outcome: latency by operation.
      for (const operation of ['ok', 'error', 'unknown', 'throws'])
        expect(text).toContain(
          `portal_integration_call_duration_seconds_count{integration="registrar",operation="${operation}"} 1`,
        );
    } finally {
      await t.close();
    }
  });
});
