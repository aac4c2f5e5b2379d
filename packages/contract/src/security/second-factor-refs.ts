import type { CallRef } from '../http.ts';

/**
 * What the first screens need of the second factor (the sign-in's code step, the staff setup gate
 * of the shell) without zod: the calls' references. second-factor.ts builds the full calls from
 * them; the texts are in second-factor-messages.ts, out of the login screen's first load (the
 * passkey sign-in reads these references there).
 */

export const SECOND_FACTOR = {
  method: 'GET',
  path: '/api/second-factor/:logname',
  token: true,
} as const satisfies CallRef;
export const MFA_VERIFY = {
  method: 'POST',
  path: '/api/mfa-verify',
  token: false,
} as const satisfies CallRef;
export const MFA_PASSKEY_OPTIONS = {
  method: 'POST',
  path: '/api/mfa-passkey-options',
  token: false,
} as const satisfies CallRef;

/** How long an `mfa_token` lives: the second step must follow the password within this. */
export const MFA_TOKEN_MINUTES = 5;
/** Recovery codes made at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** The authenticator's settings, as authenticator apps expect them. */
export const TOTP = { digits: 6, period: 30, algorithm: 'SHA1' } as const;

/**
 * The ways to finish a sign-in after the password. 'passkey' is listed when the account has a
 * passkey besides its authenticator app (docs/decisions/077-passkey-second-factor.md); a client
 * shows the switches it knows.
 */
export const MFA_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];
