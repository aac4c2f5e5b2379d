import { FAILURE_CODES, type FailureCode } from '@portal/contract/http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { factories, makeCast } from '../../test/support/factories.ts';
import { build, type Res, type TestApp } from '../../test/support/helper.ts';
import { passwordQueue } from '../auth/password-queue.ts';
import { claim, fingerprintOf } from './idempotency.ts';
import { payment as cardPayment, newCard } from '../../test/support/card-bodies.ts';

/**
 * Every failure envelope carries a machine-readable `code` (contract FAILURE_CODES), with the HTTP
 * status the contract gives it. One failure of each kind, provoked through HTTP; the list must name
 * every code of the contract, so a code cannot be added without a request that shows it.
 */

const PASSWORD = 'error-codes-pass';
let t: TestApp;
/** Bob's own domain, where a catch-all alias is refused. */
let bobsDomain: string;
beforeAll(async () => {
  t = await build({ demo: false });
  const cast = await makeCast(t, PASSWORD);
  bobsDomain = (await factories(t).makeDomain({ owner: cast.bob })).domain;
  // Signed in once each: `t.as(name)` and `t.token(name)` reuse these tokens (staff signs in
  // under the policy its failure needs, below).
  for (const name of ['alice', 'bob', 'carol', 'dave']) await t.token(name, PASSWORD);
});
afterAll(() => t.close());

/** Replaces the token check of every instance for one request (a failure deep in the stack). */
async function withFailingVerify(error: Error, run: () => Promise<Res>): Promise<Res> {
  const saved = t.apps.map((a) => [a.deps.tokens, a.deps.tokens.verify] as const);
  for (const [tokens] of saved)
    tokens.verify = async () => {
      throw error;
    };
  try {
    return await run();
  } finally {
    for (const [tokens, verify] of saved) tokens.verify = verify;
  }
}

const idempotent = async (who: string, url: string, body: unknown, key: string) =>
  t.request('POST', url, { token: await t.token(who), body, headers: { 'idempotency-key': key } });

/** A single payment by bob (a card of the gateway's sandbox); `over` changes a field. */
const payment = (over: Record<string, unknown> = {}) =>
  cardPayment({ account: 'bob', ccname: 'Bob Baker', email: 'bob.baker@example.org', ...over });
/** bob's mail password: a change queued with his panel password (propagates after ten minutes). */
const mailPassword = (password: string) =>
  t.as('bob').post('/api/change-unix-password', {
    logname: 'bob',
    panel_password: PASSWORD,
    new: password,
    confirm: password,
  });

const nine = (values: string[]) => Array.from({ length: 9 }, (_, i) => values[i] ?? '');

