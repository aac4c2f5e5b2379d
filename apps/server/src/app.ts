import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { apiRoutes } from './app/api-routes.ts';
import { provideDeps } from './app/deps.ts';
import { useErrorHandler } from './app/error-handler.ts';
import { healthRoutes } from './app/health.ts';
import { useLifecycleHooks, useRequestHooks } from './app/hooks.ts';
import { loggerOptions } from './app/logger.ts';
import { useSecurityHeaders } from './app/security-headers.ts';
import { serveWeb } from './app/web.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { trustProxy } from './http/client-address.ts';
import { useAnswerLanguage } from './http/language.ts';
import { requestLogger } from './http/request-logger.ts';
import type { PaymentGateway } from './integrations/gateway/index.ts';
import type { Transport } from './integrations/mailer.ts';

export type { Deps } from './app/deps.ts';
export { isDatabaseDown, unstorableText } from './app/error-handler.ts';
export { REDACT } from './app/logger.ts';

export interface BuildOptions {
  database: Database;
  now?: () => Date;
  transport?: Transport;
  /** Validate every answer against the contract (on in tests). */
  checkResponses?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The built SPA (apps/web/dist unless given; tests use a directory of their own). */
  webDist?: string;
  /** The payment gateway, instead of one made from the configuration (test instances share one). */
  gateway?: PaymentGateway;
  /** Add the process's own figures (memory, CPU, event loop) to the metrics: a real process only. */
  processMetrics?: boolean;
}

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The application, in the order it is put together: the fastify server, the container (app.deps),
 * the hooks and headers around every request, the error answers, health, the API, the SPA. Each
 * piece is a module of its own under app/ (docs/ARCHITECTURE.md).
 */
export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    // One line per request, written when it is answered (app/hooks.ts), instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The request's child logger is made when it first writes a line (http/request-logger.ts).
    childLoggerFactory: requestLogger,
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    trustProxy: trustProxy(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // A closing process (a rolling restart) still answers what reaches it on a connection it has
    // accepted, with `Connection: close` (draining): nginx retries neither a 503 nor a sent POST.
    return503OnClosing: false,
    // Longer than nginx keeps an idle upstream connection (keepalive_timeout 1s in deploy/nginx),
    // so the proxy never sends a request on a connection this process is closing.
    keepAliveTimeout: 65_000,
  });
  provideDeps(app, config, opts);
  useLifecycleHooks(app);
  useSecurityHeaders(app, config);
  await useRequestHooks(app);
  useAnswerLanguage(app, { pseudo: config.PORTAL_PSEUDO_LOCALE });
  useErrorHandler(app);
  healthRoutes(app, config, opts.database);
  await apiRoutes(app);
  await serveWeb(app, opts.webDist ?? WEB_DIST);
  return app;
}
