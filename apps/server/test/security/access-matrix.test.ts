import { must } from '../support/must.ts';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { startWhoisTestServer } from '../fakes/whois-server.ts';
import { build, type Res } from '../support/helper.ts';
import { renderAccessDoc } from './access-doc.ts';
import { commonText } from '@portal/contract/messages';
import {
  baseRule,
  EXPECTATIONS,
  type Expectation,
  expected,
  IDENTITIES,
  type Outcome,
  type Sample,
  TARGETS,
  type TargetName,
  type Who,
} from './expectations/index.ts';
import { changedTables, snapshot } from './snapshot.ts';
import { loadTargets } from './targets.ts';
import { makeWorld, worldPassword } from './world.ts';

/**
 * The access matrix: generated from the routes the app registered, every call × every
 * identity × every target gets the class of answer the expectations table states, and every refused
 * mutation leaves the database exactly as it was.
 */

const whois = await startWhoisTestServer();
const t = await build({
  demo: false,
  env: { WHOIS_SERVERS: `com=${whois.address}`, WHOIS_TIMEOUT_MS: '1000' },
});
await makeWorld(t);
// Every identity signs in once, with its own password; `t.as` reuses these sessions.
const tokens = new Map<Who, string>();
for (const who of IDENTITIES) if (who !== 'none') tokens.set(who, await t.token(who, worldPassword(who)));
afterAll(async () => {
  await t.close();
  await whois.close();
});

const calls = t.app.deps.calls.filter((c) => c.path.startsWith('/api/'));
const key = (c: { method: string; path: string }) => `${c.method} ${c.path}`;

// The import makes no API tokens (only their owners make them): alice and bob make one each.
for (const who of ['alice', 'bob'])
  await t.as(who).post('/api/create-api-token', {
    logname: who,
    name: 'matrix-target',
    scope: 'read',
    expires: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    password: worldPassword(who),
  });
// Nor app passwords for mail: alice and bob make one each.
for (const who of ['alice', 'bob'])
  await t.as(who).post('/api/create-mail-app-password', {
    logname: who,
    name: 'matrix-target',
    password: worldPassword(who),
  });
const targetOf = await loadTargets(t.db, t.clock);

async function send(method: string, path: string, sample: Sample, token: string | undefined): Promise<Res> {
  const url = path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = sample.params?.[name];
    if (value === undefined) throw new Error(`${path}: the sample has no ${name}`);
    return encodeURIComponent(String(value));
  });
  return t.request(method as 'GET' | 'POST', url, { token, body: sample.body });
}

async function freshToken(who: Who): Promise<string | undefined> {
  if (who === 'none') return undefined;
  const res = await t.request('POST', '/api/miglogin', {
    body: { username: who, password: worldPassword(who) },
  });
  return res.body.data.id_token as string;
}

const isStaffWho = (who: Who) => who === 'staff' || who === 'admin';

/** The texts a refusal may carry: "Permission denied", or the spec's text for a Secondary target. */
const REFUSAL_TEXTS = [
  commonText.permissionDenied,
  commonText.secondaryNoBilling,
  commonText.secondaryNoStatement,
  commonText.secondaryNoInfo,
];
const refusalTexts = (target: TargetName) => (target === 'C' ? REFUSAL_TEXTS : [commonText.permissionDenied]);

/**
 * What is wrong with an answer, or null. Authorised: a 2xx, or a status the entry's `answers`
 * names (e.g. 409 for a second add); never 401, 403 nor a 5xx. Refused: a customer or Secondary
 * gets exactly 403 "Permission denied" (the spec's text for a Secondary target), whether or not the
 * object exists; staff, who may act on any account, get 403 or 404 (an object named
 * through an account it does not belong to). Unauthenticated: 401 with the expired-token envelope.
 */
