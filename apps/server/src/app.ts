import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { commonText } from '@portal/contract/messages';
import { BAD_CHARACTERS } from '@portal/contract/rules';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { createDevices, type Devices } from './auth/devices.ts';
import { createSecretBox, type SecretBox } from './auth/secret-box.ts';
import { SessionCache } from './auth/session-cache.ts';
import type { SessionTimes } from './auth/sessions.ts';
import { resolveSecret, createTokenService, type Caller, type TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { accountRoutes } from './features/account/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { domainRoutes } from './features/domains/routes.ts';
import { hostingRoutes } from './features/hosting/routes.ts';
import { mailRoutes } from './features/mail/routes.ts';
import { referenceRoutes } from './features/reference/routes.ts';
import { passkeyRoutes } from './features/security/passkey-routes.ts';
import { activityRoutes } from './features/security/activity-routes.ts';
import { sessionListRoutes } from './features/security/session-routes.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { secondFactorRoutes } from './features/security/second-factor.ts';
import { staffRoutes } from './features/staff/routes.ts';
import { toolRoutes } from './features/tools/routes.ts';
import { createMetrics, instrumentRequests, type Metrics, serveMetrics } from './http/metrics.ts';
import { trustProxy } from './http/client-address.ts';
import { parseLimits } from './http/limits.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { LOG_REDACT_PATHS, redactUrl } from './http/redact.ts';
import { requestLogger } from './http/request-logger.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { RegisteredCall } from './http/route.ts';
import { type BreachService, createBreachService, defaultIndexPath } from './integrations/breach/index.ts';
import { acceptJsHosts, type PaymentGateway } from './integrations/gateway/index.ts';
import { createIntegrations, type Integrations } from './integrations/index.ts';
import {
  fileTransport,
  messageIdDomain,
  Outbox,
  smtpTransport,
  type Transport,
} from './integrations/mailer.ts';
import { AppError, envelopeOf, HTTP_STATUS, RateLimited } from './lib/errors.ts';
import { JobRunner } from './lib/jobs.ts';
import { VERSION } from './lib/version.ts';

/** What every feature may use; reached as `app.deps`. The outside services are its `Integrations`. */
export interface Deps extends Integrations {
  config: Config;
  db: Database['db'];
  database: Database;
  tokens: TokenService;
  /** Session lifetime and idle timeouts (auth/sessions.ts). */
  sessionTimes: SessionTimes;
  /** Session checks kept for a moment, dropped on the database's change announcements. */
  sessionCache: SessionCache;
  /** The owner's known browsers (auth/devices.ts). */
  devices: Devices;
  /** Encrypts authenticator secrets and hashes recovery codes (auth/secret-box.ts). */
  secretBox: SecretBox;
  outbox: Outbox;
  jobs: JobRunner;
  /** The clock; tests replace it to move time. */
  now: () => Date;
  /** Every registered contract call with its access rule (coverage and access tests read it). */
  calls: RegisteredCall[];
  checkResponses: boolean;
  /** The breached-password check: the imported index when present, the built-in list otherwise. */
  breach: BreachService;
  /** Set when the process is asked to stop: `/readyz` answers 503 so the balancer moves on (server.ts). */
  lifecycle: { draining: boolean };
  /** Prometheus metrics of this app (http/metrics.ts). */
  metrics: Metrics;
  /** Rate limits shared by every process (http/rate-limit.ts); route() applies them. */
  limiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    caller?: Caller;
  }
}

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

/** Paths of request logs that must never be written: credentials, tokens and card data (http/redact.ts). */
export const REDACT = LOG_REDACT_PATHS;

