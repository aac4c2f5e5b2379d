import { z } from 'zod';
import { defineCall } from '../http.ts';
import { commonText } from '../messages.ts';
import { logname, text } from '../rules.ts';
import { LoginData } from '../session/calls.ts';
import { AuthenticationResponse, RequestOptions } from './passkeys.ts';
import { MFA_METHODS, MFA_PASSKEY_OPTIONS, MFA_VERIFY, SECOND_FACTOR } from './second-factor-refs.ts';
import { secondFactorText } from './second-factor-messages.ts';

export { MFA_TOKEN_MINUTES, RECOVERY_CODE_COUNT, TOTP } from './second-factor-refs.ts';
export { secondFactorText } from './second-factor-messages.ts';

/**
 * The second factor: authenticator codes (TOTP, RFC 6238), recovery codes, the sign-in's
 * code step and the staff policy. Texts first, then the calls (docs/api.md "Second factor").
 */

/** The ways to finish a sign-in after the password (MFA_METHODS). */
export const MfaMethod = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof MfaMethod>;

/** A code as typed: an authenticator's six digits or a recovery code (spaces and hyphens allowed). */
export const code = text({ error: secondFactorText.codeRequired })
  .trim()
  .min(1, { error: secondFactorText.codeRequired })
  .max(32, { error: secondFactorText.wrongCode });

/** The caller's current panel password, asked for to turn the second factor on or off or make new codes. */
const currentPassword = text({ error: commonText.required }).min(1, { error: commonText.required }).max(1024);

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
  ...SECOND_FACTOR,
  params: z.object({ logname }),
  data: SecondFactorState,
});

/** Starts (or restarts) setting up an authenticator: the secret is shown once, on this answer. */
export const totpSetup = defineCall({
  method: 'POST',
  path: '/api/totp-setup',
  body: z.object({ logname }),
  secret: true,
  data: z.object({ secret: z.string(), otpauth_url: z.string() }),
});

/**
 * Turns the authenticator on with its first right code; answers the recovery codes, shown once. A
 * lasting grant: the caller's current password confirms it, so a stolen session cannot lock the
 * owner out.
 */
export const totpConfirm = defineCall({
  method: 'POST',
  path: '/api/totp-confirm',
  body: z.object({ logname, code, password: currentPassword }),
  secret: true,
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
  secret: true,
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

const mfaToken = text({ error: secondFactorText.challengeExpired }).min(1).max(200);

/**
 * The sign-in's second step: an authenticator or recovery `code`, or a `passkey` (the browser's
 * answer to mfa-passkey-options) — exactly one. Answers exactly what the login would have (and
 * opens the session).
 */
export const mfaVerify = defineCall({
  ...MFA_VERIFY,
  body: z
    .object({ mfa_token: mfaToken, code: code.optional(), passkey: AuthenticationResponse.optional() })
    .superRefine((b, ctx) => {
      if (b.code === undefined && b.passkey === undefined)
        ctx.addIssue({ code: 'custom', path: ['code'], message: secondFactorText.codeRequired });
      if (b.code !== undefined && b.passkey !== undefined)
        ctx.addIssue({ code: 'custom', path: ['passkey'], message: secondFactorText.codeOrPasskey });
    }),
  data: LoginData,
  top: LoginData,
});

/**
 * WebAuthn request options for the second step with a passkey: only the passkeys of the account
 * whose password was right, with a single-use challenge bound to that account.
 */
export const mfaPasskeyOptions = defineCall({
  ...MFA_PASSKEY_OPTIONS,
  body: z.object({ mfa_token: mfaToken }),
  data: RequestOptions,
});
