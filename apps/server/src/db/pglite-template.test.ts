import { must } from '../../test/support/must.ts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './index.ts';
import { isNewDataDir } from './pglite-template.ts';
import { rowsOf } from '../../test/support/rows.ts';

/**
 * A new embedded database is a copy of a migrated template (docs/decisions/082-start-up-template.md):
 * it has every migration, keeps its data across restarts, and two directories never share data.
 */

const JOURNAL = fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url));
const migrations = (): number => JSON.parse(readFileSync(JOURNAL, 'utf8')).entries.length;

const rows = async <T extends Record<string, unknown>>(
  database: Database,
  query: ReturnType<typeof sql>,
): Promise<T[]> => rowsOf<T>(await database.db.execute(query));

const root = mkdtempSync(join(tmpdir(), 'portal-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a new PGlite directory', () => {
  it('is created migrated, and keeps what is written across a restart', async () => {
    const dir = join(root, 'a', 'pglite');
    expect(isNewDataDir(dir)).toBe(true);
    const first = await openDatabase({ dataDir: dir });
    try {
      const { n } = must(
        (
          await rows<{ n: number }>(first, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
        )[0],
        'a row',
      );
      expect(n).toBe(migrations());
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
    } finally {
      await first.close();
    }
    expect(isNewDataDir(dir)).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    try {
      expect(await rows(again, sql`select v from kept`)).toEqual([{ v: 'still here' }]);
    } finally {
      await again.close();
    }
  });

  it('made from the same template as another one shares none of its data', async () => {
    const dir = join(root, 'b', 'pglite');
    const other = await openDatabase({ dataDir: dir });
    try {
      const { n } = must(
        (
          await rows<{ n: number }>(
            other,
            sql`select count(*)::int as n from information_schema.tables where table_name = 'kept'`,
          )
        )[0],
        'a row',
      );
      expect(n).toBe(0);
      const { accounts } = must(
        (await rows<{ accounts: number }>(other, sql`select count(*)::int as accounts from accounts`))[0],
        'a row',
      );
      expect(accounts).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('that exists and is empty (made by an operator, perhaps a mount point) is filled in place', async () => {
    const dir = join(root, 'c', 'pglite');
    mkdirSync(dir, { recursive: true });
    const inode = statSync(dir).ino;
    expect(isNewDataDir(dir)).toBe(true);
    const database = await openDatabase({ dataDir: dir });
    try {
      const { n } = must(
        (
          await rows<{ n: number }>(
            database,
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          )
        )[0],
        'a row',
      );
      expect(n).toBe(migrations());
    } finally {
      await database.close();
    }
    expect(statSync(dir).ino).toBe(inode);
    expect(isNewDataDir(dir)).toBe(false);
  });
});
