import { must } from '../support/must.ts';
import * as account from '@portal/contract/account/calls';
import * as admin from '@portal/contract/admin/calls';
import * as apiTokens from '@portal/contract/api-tokens/calls';
import * as billing from '@portal/contract/billing/calls';
import * as domains from '@portal/contract/domains/calls';
import * as hosting from '@portal/contract/hosting/calls';
import * as agent from '@portal/contract/hosting/agent';
import type { CallDef } from '@portal/contract/http';
import * as mail from '@portal/contract/mail/calls';
import * as mailAppPasswords from '@portal/contract/mail-app-passwords/calls';
import * as notices from '@portal/contract/notices/calls';
import * as notifications from '@portal/contract/notifications/calls';
import * as activity from '@portal/contract/security/activity';
import * as sessionList from '@portal/contract/security/session-calls';
import * as passkeys from '@portal/contract/security/passkeys';
import * as secondFactor from '@portal/contract/security/second-factor';
import * as session from '@portal/contract/session/calls';
import * as staffSignIn from '@portal/contract/staff-sign-in/calls';
import * as tools from '@portal/contract/tools/calls';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, describe, expect, test } from 'vitest';
import type { RegisteredCall } from '../../src/http/route.ts';
import { startWhoisTestServer } from '../fakes/whois-server.ts';
import { build, type Res } from '../support/helper.ts';
import { EXPECTATIONS, TARGETS } from './expectations/index.ts';
import { watchWrites } from './snapshot.ts';
import { loadTargets } from './targets.ts';
import { makeWorld, WORLD_ACCOUNTS, worldPassword } from './world.ts';

/** An injected answer as the tests read it: the parsed JSON body when there is one, else the text. */
function toRes(r: { statusCode: number; body: string; headers: Res['headers']; json(): unknown }): Res {
  let body: unknown = r.body;
  try {
    body = r.json();
  } catch {}
  return { status: r.statusCode, body, headers: r.headers } as Res;
}

/**
 * Bad input: every POST call of the contract is fuzzed from a valid sample (the access
 * matrix's), as staff and as a customer (alice on her own account), as the agent for the agent API.
 * - Invalid variants (the call's own zod schema refuses them, fast-check with a fixed seed) get a
 *   400 with the envelope and write nothing.
 * - Malformed, oversized and non-JSON bodies get a 4xx envelope and write nothing.
 * - Every hostile string of HOSTILE is put in every text field of the call's body schema (found
 *   from the schema itself, nested objects and arrays included), the other fields kept valid: the
 *   answer is never a 5xx, always the envelope; 400 when the schema refuses the value; and a
 *   refused request writes nothing.
 */

const RUNS = 15;
// A hang, not a speed limit: a password hashed on a machine at load 30 took 15 s once (argon2id).
const ANSWER_WITHIN_MS = 45_000;
const AGENT_SECRET = 'fuzz-agent-secret-0123';

const isCall = (v: unknown): v is CallDef =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'body' in v && 'data' in v;
const contractCalls = [
  account,
  admin,
  billing,
  domains,
  hosting,
  agent,
  mail,
  session,
  tools,
  sessionList,
  activity,
  passkeys,
  secondFactor,
  apiTokens,
  mailAppPasswords,
  notifications,
  notices,
  staffSignIn,
]
  .flatMap((m) => Object.values(m))
  .filter(isCall);
const byKey = new Map(contractCalls.map((c) => [`${c.method} ${c.path}`, c]));

