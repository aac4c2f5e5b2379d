import { z } from 'zod';
import { defineCall } from '../http.ts';
import { M } from '../messages.ts';
import { logname, text } from '../rules.ts';
import { LoginData } from '../session/calls.ts';

/**
 * The second factor (issue 18): authenticator codes (TOTP, RFC 6238), recovery codes, the sign-in's
 * code step and the staff policy. Texts first, then the calls (docs/api.md "Second factor").
 */

/** How long an `mfa_token` lives: the second step must follow the password within this. */
export const MFA_TOKEN_MINUTES = 5;
/** Recovery codes made at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** The authenticator's settings, as authenticator apps expect them. */
export const TOTP = { digits: 6, period: 30, algorithm: 'SHA1' } as const;

/**
 * The ways to finish a sign-in after the password. 'passkey' is listed by the server once passkeys
 * can be a second factor (the passkeys work of issue 18); a client shows the switches it knows.
 */
export const MfaMethod = z.enum(['totp', 'recovery_code', 'passkey']);
export type MfaMethod = z.infer<typeof MfaMethod>;

export const SF = {
  mfaRequired: 'Enter the code from your authenticator app',
  wrongCode: 'That code is not right: please try again',
  codeUsed: 'That code was already used: wait for the next one',
  challengeExpired: 'This sign-in has expired: please sign in again',
  codeRequired: 'Please enter the code',
  notSetUp: 'Set up the authenticator first',
  alreadyOn: 'An authenticator is already on: turn it off first to change it',
  notOn: 'No authenticator is on for this account',
  turnedOn: 'The authenticator is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'The authenticator is off',
  codesMade: 'New recovery codes made: the old ones no longer work',
  removed: (logname: string) => `The second factor of ${logname} was removed and its sessions ended`,
  staffOnlyOwn: 'Staff cannot set up a second factor for a customer: the customer does it themselves',
  setupRequired:
    'Staff accounts need a second factor: set up an authenticator app before anything else (Account → Security)',
  noSecondFactor: 'This account has no second factor',
} as const;

/** A code as typed: an authenticator's six digits or a recovery code (spaces and hyphens allowed). */
export const code = text({ error: SF.codeRequired })
  .trim()
  .min(1, { error: SF.codeRequired })
  .max(32, { error: SF.wrongCode });

/** The caller's current panel password, asked for to turn the second factor off or make new codes. */
const currentPassword = text({ error: M.required }).min(1, { error: M.required }).max(1024);

export const SecondFactorState = z.object({
  /** An authenticator app is on. */
  totp: z.boolean(),
  /** When it was turned on (ISO), or null. */
  totp_since: z.string().nullable(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number(),
  /** What the sign-in asks after the password (empty: no second factor). */
  methods: z.array(MfaMethod),
  /** PORTAL_STAFF_MFA=required and this staff account has no second factor yet. */
  setup_required: z.boolean(),
});

/** The account's second factor (the Security screen; staff may read a customer's). */
export const secondFactor = defineCall({
  method: 'GET',
  path: '/api/second-factor/:logname',
  params: z.object({ logname }),
  data: SecondFactorState,
});

/** Starts (or restarts) setting up an authenticator: the secret is shown once, on this answer. */
export const totpSetup = defineCall({
  method: 'POST',
  path: '/api/totp-setup',
  body: z.object({ logname }),
  data: z.object({ secret: z.string(), otpauth_url: z.string() }),
});

/** Turns the authenticator on with its first right code; answers the recovery codes, shown once. */
export const totpConfirm = defineCall({
  method: 'POST',
  path: '/api/totp-confirm',
  body: z.object({ logname, code }),
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

/** Turns the authenticator off (and voids the recovery codes): the password and a current code. */
export const totpDisable = defineCall({
  method: 'POST',
  path: '/api/totp-disable',
  body: z.object({ logname, password: currentPassword, code }),
  data: z.object({ totp: z.literal(false) }),
});

/** Makes the recovery codes anew (the old ones stop working); answers them, shown once. */
export const recoveryCodes = defineCall({
  method: 'POST',
  path: '/api/recovery-codes',
  body: z.object({ logname, password: currentPassword }),
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

/** Staff remove a customer's second factor after checking who is asking; every session ends. */
export const removeSecondFactor = defineCall({
  method: 'POST',
  path: '/api/remove-second-factor',
  body: z.object({ logname }),
  data: z.object({ removed: z.literal(true) }),
});

/**
 * The login's answer when the account has a second factor (200, `status: "mfa_required"`): no
 * token and no session yet. Sent instead of the spec's answer (docs/api.md).
 */
export const MfaRequiredData = z.object({ mfa_token: z.string(), methods: z.array(MfaMethod) });
export const MfaRequiredAnswer = z.object({
  status: z.literal('mfa_required'),
  message: z.string(),
  code: z.literal('mfa_required'),
  data: MfaRequiredData,
});
export type MfaRequiredAnswer = z.infer<typeof MfaRequiredAnswer>;

/** The sign-in's second step: answers exactly what the login would have (and opens the session). */
export const mfaVerify = defineCall({
  method: 'POST',
  path: '/api/mfa-verify',
  token: false,
  body: z.object({ mfa_token: text({ error: SF.challengeExpired }).min(1).max(200), code }),
  data: LoginData,
  top: LoginData,
});
