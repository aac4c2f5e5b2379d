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
});
