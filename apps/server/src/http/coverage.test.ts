import { readFileSync } from 'node:fs';
import { ROUTES } from '@portal/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/support/helper.ts';

/**
 * Every API call and every route of the specification has an implementation: these fail when a
 * spec call has no registered route, or a spec route no entry in the client's route table. The
 * spec's two tables are kept in the repository (docs/spec/), so a fresh clone runs this alone.
 */
const spec = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../docs/spec/${name}`, import.meta.url), 'utf8'));
const calls: Array<{ method: string; path: string }> = spec('calls.json');
const routes: Array<{ name: string; path: string; note: string }> = spec('routes.json');
const toFastify = (p: string) => p.replace(/\{(\w+)(\??)\}/g, ':$1$2');

let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
});
afterAll(() => t.close());

describe('coverage of the specification', () => {
  it('registers every API call of the spec with its method and path', () => {
    const registered = new Set(t.app.deps.calls.map((c) => `${c.method} ${c.path}`));
    const missing = calls.map((c) => `${c.method} ${toFastify(c.path)}`).filter((c) => !registered.has(c));
    expect(missing).toEqual([]);
    expect(calls.length).toBe(106);
  });

  it('has every route of the spec in the client route table', () => {
    const paths = new Set<string>(ROUTES.map((r) => r.path));
    const missing = routes.flatMap((r) =>
      r.path
        .split(',')
        .map((p) => toFastify(p.trim()))
        .filter((p) => !paths.has(p)),
    );
    expect(missing).toEqual([]);
  });

  it('gives every registered call an access rule', () => {
    for (const c of t.app.deps.calls)
      expect(c.access, `${c.method} ${c.path}`).toMatch(
        /^(public|optional|user|staff|account:\w+(\+secondary)?|domain(:owner)?|site:\w+)$/,
      );
  });
});
