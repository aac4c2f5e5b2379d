import { readFile } from 'node:fs/promises';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/index.ts';
import * as T from '../db/schema.ts';

/**
 * The import of DESIGN.md §4: a JSON document whose keys are entity names, each an array of rows
 * with the spec's field names (plus `owner`). Idempotent (upsert by natural key) and
 * all-or-nothing (one transaction). Unknown entities and fields are errors naming the row.
 */
interface Entity {
  table: PgTable;
  /** Natural key, as SQL column names; needs a unique index. */
  key: string[];
  /** Spec field name → SQL column name, where they differ. */
  rename?: Record<string, string>;
  /** Fields given in dollars, stored in cents. */
  money?: string[];
  /** Extra fields handled by `prepare`. */
  extra?: string[];
  prepare?: (row: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Serial id columns given explicitly: their sequence is moved past the highest value. */
  serial?: string;
}

const ENTITIES: Record<string, Entity> = {
  accounts: {
    table: T.accounts,
    key: ['logname'],
    rename: { primary: 'primary_logname' },
    extra: ['password', 'password_hash'],
    prepare: async (row) => {
      const { password, password_hash, ...rest } = row;
      if (typeof password === 'string' && password) rest.password_hash = await hashPassword(password);
      else if (typeof password_hash === 'string') rest.password_hash = password_hash;
      if (typeof rest.popup_note === 'string' && rest.popup_note)
        rest.popup_note_lastmod ??= new Date().toISOString();
      return rest;
    },
  },
  addresses: { table: T.addresses, key: ['owner', 'kind'] },
  statement_delivery: { table: T.statementDelivery, key: ['owner'] },
  domains: { table: T.domains, key: ['domain'] },
  domain_admins: { table: T.domainGrants, key: ['owner', 'admin', 'domain'] },
  email_aliases: { table: T.emailAliases, key: ['domain', 'src'] },
  temp_emails: { table: T.tempEmails, key: ['name'] },
  recovery_emails: { table: T.recoveryEmails, key: ['owner', 'contact_info'] },
  websites: { table: T.websites, key: ['vid'] },
  error_logs: { table: T.errorLogs, key: ['id'], serial: 'id' },
  devsites: { table: T.devsites, key: ['vid'] },
  databases: { table: T.databases, key: ['owner', 'name'] },
  invoices: { table: T.invoices, key: ['invoice'], money: ['amount'] },
  payments: { table: T.payments, key: ['trans_id'], money: ['amount'] },
  cards: { table: T.cards, key: ['owner', 'payment_profile_id'] },
  circuits: { table: T.circuits, key: ['owner', 'loc_name'] },
  bus_accounts: { table: T.busAccounts, key: ['account'] },
  contacts: { table: T.contacts, key: ['tcid'], serial: 'tcid' },
  mailing_lists: { table: T.mailingLists, key: ['listname'] },
  disk_usage: { table: T.diskUsage, key: ['owner'] },
  network_status: { table: T.networkStatus, key: ['id'] },
  quick_refs: { table: T.quickRefs, key: ['ref_name'] },
  tld_prices: { table: T.tldPrices, key: ['tld', 'id'], money: ['baseprice', 'price'] },
  coworking_products: {
    table: T.coworkingProducts,
    key: ['pcode'],
    money: ['actual_price', 'discount_price'],
  },
  webapps: { table: T.webapps, key: ['aid'] },
  php_versions: { table: T.phpVersions, key: ['version'] },
};

export const IMPORT_ENTITIES = Object.keys(ENTITIES);

export class ImportError extends Error {}

export interface ImportResult {
  counts: Record<string, number>;
}

export async function importFile(db: Db, file: string): Promise<ImportResult> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new ImportError(`${file}: not a JSON document (${(err as Error).message})`);
  }
  return importDocument(db, doc);
}

export async function importDocument(db: Db, doc: unknown): Promise<ImportResult> {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new ImportError('the document must be a JSON object');
  const unknown = Object.keys(doc).filter((k) => !(k in ENTITIES));
  if (unknown.length) throw new ImportError(`unknown entity ${unknown.map((k) => `"${k}"`).join(', ')}`);
  const input = doc as Record<string, unknown>;
  // Prepare (validate, hash) everything before writing anything.
  const prepared: Array<[string, Record<string, unknown>[]]> = [];
  for (const [name, entity] of Object.entries(ENTITIES)) {
    const rows = input[name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows)) throw new ImportError(`${name}: must be an array of rows`);
    const out: Record<string, unknown>[] = [];
    for (let i = 0; i < rows.length; i++) out.push(await toRow(name, entity, rows[i], i));
    if (name === 'accounts') out.sort((a, b) => Number(!!a.primaryLogname) - Number(!!b.primaryLogname));
    prepared.push([name, out]);
  }
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const [name, rows] of prepared) {
      const entity = ENTITIES[name];
      await upsert(tx as unknown as Db, name, entity, rows);
      counts[name] = rows.length;
    }
  });
  return { counts };
}

