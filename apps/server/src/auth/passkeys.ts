import { randomBytes } from 'node:crypto';
import type { AuthenticationResponse } from '@portal/contract/security/passkeys';
import { passkeyText } from '@portal/contract/security/passkey-messages';
import type { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { passkeys, webauthnChallenges } from '../db/schema.ts';

/**
 * @simplewebauthn/server is loaded with the first passkey call, not at every start
 * (docs/performance.md, "Start-up under a second").
 */
let webauthnModules:
  | Promise<[typeof import('@simplewebauthn/server'), typeof import('@simplewebauthn/server/helpers')]>
  | undefined;
const webauthn = () => {
  webauthnModules ??= Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return webauthnModules;
};
import { AppError, refused } from '../lib/errors.ts';

/**
 * Passkeys (WebAuthn; docs/decisions/076-passkeys.md), on @simplewebauthn/server.
 *
 * Every ceremony starts with a challenge stored in PostgreSQL (`webauthn_challenges`), so the
 * options may come from one process and the answer go to another. The answer names its challenge
 * inside the signed clientDataJSON; the challenge is taken (deleted) before anything else is
 * checked, so it is used once whether the answer verifies or not, and it lives five minutes.
 */

/** Who the passkeys belong to: the portal's public address (PORTAL_PUBLIC_URL). */
export interface RelyingParty {
  /** The RP ID: the public address's host name. A passkey works on this name only. */
  id: string;
  /** The origin the browser must report (scheme, host and port of the public address). */
  origin: string;
  /** The name an authenticator shows next to the account. */
  name: string;
}

export function relyingParty(config: Pick<Config, 'publicUrl' | 'PORTAL_TITLE'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.PORTAL_TITLE };
}

/** How long the browser has to answer options, and how long their challenge is kept. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** `second-factor`: an assertion after the password, bound to the account that gave it. */
export type ChallengePurpose = 'register' | 'login' | 'second-factor';

/** Transports WebAuthn names today; anything else a browser sends is dropped, not stored. */
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type Transport = (typeof TRANSPORTS)[number];
export const knownTransports = (list: readonly string[] | undefined): Transport[] =>
  (list ?? []).filter((t): t is Transport => (TRANSPORTS as readonly string[]).includes(t));

async function issueChallenge(
  db: Db,
  purpose: ChallengePurpose,
  account: string | null,
  now: Date,
  userHandle: string | null = null,
): Promise<string> {
  // Stale challenges go as new ones come: the table holds only the last five minutes' ceremonies.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const challenge = randomBytes(32).toString('base64url');
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    account,
    userHandle,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return challenge;
}

/**
 * Takes the challenge the browser signed: deletes it and returns it when it was issued for this
 * purpose (and account) and is still live; null for an unknown, used, expired or foreign one.
 */
async function takeChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  account: string | null,
  now: Date,
): Promise<{ challenge: string; userHandle: string | null } | null> {
  const [, { decodeClientDataJSON }] = await webauthn();
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || !challenge) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        account ? eq(webauthnChallenges.account, account) : isNull(webauthnChallenges.account),
      ),
    )
    .returning({ expiresAt: webauthnChallenges.expiresAt, userHandle: webauthnChallenges.userHandle });
  if (!row || row.expiresAt <= now) return null;
  return { challenge, userHandle: row.userHandle };
}

// ---------------------------------------------------------------- registration

/**
 * Options to make a passkey for `account`: a discoverable credential (it can sign in with no name
 * typed), user verification required (a PIN or biometric: the passkey alone is two factors), no
 * attestation asked (the portal does not restrict authenticator makes), the account's passkeys
 * excluded (an authenticator is registered once).
 */
