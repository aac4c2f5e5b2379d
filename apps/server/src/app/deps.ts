import type { FastifyInstance } from 'fastify';
import { createDevices, type Devices } from '../auth/devices.ts';
import { createSecretBox, type SecretBox } from '../auth/secret-box.ts';
import { SessionCache } from '../auth/session-cache.ts';
import { createRecheck, createStaffDirectory, type StaffDirectory } from '../auth/staff-directory.ts';
import type { SessionTimes } from '../auth/sessions.ts';
import { type Caller, createTokenService, resolveSecret, type TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { configurePasswordQueue } from '../auth/password-queue.ts';
import { createMetrics, instrumentWork, type Metrics } from '../http/metrics.ts';
import { parseLimits } from '../http/limits.ts';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import type { RegisteredCall } from '../http/pipeline/context.ts';
import { type BreachService, createBreachService, defaultIndexPath } from '../integrations/breach/index.ts';
import type { PaymentGateway } from '../integrations/gateway/index.ts';
import { createIntegrations, type Integrations } from '../integrations/index.ts';
import {
  fileTransport,
  messageIdDomain,
  Outbox,
  smtpTransport,
  type Transport,
} from '../integrations/mailer.ts';
import { JobRunner } from '../lib/jobs.ts';
import { configureCustomerMail } from '../lib/notify.ts';

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
  /**
   * Set when the process is asked to stop (server.ts, drainAndClose): `draining`, `/readyz` answers
   * 503 so a balancer moves on; `closing`, it no longer listens and every answer closes its connection.
   */
  lifecycle: { draining: boolean; closing: boolean };
  /** Prometheus metrics of this app (http/metrics.ts). */
  metrics: Metrics;
  /** Rate limits shared by every process (http/rate-limit.ts); route() applies them. */
  limiter: RateLimiter;
  /** The staff directory of PORTAL_STAFF_OIDC_* (auth/staff-directory.ts), or null when not set up. */
  staffDirectory: StaffDirectory | null;
  /** Whether a directory staff account is still staff (asked at most every re-check interval); null without a directory. */
  staffRecheck: ((account: string, now: Date) => Promise<boolean>) | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** What the container is made from besides the configuration (buildApp's options). */
export interface DepsOptions {
  database: Database;
  now?: () => Date;
  transport?: Transport;
  checkResponses?: boolean;
  gateway?: PaymentGateway;
  processMetrics?: boolean;
}

/**
 * The container: every service a feature reaches as `app.deps`, made once per app. A bad gateway,
 * registrar or whois setting stops the server here, at start-up.
 */
export function provideDeps(app: FastifyInstance, config: Config, opts: DepsOptions): Deps {
  const now = opts.now ?? (() => new Date());
  const database = opts.database;
  const transport =
    opts.transport ??
    (config.SMTP_URL
      ? smtpTransport(config.SMTP_URL, messageIdDomain(config.MAIL_FROM))
      : fileTransport(config.mailDir, messageIdDomain(config.MAIL_FROM)));
  const secretBox = createSecretBox(resolveSecret(config.PORTAL_JWT_SECRET, config.DATA_DIR));
  const outbox = new Outbox(config.MAIL_FROM, transport, secretBox);
  configureCustomerMail(outbox, {
    publicUrl: config.publicUrl,
    mailboxDomain: config.MAILBOX_DOMAIN,
    box: secretBox,
  });
  const sessionCache = new SessionCache(config.PORTAL_SESSION_CACHE_MS);
  database.onAuthChange((account) => sessionCache.drop(account));
  const jobs = new JobRunner(database.db, app.log, now);
  outbox.register(jobs);

  const metrics = createMetrics(database.db, {
    processMetrics: opts.processMetrics,
    jobKinds: () => jobs.kinds(),
  });
  instrumentWork(jobs, outbox, metrics);
  configurePasswordQueue(config.PORTAL_HASH_CONCURRENCY, config.PORTAL_HASH_QUEUE);
  const deps: Deps = {
    config,
    db: database.db,
    database,
    tokens: createTokenService(resolveSecret(config.PORTAL_JWT_SECRET, config.DATA_DIR), now),
    devices: createDevices(resolveSecret(config.PORTAL_JWT_SECRET, config.DATA_DIR), now),
    secretBox,
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
    lifecycle: { draining: false, closing: false },
    metrics,
    // Made here, once per app, so a bad gateway, registrar or whois setting stops the server at start-up.
    ...createIntegrations(config, { metrics, logger: app.log, now, gateway: opts.gateway }),
    limiter: createRateLimiter(
      database.db,
      parseLimits(config.PORTAL_RATE_LIMITS),
      config.PORTAL_CARD_DECLINES_PER_DAY,
      now,
    ),
    staffDirectory: null,
    staffRecheck: null,
  };
  deps.staffDirectory = createStaffDirectory(config, deps.secretBox, app.log);
  deps.staffRecheck =
    deps.staffDirectory &&
    createRecheck(deps.staffDirectory, database.db, deps.secretBox, config.PORTAL_STAFF_OIDC_RECHECK_SECONDS);
  app.decorate('deps', deps);
  return deps;
}