const FAILURES: Record<FailureCode, () => Promise<Res>> = {
  invalid: () => t.request('POST', '/api/miglogin', { body: { username: '' } }),
  unauthenticated: () => t.request('GET', '/api/customer/alice'),
  bad_credentials: () =>
    t.request('POST', '/api/miglogin', { body: { username: 'alice', password: 'not-her-password' } }),
  forbidden: () => t.as('alice').get('/api/customer/bob'),
  not_found: () => t.as('alice').get('/api/no-such-call'),
  conflict: async () => {
    const body = { logname: 'carol', email: 'carol.codes@example.org', password: PASSWORD };
    await t.as('carol').post('/api/add-recovery-email', body);
    return t.as('carol').post('/api/add-recovery-email', body);
  },
  // A code that is not one an authenticator shows (six digits) is never right.
  wrong_code: async () => {
    await t.as('bob').post('/api/totp-setup', { logname: 'bob' });
    return t.as('bob').post('/api/totp-confirm', { logname: 'bob', code: 'abcdef', password: PASSWORD });
  },
  mfa_expired: () =>
    t.request('POST', '/api/mfa-verify', { body: { mfa_token: 'no-such-token', code: '123456' } }),
  // A passkey answer to a request the server never made (or used, or let expire).
  passkey_expired: () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const clientData = { type: 'webauthn.get', challenge: b64('never-asked'), origin: 'http://localhost' };
    return t.request('POST', '/api/passkey-login', {
      body: {
        response: {
          id: b64('no-such-passkey'),
          rawId: b64('no-such-passkey'),
          type: 'public-key',
          response: {
            clientDataJSON: b64(JSON.stringify(clientData)),
            authenticatorData: b64('data'),
            signature: b64('signature'),
          },
          clientExtensionResults: {},
        },
      },
    });
  },
  mfa_setup_required: async () => {
    // The policy as `npm start` runs it; the test app's default is `optional`.
    const config = t.app.deps.config;
    config.PORTAL_STAFF_MFA = 'required';
    try {
      await t.token('staff', PASSWORD);
      return await t.as('staff').get('/api/get-popup-note/alice');
    } finally {
      config.PORTAL_STAFF_MFA = 'optional';
    }
  },
  names_taken: () =>
    t.as('alice').post('/api/request-accounts', {
      account: 'alice',
      email: 'alice@anderson-design.com',
      lognames: nine(['bob']),
      first_names: nine(['Bob']),
      last_names: nine(['Baker']),
      aliases: nine([]),
      types: nine(['Full']),
    }),
  already_pending: async () => {
    await mailPassword('Tq7vLm2-xZp9-codes-1');
    return mailPassword('Tq7vLm2-xZp9-codes-2');
  },
  payment_in_progress: async () => {
    // The approval is recorded with its receipts in one transaction: failing there leaves the payment
    // pending (to be reconciled), on every instance, until the first request is done.
    const sends = t.apps.map((a) =>
      vi.spyOn(a.deps.outbox, 'sendEach').mockRejectedValueOnce(new Error('write failed')),
    );
    const body = payment({ amount: '3.00', idempotency_key: 'codes-pending' });
    try {
      await t.as('bob').post('/api/single-payment', body);
    } finally {
      for (const send of sends) send.mockRestore();
    }
    return t.as('bob').post('/api/single-payment', body);
  },
  payment_key_reused: async () => {
    await t
      .as('bob')
      .post('/api/single-payment', payment({ amount: '2.00', idempotency_key: 'codes-reused' }));
    return t
      .as('bob')
      .post('/api/single-payment', payment({ amount: '9.00', idempotency_key: 'codes-reused' }));
  },
  card_not_stored: () =>
    // The sandbox declines to store a card with this ZIP code.
    t.as('alice').post('/api/add-card', newCard({ zipcode: '46282' })),
  breached_password: () => mailPassword('password123'),
  // $0.01: the sandbox gateway answers an error; nothing is charged.
  not_charged: () => t.as('bob').post('/api/single-payment', payment({ amount: '0.01' })),
  idempotency_in_progress: async () => {
    const body = { logname: 'alice', email: 'alice.running@example.org' };
    // A first request with the key still running: its claim, made as route() makes it.
    const fingerprint = fingerprintOf(t.app, ['POST', '/api/add-recovery-email', {}, body]);
    await claim(
      t.db,
      { owner: 'alice', key: 'codes-running', fingerprint },
      { now: t.clock.now(), transactional: true },
    );
    return idempotent('alice', '/api/add-recovery-email', body, 'codes-running');
  },
  idempotency_mismatch: async () => {
    await idempotent(
      'alice',
      '/api/add-recovery-email',
      { logname: 'alice', email: 'k1@example.org' },
      'codes-k',
    );
    return idempotent(
      'alice',
      '/api/add-recovery-email',
      { logname: 'alice', email: 'k2@example.org' },
      'codes-k',
    );
  },
  too_large: () =>
    t.as('alice').post('/api/add-recovery-email', { logname: 'alice', email: 'x'.repeat(300 * 1024) }),
  refused: () =>
    t.as('bob').post('/api/add-domain-alias', {
      src_user: '*',
      src_domain: bobsDomain,
      targets: 'x@example.org',
    }),
  wrong_password: () =>
    t.as('dave').post('/api/user-change-password', {
      username: 'dave',
      old_password: 'not-the-old-one',
      new_password: 'Correct-Horse-Battery-9',
      conf_password: 'Correct-Horse-Battery-9',
    }),
  rate_limited: async () => {
    const forgot = () =>
      t.request('POST', '/api/forgot-panel-password', {
        body: { account: 'ghost', email: 'x@example.com', burn_it: 0 },
        remoteAddress: '198.51.100.20',
      });
    let res = await forgot();
    // Reset requests are limited per client (20 per 15 minutes, auth/sign-in-limits.ts).
    for (let i = 0; i < 30 && res.status !== 429; i++) res = await forgot();
    return res;
  },
  // Every slot of the process's password queue held and its queue full: a sign-in is refused.
  hashing_busy: async () => {
    const queue = passwordQueue();
    const held = await Promise.all(Array.from({ length: queue.concurrency }, () => queue.acquire()));
    const waiting = Array.from({ length: queue.queue }, () => queue.acquire());
    try {
      return await t.request('POST', '/api/miglogin', { body: { username: 'bob', password: 'whatever-1' } });
    } finally {
      for (const release of held) release();
      await Promise.all(waiting.map((slot) => slot.then((release) => release())));
    }
  },
  internal: async () => {
    const token = await t.token('alice');
    return withFailingVerify(new Error('a bug'), () => t.request('GET', '/api/customer/alice', { token }));
  },
  unavailable: async () => {
    const token = await t.token('alice');
    return withFailingVerify(new Error('connect ECONNREFUSED 127.0.0.1:5432'), () =>
      t.request('GET', '/api/customer/alice', { token }),
    );
  },
};

describe('the code of every failure envelope', () => {
  for (const [code, { http }] of Object.entries(FAILURE_CODES) as [FailureCode, { http: number }][]) {
    it(`${code}: HTTP ${http}`, async () => {
      const provoke = FAILURES[code];
      expect(provoke, `no request shows the code ${code}`).toBeDefined();
      const res = await provoke();
      expect(res.status).toBe(http);
      expect(res.body.code).toBe(code);
      expect(res.body.status).toBe(code === 'unauthenticated' ? 'expired_token' : 0);
      expect(typeof res.body.message).toBe('string');
    });
  }

  it('keeps field errors next to the code', async () => {
    const res = await FAILURES.invalid();
    expect(res.body).toMatchObject({ code: 'invalid', errors: { username: expect.any(String) } });
  });
});
