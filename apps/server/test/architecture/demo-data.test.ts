import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests own their data (docs/decisions/088-test-factories-and-clock.md): a test makes the rows it
 * reads with the factories (test/support/factories.ts), relative to its clock, instead of signing in
 * as a demo user and depending on the demo's values. The demo data file is read only by the demo's
 * own tests and by the end-to-end journeys named in DEMO_READERS, and by no test support file but the
 * helper that can load it (`build()` without `demo: false`). A new test file is never added here.
 */
const server = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The demo's own tests and the named journeys that show the demo as a whole works. */
const DEMO_READERS = new Set([
  // The demo set itself: it loads, its dates follow today, its logins sign in.
  'src/lib/demo.test.ts',
  'src/lib/demo-dates.test.ts',
  // Journeys: the documented production layout and process restarts, started as `npm start` is.
  'test/faults/production.test.ts',
  'test/faults/previous-release.test.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') ? [relative(server, path)] : [];
  });
}
const testFiles = (dir: string) => sourceFiles(dir).filter((f) => f.endsWith('.test.ts'));

/** Names that only the demo data set brings, or that read its file. */
const DEMO_NAMES =
  /\bDEMO_FILE\b|\bDEMO_LOGINS\b|\bhashedDemo\b|\bdemoPassword\b|\bdemoInjector\b|demo-data\.json/;

/** Whether the test file reads the demo data: names it, or builds an app without `demo: false`. */
export function readsDemo(text: string): boolean {
  if (DEMO_NAMES.test(text)) return true;
  // Each `build(` call of the test helper, up to the next one: its options must say `demo: false`.
  const calls = text.split(/\bbuild\(/).slice(1);
  return calls.some((call) => !/demo:\s*false/.test(call.slice(0, 400)));
}

const files = [...testFiles(join(server, 'src')), ...testFiles(join(server, 'test'))]
  .filter((f) => f !== 'test/architecture/demo-data.test.ts')
  .sort();

describe('tests own their data', () => {
  it('no test reads the demo data except the demo tests and the named journeys', () => {
    const readers = files.filter((f) => readsDemo(readFileSync(join(server, f), 'utf8')));
    const unexpected = readers.filter((f) => !DEMO_READERS.has(f));
    expect(unexpected, 'make this data with test/support/factories.ts (build({ demo: false }))').toEqual([]);
  });

  it("no test support file names the demo's data but the helper that loads it", () => {
    const support = sourceFiles(join(server, 'test')).filter(
      (f) => !f.endsWith('.test.ts') && f !== 'test/support/helper.ts',
    );
    expect(support.length).toBeGreaterThan(3);
    expect(support.filter((f) => DEMO_NAMES.test(readFileSync(join(server, f), 'utf8')))).toEqual([]);
  });

  it('tells a demo reader from a test that makes its own data', () => {
    expect(readsDemo('const t = await build({ start: START });')).toBe(true);
    expect(readsDemo('const t = await build();')).toBe(true);
    expect(readsDemo("await t.as('x').get('/'); const u = build({ demo: false });")).toBe(false);
    expect(readsDemo('a = build({ demo: false }); b = build({ env: {} });')).toBe(true);
    expect(readsDemo("import { DEMO_FILE } from '../../src/lib/demo.ts';")).toBe(true);
    expect(readsDemo('const f = factories(t);')).toBe(false);
  });
});
