import { must } from '@portal/contract/must';
import { createHash, randomBytes } from 'node:crypto';
import type { StaffSignInError } from '@portal/contract/staff-sign-in/calls';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type * as Oidc from 'openid-client';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { accounts, staffIdentities, staffSignInHandoffs } from '../db/schema.ts';
import { STAFF_UID_FLOOR, STAFF_UID_TOP } from '../features/account/commands.ts';
import type { SecretBox } from './secret-box.ts';
import { endSessions } from './sessions.ts';

/**
 * Staff sign in with the ISP's directory over OpenID Connect (docs/decisions/052-staff-directory-sign-in.md),
 * with openid-client: the authorization code flow with PKCE, its state, nonce and PKCE verifier
 * kept in a sealed cookie of ten minutes (no server state, so any instance may take the callback),
 * the ID token validated against the directory's keys, the portal's clock and the nonce. The
 * directory's claim (PORTAL_STAFF_OIDC_CLAIM) decides staff or admin on every sign-in and on every
 * re-check (`stillStaff`), which uses the refresh token.
 */

export type DirectoryRole = 'staff' | 'admin';

/** A refused directory sign-in: its code picks the login page's text (STAFF_SIGN_IN_ERROR_TEXT). */
export class DirectoryRefusal extends Error {
  readonly code: StaffSignInError;
  constructor(code: StaffSignInError, detail: string) {
    super(detail);
    this.code = code;
  }
}

/** What the callback's cookie carries between the start and the callback. */
interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  /** Milliseconds, on the portal's clock. */
  expires: number;
}

export const STATE_COOKIE = 'portal_staff_oidc';
export const STATE_COOKIE_PATH = '/api/staff-sign-in/';
const STATE_TTL_MS = 10 * 60_000;
const HANDOFF_TTL_MS = 60_000;
/** The sealed cookie's "account": binds its seal to this use alone. */
const SEAL_FOR = 'staff-sign-in-state';

export interface StaffDirectory {
  readonly name: string;
  readonly issuer: string;
  /** The directory's authorization URL for a new sign-in, and the sealed cookie to set. */
  start(now: Date): Promise<{ url: string; cookie: string }>;
  /** The callback: the directory's answer checked against the cookie; the user's claims. */
  finish(callbackUrl: URL, cookie: string | undefined, now: Date): Promise<DirectoryUser>;
  /** Whether the user behind `refreshToken` is still staff now (and as what); null when not. */
  recheck(refreshToken: string, subject: string, now: Date): Promise<Checked>;
}

export interface DirectoryUser {
  subject: string;
  role: DirectoryRole | null;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The directory's `amr`/`acr` say a second factor was used. */
  mfa: boolean;
  refreshToken: string | null;
}

export interface Checked {
  role: DirectoryRole | null;
  refreshToken: string | null;
}

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The role a directory user's claims give: admin, staff, or none (a customer, or someone else). */
export function roleOf(config: Config, claims: Record<string, unknown>): DirectoryRole | null {
  const raw = claims[config.PORTAL_STAFF_OIDC_CLAIM];
  const values = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  if (values.includes(config.PORTAL_STAFF_OIDC_ADMIN_VALUE)) return 'admin';
  if (values.includes(config.PORTAL_STAFF_OIDC_STAFF_VALUE)) return 'staff';
  return null;
}

/** Whether the directory says a second factor was used (`amr` one of the listed methods, or a listed `acr`). */
export function usedSecondFactor(config: Config, claims: Record<string, unknown>): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.map(String) : [];
  const acr = typeof claims.acr === 'string' ? claims.acr : '';
  const amrs = list(config.PORTAL_STAFF_OIDC_MFA_AMR);
  const acrs = list(config.PORTAL_STAFF_OIDC_MFA_ACR);
  return amr.some((m) => amrs.includes(m)) || (acr !== '' && acrs.includes(acr));
}

