import { isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './http/client-address.ts';
import { DEFAULT_DECLINES_PER_DAY, parseLimits } from './http/limits.ts';

/** Configuration from the environment, validated once at start (see README "Configuration"). */

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const url = z.url();
const email = z.email();

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /** Where the embedded mail transport (no SMTP_URL) writes .eml files; default DATA_DIR + `-mail`. */
  MAIL_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  PORTAL_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PORTAL_DEMO: bool.optional(),
  /** Absolute lifetime of a session (and of its token). */
  PORTAL_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(480),
  /** A customer's session ends after this long without a request. */
  PORTAL_IDLE_MINUTES: z.coerce.number().int().min(2).max(10_080).default(60),
  /** A staff session ends after this long without a request. */
  PORTAL_STAFF_IDLE_MINUTES: z.coerce.number().int().min(2).max(10_080).default(30),
  /** Staff and admins must set up a second factor before any other call; customers choose. */
  PORTAL_STAFF_MFA: z.enum(['required', 'optional']).default('required'),
  /**
   * How long a process may answer the session check from what it read (auth/session-cache.ts); the
   * database's change announcements end it sooner. At most a second; 0 reads the session every time.
   */
  PORTAL_SESSION_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(500),
  PORTAL_ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  PORTAL_PUBLIC_URL: url.optional(),
  PORTAL_TITLE: z.string().default('Members Portal (beta)'),
  /** The ISP on invoice and receipt PDFs: its name, its address (lines split by `;`) and a PNG/JPEG logo file. */
  PORTAL_ISP_NAME: z.string().trim().min(1).max(200).optional(),
  PORTAL_ISP_ADDRESS: z.string().max(1000).default(''),
  PORTAL_ISP_LOGO: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies in front of the portal, whose X-Forwarded-For is believed: a hop count (`1`) or
   * their addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`); off by default. Limits count by it.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /** Failed sign-ins from unknown browsers, portal-wide, per 15 minutes before they are all slowed. */
  SIGNIN_FAILURE_BUDGET: z.coerce.number().int().min(10).default(1000),
  /** Password hashes (argon2id) at once in a process; default: the cores less one, at most 3 (auth/password-queue.ts). */
  PORTAL_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Callers that may wait for a password hash before the next is refused with 429; default 32 per hash at once. */
  PORTAL_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  /** PostgreSQL connections per process. */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  MAIL_FROM: email.default('portal@example.net'),
  HELPDESK_EMAIL: email.default('help@example.net'),
  HELPDESK_PHONE: z.string().default('+1 555 0100'),
  ACCOUNTING_EMAIL: email.default('accounting@example.net'),
  /**
   * Days after the first declined auto-billing charge of an invoice on which it is tried again
   * (docs/decisions/054-auto-billing-retries.md): increasing whole days, comma-separated; empty: no retries.
   */
  AUTOBILL_RETRY_DAYS: z
    .string()
    .default('1,3,5,7')
    .transform((v, ctx) => {
      const days = v
        .split(',')
        .map((d) => d.trim())
        .filter((d) => d !== '')
        .map(Number);
      const ok = days.every(
        (d, i) => Number.isInteger(d) && d >= 1 && d <= 60 && (i === 0 || d > (days[i - 1] ?? 0)),
      );
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: 'AUTOBILL_RETRY_DAYS: increasing whole days from 1 to 60, e.g. 1,3,5,7',
        });
        return z.NEVER;
      }
      return days;
    }),
  NOC_EMAIL: email.default('noc@example.net'),
  HOSTMASTER_EMAIL: email.default('hostmaster@example.net'),
  TEMP_EMAIL_DOMAIN: z.string().default('tmp.example.net'),
  /** The domain of the customers' mailboxes (`logname@MAILBOX_DOMAIN`), as the mail servers use it. */
  MAILBOX_DOMAIN: z.string().default('mail.example.net'),
  LIST_ADMIN_HOST: z.string().default('lists.example.net'),
  LINK_ADMIN_DB: url.default('https://admin.example.net/db/'),
  LINK_ADMIN_AUDIT: url.default('https://admin.example.net/audit/'),
  LINK_USER_MGMT: url.default('https://admin.example.net/users/'),
  LINK_NETWORK_REPORTS: url.default('https://admin.example.net/network/'),
  LINK_ANTISPAM: url.default('https://mail.example.net/antispam/'),
  LINK_FORWARDING: url.default('https://mail.example.net/forwarding/'),
  LINK_WIKI: url.default('https://wiki.example.net/'),
  LINK_WIKI_SEARCH: url.default('https://wiki.example.net/search?q='),
  LINK_WEB_BUILDING: url.default('https://wiki.example.net/web-building'),
  LINK_WEB_ACCESS: url.default('https://wiki.example.net/htaccess'),
  LINK_SECURE_MESSAGE: url.default('https://secure.example.net/'),
  LINK_BLOG: url.default('https://blog.example.net/'),
  LINK_CLBT: url.default('https://clbt.example.net/'),
  LINK_ENCRYPT: url.default('https://secure.example.net/encrypt'),
  LINK_NEWSLETTERS: url.default('https://blog.example.net/the-portal/'),
  PORTAL_GATEWAY: z.enum(['sandbox', 'authorize-net']).default('sandbox'),
  AUTHNET_ENDPOINT: url.default('https://api.authorize.net/xml/v1/request.api'),
  AUTHNET_LOGIN_ID: z.string().optional(),
  AUTHNET_TRANSACTION_KEY: z.string().optional(),
  /** Accept.js's Public Client Key (public: it goes to the browser; it cannot charge). */
  AUTHNET_CLIENT_KEY: z.string().optional(),
  /**
   * Whether the API takes a typed-in card number (the spec's literal payload): default `refuse`
   * with authorize-net, `accept` with the sandbox (docs/decisions/019-card-tokens.md).
   */
  PORTAL_CARD_NUMBERS: z.enum(['refuse', 'accept']).optional(),
  PORTAL_REGISTRAR: z.enum(['manual', 'opensrs']).default('manual'),
  OPENSRS_ENDPOINT: url.default('https://rr-n1-tor.opensrs.net:55443/'),
  OPENSRS_USERNAME: z.string().optional(),
  OPENSRS_KEY: z.string().optional(),
  WHOIS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  WHOIS_SERVERS: z.string().optional(),
  PWNED_INDEX: z.string().optional(),
  /** Overrides of the rate limits: `name=account/client/seconds,...` (http/limits.ts, docs/security.md). */
  PORTAL_RATE_LIMITS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseLimits(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Card declines (add-card and payments) an account may have per day; 0 turns the cap off. */
  PORTAL_CARD_DECLINES_PER_DAY: z.coerce.number().int().min(0).max(1000).default(DEFAULT_DECLINES_PER_DAY),
  /** Delay before the in-process hosting agent and registrar apply queued changes (ms). */
  PORTAL_AGENT_DELAY_MS: z.coerce.number().int().min(0).default(20_000),
  PORTAL_AGENT_TOKENS: z.string().optional(),
  /** On SIGTERM a web process answers /readyz 503 and keeps serving this long before it stops listening. */
  /** A worker's /healthz, /readyz and /metrics listener (on HOST); none when unset. */
  PORTAL_WORKER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** A bearer token that may read /metrics from anywhere (loopback without a proxy always may). */
  PORTAL_METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Staff sign in with the ISP's directory over OpenID Connect (docs/decisions/052-staff-directory-sign-in.md):
   * the issuer (its discovery document is at ISSUER/.well-known/openid-configuration), the portal's
   * client there, and the claim and values that make a directory user staff or admin.
   */
  PORTAL_STAFF_OIDC_ISSUER: url.optional(),
  PORTAL_STAFF_OIDC_CLIENT_ID: z.string().optional(),
  PORTAL_STAFF_OIDC_CLIENT_SECRET: z.string().optional(),
  /** The directory's name on the login form: "Sign in with <name>". */
  PORTAL_STAFF_OIDC_NAME: z.string().default('the staff directory'),
  PORTAL_STAFF_OIDC_SCOPES: z.string().default('openid profile email'),
  /** The claim holding the user's groups (a list or a single value); Entra ID: `groups` or `roles`. */
  PORTAL_STAFF_OIDC_CLAIM: z.string().default('groups'),
  PORTAL_STAFF_OIDC_STAFF_VALUE: z.string().default('portal-staff'),
  PORTAL_STAFF_OIDC_ADMIN_VALUE: z.string().default('portal-admins'),
  /** `amr` values that count as a second factor at the directory (PORTAL_STAFF_MFA=required). */
  PORTAL_STAFF_OIDC_MFA_AMR: z.string().default('mfa,otp,hwk,swk,sms,fpt,face'),
  /** `acr` values that count as a second factor at the directory (none by default). */
  PORTAL_STAFF_OIDC_MFA_ACR: z.string().default(''),
  /** How often a directory staff session asks the directory again whether its user is still staff. */
  PORTAL_STAFF_OIDC_RECHECK_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  /** Let the portal talk to an http:// issuer (a directory on loopback in tests): never in production. */
  PORTAL_STAFF_OIDC_INSECURE: bool.optional(),
  /** `off`: staff and admins sign in only with the directory, except PORTAL_STAFF_BREAK_GLASS. */
  PORTAL_STAFF_LOCAL: z.enum(['on', 'off']).default('on'),
  /** The one admin account that keeps its local password when PORTAL_STAFF_LOCAL=off (break-glass). */
  PORTAL_STAFF_BREAK_GLASS: z.string().optional(),
  PORTAL_SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(2000),
  /**
   * The API answers a caller asking for `en-XA` in the pseudo-locale (docs/decisions/118-pseudo-locale.md),
   * for the browser test that finds texts written outside the catalogues; off: `en-XA` gets English.
   */
  PORTAL_PSEUDO_LOCALE: bool.optional(),
});

export type Env = z.infer<typeof Env>;

export interface Config extends Env {
  /** True when the embedded PGlite database is used. */
  embedded: boolean;
  demo: boolean;
  publicUrl: string;
  links: Record<string, string>;
  /** PORTAL_CARD_NUMBERS with its default: `refuse` with authorize-net, `accept` with the sandbox. */
  cardNumbers: 'refuse' | 'accept';
  /** MAIL_DIR with its default: a sibling of DATA_DIR, never inside it (no reset link in the data). */
  mailDir: string;
}

export class ConfigError extends Error {}

/** What the example file (deploy/portal.env.example) holds where a real value must go. */
const PLACEHOLDER = /CHANGE-?ME/i;
const PLACEHOLDER_FIX: Record<string, string> = {
  PORTAL_JWT_SECRET: 'set it to `openssl rand -base64 48`, the same in every process',
  DATABASE_URL: "put the portal role's password in it (URL-encoded)",
};

/**
 * Refusals beyond each variable's own shape, one line each with its fix (also `portal
 * check-config`, lib/config-check.ts): the example file's placeholders, and a public address that
 * is an IP address — passkeys and links need a host name (loopback stays allowed, for a developer).
 */
export function startChecks(env: Record<string, string | undefined>): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (!(key in Env.shape) || value === undefined || !PLACEHOLDER.test(value)) continue;
    lines.push(
      `${key}: still the example's placeholder (CHANGE-ME): ${PLACEHOLDER_FIX[key] ?? 'set the real value'}`,
    );
  }
  const publicUrl = env.PORTAL_PUBLIC_URL;
  if (publicUrl && URL.canParse(publicUrl)) {
    const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
    const loopback = /^127\./.test(host) || host === '::1';
    if (isIP(host) !== 0 && !loopback)
      lines.push(
        `PORTAL_PUBLIC_URL: ${host} is an IP address; passkeys need a host name: use the name customers type (https://portal.example.net)`,
      );
  }
  return lines;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const refused = startChecks(clean);
  if (refused.length > 0)
    throw new ConfigError(`Invalid configuration:\n${refused.map((l) => `  ${l}`).join('\n')}`);
  const e = parsed.data;
  if (e.PORTAL_GATEWAY === 'authorize-net' && !(e.AUTHNET_LOGIN_ID && e.AUTHNET_TRANSACTION_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PORTAL_GATEWAY=authorize-net needs AUTHNET_LOGIN_ID and AUTHNET_TRANSACTION_KEY',
    );
  }
  if (e.PORTAL_REGISTRAR === 'opensrs' && !(e.OPENSRS_USERNAME && e.OPENSRS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PORTAL_REGISTRAR=opensrs needs OPENSRS_USERNAME and OPENSRS_KEY',
    );
  }
  const oidc = [e.PORTAL_STAFF_OIDC_ISSUER, e.PORTAL_STAFF_OIDC_CLIENT_ID, e.PORTAL_STAFF_OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  PORTAL_STAFF_OIDC_ISSUER, PORTAL_STAFF_OIDC_CLIENT_ID and PORTAL_STAFF_OIDC_CLIENT_SECRET go together: set all three or none',
    );
  }
  if (e.PORTAL_STAFF_LOCAL === 'off' && !e.PORTAL_STAFF_OIDC_ISSUER) {
    throw new ConfigError(
      'Invalid configuration:\n  PORTAL_STAFF_LOCAL=off needs PORTAL_STAFF_OIDC_ISSUER: staff would have no way to sign in',
    );
  }
  const embedded = !e.DATABASE_URL;
  const mailDir = e.MAIL_DIR ?? `${e.DATA_DIR.replace(/\/+$/, '')}-mail`;
  const inData = relative(resolve(e.DATA_DIR), resolve(mailDir));
  if (!inData.startsWith('..') && !isAbsolute(inData))
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_DIR: inside DATA_DIR; mail (reset links) must not be kept with the data: choose a directory beside it',
    );
  return {
    mailDir,
    ...e,
    embedded,
    cardNumbers: e.PORTAL_CARD_NUMBERS ?? (e.PORTAL_GATEWAY === 'authorize-net' ? 'refuse' : 'accept'),
    demo: e.PORTAL_DEMO ?? embedded,
    publicUrl: (e.PORTAL_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    links: {
      admin_db: e.LINK_ADMIN_DB,
      admin_audit: e.LINK_ADMIN_AUDIT,
      user_mgmt: e.LINK_USER_MGMT,
      network_reports: e.LINK_NETWORK_REPORTS,
      antispam: e.LINK_ANTISPAM,
      forwarding: e.LINK_FORWARDING,
      wiki: e.LINK_WIKI,
      wiki_search: e.LINK_WIKI_SEARCH,
      web_building: e.LINK_WEB_BUILDING,
      web_access: e.LINK_WEB_ACCESS,
      secure_message: e.LINK_SECURE_MESSAGE,
      blog: e.LINK_BLOG,
      clbt: e.LINK_CLBT,
      encrypt: e.LINK_ENCRYPT,
      newsletters: e.LINK_NEWSLETTERS,
      list_admin_host: e.LIST_ADMIN_HOST,
    },
  };
}