const whois = await startWhoisTestServer();
const t = await build({
  demo: false,
  env: {
    WHOIS_SERVERS: `com=${whois.address}`,
    WHOIS_TIMEOUT_MS: '1000',
    // A configured agent credential, so hostile reports and log lines reach the agent API's handlers.
    PORTAL_AGENT_TOKENS: `fuzz:${AGENT_SECRET}`,
  },
});
afterAll(async () => {
  await t.close();
  await whois.close();
});
await makeWorld(t);
const staffToken = await t.token('staff', worldPassword('staff'));
let aliceToken = await t.token('alice', worldPassword('alice'));
// The import makes no API tokens (only their owners make them): alice makes one to revoke.
await t.as('alice').post('/api/create-api-token', {
  logname: 'alice',
  name: 'fuzz-target',
  scope: 'read',
  expires: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
  password: worldPassword('alice'),
});
// Nor app passwords for mail: alice makes one to revoke.
await t.as('alice').post('/api/create-mail-app-password', {
  logname: 'alice',
  name: 'fuzz-target',
  password: worldPassword('alice'),
});
const targetOf = await loadTargets(t.db, t.clock);
/** A new token of alice's, after staff ended her sessions (end-other-sessions). */
async function newAliceToken(): Promise<string> {
  // The sign-in calls' hostile variants spent the sign-in budgets: this sign-in is not one of them.
  await t.db.execute(sql`delete from login_failures`);
  const res = await t.request('POST', '/api/miglogin', {
    body: { username: 'alice', password: worldPassword('alice') },
  });
  return res.body.data.id_token as string;
}
const writes = await watchWrites(t.db);
const posts = t.app.deps.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/'));
const isAgentCall = (c: RegisteredCall) => c.path.startsWith('/api/agent/');

/**
 * The hostile strings. Each one goes, whole, into every text field of every POST call. Where the
 * field's rules refuse a whole value (an email address, an account name), the character-level ones
 * (NUL, controls, quotes, markup, Unicode) also go inside the field's valid value, after its first
 * character, so they reach the fields the schema accepts them in. The numeric ones (`numeric`) go into
 * the fields that may hold a number (a valid value that reads as one, or none to read): in a field of
 * words they would be one more word, which the other strings already are.
 */
const HOSTILE: Array<{ name: string; value: string; inside?: true; numeric?: true }> = [
  { name: 'empty', value: '' },
  { name: 'blank', value: '   ' },
  { name: 'very long (100 000 characters)', value: 'x'.repeat(100_000) },
  { name: 'very long astral (20 000 emoji)', value: '😀'.repeat(20_000) },
  { name: 'astral and ZWJ', value: '𝔘𝔫𝔦😀👩‍👩‍👧‍👦', inside: true },
  { name: 'RTL and override', value: 'مرحبا\u202Eevil\u202Cשלום', inside: true },
  { name: 'combining marks and zero-width', value: 'Z\u0351\u0344\u036Ba\u0301\u200B\uFEFF', inside: true },
  { name: 'lone surrogate', value: '\uD800', inside: true },
  { name: 'NUL', value: '\u0000', inside: true },
  { name: 'NUL inside a name', value: 'alice\u0000bob' },
  {
    name: 'control characters and CRLF',
    value: '\u0001\u001B[31m\u007F\r\nBcc:victim@example.com',
    inside: true,
  },
  { name: 'SQL quote', value: "' OR '1'='1' --" },
  { name: 'SQL stacked query', value: "x');drop table accounts;--", inside: true },
  { name: 'quote, backslash and LIKE wildcards', value: '"\\\'%_', inside: true },
  { name: 'HTML script and attribute', value: '<script>alert(1)</script>"><img src=x onerror=alert(1)>' },
  { name: 'HTML tag, no spaces', value: '<svg/onload=alert(1)>', inside: true },
  { name: 'template and JNDI', value: ['{{7*7}}', '$', '{7*7}', '$', '{jndi:ldap://x/a}'].join('') },
  { name: 'path traversal and URL-encoding', value: '../../../../etc/passwd%00%27', inside: true },
  { name: 'zero', value: '0', numeric: true },
  { name: 'minus one', value: '-1', numeric: true },
  { name: 'int32 max + 1', value: '2147483648', numeric: true },
  { name: 'int32 min - 1', value: '-2147483649', numeric: true },
  { name: 'int64 max + 1', value: '9223372036854775808', numeric: true },
  { name: 'overflowing exponent', value: '1e309', numeric: true },
  { name: 'NaN', value: 'NaN', numeric: true },
  { name: 'long fraction', value: '1.999999999999999999999', numeric: true },
];