function columnsBySqlName(table: PgTable): Map<string, [string, PgColumn]> {
  const map = new Map<string, [string, PgColumn]>();
  for (const [prop, col] of Object.entries(getTableColumns(table))) map.set(col.name, [prop, col]);
  return map;
}

async function toRow(
  name: string,
  entity: Entity,
  raw: unknown,
  index: number,
): Promise<Record<string, unknown>> {
  const where = `${name}[${index}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new ImportError(`${where}: must be an object`);
  let row = { ...(raw as Record<string, unknown>) };
  if (entity.prepare) row = await entity.prepare(row);
  const columns = columnsBySqlName(entity.table);
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row)) {
    let sqlName = entity.rename?.[field] ?? field;
    let v = value;
    if (entity.money?.includes(field)) {
      sqlName = `${field}_cents`;
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) {
        throw new ImportError(`${where}.${field}: expected an amount in dollars`);
      }
      v = v === null ? null : Math.round((v as number) * 100);
    }
    const hit = columns.get(sqlName);
    if (!hit) throw new ImportError(`${where}: unknown field "${field}"`);
    const [prop, col] = hit;
    out[prop] = coerce(col, v, `${where}.${field}`);
  }
  for (const k of entity.key) {
    const hit = columns.get(k);
    if (hit && out[hit[0]] === undefined && k !== 'domain')
      throw new ImportError(`${where}: missing key field "${k}"`);
  }
  for (const [sqlName, [prop, col]] of columns) {
    if (col.notNull && !col.hasDefault && out[prop] === undefined) {
      throw new ImportError(`${where}: missing field "${sqlName.replace(/_cents$/, '')}"`);
    }
  }
  return out;
}

function coerce(col: PgColumn, v: unknown, where: string): unknown {
  if (v === null) {
    if (col.notNull) throw new ImportError(`${where}: may not be null`);
    return null;
  }
  switch (col.columnType) {
    case 'PgInteger':
    case 'PgSerial':
    case 'PgBigSerial53':
    case 'PgBigInt53': {
      const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isInteger(n))
        throw new ImportError(`${where}: expected an integer`);
      return n;
    }
    case 'PgBoolean':
      if (typeof v === 'boolean') return v;
      if (v === 0 || v === 1) return v === 1;
      throw new ImportError(`${where}: expected true or false`);
    case 'PgTimestamp': {
      const d = new Date(String(v));
      if (typeof v !== 'string' || Number.isNaN(d.getTime()))
        throw new ImportError(`${where}: expected a date-time`);
      return d;
    }
    case 'PgDateString':
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v))
        throw new ImportError(`${where}: expected YYYY-MM-DD`);
      return v;
    case 'PgArray':
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
        throw new ImportError(`${where}: expected a list of strings`);
      return v;
    case 'PgJsonb':
      return v;
    default:
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      if (typeof v !== 'string') throw new ImportError(`${where}: expected text`);
      return v;
  }
}

async function upsert(db: Db, name: string, entity: Entity, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsBySqlName(entity.table);
  const target = entity.key.map((k) => columns.get(k)![1]);
  const CHUNK = 500;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const props = [...new Set(chunk.flatMap((r) => Object.keys(r)))];
    const set = Object.fromEntries(
      props
        .filter((p) => !entity.key.includes(getTableColumns(entity.table)[p].name))
        .map((p) => [p, sql.raw(`excluded."${getTableColumns(entity.table)[p].name}"`)]),
    );
    try {
      const q = db.insert(entity.table).values(chunk as never);
      if (Object.keys(set).length) await q.onConflictDoUpdate({ target, set });
      else await q.onConflictDoNothing({ target });
    } catch (err) {
      const e = err as { message?: string; detail?: string; cause?: { message?: string; detail?: string } };
      const msg = e.cause?.message ?? e.message ?? String(err);
      throw new ImportError(
        `${name} (rows ${i}-${i + chunk.length - 1}): ${msg}${e.cause?.detail ? ` (${e.cause.detail})` : ''}`,
      );
    }
  }
  if (entity.serial) {
    const table = getTableName(entity.table);
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', '${entity.serial}'), (select max("${entity.serial}") from "${table}"))`,
      ),
    );
  }
}
