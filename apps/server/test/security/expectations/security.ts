import { worldPassword } from '../world.ts';
import type { Expectation } from './types.ts';

/**
 * The access matrix's entries of the security centre: the second factor, passkeys,
 * sessions, sign-ins and account activity. Keyed "METHOD path" exactly as registered.
 */
export const securityExpectations: Record<string, Expectation> = {
  // second factor (authenticator codes, recovery codes, the sign-in's code step)
  'GET /api/second-factor/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/totp-setup': {
    access: 'account:own',
    kind: 'account',
    note: 'the account itself only: staff read a second factor, they never set one up',
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'POST /api/totp-confirm': {
    access: 'account:own',
    kind: 'account',
    answers: { 422: "the sample's code is not the authenticator's" },
    sample: (t) => ({ body: { logname: t.account, code: 'abcdef', password: worldPassword(t.account) } }),
  },
  'POST /api/totp-disable': {
    access: 'account:own',
    kind: 'account',
    answers: { 422: 'the accounts of the world have no second factor on' },
    sample: (t) => ({ body: { logname: t.account, password: worldPassword(t.account), code: '000000' } }),
  },
  'POST /api/recovery-codes': {
    access: 'account:own',
    kind: 'account',
    answers: { 422: 'the accounts of the world have no second factor on' },
    sample: (t) => ({ body: { logname: t.account, password: worldPassword(t.account) } }),
  },
  'POST /api/remove-second-factor': {
    access: 'account:staff',
    kind: 'account',
    answers: { 422: 'the accounts of the world have no second factor to remove' },
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'POST /api/mfa-verify': {
    access: 'public',
    kind: 'none',
    answers: { 422: 'an mfa_token is single-use and short-lived: the sample names none that is live' },
    sample: () => ({ body: { mfa_token: 'probe', code: '123456' } }),
  },
  'POST /api/mfa-passkey-options': {
    access: 'public',
    kind: 'none',
    answers: {
      422: 'an mfa_token is single-use and short-lived: the sample names none that is live (passkey-second-factor.test.ts gets real ones)',
    },
    sample: () => ({ body: { mfa_token: 'probe' } }),
  },
  // passkeys: an account's own; staff may list them, never make or change them
  'POST /api/passkey-register-options': {
    access: 'account:own',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'POST /api/passkey-register': {
    access: 'account:own',
    kind: 'account',
    grant: true,
    answers: {
      422: 'the sample answers no challenge the portal gave (passkeys.test.ts registers real passkeys)',
    },
    sample: (t) => ({ body: { logname: t.account, name: 'Matrix probe', response: probeRegistration } }),
  },
  'GET /api/passkeys/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/rename-passkey': {
    access: 'account:own',
    kind: 'object',
    sample: (t) =>
      t.obj.passkey ? { body: { logname: t.account, id: t.obj.passkey, name: 'Matrix probe' } } : null,
  },
  'POST /api/delete-passkey': {
    access: 'account:own',
    kind: 'object',
    deletes: true,
    grant: true,
    sample: (t) => (t.obj.passkey ? { body: { logname: t.account, id: t.obj.passkey } } : null),
  },
  'POST /api/passkey-login-options': { access: 'public', kind: 'none', sample: () => ({ body: {} }) },
  'POST /api/passkey-login': {
    access: 'public',
    kind: 'none',
    answers: {
      401: 'the sample answers no challenge the portal gave (passkeys.test.ts signs in with real ones)',
    },
    sample: () => ({ body: { response: probeAssertion } }),
  },
  // sessions, sign-ins and account activity: the account itself or staff; `self`, so a
  // Secondary only its own and a dashboard admin not its primary's. The end-* calls run last
  // (access-matrix.test.ts): ending sessions ends the matrix's own tokens.
  'GET /api/sessions/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/end-session': {
    access: 'account:self',
    kind: 'object',
    sample: (t) => (t.obj.session ? { body: { logname: t.account, id: t.obj.session } } : null),
    note: 'names a spare session of the account (security/targets.ts); ending an ended one answers 200',
  },
  'POST /api/end-other-sessions': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'GET /api/sign-ins/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'GET /api/account-activity/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
};

/** A well-formed WebAuthn answer to a challenge the portal never gave (the passkey samples). */
const probeClientData = Buffer.from(
  JSON.stringify({ type: 'webauthn.create', challenge: 'matrix-probe', origin: 'http://localhost' }),
).toString('base64url');
const probeRegistration = {
  id: 'bWF0cml4LXByb2Jl',
  rawId: 'bWF0cml4LXByb2Jl',
  type: 'public-key',
  response: { clientDataJSON: probeClientData, attestationObject: 'o2NmbXRkbm9uZQ' },
  clientExtensionResults: {},
};
const probeAssertion = {
  id: 'bWF0cml4LXByb2Jl',
  rawId: 'bWF0cml4LXByb2Jl',
  type: 'public-key',
  response: { clientDataJSON: probeClientData, authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