/** Values of every wrong shape for the invalid variants: types, edges, metacharacters, length. */
const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE.map((h) => h.value)),
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

/** A JSON schema node, as much of it as the text-field search reads. */
interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  oneOf?: Node[];
  const?: unknown;
}
type Path = Array<string | number>;

const acceptsText = (n: Node): boolean =>
  n.type === 'string' ||
  (Array.isArray(n.type) && n.type.includes('string')) ||
  [...(n.anyOf ?? []), ...(n.oneOf ?? [])].some(acceptsText);

/** The object shapes of a node; of a union, the members whose constants the value matches. */
function shapesOf(n: Node, value: unknown): Node[] {
  if (n.properties) return [n];
  const v = (value ?? {}) as Record<string, unknown>;
  return [...(n.anyOf ?? []), ...(n.oneOf ?? [])]
    .flatMap((m) => shapesOf(m, value))
    .filter((m) =>
      Object.entries(m.properties ?? {}).every(([k, p]) => p.const === undefined || p.const === v[k]),
    );
}

/** Every text field of a body schema (nested objects and arrays of text included), as paths. */
function textPaths(n: Node, value: unknown, at: Path = []): Path[] {
  const out: Path[] = [];
  const v = (value ?? {}) as Record<string, unknown>;
  for (const shape of shapesOf(n, value)) {
    for (const [k, p] of Object.entries(shape.properties ?? {})) {
      if (acceptsText(p) || typeof v[k] === 'string') out.push([...at, k]);
      else if (p.items && acceptsText(p.items)) out.push([...at, k, 0]);
      else if (shapesOf(p, v[k]).length) out.push(...textPaths(p, v[k], [...at, k]));
    }
  }
  return [...new Map(out.map((path) => [path.join('.'), path])).values()];
}

function withValue(sample: Body, path: Path, value: string): Body {
  const body = structuredClone(sample);
  let node = body as Record<string | number, unknown>;
  path.slice(0, -1).forEach((k, i) => {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[k] as Record<string | number, unknown>;
  });
  node[must(path[path.length - 1], 'path[path.length - 1]')] = value;
  return body;
}

