import type { CallRef } from '../http.ts';

/**
 * What the sign-in screen needs of the passkey sign-in without zod: the calls' references
 * (passkeys.ts builds the full calls from them). The login form starts the autofill request when it
 * shows, so with the full calls the first screen loaded zod and the contract's rules (27 KB gzip).
 */

export const PASSKEY_LOGIN_OPTIONS = {
  method: 'POST',
  path: '/api/passkey-login-options',
  token: false,
} as const satisfies CallRef;
export const PASSKEY_LOGIN = {
  method: 'POST',
  path: '/api/passkey-login',
  token: false,
} as const satisfies CallRef;