export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    // One line per request, written when it is answered (below), instead of fastify's two.
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
    // Longer than nginx keeps an idle upstream connection (keepalive_timeout 60s in deploy/nginx),
    // so the proxy never sends a request on a connection this process is closing.
    keepAliveTimeout: 65_000,
  });
  const now = opts.now ?? (() => new Date());
  const database = opts.database;
  const transport =
    opts.transport ??
    (config.SMTP_URL
      ? smtpTransport(config.SMTP_URL, messageIdDomain(config.MAIL_FROM))
      : fileTransport(join(config.DATA_DIR, 'outbox'), messageIdDomain(config.MAIL_FROM)));
  const outbox = new Outbox(config.MAIL_FROM, transport);
  const sessionCache = new SessionCache(config.PORTAL_SESSION_CACHE_MS);
  database.onAuthChange((account) => sessionCache.drop(account));
  const jobs = new JobRunner(database.db, app.log, now);
  outbox.register(jobs);

  const metrics = createMetrics(database.db, { processMetrics: opts.processMetrics });
  app.decorate('deps', {
    config,
    db: database.db,
    database,
    tokens: createTokenService(resolveSecret(config.PORTAL_JWT_SECRET, config.DATA_DIR), now),
    devices: createDevices(resolveSecret(config.PORTAL_JWT_SECRET, config.DATA_DIR), now),
    secretBox: createSecretBox(resolveSecret(config.PORTAL_JWT_SECRET, config.DATA_DIR)),
    sessionTimes: {
      ttlMinutes: config.PORTAL_TOKEN_TTL_MINUTES,
      idleMinutes: config.PORTAL_IDLE_MINUTES,
      staffIdleMinutes: config.PORTAL_STAFF_IDLE_MINUTES,
    },
    sessionCache,
    outbox,
    jobs,
    now,
    calls: [],
    checkResponses: opts.checkResponses ?? false,
    breach: createBreachService({ indexPath: config.PWNED_INDEX ?? defaultIndexPath(config.DATA_DIR) }),
    lifecycle: { draining: false },
    metrics,
    // Made here, once per app, so a bad gateway, registrar or whois setting stops the server at start-up.
    ...createIntegrations(config, { metrics, logger: app.log, now, gateway: opts.gateway }),
    limiter: createRateLimiter(
      database.db,
      parseLimits(config.PORTAL_RATE_LIMITS),
      config.PORTAL_CARD_DECLINES_PER_DAY,
      now,
    ),
  } satisfies Deps);
  instrumentRequests(app, app.deps.metrics);
  app.addHook('onClose', () => app.deps.breach.close());
  // A listening server prepares the built-in list (about a second) before the first check;
  // injected test requests never listen, so tests do not pay for it.
  app.addHook('onListen', () => {
    app.deps.breach
      .warm()
      .catch((err) => app.log.error({ err }, 'breached-password check: preparing failed'));
  });

  // With Authorize.Net, the card forms load Accept.js from its own host, which posts the card to
  // Authorize.Net's API from the browser: exactly those two hosts are added (019-card-tokens.md).
  const acceptJs = config.PORTAL_GATEWAY === 'authorize-net' ? acceptJsHosts(config.AUTHNET_ENDPOINT) : null;
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(acceptJs ? [acceptJs.scriptOrigin] : [])],
        // Mantine sets CSS variables through style elements and attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(acceptJs ? [acceptJs.apiOrigin] : [])],
        frameSrc: [new URL(config.LINK_WIKI_SEARCH).origin, ...(acceptJs ? [acceptJs.scriptOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // TLS is the proxy's business; on plain HTTP (a trial on localhost) upgrading would break loads.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Set per request below: only when served over HTTPS.
    strictTransportSecurity: false,
  });
  // HSTS only on an answer that went out over HTTPS (TLS at the proxy: X-Forwarded-Proto from a
  // trusted proxy): sent over plain HTTP it would be a promise about a scheme not in use.
  const hsts = 'max-age=31536000; includeSubDomains';
  // helmet's headers, worked out once (http/security-headers.ts), on every answer; a callback hook,
  // not an async one: no promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (req.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
  // The request log: one line when a request is answered, at debug level its arrival too (a request
  // that never completes still leaves a line). Hooks only for the levels the logger writes: at
  // `warn` a request costs no hook for them.
  const logs = (level: string) =>
    (app.log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? false;
  if (logs('debug'))
    app.addHook('onRequest', (req, _reply, done) => {
      req.log.debug({ method: req.method, url: redactUrl(req.url) }, 'incoming request');
      done();
    });
  if (logs('info'))
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        {
          method: req.method,
          url: redactUrl(req.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          ip: req.ip,
        },
        'request',
      );
      done();
    });
  await app.register(compress, { threshold: 1024 });
  // While draining, every answer closes its connection: a proxy's kept-alive connections to this
  // process end with the request they carried, so none is left to be cut when it stops listening.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (app.deps.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // Only the known-device cookie of the sign-in limits (auth/devices.ts); the API is authorised by bearer tokens.
  await app.register(cookie);

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(HTTP_STATUS[err.code]).send(envelopeOf(err));
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status: 0, message: commonText.tooLarge, code: 'too_large' });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, unsupported media type and the like: fastify's own client errors.
      return reply.code(e.statusCode).send({ status: 0, message: commonText.invalidInput, code: 'invalid' });
    }
    const badText = unstorableText(err);
    if (badText) {
      // A backstop: the contract's text rules refuse such input first (BAD_CHARACTERS in rules.ts);
      // a field without them must still get a 400, not a 500. Logged, so the field can be fixed.
      req.log.warn({ err }, 'input the database cannot store');
      return reply.code(400).send({ status: 0, message: badText, code: 'invalid' });
    }
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .send({ status: 0, message: commonText.unavailable, code: 'unavailable', request_id: req.id });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: 0, message: commonText.internalError, code: 'internal', request_id: req.id });
  });

  app.get('/healthz', async () => ({ status: 1, message: '', data: { live: true, version: VERSION } }));
  // Not behind the proxy: loopback without X-Forwarded-For, or PORTAL_METRICS_TOKEN (http/metrics.ts).
  app.get('/metrics', (req, reply) =>
    serveMetrics(req, reply, app.deps.metrics, config.PORTAL_METRICS_TOKEN),
  );
  app.get('/readyz', async (_req, reply) => {
    if (app.deps.lifecycle.draining)
      return reply.code(503).send({ status: 0, message: commonText.unavailable });
    try {
      await database.ping();
      return { status: 1, message: '', data: { ready: true } };
    } catch {
      return reply.code(503).send({ status: 0, message: commonText.unavailable, code: 'unavailable' });
    }
  });

  await app.register(async (api) => {
    sessionRoutes(api);
    accountRoutes(api);
    billingRoutes(api);
    domainRoutes(api);
    mailRoutes(api);
    hostingRoutes(api);
    adminRoutes(api);
    toolRoutes(api);
    staffRoutes(api);
    referenceRoutes(api);
    secondFactorRoutes(api);
    passkeyRoutes(api);
    sessionListRoutes(api);
    activityRoutes(api);
  });

  await serveWeb(app, opts.webDist ?? WEB_DIST);
  return app;
}