function wrongAnswer(entry: Expectation, cell: Cell, res: Res, deletedBefore: boolean): string | null {
  const { status } = res;
  const message = res.body?.message;
  if (status >= 500) return `a ${status}`;
  if (cell.want === 'unauthenticated') {
    if (status !== 401) return `expected 401, got ${status}`;
    return res.body?.status === 'expired_token' ? null : 'a 401 without status "expired_token"';
  }
  if (cell.want === 'refused') {
    if (isStaffWho(cell.who) && status === 404) return null;
    if (status !== 403) return `expected 403, got ${status}`;
    if (res.body?.status !== 0) return 'a 403 without status 0';
    const passesRule =
      baseRule(entry.access) !== entry.access &&
      expected({ ...entry, access: baseRule(entry.access) }, cell.who, cell.target) === 'pass';
    const texts = passesRule && entry.policyRefusal ? [entry.policyRefusal] : refusalTexts(cell.target);
    return texts.includes(message)
      ? null
      : `a 403 with message ${JSON.stringify(message)}, not one of ${texts.join(' / ')}`;
  }
  if (status >= 200 && status < 300) return null;
  // A public call's business answer may be a 401 (a sign-in refused): the entry names it.
  const refusedSignIn = status === 401 && entry.access === 'public' && entry.answers?.[401];
  if ((status === 401 && !refusedSignIn) || status === 403) return `expected to pass, got ${status}`;
  // The first authorised caller deleted the object: the next one (staff) is told it is gone.
  if (entry.deletes && deletedBefore && status === 404) return null;
  const why = entry.answers?.[status];
  return why ? null : `expected to pass (2xx), got ${status} (the entry's \`answers\` names no ${status})`;
}

interface Cell {
  who: Who;
  target: TargetName;
  sample: Sample;
  want: Outcome;
}

const passStatuses = new Map<number, number>();
const refusedStatuses = new Map<number, number>();
const unauthStatuses = new Map<number, number>();
const byStatus = (m: Map<number, number>) =>
  JSON.stringify(Object.fromEntries([...m].sort((a, b) => a[0] - b[0])));
let cellsSent = 0;

// GET calls first, then changes, the deleting ones last, so one call's sample does not remove
// another call's object before the other call ran. Ending sessions comes after all: it
// ends the tokens the other calls are sent with.
const order = (c: { method: string; path: string }) =>
  c.method === 'GET' ? 0 : /^\/api\/end-/.test(c.path) ? 3 : /delete/.test(c.path) ? 2 : 1;
const ordered = [...calls].sort((a, b) => order(a) - order(b));

