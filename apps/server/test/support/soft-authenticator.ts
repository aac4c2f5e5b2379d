import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { z } from 'zod';
import type { AuthenticationResponse, RegistrationResponse } from '@portal/contract/security/passkeys';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for the API tests: it answers the portal's options as a
 * platform authenticator would (ES256 key pair, `none` attestation, discoverable credentials,
 * user verified), building authenticatorData, clientDataJSON and the signature byte by byte
 * (WebAuthn Level 3 §6.1, §6.5, §5.8.1), so the server's verification runs for real. Every part a
 * browser or an attacker controls can be bent per call (origin, RP ID, counter, flags, challenge).
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

interface Credential {
  id: Buffer;
  key: KeyObject;
  cosePublicKey: Uint8Array;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface Bend {
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** The RP ID whose hash goes into authenticatorData (default: the options'). */
  rpId?: string;
  /** The challenge signed (default: the options'). */
  challenge?: string;
  /** User verification flag (default true). */
  uv?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** The client's clientDataJSON type (default webauthn.create / webauthn.get). */
  type?: string;
  /** Discoverable credential, as the browser's credProps reports it (default true). */
  rk?: boolean;
  /** The credential id of a new passkey (default: 16 random bytes). */
  id?: Buffer;
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  /** Answers registration options: a new passkey (navigator.credentials.create()). */
  create(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    bend: Bend = {},
  ): z.output<typeof RegistrationResponse> {
    const rpId = bend.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = bend.id ?? randomBytes(16);
    const credential: Credential = {
      id,
      key: privateKey,
      cosePublicKey,
      userHandle: options.user.id,
      rpId,
      counter: bend.counter ?? 0,
    };
    const attested = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none given
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      Buffer.from(cosePublicKey),
    ]);
    const authData = this.authData(rpId, FLAG_AT | this.flags(bend), credential.counter, attested);
    const clientDataJSON = this.clientData(
      bend.type ?? 'webauthn.create',
      bend.challenge ?? options.challenge,
      bend,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: bend.rk ?? true } },
    };
  }

  /**
   * Answers request options with `credential` (default: the first one this authenticator made whose
   * RP ID matches, as a browser offers a discoverable passkey): navigator.credentials.get().
   */
  get(
    options: { challenge: string; rpId?: string },
    bend: Bend & { credential?: Credential } = {},
  ): AuthenticationResponse {
    const rpId = bend.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const credential =
      bend.credential ?? this.credentials.find((c) => c.rpId === rpId) ?? this.credentials[0];
    if (!credential) throw new Error('the authenticator has no passkey');
    credential.counter = bend.counter ?? credential.counter + 1;
    const authData = this.authData(rpId, this.flags(bend), credential.counter);
    const clientDataJSON = this.clientData(
      bend.type ?? 'webauthn.get',
      bend.challenge ?? options.challenge,
      bend,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private flags(bend: Bend): number {
    // A platform passkey: user present, verified (unless bent), backup eligible and backed up.
    return FLAG_UP | (bend.uv === false ? 0 : FLAG_UV) | FLAG_BE | FLAG_BS;
  }

  private authData(rpId: string, flags: number, counter: number, attested = Buffer.alloc(0)): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested]);
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: bend.origin ?? this.origin, crossOrigin: false }),
    );
  }
}
