import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import type { TokenRole } from '@portal/contract/constants';
import type { AccountRef } from './account-ref.ts';

/** The signed-in identity carried by the bearer token. */
export interface Caller {
  username: string;
  /** The primary account of a Secondary; the account itself otherwise. */
  altuser: string;
  role: TokenRole;
  jti: string;
  /** The server-side session the token names (auth/sessions.ts). */
  sid: string;
  exp: number;
  /** The caller's own account, read with the session check (http/route.ts); the policy reuses it. */
  self?: AccountRef;
  /** Set when the caller is a personal access token rather than a session (auth/api-tokens.ts). */
  token?: ApiTokenUse;
}

/** The personal access token a request was made with: what it may do, and its name for the audit log. */
export interface ApiTokenUse {
  id: string;
  name: string;
  scope: 'read' | 'full';
}

export interface TokenService {
  /** A token for a session; it expires with the session's absolute lifetime (`exp`, seconds). */
  sign(claims: Pick<Caller, 'username' | 'altuser' | 'role' | 'sid' | 'exp'>): Promise<string>;
  /** Returns null for any malformed, wrongly signed or expired token. */
  verify(token: string): Promise<Caller | null>;
}

/** The signing secret: PORTAL_JWT_SECRET, else one generated once and kept in DATA_DIR. */
export function resolveSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Tokens whose signature has been checked, kept per process (the most recent first to stay). */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: Uint8Array, now: () => Date): TokenService {
  const issuer = 'members-portal';
  // A KeyObject, not the bytes: jose imports raw bytes into a WebCrypto key at every call, a
  // KeyObject once (it keeps the imported key per KeyObject).
  const key = createSecretKey(secret);
  // A token's signature is checked once: the same string is always as good, so its claims are kept
  // (bounded) and each later use only checks its expiry. HMAC through WebCrypto is a job of its own
  // per call, the largest cost of a request after the database. Whether the session still lives is
  // decided after this, by the session check, every time.
  const verified = new Map<string, Omit<Caller, 'self'>>();
  const remember = (token: string, claims: Omit<Caller, 'self'>) => {
    if (verified.size >= VERIFIED_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, claims);
  };
  return {
    async sign(claims) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({
        username: claims.username,
        altuser: claims.altuser,
        role: claims.role,
        sid: claims.sid,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(randomUUID())
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(claims.exp)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose's own rule: expired once `exp` is not after the current second.
        if (known.exp > Math.floor(now().getTime() / 1000)) return { ...known };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const { username, altuser, role, jti, sid, exp } = payload as Record<string, unknown>;
        if (typeof username !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
        // A token without a session (made before sessions existed) is not accepted.
        if (typeof sid !== 'string' || !sid) return null;
        if (role !== 'admin' && role !== 'staff' && role !== 'customer') return null;
        const claims: Omit<Caller, 'self'> = {
          username,
          altuser: typeof altuser === 'string' ? altuser : username,
          role,
          jti,
          sid,
          exp,
        };
        remember(token, claims);
        return { ...claims };
      } catch {
        return null;
      }
    },
  };
}
