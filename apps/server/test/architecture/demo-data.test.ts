import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests own their data (docs/decisions/088-test-factories-and-clock.md): a test makes the rows it
 * reads with the factories (test/support/factories.ts), relative to its clock, instead of signing in
 * as a demo user and depending on the demo's values. The demo data file is read only by the demo's
 * own tests and by the end-to-end journeys named in DEMO_READERS; the files in NOT_YET_MOVED still
 * lean on it and move to factories one by one (the list only shrinks: a listed file that no longer
 * reads the demo fails the test until it leaves the list). A new test file is never added to either.
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

const NOT_YET_MOVED = new Set<string>([
  // Written in parallel with the factories (release 0.5.0); next to move.
  'src/features/account/api-tokens.test.ts',
  'src/features/admin/admin.test.ts',
  'src/features/billing/billing.test.ts',
  'src/features/hosting/hosting.test.ts',
  'src/features/mail/aliases.test.ts',
  'src/features/mail/mail.test.ts',
  'src/features/mail/postfix.test.ts',
  'src/features/mail/temp-emails.test.ts',
  'src/features/session/session.test.ts',
]);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [relative(server, path)] : [];
  });
}

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
    const unexpected = readers.filter((f) => !DEMO_READERS.has(f) && !NOT_YET_MOVED.has(f));
    expect(unexpected, 'make this data with test/support/factories.ts (build({ demo: false }))').toEqual([]);
  });

  it('the not-yet-moved list only shrinks: a file that no longer reads the demo leaves it', () => {
    const stale = [...NOT_YET_MOVED].filter(
      (f) => !files.includes(f) || !readsDemo(readFileSync(join(server, f), 'utf8')),
    );
    expect(stale).toEqual([]);
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
