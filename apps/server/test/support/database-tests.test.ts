import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allTestFiles, databaseTestFiles, opensDatabase } from './database-tests.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** The PostgreSQL run of scripts/test.sh is the files that open a database (database-tests.ts). */
describe('the PostgreSQL run', () => {
  const picked = new Set(databaseTestFiles());

  it('has every test file that imports a database module or names the PostgreSQL server', () => {
    // Read from each file's own text, without following imports: none of these may be left out.
    const direct =
      /from '[./]*(test\/)?support\/helper\.ts'|from '[./]*(src\/)?db\/index\.ts'|from 'pg'|from '@electric-sql\/pglite'|TEST_DATABASE_URL/;
    const missing = allTestFiles().filter(
      (f) => direct.test(readFileSync(join(ROOT, f), 'utf8')) && !picked.has(f),
    );
    expect(missing).toEqual([]);
  });

  it('follows imports: a test of the API is in, a pure helper’s test is not', () => {
    expect(picked.has('apps/server/src/config.test.ts')).toBe(true); // imports test/support/helper.ts
    expect(picked.has('apps/server/test/faults/dovecot.test.ts')).toBe(true); // names TEST_DATABASE_URL
    expect(picked.has('apps/server/src/lib/pick.test.ts')).toBe(false);
    expect([...picked].filter((f) => f.startsWith('packages/') || f.startsWith('apps/web/'))).toEqual([]);
  });

  it('follows the modules a test reaches', () => {
    expect(opensDatabase('apps/server/test/support/helper.ts')).toBe(true);
    expect(opensDatabase('apps/server/src/db/index.ts')).toBe(true);
    expect(opensDatabase('apps/server/src/lib/pick.ts')).toBe(false);
  });

  it('runs with the test clocks a year ahead, and the PGlite run on today', () => {
    // Every test clock is made by test/support/helper.ts, whose importers are all in this run (above):
    // each npm test proves the API tests on both calendars (docs/decisions/120-a-year-ahead.md).
    const lines = readFileSync(join(ROOT, 'scripts/test.sh'), 'utf8')
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('#'));
    const postgres = lines.filter((l) => l.includes('TEST_SELECTION=database'));
    const pglite = lines.filter((l) => l.includes('$RESULTS/pglite.json'));
    expect(postgres).toHaveLength(1);
    expect(postgres[0]).toMatch(/(^|\s)TEST_CLOCK_OFFSET_DAYS=365\s/);
    expect(pglite).toHaveLength(1);
    expect(pglite[0]).toMatch(/^TEST_CLOCK_OFFSET_DAYS=0\s/);
  });
});
