import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { createTestDatabase } from '../../../test/support/helper.ts';
import { accountSearch } from './repository.ts';
import { rowsOf } from '../../../test/support/rows.ts';

// Which indexes can answer the staff search (migration 0012, docs/decisions/050-staff-search-trigram-index.md).
// The test data is a few rows, where a sequential scan is cheapest; with sequential scans priced
// out, the plan shows whether each lookup can be served by its trigram index at all — it cannot if
// the query's expressions and the indexes' drift apart.
describe('the staff account search', () => {
  let db: Db;
  let done: () => Promise<void>;
  beforeAll(async () => {
    const t = await createTestDatabase();
    db = t.database.db;
    done = async () => {
      await t.database.close();
      await t.drop();
    };
  });
  afterAll(() => done());

  const plan = (text: string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute(sql`explain ${accountSearch(tx, text)}`);
      return rowsOf<Record<string, string>>(rows);
    });

  it('can answer a name, a billing email and a domain from the trigram indexes', async () => {
    const lines = (await plan('baker')).map((r) => Object.values(r)[0]).join('\n');
    expect(lines).toContain('accounts_name_trgm');
    expect(lines).toContain('accounts_bill_email_trgm');
    expect(lines).toContain('domains_domain_trgm');
    expect(lines).not.toMatch(/Seq Scan on (accounts|domains)\b/);
  });

  it("looks a text's words up in the index one by one, in their order, before the whole text", async () => {
    // docs/decisions/126-staff-search-by-words.md: the first pattern leads the index's walk.
    const lines = (await plan('www.bakers-dozen.com')).map((r) => Object.values(r)[0]);
    const domainLookup = lines.find((l) => /\(domain ~~\* '%www%'/.test(l ?? '')) ?? '';
    const order = ['%www%', '%bakers%', '%dozen%', '%com%', '%www.bakers-dozen.com%'].map((p) =>
      domainLookup.indexOf(`'${p}'`),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