export async function registrationOptions(db: Db, rp: RelyingParty, account: string, now: Date) {
  const own = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports, handle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.owner, account));
  // One random handle per account, never the logname: an authenticator may show or leak it.
  const handle = own[0]?.handle ?? randomBytes(32).toString('base64url');
  const challenge = await issueChallenge(db, 'register', account, now, handle);
  const [{ generateRegistrationOptions }, { isoBase64URL }] = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account,
    userDisplayName: account,
    userID: isoBase64URL.toBuffer(handle),
    // As bytes: a string would be taken as UTF-8 text and encoded once more.
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: own.map((c) => ({ id: c.id, transports: knownTransports(c.transports) })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    extensions: { credProps: true },
  });
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  userHandle: string;
  transports: Transport[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

/**
 * Verifies the browser's answer to registration options issued for `account`; refuses (422) an
 * expired, used or foreign challenge, and an answer that does not verify (wrong origin or RP ID,
 * no user verification, a credential that is not discoverable).
 */
export async function verifyPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  account: string,
  response: Parameters<typeof verifyRegistrationResponse>[0]['response'],
  now: Date,
): Promise<NewPasskey> {
  const taken = await takeChallenge(db, response.response.clientDataJSON, 'register', account, now);
  if (!taken?.userHandle) throw refused(passkeyText.expired);
  const [{ verifyRegistrationResponse }, { isoBase64URL }] = await webauthn();
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw refused(passkeyText.rejected);
  }
  if (!result.verified) throw refused(passkeyText.rejected);
  // The browser says whether the authenticator kept the passkey (credProps); one that did not
  // could not sign in without a name typed, which is what a passkey is for.
  if (response.clientExtensionResults?.credProps?.rk === false) throw refused(passkeyText.rejected);
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    userHandle: taken.userHandle,
    transports: knownTransports(response.response.transports),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

// ---------------------------------------------------------------- assertions (sign-in)

/**
 * Options for an assertion. With no account: a passkey sign-in, any discoverable passkey of this
 * portal (the browser offers them, in its autofill too). With `account`: the second factor after
 * that account's password, limited to its passkeys (the challenge is bound to the account).
 */
export async function passkeyAssertionOptions(
  db: Db,
  rp: RelyingParty,
  opts: { now: Date; account?: string },
) {
  const account = opts.account ?? null;
  const own = account
    ? await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.owner, account))
    : [];
  const challenge = await issueChallenge(db, account ? 'second-factor' : 'login', account, opts.now);
  const [{ generateAuthenticationOptions }, { isoBase64URL }] = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials: own.map((c) => ({ id: c.id, transports: knownTransports(c.transports) })),
  });
}

/** The account a credential id belongs to (to count a sign-in attempt against it), if any. */
export async function passkeyOwner(db: Db, credentialId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ owner: passkeys.owner })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row?.owner;
}

export interface VerifiedPasskey {
  /** The account the passkey belongs to. */
  account: string;
  /** passkeys.id */
  passkeyId: number;
}

const notAccepted = () => new AppError('bad_credentials', passkeyText.notAccepted);

/**
 * Verifies an assertion (navigator.credentials.get()'s answer) made for options of
 * passkeyAssertionOptions(): takes its challenge (once; `second-factor` and bound to
 * `opts.account` when given, else `login`), finds the passkey by its credential id (and, with
 * `opts.account`, only among that account's), checks origin, RP ID, user verification, the user
 * handle and the signature, refuses a signature counter that did not grow (a cloned
 * authenticator), and records the use. Every refusal is `bad_credentials` (401): the caller counts
 * it against the sign-in limits like a wrong password; a challenge unknown, expired or used already
 * carries the envelope code `passkey_expired`, so the caller can tell it apart without its text.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponse,
  opts: { now: Date; account?: string; log?: { warn(obj: object, msg: string): void } },
): Promise<VerifiedPasskey> {
  const account = opts.account ?? null;
  const purpose = account ? 'second-factor' : 'login';
  const taken = await takeChallenge(db, response.response.clientDataJSON, purpose, account, opts.now);
  if (!taken) throw new AppError('bad_credentials', passkeyText.expired, undefined, 'passkey_expired');
  const [key] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), ...(account ? [eq(passkeys.owner, account)] : [])))
    .limit(1);
  if (!key) throw notAccepted();
  // A discoverable passkey answers with the handle it was made for: it must be this account's.
  if (response.response.userHandle !== undefined && response.response.userHandle !== key.userHandle)
    throw notAccepted();
  const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await webauthn();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: knownTransports(key.transports),
      },
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    // The one refusal worth an operator's eye: two authenticators answer for one passkey.
    if (/counter/i.test(message))
      opts.log?.warn({ passkey: key.id, owner: key.owner }, 'passkey: signature counter did not grow');
    throw notAccepted();
  }
  if (!result.verified) throw notAccepted();
  const info = result.authenticationInfo;
  await db
    .update(passkeys)
    .set({
      counter: info.newCounter,
      lastUsed: opts.now,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    })
    .where(eq(passkeys.id, key.id));
  return { account: key.owner, passkeyId: key.id };
}