/** The directory of PORTAL_STAFF_OIDC_*, or null when it is not set up. */
export function createStaffDirectory(
  config: Config,
  box: SecretBox,
  log: { warn: (o: object, msg: string) => void },
): StaffDirectory | null {
  const issuer = config.PORTAL_STAFF_OIDC_ISSUER;
  const clientId = config.PORTAL_STAFF_OIDC_CLIENT_ID;
  const clientSecret = config.PORTAL_STAFF_OIDC_CLIENT_SECRET;
  if (!issuer || !clientId || !clientSecret) return null;
  const redirectUri = `${config.publicUrl}/api/staff-sign-in/callback`;
  let server: Promise<Oidc.ServerMetadata> | null = null;

  /** The directory's metadata, discovered once per process (again after a failure). */
  const metadata = () => {
    server ??= loadOidc()
      .then((oidc) =>
        oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
          execute: config.PORTAL_STAFF_OIDC_INSECURE ? [oidc.allowInsecureRequests] : [],
        }),
      )
      .then((c) => c.serverMetadata())
      .catch((err) => {
        server = null;
        throw err;
      });
    return server;
  };

  /** A client whose clock is the portal's (tests move it): the ID token's times are checked against it. */
  const client = async (now: Date) => {
    const skew = Math.round((now.getTime() - Date.now()) / 1000);
    const oidc = await loadOidc();
    const c = new oidc.Configuration(await metadata(), clientId, {
      client_secret: clientSecret,
      [oidc.clockSkew]: skew,
    });
    if (config.PORTAL_STAFF_OIDC_INSECURE) oidc.allowInsecureRequests(c);
    return c;
  };

  const claimsOf = (tokens: Oidc.TokenEndpointResponse & Oidc.TokenEndpointResponseHelpers) =>
    (tokens.claims() ?? {}) as Record<string, unknown>;

  return {
    name: config.PORTAL_STAFF_OIDC_NAME,
    issuer,
    async start(now) {
      const c = await client(now).catch((err) => {
        throw new DirectoryRefusal('directory', `discovery failed: ${(err as Error).message}`);
      });
      const oidc = await loadOidc();
      const pending: Pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        expires: now.getTime() + STATE_TTL_MS,
      };
      const url = oidc.buildAuthorizationUrl(c, {
        redirect_uri: redirectUri,
        scope: config.PORTAL_STAFF_OIDC_SCOPES,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, cookie: box.seal(JSON.stringify(pending), SEAL_FOR) };
    },
    async finish(callbackUrl, cookie, now) {
      const opened = cookie ? box.open(cookie, SEAL_FOR) : null;
      const pending = opened ? (JSON.parse(opened) as Pending) : null;
      const state = callbackUrl.searchParams.get('state');
      // Checked here, before the directory is asked anything: a callback this browser did not start.
      if (!pending || pending.expires <= now.getTime() || !state || state !== pending.state)
        throw new DirectoryRefusal('state', 'the state does not match the sign-in this browser started');
      const oidc = await loadOidc();
      let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(await client(now), callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        const code = (err as { code?: string }).code;
        const idToken =
          code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED';
        throw new DirectoryRefusal(idToken ? 'id_token' : 'directory', (err as Error).message);
      }
      const claims = claimsOf(tokens);
      const str = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string) : '');
      return {
        subject: str('sub'),
        role: roleOf(config, claims),
        username: str('preferred_username') || str('email').split('@')[0] || str('sub'),
        email: str('email'),
        firstName: str('given_name'),
        lastName: str('family_name'),
        mfa: usedSecondFactor(config, claims),
        refreshToken: tokens.refresh_token ?? null,
      };
    },
    async recheck(refreshToken, subject, now) {
      const c = await client(now);
      const oidc = await loadOidc();
      let tokens: Awaited<ReturnType<typeof Oidc.refreshTokenGrant>>;
      try {
        tokens = await oidc.refreshTokenGrant(c, refreshToken);
      } catch (err) {
        // The directory's own answer (the user disabled, the grant revoked) ends the staff session;
        // anything else (the directory unreachable) is thrown, and asked again at the next request.
        if (err instanceof oidc.ResponseBodyError) {
          log.warn({ err: err.error }, 'staff directory refused the refresh token');
          return { role: null, refreshToken: null };
        }
        throw err;
      }
      let claims = (tokens.claims() ?? null) as Record<string, unknown> | null;
      if (!claims || !(config.PORTAL_STAFF_OIDC_CLAIM in claims))
        claims = (await oidc.fetchUserInfo(c, tokens.access_token, subject)) as Record<string, unknown>;
      return { role: roleOf(config, claims), refreshToken: tokens.refresh_token ?? refreshToken };
    },
  };
}

