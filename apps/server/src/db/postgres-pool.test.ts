import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isConcurrentQueryWarning } from '../../test/support/pg-warnings.ts';
import { createTestDatabase } from '../../test/support/helper.ts';

/**
 * The PostgreSQL pool (db/index.ts): each new connection runs LISTEN for the session-check
 * announcements before anything else, and is handed out only once that has ended — never a query
 * of its first user beside it on the one client (pg 8 warns, pg 9 refuses). On PostgreSQL only:
 * PGlite has one connection and runs its queries one at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  it('hands out a new connection only after its LISTEN: its first query runs alone', async () => {
    const warnings: Error[] = [];
    const listener = (w: Error) => warnings.push(w);
    // Before the pool opens: the migrations' connection is its first new one.
    process.on('warning', listener);
    const { database, drop } = await createTestDatabase();
    try {
      // Several connections new at once, each given a query the moment the pool hands it out.
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => database.db.execute(sql`select ${i}::int as n, pg_sleep(0.05)`)),
      );
      expect(answers).toHaveLength(5);
      // pg's warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter(isConcurrentQueryWarning).map((w) => w.stack)).toEqual([]);
    } finally {
      process.off('warning', listener);
      await database.close();
      await drop();
    }
  });
});
