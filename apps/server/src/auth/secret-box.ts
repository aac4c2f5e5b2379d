import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets the portal must read back (an authenticator's TOTP secret) are kept encrypted at rest:
 * AES-256-GCM under a key derived from the portal's secret (PORTAL_JWT_SECRET or DATA_DIR/jwt-secret),
 * bound to the account they belong to, so a copied row decrypts for no other account
 * (docs/decisions/075-second-factor.md). Values it only needs to recognise (recovery codes) get a
 * keyed hash: a stolen database alone cannot test guesses offline.
 */
export interface SecretBox {
  seal(plain: string, account: string): string;
  /** The plain text, or null when the value was sealed under another key or for another account. */
  open(sealed: string, account: string): string | null;
  /** A keyed hash of `value` for `account` (hex). */
  mac(account: string, value: string): string;
  /** Whether two hashes of mac() are equal, in constant time. */
  same(a: string, b: string): boolean;
}

const VERSION = 'v1';

export function createSecretBox(secret: Uint8Array): SecretBox {
  // Keys of their own: neither is a token-signing key, nor the other.
  const encKey = createHmac('sha256', secret).update('totp-secret-encryption').digest();
  const macKey = createHmac('sha256', secret).update('recovery-code-hash').digest();
  return {
    seal(plain, account) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      cipher.setAAD(Buffer.from(account));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, account) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(account));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
    mac(account, value) {
      return createHmac('sha256', macKey).update(`${account}\n${value}`).digest('hex');
    },
    same(a, b) {
      const x = Buffer.from(a);
      const y = Buffer.from(b);
      return x.length === y.length && timingSafeEqual(x, y);
    },
  };
}