function valueAt(sample: Body, path: Path): unknown {
  let node: unknown = sample;
  for (const k of path) node = (node as Record<string | number, unknown> | undefined)?.[k];
  return node;
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

/**
 * The JSON envelope (docs/api.md), for a success and for a failure. A call whose contract has no
 * data (z.never(): a file download) answers a success with the file instead.
 */
const envelopeOk = (res: Res, call?: CallDef) =>
  (res.status < 300 && call?.data instanceof z.ZodNever) ||
  (typeof res.body === 'object' &&
    res.body !== null &&
    typeof res.body.message === 'string' &&
    (res.status < 300
      ? res.body.status === 1 && 'data' in res.body
      : res.body.status === 0 || res.body.status === 'expired_token'));

const show = (v: unknown) => JSON.stringify(v)?.slice(0, 200);
const stats = {
  invalid: 0,
  raw: 0,
  hostile: 0,
  hostileRefusedBySchema: 0,
  /** Text fields of all calls, and the same counted once per identity that fuzzed them. */
  fields: 0,
  fieldRuns: 0,
  /** Hostile strings put whole into a text field, over all calls' fields (each field once). */
  wholeValues: 0,
  statuses: new Map<number, number>(),
  hostileStatuses: new Map<number, number>(),
  ms: 0,
};
const count = (m: Map<number, number>, status: number) => m.set(status, (m.get(status) ?? 0) + 1);
const byStatus = (m: Map<number, number>) =>
  JSON.stringify(Object.fromEntries([...m].sort((a, b) => a[0] - b[0])));

/**
 * Calls that count a refused attempt on purpose (the password-guessing limits of auth/throttle.ts):
 * their refusals may write `login_failures`, nothing else (and a refused sign-in on an existing account
 * its `sign_ins` record). The counters are cleared before each of their hostile requests, so
 * every hostile value reaches the check instead of a 429.
 */
const COUNTS_FAILURES = new Set([
  '/api/miglogin',
  '/api/forgot-panel-password',
  '/api/forgot-email-password',
  '/api/change-unix-password',
  '/api/user-change-password',
  // the second factor: wrong passwords and codes are counted like sign-in guesses
  '/api/totp-disable',
  '/api/totp-confirm',
  '/api/recovery-codes',
  '/api/mfa-verify',
  // passkeys: an unknown passkey counts against the client and the portal's budget
  '/api/passkey-login',
]);
/** Sign-in failures are answered after a delay: these are sent concurrently, one per account of the world. */
const LOGINS = WORLD_ACCOUNTS.map((a) => a.logname);

interface Variant {
  label: string;
  body: Body;
  refusedBySchema: boolean;
}

/** Every hostile string in every text field of the call's body, the other fields kept valid. */
function hostileVariants(call: CallDef, sample: Body, rotateLogin: boolean, first: boolean): Variant[] {
  const schema = z.toJSONSchema(call.body, { io: 'input', unrepresentable: 'any' }) as Node;
  const paths = textPaths(schema, sample);
  stats.fieldRuns += paths.length;
  if (first) stats.fields += paths.length;
  const out: Variant[] = [];
  for (const path of paths) {
    const valid = valueAt(sample, path);
    const holdsNumber = valid === undefined || valid === null || /^[-+]?\d/.test(String(valid));
    for (const h of HOSTILE) {
      if (h.numeric && !holdsNumber) continue;
      const variant = (name: string, value: string): Variant => {
        let body = withValue(sample, path, value);
        if (rotateLogin && path[0] !== 'username')
          body = { ...body, username: LOGINS[out.length % LOGINS.length] };
        return {
          label: `${path.join('.')} = ${name}`,
          body,
          refusedBySchema: !call.body.safeParse(body).success,
        };
      };
      const whole = variant(h.name, h.value);
      out.push(whole);
      if (first) stats.wholeValues++;
      if (whole.refusedBySchema && h.inside && typeof valid === 'string' && valid.length > 0)
        out.push(variant(`${h.name} inside`, `${valid.slice(0, 1)}${h.value}${valid.slice(1)}`));
    }
  }
  return out;
}

async function hostilePhase(registered: RegisteredCall, call: CallDef, sample: Body): Promise<void> {
  const started = performance.now();
  // Staff, and alice on her own account (not on staff-only calls: refused before any work).
  const who: Array<[string, string | undefined]> = isAgentCall(registered)
    ? [['agent', AGENT_SECRET]]
    : !registered.token
      ? [['no token', undefined]]
      : registered.access === 'staff' || registered.access === 'account:staff'
        ? [['staff', staffToken]]
        : [
            ['staff', staffToken],
            ['alice', aliceToken],
          ];
  const counted = COUNTS_FAILURES.has(registered.path);
  // Staff attempts on audited calls without a transaction are on the audit log, refused ones too
  //; a rate-limited call counts every valid request, refused or not (http/rate-limit.ts).
  const written = (tables: string[], identity: string) =>
    tables.filter(
      (name) =>
        !(counted && name === 'login_failures') &&
        !(registered.path === '/api/miglogin' && name === 'sign_ins') &&
        !(identity === 'staff' && registered.auditsAttempts && name === 'audit_log') &&
        name !== 'rate_counters',
    );
  const login = registered.path === '/api/miglogin';
  const base = registered.path === '/api/agent/report' ? await claimedChange(sample) : sample;

  for (const [identity, token] of who) {
    const all = hostileVariants(call, base, login, identity === must(who[0], 'who[0]')[0]);
    const failures: string[] = [];
    let batchNo = 0;
    const send = async (v: Variant, remoteAddress?: string) => {
      const res = await answer(
        t.app
          .inject({
            method: 'POST',
            url: registered.path,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            payload: v.body,
            ...(remoteAddress ? { remoteAddress } : {}),
          })
          .then(toRes),
      );
      stats.hostile++;
      if (v.refusedBySchema) stats.hostileRefusedBySchema++;
      count(stats.hostileStatuses, res.status);
      const where = `${identity}: ${v.label} -> ${res.status} ${show(res.body)}`;
      if (res.status >= 500) failures.push(`a 5xx for ${where}`);
      if (!envelopeOk(res, call)) failures.push(`no envelope for ${where}`);
      if (v.refusedBySchema && res.status !== 400)
        failures.push(`not 400 though the schema refuses it: ${where}`);
      return res;
    };

    // Refused by the schema: answered before any work and whoever asks (the schema is checked before
    // the access rule), so they are sent once, as the first identity, concurrently, and one look at
    // the write log covers them all.
    if (identity === must(who[0], 'who[0]')[0]) {
      await writes.since();
      const refused = all.filter((x) => x.refusedBySchema);
      for (let i = 0; i < refused.length; i += 25)
        await Promise.all(refused.slice(i, i + 25).map((v) => send(v)));
      for (const name of written(await writes.since(), identity))
        failures.push(`${identity}: values the schema refused wrote ${name}`);
    }

    // Accepted by the schema: each reaches the handler, and a refusal must have written nothing
    // (the write log names every table a committed transaction wrote since the previous request).
    const accepted = all.filter((x) => !x.refusedBySchema);
    const chunk = login ? LOGINS.length : 1;
    for (let i = 0; i < accepted.length; i += chunk) {
      const batch = accepted.slice(i, i + chunk);
      if (counted) await t.db.execute(sql`delete from login_failures`);
      await writes.since();
      // Distinct client addresses, so the address limit does not turn a sign-in check into a 429.
      const answers = await Promise.all(
        batch.map((v, j) => send(v, login ? `10.9.${batchNo}.${j + 1}` : undefined)),
      );
      batchNo++;
      const tables = written(await writes.since(), identity);
      if (tables.length && answers.every((r) => r.status >= 400))
        failures.push(
          `${identity}: refused ${batch.map((v) => v.label).join(', ')} wrote ${tables.join(', ')}`,
        );
    }
    expect(failures.slice(0, 30).join('\n'), `${failures.length} failures`).toBe('');
  }
  stats.ms += performance.now() - started;
}

/** agent/report's sample names no change; the hostile reports name one the agent really claimed. */
async function claimedChange(sample: Body): Promise<Body> {
  await t.request('POST', '/api/update-php-version', {
    token: staffToken,
    body: { logname: 'alice', vid: targetOf('A').obj.vid, php_version: '7.4' },
  });
  const claim = await t.request('POST', '/api/agent/claim', { token: AGENT_SECRET, body: { limit: 1 } });
  const id = claim.body?.data?.changes?.[0]?.id;
  expect(id, 'a change for the agent to report on').toBeTypeOf('number');
  return { ...sample, id, state: 'applying' };
}

describe('fuzzing every POST call from its contract schema', () => {
  test('every registered POST call is in the contract', () => {
    expect(posts.filter((c) => !byKey.has(`${c.method} ${c.path}`)).map((c) => c.path)).toEqual([]);
  });

  test('the write log names committed writes only', async () => {
    await writes.since();
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update accounts set mode = mode where logname = 'alice'`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await writes.since()).toEqual([]);
    await t.db.execute(sql`update accounts set mode = mode where logname = 'alice'`);
    expect(await writes.since()).toEqual(['accounts']);
  });

  test('the text-field search finds nested and array fields', () => {
    const schema = z.object({
      a: z.string(),
      n: z.number(),
      list: z.array(z.string()),
      nested: z.object({ b: z.string().nullable(), m: z.number() }).optional(),
      pick: z.union([z.literal('x'), z.number()]),
    });
    const node = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
    expect(textPaths(node, { a: '', n: 1, list: [] }).map((p) => p.join('.'))).toEqual([
      'a',
      'list.0',
      'nested.b',
      'pick',
    ]);
  });

  for (const registered of posts) {
    const callKey = `${registered.method} ${registered.path}`;
    test(callKey, async () => {
      const call = byKey.get(callKey) as CallDef;
      const entry = EXPECTATIONS[callKey];
      const name = TARGETS[must(entry, 'entry').kind][0];
      const sample = (must(entry, 'entry').sample(targetOf(must(name, 'name')))?.body ?? {}) as Body;
      expect(call.body.safeParse(sample).success, 'the sample itself is valid').toBe(true);
      const shape = call.body instanceof z.ZodObject ? call.body.shape : {};
      const keys = [...new Set([...Object.keys(sample), ...Object.keys(shape)])];
      // Staff and alice on her own account (the samples name alice's account and objects).
      // The valid sample once, without a time limit: a first call may warm a cache (the breach list).
      await t.request('POST', registered.path, {
        token: registered.token ? staffToken : undefined,
        body: sample,
      });
      // Staff ending alice's sessions (the sample names her account) ended her token too.
      if (/^\/api\/end-/.test(registered.path)) aliceToken = await newAliceToken();
      // Invalid variants: refused before any work, with the envelope, and nothing written. The schema
      // is checked before the access rule, whoever asks: one identity (staff where the call takes a
      // token) sends them; the values that reach the handlers are sent as staff and as alice below.
      const token = registered.token ? staffToken : undefined;
      await writes.since();
      const post = (body: unknown) => answer(t.request('POST', registered.path, { token, body }));
      await fc.assert(
        fc.asyncProperty(variants(sample, keys.length ? keys : ['x']), async (body) => {
          // No body (null) is read as an empty object (http/route.ts): valid for a call without fields.
          fc.pre(!call.body.safeParse(body ?? {}).success);
          const res = await post(body);
          stats.invalid++;
          count(stats.statuses, res.status);
          if (isAgentCall(registered)) expect(res.status, show(body)).toBe(401);
          // A bare string is sent as text/plain: a call whose body has no fields says so with 415.
          else if (typeof body === 'string' && keys.length === 0)
            expect([400, 415], `${show(body)} -> ${show(res.body)}`).toContain(res.status);
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
            .then(toRes),
        );
        stats.raw++;
        count(stats.statuses, res.status);
        expect(res.status, `${type} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(envelopeOk(res), show(res.body)).toBe(true);
      };
      await raw('{"account": "alice",', 'application/json');
      await raw('{"a":1}}', 'application/json');
      await raw(JSON.stringify({ ...sample, pad: 'x'.repeat(300_000) }), 'application/json');
      await raw(JSON.stringify(sample), 'text/plain');
      expect(await writes.since(), 'tables written by refused input').toEqual([]);

      await hostilePhase(registered, call, sample);
    }, 120_000);
  }

  test('prints what was sent', () => {
    console.log(
      `fuzz: ${posts.length} POST calls; ${stats.invalid} invalid variants, ${stats.raw} malformed/oversized/non-JSON bodies; ` +
        `${HOSTILE.length} hostile strings × ${stats.fields} text fields (the numeric ones where a number may go: ` +
        `${stats.wholeValues} values; the character-level ones also inside ` +
        `format-checked values) = ${stats.hostile} hostile-value requests: ${stats.hostileRefusedBySchema} refused by ` +
        `the schema (sent once), ${stats.hostile - stats.hostileRefusedBySchema} reached the handler (as staff and ` +
        `as alice: ${stats.fieldRuns} field runs) ` +
        `in ${(stats.ms / 1000).toFixed(1)} s; hostile answers by status: ${byStatus(stats.hostileStatuses)}; ` +
        `other answers by status: ${byStatus(stats.statuses)}`,
    );
    expect(stats.invalid).toBeGreaterThanOrEqual(posts.length * RUNS);
    // Every field took every hostile string, but the numeric ones only where a number may go.
    const numeric = HOSTILE.filter((h) => h.numeric).length;
    expect(stats.wholeValues).toBeGreaterThanOrEqual(stats.fields * (HOSTILE.length - numeric));
    expect(stats.hostile).toBeGreaterThanOrEqual(stats.wholeValues);
  });
});
