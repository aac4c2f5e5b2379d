import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { serveMetrics } from '../http/metrics.ts';
import { buildInfo } from '../lib/build-info.ts';
import { probesFor, readyzHandler } from './readiness.ts';

/** Liveness, readiness and the metrics, outside the API (docs/operations.md). */
export function healthRoutes(app: FastifyInstance, config: Config, database: Database): void {
  app.get('/healthz', async () => ({ status: 1, message: '', data: { live: true, ...buildInfo() } }));
  // Not behind the proxy: loopback without X-Forwarded-For, or PORTAL_METRICS_TOKEN (http/metrics.ts).
  app.get('/metrics', (req, reply) =>
    serveMetrics(req, reply, app.deps.metrics, config.PORTAL_METRICS_TOKEN),
  );
  app.get(
    '/readyz',
    readyzHandler(
      probesFor('web', config, () => database.ping()),
      () => app.deps.lifecycle.draining,
    ),
  );
}
