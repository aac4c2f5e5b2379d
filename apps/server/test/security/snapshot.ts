import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/index.ts';
import { rowsOf as rowsOfAnswer } from '../support/rows.ts';

const rowsOf = async <R extends Record<string, unknown>>(db: Db, query: string): Promise<R[]> =>
  rowsOfAnswer<R>(await db.execute(sql.raw(query)));

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

/**
 * A log of committed row writes, for checks too frequent for snapshot() (one per request of the
 * fuzzing): a row trigger on every table of the public schema appends the table's name to
 * write_log.rows inside the writing transaction, so a rolled-back write leaves no trace. `since()`
 * answers the tables written by the transactions committed since its previous call (requests are
 * sent one at a time, or a batch is awaited whole, before it is called).
 */
export async function watchWrites(db: Db): Promise<{ since(): Promise<string[]> }> {
  await db.execute(sql.raw('create schema if not exists write_log'));
  await db.execute(
    sql.raw('create table if not exists write_log.rows (id bigserial primary key, tbl text not null)'),
  );
  await db.execute(
    sql.raw(`create or replace function write_log.note() returns trigger language plpgsql as $$
      begin insert into write_log.rows (tbl) values (TG_TABLE_NAME); return null; end $$`),
  );
  const tables = await rowsOf<{ name: string }>(
    db,
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  for (const { name } of tables) {
    await db.execute(
      sql.raw(
        `create or replace trigger write_log after insert or update or delete on "${name}" for each row execute function write_log.note()`,
      ),
    );
    await db.execute(
      sql.raw(
        `create or replace trigger write_log_truncate after truncate on "${name}" for each statement execute function write_log.note()`,
      ),
    );
  }
  let last = 0;
  const since = async () => {
    const rows = await rowsOf<{ id: string | number; tbl: string }>(
      db,
      `select id, tbl from write_log.rows where id > ${last} order by id`,
    );
    const newest = rows.at(-1);
    if (newest) last = Number(newest.id);
    return [...new Set(rows.map((r) => r.tbl))].sort();
  };
  await since();
  return { since };
}
