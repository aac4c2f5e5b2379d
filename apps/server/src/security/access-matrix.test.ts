import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { startWhoisTestServer } from '../integrations/whois/test-server.ts';
import { build, demoPassword, type Res } from '../test/helper.ts';
import { renderAccessDoc } from './access-doc.ts';
import {
  EXPECTATIONS,
  expected,
  IDENTITIES,
  type Outcome,
  type Sample,
  TARGETS,
  type TargetName,
  type Who,
} from './expectations.ts';
import { changedTables, snapshot } from './snapshot.ts';
import { loadTargets } from './targets.ts';

/**
 * The access matrix (issue 9): generated from the routes the app registered, every call × every
 * identity × every target gets the class of answer the expectations table states, and every refused
 * mutation leaves the database exactly as it was.
 */

const whois = await startWhoisTestServer();
const t = await build({ env: { WHOIS_SERVERS: `com=${whois.address}`, WHOIS_TIMEOUT_MS: '1000' } });
afterAll(async () => {
  await t.close();
  await whois.close();
});

const calls = t.app.deps.calls.filter((c) => c.path.startsWith('/api/'));
const key = (c: { method: string; path: string }) => `${c.method} ${c.path}`;

const targetOf = await loadTargets(t.db);

const tokens = new Map<Who, string>();
for (const who of IDENTITIES) if (who !== 'none') tokens.set(who, await t.token(who));

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
    body: { username: who, password: demoPassword(who) },
  });
  return res.body.data.id_token as string;
}

/**
 * The class of an answer. Authorised: a 2xx, or for changes (and samples whose normal answer is
 * one) a business 4xx other than 401/403, e.g. 409 for a second add or 404 for a second delete.
 * Refused: 403, or 404 (staff naming what does not exist, customers' objects looked up with
 * their owner).
 */
function classOf(res: Res, want: Outcome, lenient: boolean): Outcome | 'other' {
  if (res.status >= 200 && res.status < 300) return 'pass';
  if (res.status === 401) return 'unauthenticated';
  if (res.status >= 500) return 'other';
  if (want === 'pass' && lenient && res.status !== 403) return 'pass';
  if (res.status === 403 || res.status === 404) return 'refused';
  return lenient ? 'pass' : 'other';
}

interface Cell {
  who: Who;
  target: TargetName;
  sample: Sample;
  want: Outcome;
}

const passStatuses = new Map<number, number>();
let cellsSent = 0;

// GET calls first, then changes, the deleting ones last, so one call's sample does not remove
// another call's object before the other call ran.
const order = (c: { method: string; path: string }) =>
  c.method === 'GET' ? 0 : /delete/.test(c.path) ? 2 : 1;
const ordered = [...calls].sort((a, b) => order(a) - order(b));

describe('access matrix', () => {
  test('every registered call has an entry, with the rule it is registered with, and every entry a call', () => {
    const missing = calls.filter((c) => !EXPECTATIONS[key(c)]).map(key);
    expect(missing, 'calls without an entry in security/expectations.ts').toEqual([]);
    const registered = new Set(calls.map(key));
    expect(Object.keys(EXPECTATIONS).filter((k) => !registered.has(k))).toEqual([]);
    const wrongRule = calls
      .filter((c) => EXPECTATIONS[key(c)] && EXPECTATIONS[key(c)].access !== c.access)
      .map((c) => `${key(c)}: registered ${c.access}, expected ${EXPECTATIONS[key(c)].access}`);
    expect(wrongRule).toEqual([]);
  });

  test('docs/access.md is generated from the expectations table', () => {
    const doc = readFileSync(new URL('../../../../docs/access.md', import.meta.url), 'utf8');
    expect(doc, 'run: node --import tsx scripts/gen-access-doc.ts').toBe(renderAccessDoc());
  });

  for (const call of ordered) {
    test(key(call), async () => {
      const entry = EXPECTATIONS[key(call)];
      expect(entry, `${key(call)} has no entry in security/expectations.ts`).toBeDefined();
      const cells: Cell[] = [];
      for (const name of TARGETS[entry.kind]) {
        const sample = entry.sample(targetOf(name));
        if (!sample) continue;
        for (const who of IDENTITIES)
          cells.push({ who, target: name, sample, want: expected(entry, who, name) });
      }
      expect(cells.length).toBeGreaterThan(0);
      const failures: string[] = [];
      const lenient = call.method === 'POST' || !!entry.business;
      const deleted = new Set<TargetName>();
      const run = async (cell: Cell) => {
        const token = entry.special === 'logout' ? await freshToken(cell.who) : tokens.get(cell.who);
        const res = await send(call.method, call.path, cell.sample, token);
        cellsSent++;
        let got = classOf(res, cell.want, lenient);
        // Once a caller deleted the object, the next authorised caller finds it gone.
        if (entry.deletes && cell.want === 'pass' && deleted.has(cell.target) && got === 'refused')
          got = 'pass';
        if (entry.deletes && cell.want === 'pass' && res.status < 300) deleted.add(cell.target);
        if (got !== cell.want) {
          failures.push(
            `${cell.who} on ${cell.target}: expected ${cell.want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
          );
        }
        if (
          !entry.page &&
          res.status >= 400 &&
          (typeof res.body?.message !== 'string' || ![0, 'expired_token'].includes(res.body?.status))
        ) {
          failures.push(
            `${cell.who} on ${cell.target}: ${res.status} without the envelope: ${String(res.body).slice(0, 120)}`,
          );
        }
        if (got === 'pass') passStatuses.set(res.status, (passStatuses.get(res.status) ?? 0) + 1);
      };
      const refused = cells.filter((c) => c.want !== 'pass');
      const allowed = cells.filter((c) => c.want === 'pass');
      if (call.method === 'POST' && refused.length > 0) {
        const before = await snapshot(t.db);
        for (const cell of refused) await run(cell);
        const after = await snapshot(t.db);
        expect(changedTables(before, after), 'tables changed by refused requests').toEqual([]);
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
    for (const call of calls) {
      const entry = EXPECTATIONS[key(call)];
      for (const name of TARGETS[entry.kind]) {
        if (!entry.sample(targetOf(name))) continue;
        targets.add(name);
        cells += IDENTITIES.length;
      }
    }
    console.log(
      `access matrix: ${calls.length} routes × ${IDENTITIES.length} identities × ${targets.size} target kinds ` +
        `(1-5 per route) = ${cells} requests checked (${cellsSent} sent); authorised answers by status: ` +
        JSON.stringify(Object.fromEntries([...passStatuses].sort((a, b) => a[0] - b[0]))),
    );
    expect(cellsSent).toBe(cells);
  });
});
