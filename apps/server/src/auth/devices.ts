import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * The owner's known browsers (docs/decisions/017-sessions.md). A browser that signed in to an
 * account (or reset its password by mail) gets a cookie naming a random device id and the accounts
 * it proved, signed with a key derived from the portal's secret: it cannot be forged or moved to
 * another account. The sign-in limits count such a browser on its own, so strangers failing against
 * the account from elsewhere never lock it out.
 */

export const DEVICE_COOKIE = 'portal_device';
/** A year: the owner's browser stays known between visits. */
export const DEVICE_TTL_S = 365 * 24 * 3600;
/** Accounts remembered per browser, most recent first (a family's shared computer). */
const MAX_ACCOUNTS = 5;
const PURPOSE = 'known-device';

const Claims = z.object({ dev: z.string().min(16), acc: z.array(z.string()).max(MAX_ACCOUNTS) });

export interface Device {
  id: string;
  accounts: string[];
}

export interface Devices {
  /** The device a cookie names, or null for none, a forged or an expired one. */
  read(cookie: string | undefined): Promise<Device | null>;
  /** The cookie value after `account` proved itself on `device` (a new device when null). */
  remember(device: Device | null, account: string): Promise<string>;
}

export function createDevices(secret: Uint8Array, now: () => Date): Devices {
  // A key of its own: a device cookie is never a session token, nor the reverse.
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return {
    async read(cookie) {
      if (!cookie) return null;
      try {
        const { payload } = await jwtVerify(cookie, key, {
          audience: PURPOSE,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const c = Claims.parse(payload);
        return { id: c.dev, accounts: c.acc };
      } catch {
        return null;
      }
    },
    async remember(device, account) {
      const id = device?.id ?? randomBytes(16).toString('base64url');
      const accounts = [account, ...(device?.accounts ?? []).filter((a) => a !== account)].slice(
        0,
        MAX_ACCOUNTS,
      );
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ dev: id, acc: accounts })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(PURPOSE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + DEVICE_TTL_S)
        .sign(key);
    },
  };
}