/**
 * JSON lines (pino), secrets redacted; on a terminal outside production, readable lines through
 * pino-pretty (a development dependency: absent, the lines stay JSON).
 */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const base = { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } };
  if (!process.stdout.isTTY || process.env.NODE_ENV === 'production') return base;
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    return base;
  }
  return {
    ...base,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

/**
 * Input PostgreSQL refuses to store, found in the cause chain (Drizzle wraps driver errors): NUL in
 * text (22021) or in JSON (22P05), and text that is not a valid value of its type, e.g. a lone
 * surrogate in JSON (22P02). The answer's message, or null for any other error.
 */
export function unstorableText(err: unknown): string | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === '22021' || code === '22P05') return BAD_CHARACTERS;
    if (code === '22P02')
      return /surrogate|unicode/i.test(String(detail)) ? BAD_CHARACTERS : commonText.invalidInput;
  }
  return null;
}

const DB_DOWN_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
];
const DB_DOWN_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|not queryable|timeout exceeded when trying to connect|the database system is (shutting down|starting up|in recovery mode)/;

/**
 * The database server cannot be reached or dropped the connection. Drizzle wraps driver errors
 * (DrizzleQueryError, with the pg error as `cause`), so the whole cause chain is looked at.
 */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.includes(code)) return true;
    if (DB_DOWN_MESSAGE.test(String((e as Error).message))) return true;
  }
  return false;
}

/** The SPA under /portal/: hashed assets cached for a year, deep links fall back to index.html. */
async function serveWeb(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/portal/',
      // Files are looked up per request, so a rebuild while the server runs is served too.
      wildcard: true,
      index: false,
      // The build writes brotli and gzip copies of its files (apps/web/vite.config.ts): sent as
      // they are when the browser accepts them, compressed on the fly (@fastify/compress) otherwise.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The entry page on a route of its own, not only as the not-found fallback, so that it gets
    // the compression every route has.
    app.get('/portal/', (_req, reply) => reply.sendFile('index.html'));
  }
  app.get('/', (_req, reply) => reply.redirect('/portal/'));
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api') {
      return reply.code(404).send({ status: 0, message: commonText.notFound, code: 'not_found' });
    }
    if (path.startsWith('/portal') && hasWeb && req.method === 'GET' && !path.startsWith('/portal/assets/')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (path.startsWith('/portal')) return reply.code(404).type('text/plain').send('Not found');
    return reply.redirect('/portal/');
  });
}
