import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/index.ts';
import { rowsOf } from './rows.ts';

/**
 * What someone who copies the database or the data directory can read: the searches of the tests
 * that prove no secret is kept in clear (docs/decisions/045-secrets-at-rest.md).
 */

/**
 * Every column of every table as text, one `table.column: value` line per non-empty value.
 * Columns of every type, not only text: a secret in a bytea or jsonb column is found as well.
 */
export async function dumpDatabase(db: Db): Promise<string> {
  // Both drivers answer execute() with { rows }.
  const query = async <R extends Record<string, unknown>>(q: ReturnType<typeof sql.raw>) =>
    rowsOf<R>(await db.execute(q));
  const columns = await query<{ table_name: string; column_name: string }>(
    sql.raw(`select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by 1, 2`),
  );
  if (columns.length < 50) throw new Error(`only ${columns.length} columns found: not the portal's schema`);
  const out: string[] = [];
  for (const { table_name, column_name } of columns) {
    const values = await query<{ v: string | null }>(
      sql.raw(`select "${column_name}"::text as v from "${table_name}"`),
    );
    for (const r of values) if (r.v) out.push(`${table_name}.${column_name}: ${r.v}`);
  }
  return out.join('\n');
}

/** `pg_dump` of a PostgreSQL database (data and schema, plain SQL), as a backup holds it. */
export function pgDump(url: string): string {
  return execFileSync('pg_dump', ['--no-owner', url], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** Every file under `dir`, raw bytes read as latin1 (one character per byte), path first. */
export function readTree(dir: string): { path: string; bytes: string }[] {
  const st = lstatSync(dir);
  if (st.isSymbolicLink()) return [];
  if (!st.isDirectory()) return [{ path: dir, bytes: readFileSync(dir).toString('latin1') }];
  return readdirSync(dir).flatMap((n) => readTree(join(dir, n)));
}

/**
 * The forms a secret may be stored in without being protected: as typed, its UTF-8 bytes in hex
 * (PostgreSQL's bytea text), base64 and base64url (a JSON or JWT wrapping). Each form as a string
 * to look for in text, and in latin1 for raw file bytes (the same for these ASCII forms).
 */
export function clearForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [
    secret,
    bytes.toString('hex'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
  ];
  return [...new Set(forms)];
}

/** Where any clear form of any secret occurs in `haystack`: `what (form) at offset`. */
export function findSecrets(
  secrets: { what: string; value: string }[],
  where: string,
  haystack: string,
): string[] {
  const found: string[] = [];
  for (const s of secrets)
    for (const form of clearForms(s.value)) {
      const at = haystack.indexOf(form);
      if (at >= 0) found.push(`${s.what} (${form === s.value ? 'as is' : form}) in ${where}`);
    }
  return found;
}