/**
 * openid-client is loaded with the first staff sign-in through the directory, not at every start
 * (docs/performance.md, "Start-up under a second").
 */
let oidcModule: Promise<typeof Oidc> | undefined;
const loadOidc = () => {
  oidcModule ??= import('openid-client');
  return oidcModule;
};

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A logname the contract accepts, made from the directory's user name. */
function lognameFrom(username: string): string {
  const cleaned = username
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 32);
  return cleaned || 'staff';
}

/**
 * The portal account of a directory user who is staff: made on the first sign-in (a staff uid,
 * docs/decisions/041-staff-uids.md; no local password), its role and names brought in line with
 * the directory on every sign-in. A role change ends the account's other sessions (the token
 * carries the role). An account of that name that is not this user's is never taken over.
 */
export async function linkStaffAccount(
  db: Db,
  box: SecretBox,
  issuer: string,
  user: DirectoryUser & { role: DirectoryRole },
  now: Date,
): Promise<typeof accounts.$inferSelect> {
  const sealed = (account: string) => (user.refreshToken ? box.seal(user.refreshToken, account) : null);
  const [known] = await db
    .select()
    .from(staffIdentities)
    .where(and(eq(staffIdentities.issuer, issuer), eq(staffIdentities.subject, user.subject)))
    .limit(1);
  let logname = known?.account;
  if (!logname) {
    logname = lognameFrom(user.username);
    const [taken] = await db
      .select({ logname: accounts.logname })
      .from(accounts)
      .where(eq(accounts.logname, logname))
      .limit(1);
    if (taken)
      throw new DirectoryRefusal('taken', `${logname} is a portal account not linked to the directory`);
    const [lowest] = await db
      .select({ next: sql<number>`coalesce(min(${accounts.uid}) - 1, ${STAFF_UID_TOP})` })
      .from(accounts)
      .where(sql`${accounts.uid} >= ${STAFF_UID_FLOOR}`);
    await db.insert(accounts).values({
      logname,
      uid: Number(must(lowest, 'the next staff uid').next),
      role: user.role,
      billEmail: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    });
    await db.insert(staffIdentities).values({
      issuer,
      subject: user.subject,
      account: logname,
      refreshToken: sealed(logname),
      checkedAt: now,
      createdAt: now,
    });
  } else {
    await db
      .update(staffIdentities)
      .set({ refreshToken: sealed(logname), checkedAt: now, removedAt: null })
      .where(and(eq(staffIdentities.issuer, issuer), eq(staffIdentities.subject, user.subject)));
    const [before] = await db
      .select({ role: accounts.role })
      .from(accounts)
      .where(eq(accounts.logname, logname));
    await db
      .update(accounts)
      .set({ role: user.role, billEmail: user.email, firstName: user.firstName, lastName: user.lastName })
      .where(eq(accounts.logname, logname));
    if (before && before.role !== user.role) await endSessions(db, logname, now);
  }
  const [row] = await db.select().from(accounts).where(eq(accounts.logname, logname)).limit(1);
  if (!row) throw new DirectoryRefusal('directory', 'the account went while it was linked');
  return row;
}

