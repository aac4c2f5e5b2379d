import { z } from 'zod';
import { LoginData } from '../session/calls.ts';
import { defineCall } from '../http.ts';
import { commonText } from '../messages.ts';
import { grantPassword, idNumber, logname, required, typeError } from '../rules.ts';
import { passkeyText } from './passkey-messages.ts';
import { PASSKEY_LOGIN, PASSKEY_LOGIN_OPTIONS } from './passkey-refs.ts';

/**
 * Passkeys (WebAuthn): register, list, rename and remove an account's passkeys, and
 * sign in with one alone. The options and responses are the JSON forms of the Web Authentication
 * API (W3C WebAuthn Level 3 §5.1.8–§5.1.11), as @simplewebauthn/browser sends and reads them.
 */

/** At most this many passkeys per account: enough for every device a family uses. */
export const MAX_PASSKEYS = 20;
export const PASSKEY_NAME_MAX = 64;

/** Base64url without padding: every binary field of a WebAuthn JSON response. */
const base64url = (max: number) =>
  z
    .string({ error: typeError(commonText.required) })
    .max(max, { error: passkeyText.invalidResponse })
    .regex(/^[A-Za-z0-9_-]*$/, { error: passkeyText.invalidResponse });

/** A transport the authenticator names (`usb`, `internal`, `hybrid`, …); unknown ones are dropped. */
const transport = z.string().regex(/^[a-z-]{1,20}$/, { error: passkeyText.invalidResponse });
const attachment = z.enum(['platform', 'cross-platform']).optional();
const extensionResults = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

/** The browser's answer to navigator.credentials.create() (RegistrationResponseJSON). */
export const RegistrationResponse = z.object({
  id: base64url(1400).min(1, { error: passkeyText.invalidResponse }),
  rawId: base64url(1400).min(1, { error: passkeyText.invalidResponse }),
  type: z.literal('public-key', { error: passkeyText.invalidResponse }),
  response: z.object({
    clientDataJSON: base64url(8_000),
    attestationObject: base64url(64_000),
    authenticatorData: base64url(64_000).optional(),
    transports: z.array(transport).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8_000).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults.default({}),
});

/** The browser's answer to navigator.credentials.get() (AuthenticationResponseJSON). */
export const AuthenticationResponse = z.object({
  id: base64url(1400).min(1, { error: passkeyText.invalidResponse }),
  rawId: base64url(1400).min(1, { error: passkeyText.invalidResponse }),
  type: z.literal('public-key', { error: passkeyText.invalidResponse }),
  response: z.object({
    clientDataJSON: base64url(8_000),
    authenticatorData: base64url(64_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults.default({}),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponse>;

const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const CredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(Transport).optional(),
});
const UserVerification = z.enum(['required', 'preferred', 'discouraged']);

/** What the browser passes to navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON). */
export const CreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(CredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: attachment,
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: UserVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});

/** What the browser passes to navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON). */
export const RequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptor).optional(),
  userVerification: UserVerification.optional(),
  hints: z.array(z.string()).optional(),
});

/** One passkey as the Security screen lists it. */
export const Passkey = z.object({
  id: z.number(),
  name: z.string(),
  created: z.string(),
  /** When it last signed in; null before its first use. */
  last_used: z.string().nullable(),
  /** `multiDevice`: a synced passkey (e.g. in a password manager); `singleDevice`: bound to one authenticator. */
  device_type: z.enum(['singleDevice', 'multiDevice']),
  /** The passkey is backed up (synced), so losing the device does not lose it. */
  backed_up: z.boolean(),
  transports: z.array(Transport),
});
export type Passkey = z.infer<typeof Passkey>;

const passkeyName = required().max(PASSKEY_NAME_MAX, { error: passkeyText.nameMax });

export const passkeyRegisterOptions = defineCall({
  method: 'POST',
  path: '/api/passkey-register-options',
  body: z.object({ logname }),
  data: CreationOptions,
});

export const passkeyRegister = defineCall({
  method: 'POST',
  path: '/api/passkey-register',
  body: z.object({
    logname,
    name: passkeyName,
    response: RegistrationResponse,
    /** A passkey is a lasting way in: the account's current panel password confirms it. */
    password: grantPassword,
  }),
  data: Passkey,
});

export const passkeys = defineCall({
  method: 'GET',
  path: '/api/passkeys/:logname',
  params: z.object({ logname }),
  data: z.object({ passkeys: z.array(Passkey) }),
});

export const renamePasskey = defineCall({
  method: 'POST',
  path: '/api/rename-passkey',
  body: z.object({ logname, id: idNumber, name: passkeyName }),
  data: Passkey,
});

export const deletePasskey = defineCall({
  method: 'POST',
  path: '/api/delete-passkey',
  body: z.object({ logname, id: idNumber, password: grantPassword }),
  data: z.object({ id: z.number() }),
});

export const passkeyLoginOptions = defineCall({
  ...PASSKEY_LOGIN_OPTIONS,
  body: z.object({}),
  data: RequestOptions,
});

/** Sign-in with a passkey alone: the answer is the login's (`/api/miglogin`). */
export const passkeyLogin = defineCall({
  ...PASSKEY_LOGIN,
  body: z.object({ response: AuthenticationResponse }),
  data: LoginData,
  top: LoginData,
});
