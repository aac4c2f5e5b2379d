import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

const rowsOf = async <R>(db: Db, query: string): Promise<R[]> =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: R[] }).rows;

/**
 * A fingerprint of the whole database: per table, the row count and an MD5 of every row's text,
 * in one query. Two equal snapshots mean nothing was written (or everything was rolled back).
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as digest from "${name}" x`,
  );
  const rows = await rowsOf<{ name: string; digest: string }>(db, parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

export { rowsOf };
