import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP as SETTINGS } from '@portal/contract/security/second-factor';
import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator codes (TOTP, RFC 6238) with the settings every authenticator app reads from an
 * otpauth:// link: SHA-1, six digits, 30-second steps. The arithmetic is the otpauth library's.
 */

/** A new secret: 160 random bits (RFC 4226 §4), in base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, account: string, issuer: string) =>
  new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: SETTINGS.algorithm,
    digits: SETTINGS.digits,
    period: SETTINGS.period,
  });

/** The otpauth://totp/… link an app scans (the QR code carries it). */
export const otpauthUrl = (secret: string, account: string, issuer: string): string =>
  totpOf(secret, account, issuer).toString();

/** An authenticator's code as typed: six digits (spaces allowed, as apps show "123 456"). */
export const totpShape = (code: string): string | null => {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * The time step a right code belongs to, or null. One step either side is accepted (RFC 6238 §5.2:
 * a phone's clock a little off, a code typed as it changes); the caller refuses steps already used.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: SETTINGS.algorithm,
    digits: SETTINGS.digits,
    period: SETTINGS.period,
    timestamp,
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: SETTINGS.period, timestamp }) + delta;
}

/** Letters and digits nobody confuses when copying by hand (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes of ten characters (about 49 bits each), written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  const one = () => {
    let s = '';
    for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  };
  return Array.from({ length: RECOVERY_CODE_COUNT }, one);
}

/** A recovery code as compared: lower case, without the spaces and hyphens people type. */
export const normalRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');