/** The directory says this user is not staff (at sign-in or a re-check): their sessions end now. */
export async function directoryRemoved(db: Db, issuer: string, subject: string, now: Date): Promise<void> {
  const [row] = await db
    .update(staffIdentities)
    .set({ removedAt: now, refreshToken: null })
    .where(and(eq(staffIdentities.issuer, issuer), eq(staffIdentities.subject, subject)))
    .returning({ account: staffIdentities.account });
  if (row) await endSessions(db, row.account, now);
}

/** A one-time hand-off of the callback to the login page, good for a minute. */
export async function makeHandoff(
  db: Db,
  h: { account: string; epoch: number; mfa: boolean },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(staffSignInHandoffs)
    .where(or(lt(staffSignInHandoffs.expiresAt, now), eq(staffSignInHandoffs.account, h.account)));
  await db.insert(staffSignInHandoffs).values({
    tokenHash: hash(token),
    account: h.account,
    epoch: h.epoch,
    mfa: h.mfa,
    expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
  });
  return token;
}

/** Uses up a hand-off: its account and whether the directory did the second factor, or null. */
export async function useHandoff(db: Db, token: string, now: Date) {
  const [row] = await db
    .update(staffSignInHandoffs)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffSignInHandoffs.tokenHash, hash(token)),
        isNull(staffSignInHandoffs.usedAt),
        gt(staffSignInHandoffs.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The re-check of a directory staff member's sessions (the session check calls it for staff): at
 * most every PORTAL_STAFF_OIDC_RECHECK_SECONDS per account, the refresh token asks the directory
 * whether the user is still staff, and as what. False ends every session of the account: the
 * user left the group, or was disabled, or changed between staff and admin (a new sign-in gives
 * the new role). Remembered per process, so most requests cost nothing.
 */
export function createRecheck(
  directory: StaffDirectory,
  db: Db,
  box: SecretBox,
  intervalSeconds: number,
): (account: string, now: Date) => Promise<boolean> {
  const nextAt = new Map<string, number>();
  const interval = intervalSeconds * 1000;
  return async (account, now) => {
    if ((nextAt.get(account) ?? 0) > now.getTime()) return true;
    const [identity] = await db
      .select()
      .from(staffIdentities)
      .where(and(eq(staffIdentities.account, account), eq(staffIdentities.issuer, directory.issuer)))
      .limit(1);
    // A local staff account: nothing to ask.
    if (!identity) {
      nextAt.set(account, now.getTime() + interval);
      return true;
    }
    if (identity.removedAt) return false;
    const due = identity.checkedAt.getTime() + interval;
    if (due > now.getTime()) {
      nextAt.set(account, due);
      return true;
    }
    const refresh = identity.refreshToken ? box.open(identity.refreshToken, account) : null;
    const [row] = await db
      .select({ role: accounts.role })
      .from(accounts)
      .where(eq(accounts.logname, account));
    let checked: Checked | null = null;
    if (refresh)
      try {
        checked = await directory.recheck(refresh, identity.subject, now);
      } catch {
        // The directory could not be asked (down, unreachable): the session goes on, and the
        // question is asked again in a minute, not at every request.
        nextAt.set(account, now.getTime() + 60_000);
        return true;
      }
    if (!checked?.role || checked.role !== row?.role) {
      nextAt.delete(account);
      await directoryRemoved(db, directory.issuer, identity.subject, now);
      return false;
    }
    await db
      .update(staffIdentities)
      .set({
        checkedAt: now,
        refreshToken: checked.refreshToken ? box.seal(checked.refreshToken, account) : null,
      })
      .where(and(eq(staffIdentities.issuer, identity.issuer), eq(staffIdentities.subject, identity.subject)));
    nextAt.set(account, now.getTime() + interval);
    return true;
  };
}