describe('access matrix', () => {
  test('every registered call has an entry, with the rule it is registered with, and every entry a call', () => {
    const missing = calls.filter((c) => !EXPECTATIONS[key(c)]).map(key);
    expect(missing, 'calls without an entry in security/expectations/index.ts').toEqual([]);
    const registered = new Set(calls.map(key));
    expect(Object.keys(EXPECTATIONS).filter((k) => !registered.has(k))).toEqual([]);
    const wrongRule = calls
      .filter(
        (c) => EXPECTATIONS[key(c)] && must(EXPECTATIONS[key(c)], 'EXPECTATIONS[key(c)]').access !== c.access,
      )
      .map(
        (c) =>
          `${key(c)}: registered ${c.access}, expected ${must(EXPECTATIONS[key(c)], 'EXPECTATIONS[key(c)]').access}`,
      );
    expect(wrongRule).toEqual([]);
  });

  test('docs/access.md is generated from the expectations table', () => {
    const doc = readFileSync(new URL('../../../../docs/access.md', import.meta.url), 'utf8');
    expect(doc, 'run: node --import tsx scripts/gen-access-doc.ts').toBe(renderAccessDoc());
  });

  for (const call of ordered) {
    test(key(call), async () => {
      const entry = EXPECTATIONS[key(call)];
      expect(entry, `${key(call)} has no entry in test/security/expectations/`).toBeDefined();
      const cells: Cell[] = [];
      for (const name of TARGETS[must(entry, 'entry').kind]) {
        const sample = must(entry, 'entry').sample(targetOf(name));
        // A missing object would silently shrink the matrix: every target must be sent.
        if (!sample) throw new Error(`${key(call)}: no sample for target ${name} (world.ts lacks an object)`);
        for (const who of IDENTITIES)
          cells.push({ who, target: name, sample, want: expected(must(entry, 'entry'), who, name) });
      }
      expect(cells.length).toBeGreaterThan(0);
      const failures: string[] = [];
      const deleted = new Set<TargetName>();
      const run = async (cell: Cell) => {
        const token =
          must(entry, 'entry').special === 'logout' ? await freshToken(cell.who) : tokens.get(cell.who);
        // A lasting grant carries the caller's own password: the matrix is about who, not that.
        const sample =
          must(entry, 'entry').grant && cell.who !== 'none'
            ? { ...cell.sample, body: { ...(cell.sample.body as object), password: worldPassword(cell.who) } }
            : cell.sample;
        const res = await send(call.method, call.path, sample, token);
        cellsSent++;
        const wrong = wrongAnswer(must(entry, 'entry'), cell, res, deleted.has(cell.target));
        if (must(entry, 'entry').deletes && cell.want === 'pass' && res.status < 300)
          deleted.add(cell.target);
        if (wrong) {
          failures.push(`${cell.who} on ${cell.target}: ${wrong}: ${JSON.stringify(res.body).slice(0, 160)}`);
        }
        if (
          !must(entry, 'entry').page &&
          res.status >= 400 &&
          (typeof res.body?.message !== 'string' || ![0, 'expired_token'].includes(res.body?.status))
        ) {
          failures.push(
            `${cell.who} on ${cell.target}: ${res.status} without the envelope: ${String(res.body).slice(0, 120)}`,
          );
        }
        const counts = { pass: passStatuses, refused: refusedStatuses, unauthenticated: unauthStatuses }[
          cell.want
        ];
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
      };
      const refused = cells.filter((c) => c.want !== 'pass');
      const allowed = cells.filter((c) => c.want === 'pass');
      if (call.method === 'POST' && refused.length > 0) {
        const before = await snapshot(t.db);
        for (const cell of refused) await run(cell);
        const after = await snapshot(t.db);
        // Staff attempts on audited calls without a transaction are recorded, refused ones too
        //: only the audit log may change, and only for such calls. A refused request
        // still counts against its rate limit (http/rate-limit.ts): its counter may change too.
        const changed = changedTables(before, after).filter(
          (name) => !(call.auditsAttempts && name === 'audit_log') && name !== 'rate_counters',
        );
        expect(changed, 'tables changed by refused requests').toEqual([]);
      } else {
        for (const cell of refused) await run(cell);
      }
      for (const cell of allowed) await run(cell);
      expect(failures).toEqual([]);
    }, 120_000);
  }

  test('prints the matrix size', () => {
    const targets = new Set<string>();
    let cells = 0;
    const perRoute = calls.map(
      (call) => TARGETS[must(EXPECTATIONS[key(call)], 'EXPECTATIONS[key(call)]').kind],
    );
    for (const names of perRoute) {
      for (const name of names) targets.add(name);
      cells += names.length * IDENTITIES.length;
    }
    const counts = perRoute.map((names) => names.length);
    console.log(
      `access matrix: ${calls.length} routes × ${IDENTITIES.length} identities × ${targets.size} targets ` +
        `(${Math.min(...counts)}-${Math.max(...counts)} per route) = ${cells} requests checked (${cellsSent} sent); answers by status: ` +
        `authorised ${byStatus(passStatuses)}, refused ${byStatus(refusedStatuses)}, ` +
        `unauthenticated ${byStatus(unauthStatuses)}`,
    );
    expect(cellsSent).toBe(cells);
  });
});
