import { createHmac } from 'node:crypto';
import { LOG_LINK_TTL_S } from '@portal/contract/hosting/calls';
import { logname } from '@portal/contract/rules';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Caller } from '../../auth/tokens.ts';

/**
 * Signed error-log download links (docs/areas/hosting.md). A browser download cannot send
 * the bearer token, so the link carries who asked (the caller and the session), the
 * account and the vid, for LOG_LINK_TTL_S seconds at most and never past the session's expiry.
 * The route re-checks all of it with the access policy before it streams a byte.
 */

const PURPOSE = 'error-log-download';

export interface LogLink {
  /** The caller who asked for the link, as the access policy sees a bearer token's caller. */
  caller: Caller;
  logname: string;
  vid: number;
}

const Claims = z.object({
  sub: z.string().min(1),
  alt: z.string().min(1),
  role: z.enum(['admin', 'staff', 'customer']),
  sid: z.string().min(1),
  acc: logname,
  vid: z.number().int().positive(),
  exp: z.number(),
});

export interface LogLinks {
  sign(caller: Caller, logname: string, vid: number): Promise<{ token: string; expiresAt: Date }>;
  /** Null for a malformed, tampered, foreign-purpose or expired link. */
  verify(token: string): Promise<LogLink | null>;
}

export function createLogLinks(secret: Uint8Array, now: () => Date): LogLinks {
  // A key of its own, derived from the portal's secret: a link is never a session token, nor the reverse.
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return {
    async sign(caller, account, vid) {
      const iat = Math.floor(now().getTime() / 1000);
      const exp = Math.min(iat + LOG_LINK_TTL_S, caller.exp);
      const token = await new SignJWT({
        alt: caller.altuser,
        role: caller.role,
        sid: caller.sid,
        acc: account,
        vid,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(caller.username)
        .setAudience(PURPOSE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: PURPOSE,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const c = Claims.parse(payload);
        return {
          caller: { username: c.sub, altuser: c.alt, role: c.role, jti: c.sid, sid: c.sid, exp: c.exp },
          logname: c.acc,
          vid: c.vid,
        };
      } catch {
        return null;
      }
    },
  };
}
