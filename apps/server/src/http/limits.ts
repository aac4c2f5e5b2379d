/**
 * The rate limits' numbers (docs/security.md has them as a table), apart from the limiter
 * (http/rate-limit.ts) so that the configuration can check PORTAL_RATE_LIMITS without the database.
 */
export interface LimitRule {
  /** Requests per window of one account (0: not counted per account). */
  account: number;
  /** Requests per window from one client address (0: not counted per client). */
  client: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS = {
  /** bcrypt: about 45 ms of the thread pool that sign-in's argon2 uses, per call. */
  bcrypt: { account: 20, client: 40, windowSeconds: 60 },
  /** md5, sha1, base64, the breach check: cheap, but limited so a loop cannot take a core. */
  hash: { account: 120, client: 240, windowSeconds: 60 },
  /** whois: up to 8 s and four network hops to outside servers. */
  whois: { account: 20, client: 40, windowSeconds: 600 },
  /** add-card, update-card: each one a gateway call that checks the card (card testing). */
  card: { account: 10, client: 20, windowSeconds: 3600 },
  /** single-payment, saved-card-payment: a gateway charge each. */
  payment: { account: 20, client: 40, windowSeconds: 3600 },
  /** subscribe-portal: each one may mail an address the caller names. */
  subscribe: { account: 5, client: 10, windowSeconds: 3600 },
  /** sendmessage: mail to the help desk. */
  message: { account: 10, client: 20, windowSeconds: 3600 },
  /**
   * add-recovery-email, addadmin, update-admins: each checks the caller's password, so this bounds
   * password guessing with a stolen session (a wrong password is a 403 and counts like any call).
   */
  grant: { account: 10, client: 30, windowSeconds: 3600 },
  /**
   * passkey-login-options, passkey-register-options: each stores a challenge for five minutes (a
   * sign-in page asks once per visit and once per button press).
   */
  passkey: { account: 30, client: 60, windowSeconds: 60 },
  /** request-accounts: mail to the help desk, work for staff. */
  request: { account: 5, client: 10, windowSeconds: 86_400 },
  /**
   * Every call made with a personal access token, counted per account (all its tokens together)
   * and per client: a script in a loop cannot take the portal from the people using its screens.
   */
  token: { account: 300, client: 600, windowSeconds: 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type Limits = Record<LimitName, LimitRule>;

/** Card declines (gateway refusals of add-card and the payments) per account and day. */
export const DEFAULT_DECLINES_PER_DAY = 5;

/**
 * The limits with PORTAL_RATE_LIMITS applied: `name=account/client/seconds` pairs separated by
 * commas, e.g. `whois=10/20/600,bcrypt=0/0/60` (0 turns that count off).
 */
export function parseLimits(spec: string | undefined): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const part of (spec ?? '').split(',').map((p) => p.trim())) {
    if (!part) continue;
    const m = /^([a-z]+)=(\d+)\/(\d+)\/(\d+)$/.exec(part);
    if (!m) throw new Error(`"${part}" is not name=account/client/seconds`);
    const name = m[1] as LimitName;
    if (!(name in DEFAULT_LIMITS))
      throw new Error(`"${m[1]}" is not a limit (${Object.keys(DEFAULT_LIMITS).join(', ')})`);
    if (Number(m[4]) < 1 || Number(m[4]) > 86_400)
      throw new Error(`${name}: the window must be 1 to 86400 seconds`);
    limits[name] = { account: Number(m[2]), client: Number(m[3]), windowSeconds: Number(m[4]) };
  }
  return limits;
}
