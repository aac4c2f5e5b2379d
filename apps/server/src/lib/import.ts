import { must } from '@portal/contract/must';
import { readFile } from 'node:fs/promises';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/index.ts';
import * as T from '../db/schema.ts';
import { errorText } from './error-text.ts';
import { compactDay, isoDay, parseDateTime, parseDay } from './days.ts';

/**
 * The import (docs/import-format.md): a JSON document whose keys are entity names, each an array of rows
 * with the spec's field names (plus `owner`). Idempotent (upsert by natural key) and
 * all-or-nothing (one transaction). Unknown entities and fields are errors naming the row.
 */
type DayForm = 'compact' | 'partial' | 'iso';

interface Entity {
  table: PgTable;
  /** Natural key, as SQL column names; needs a unique index. */
  key: [string, ...string[]];
  /** Spec field name → SQL column name, where they differ. */
  rename?: Record<string, string>;
  /** Fields given in dollars, stored in cents. */
  money?: string[];
  /**
   * Day fields kept as text: each takes `YYYY-MM-DD` or `YYYYMMDD` and is stored in one form, the
   * one the code that reads it expects ('compact' = YYYYMMDD, the spec's invoice and circuit dates).
   * A field whose column defaults to '' may be '' (not known). 'partial' is 'compact' that also
   * takes a year or a month alone (`2021`, `2021-06` → `202106`), as circuit records have them.
   */
  days?: Record<string, DayForm>;
  /** Extra fields handled by `prepare`. */
  extra?: string[];
  prepare?: (row: Record<string, unknown>, where: string) => Promise<Record<string, unknown>>;
  /**
   * Checks, in the import's transaction after the entity's rows are written, what needs other rows
   * (an account's uid); throws an ImportError naming the row.
   */
  verify?: (db: Db, rows: Array<{ index: number; raw: Record<string, unknown> }>) => Promise<void>;
  /** Serial id columns given explicitly: their sequence is moved past the highest value. */
  serial?: string;
  /** Rows of a lower phase are written first (rows that refer to rows of the same entity). */
  phase?: (row: Record<string, unknown>) => number;
  /** Fed by another system, which exports all its rows: `--replace` may remove the rows a file leaves out. One text key. */
  replaceable?: boolean;
  /** An integer column raised by one when an update changes any of the `when` columns (SQL names). */
  raiseOnChange?: { column: string; when: string[] };
}

const ENTITIES: Record<string, Entity> = {
  accounts: {
    table: T.accounts,
    key: ['logname'],
    rename: { primary: 'primary_logname' },
    // A Secondary refers to its primary: Primaries are written first.
    phase: (row) => (row.primary ? 1 : 0),
    // A changed role ends the account's sessions (auth/sessions.ts): a token of the old role must not live on.
    raiseOnChange: { column: 'session_epoch', when: ['role'] },
    extra: ['password', 'password_hash', 'prime_uid'],
    prepare: async (row, where) => {
      const { password, password_hash, prime_uid, ...rest } = row;
      if (prime_uid !== undefined) Object.assign(rest, dashboardAdminOf(rest, prime_uid, where));
      if (typeof password === 'string' && password) rest.password_hash = await hashPassword(password);
      else if (typeof password_hash === 'string') rest.password_hash = password_hash;
      if (typeof rest.popup_note === 'string' && rest.popup_note)
        rest.popup_note_lastmod ??= new Date().toISOString();
      return rest;
    },
    verify: verifyPrimeUids,
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
  devsites: { table: T.devsites, key: ['vid'], days: { setup_date: 'iso' } },
  databases: { table: T.databases, key: ['owner', 'name'] },
  invoices: {
    table: T.invoices,
    key: ['invoice'],
    money: ['amount'],
    days: { invdate: 'compact', duedate: 'compact' },
  },
  payments: { table: T.payments, key: ['trans_id'], money: ['amount'] },
  cards: { table: T.cards, key: ['owner', 'payment_profile_id'] },
  circuits: { table: T.circuits, key: ['owner', 'loc_name'], days: { active_date: 'partial' } },
  bus_accounts: { table: T.busAccounts, key: ['account'] },
  contacts: { table: T.contacts, key: ['tcid'], serial: 'tcid' },
  mailing_lists: { table: T.mailingLists, key: ['listname'], replaceable: true },
  disk_usage: {
    table: T.diskUsage,
    key: ['owner'],
    replaceable: true,
    // The spec's disk-usage row names its account by `logname` and `uid`.
    extra: ['logname', 'uid'],
    prepare: async (row, where) => {
      const { logname, uid, ...rest } = row;
      if (logname === undefined) return rest;
      if (rest.owner !== undefined && rest.owner !== logname)
        throw new ImportError(
          `${where}.logname: "${String(logname)}" contradicts owner "${String(rest.owner)}"`,
        );
      return { ...rest, owner: logname };
    },
    verify: (db, rows) => verifyUids(db, 'disk_usage', rows),
  },
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

/**
 * The spec's `prime_uid` of a Secondary: truthy means dashboard admin. 0, "0", "",
 * false and null are not; a uid or true is. It must agree with `dashboard_admin` when both are
 * given, and only a Secondary can be a dashboard admin.
 */
function dashboardAdminOf(row: Record<string, unknown>, primeUid: unknown, where: string) {
  const admin =
    primeUid === null || primeUid === false || primeUid === 0 || primeUid === '' || primeUid === '0'
      ? false
      : primeUid === true ||
          (typeof primeUid === 'number' && Number.isInteger(primeUid) && primeUid > 0) ||
          (typeof primeUid === 'string' && /^\d+$/.test(primeUid))
        ? true
        : undefined;
  if (admin === undefined)
    throw new ImportError(`${where}.prime_uid: expected the primary's uid, or 0 when not a dashboard admin`);
  if (
    row.dashboard_admin !== undefined &&
    row.dashboard_admin !== null &&
    Boolean(row.dashboard_admin) !== admin
  )
    throw new ImportError(
      `${where}.prime_uid: ${JSON.stringify(primeUid)} contradicts dashboard_admin ${JSON.stringify(row.dashboard_admin)}`,
    );
  if (admin && row.account_role !== undefined && row.account_role !== 'Secondary')
    throw new ImportError(`${where}.prime_uid: only a Secondary can be a dashboard admin`);
  return { dashboard_admin: admin };
}

/** A `prime_uid` that is a uid names the Secondary's primary: it must be the primary's uid. */
async function verifyPrimeUids(db: Db, rows: Array<{ index: number; raw: Record<string, unknown> }>) {
  for (const { index, raw } of rows) {
    const primeUid = raw.prime_uid;
    if (primeUid === undefined || primeUid === null || primeUid === true || !Number(primeUid)) continue;
    const [row] = await db
      .select({ uid: T.accounts.uid })
      .from(T.accounts)
      .where(
        sql`${T.accounts.logname} = (select ${T.accounts.primary} from ${T.accounts} where ${T.accounts.logname} = ${String(raw.logname)})`,
      );
    if (!row || row.uid !== Number(primeUid))
      throw new ImportError(
        `accounts[${index}].prime_uid: ${JSON.stringify(primeUid)} is not the uid of the account's primary${row ? ` (${row.uid})` : ''}`,
      );
  }
}

/** Rows that give the spec's `uid` next to their account: it must be that account's uid. */
async function verifyUids(
  db: Db,
  name: string,
  rows: Array<{ index: number; raw: Record<string, unknown> }>,
): Promise<void> {
  for (const { index, raw } of rows) {
    if (raw.uid === undefined || raw.uid === null) continue;
    const logname = String(raw.owner ?? raw.logname);
    const [account] = await db
      .select({ uid: T.accounts.uid })
      .from(T.accounts)
      .where(sql`${T.accounts.logname} = ${logname}`);
    if (!account || String(account.uid) !== String(raw.uid))
      throw new ImportError(
        `${name}[${index}].uid: ${JSON.stringify(raw.uid)} is not the uid of ${logname}${account ? ` (${account.uid})` : ''}`,
      );
  }
}

export class ImportError extends Error {}

export interface ImportResult {
  counts: Record<string, number>;
  /** Rows removed by `replace`, per entity. */
  removed: Record<string, number>;
}

export interface ImportOptions {
  /**
   * `ENTITY` or `ENTITY:FIELD=VALUE` (the CLI's `--replace`): the file holds every row of the
   * entity (or every row whose FIELD is VALUE, e.g. `mailing_lists:list_type=MM` for the lists one
   * list server exports); stored rows in that scope that the file leaves out are removed.
   */
  replace?: string[];
}

interface Replace {
  spec: string;
  entity: string;
  field?: string;
  value?: string;
}

function parseReplace(spec: string): Replace {
  const m = /^(\w+)(?::(\w+)=(.*))?$/.exec(spec);
  if (!m) throw new ImportError(`--replace ${spec}: expected ENTITY or ENTITY:FIELD=VALUE`);
  const [, name = '', field, value] = m;
  const entity = ENTITIES[name];
  if (!entity?.replaceable) {
    const allowed = Object.entries(ENTITIES)
      .filter(([, e]) => e.replaceable)
      .map(([k]) => k);
    throw new ImportError(`--replace ${spec}: only ${allowed.join(', ')} can be replaced`);
  }
  if (field && !columnsBySqlName(entity.table).has(field))
    throw new ImportError(`--replace ${spec}: unknown field "${field}"`);
  return { spec, entity: name, field, value };
}

/** The rows of a replaced entity must all lie in its scope, and the entity must be in the file. */
function checkScope(r: Replace, input: Record<string, unknown>): void {
  const rows = input[r.entity];
  if (!Array.isArray(rows)) throw new ImportError(`--replace ${r.spec}: the file has no "${r.entity}" array`);
  if (!r.field) return;
  const { field } = r;
  rows.forEach((raw, i) => {
    const v = (raw as Record<string, unknown> | null)?.[field];
    if (v === undefined || v === null || String(v) !== r.value)
      throw new ImportError(`${r.entity}[${i}].${r.field}: must be "${r.value}" with --replace ${r.spec}`);
  });
}

/** Removes the stored rows in the scope of `r` whose key the file does not name; answers how many. */
async function removeOthers(db: Db, r: Replace, rows: Prepared[]): Promise<number> {
  const entity = must(ENTITIES[r.entity], `the entity of --replace ${r.spec}`);
  const columns = columnsBySqlName(entity.table);
  const [prop, key] = columnOf(columns, entity.key[0]);
  // One parameter however many rows (a list of placeholders is limited to 65 535).
  const kept = JSON.stringify(rows.map((p) => String(p.row[prop])));
  const scope = r.field ? sql` and ${columnOf(columns, r.field)[1]} = ${r.value}` : sql``;
  const gone = await db
    .delete(entity.table)
    .where(sql`${key} not in (select jsonb_array_elements_text(${kept}::jsonb))${scope}`)
    .returning({ key });
  return gone.length;
}

/** A prepared row (property names of the table) with its position in the file, for error messages. */
interface Prepared {
  index: number;
  row: Record<string, unknown>;
}

export async function importFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new ImportError(`${file}: not a JSON document (${errorText(err)})`);
  }
  return importDocument(db, doc, options);
}

export async function importDocument(
  db: Db,
  doc: unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new ImportError('the document must be a JSON object');
  const unknown = Object.keys(doc).filter((k) => !(k in ENTITIES));
  if (unknown.length) throw new ImportError(`unknown entity ${unknown.map((k) => `"${k}"`).join(', ')}`);
  const input = doc as Record<string, unknown>;
  const replace = new Map<string, Replace>();
  for (const r of (options.replace ?? []).map(parseReplace)) {
    if (replace.has(r.entity)) throw new ImportError(`--replace ${r.entity} given twice`);
    checkScope(r, input);
    replace.set(r.entity, r);
  }
  // Prepare (validate, hash) everything before writing anything.
  const prepared: Array<[string, Entity, Prepared[]]> = [];
  for (const [name, entity] of Object.entries(ENTITIES)) {
    const rows = input[name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows)) throw new ImportError(`${name}: must be an array of rows`);
    const out = await prepareRows(name, entity, rows);
    refuseDuplicates(name, entity, out);
    prepared.push([name, entity, out]);
  }
  const counts: Record<string, number> = {};
  const removed: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const [name, entity, rows] of prepared) {
      await upsert(tx, name, entity, rows);
      if (entity.verify) {
        const raw = input[name] as Array<Record<string, unknown>>;
        await entity.verify(
          tx,
          rows.map((p) => ({ index: p.index, raw: must(raw[p.index], `${name}[${p.index}]`) })),
        );
      }
      counts[name] = rows.length;
      const r = replace.get(name);
      if (r) removed[name] = await removeOthers(tx, r, rows);
    }
  });
  return { counts, removed };
}

/**
 * Rows prepared a few at a time: an account's password is hashed on a hashing thread (argon2id,
 * tens of ms each; auth/hash-threads.ts), as many at once as the password queue lets run (the
 * demo's seven accounts at every first start). The first invalid row in file order is the one reported, as when preparing one by one.
 */
const PREPARE_AT_ONCE = 4;

async function prepareRows(name: string, entity: Entity, rows: unknown[]): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (let start = 0; start < rows.length; start += PREPARE_AT_ONCE) {
    const batch = rows.slice(start, start + PREPARE_AT_ONCE);
    const settled = await Promise.allSettled(batch.map((raw, k) => toRow(name, entity, raw, start + k)));
    for (const [k, s] of settled.entries()) {
      if (s.status === 'rejected') throw s.reason;
      out.push({ index: start + k, row: s.value });
    }
  }
  return out;
}

/** The `set` entry of `raiseOnChange`, comparing only the columns the batch gives (the others keep their value). */
function raiseOnChange(
  { column, when }: NonNullable<Entity['raiseOnChange']>,
  entity: Entity,
  row: Record<string, unknown>,
  columns: Map<string, [string, PgColumn]>,
): Record<string, SQL> | undefined {
  const given = when.filter((c) => {
    const prop = columns.get(c)?.[0];
    return prop !== undefined && row[prop] !== undefined;
  });
  if (!given.length) return undefined;
  const table = getTableName(entity.table);
  const changed = given.map((c) => `"${table}"."${c}" is distinct from excluded."${c}"`).join(' or ');
  const [prop] = columnOf(columns, column);
  return {
    [prop]: sql.raw(`case when ${changed} then "${table}"."${column}" + 1 else "${table}"."${column}" end`),
  };
}

function columnsBySqlName(table: PgTable): Map<string, [string, PgColumn]> {
  const map = new Map<string, [string, PgColumn]>();
  for (const [prop, col] of Object.entries(getTableColumns(table))) map.set(col.name, [prop, col]);
  return map;
}

/** The property and column of the SQL column `name`, which the entity table declares (ENTITIES). */
function columnOf(columns: Map<string, [string, PgColumn]>, name: string): [string, PgColumn] {
  const column = columns.get(name);
  if (!column) throw new Error(`import: no column "${name}"`);
  return column;
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
  if (entity.prepare) row = await entity.prepare(row, where);
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
    const form = entity.days?.[field];
    out[prop] = form ? day(col, v, form, `${where}.${field}`) : coerce(col, v, `${where}.${field}`);
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
      const d = typeof v === 'string' ? parseDateTime(v) : null;
      if (!d) throw new ImportError(`${where}: expected an ISO 8601 date-time, YYYY-MM-DD or YYYYMMDD`);
      return d;
    }
    case 'PgDateString': {
      const d = typeof v === 'string' ? parseDay(v) : null;
      if (!d) throw new ImportError(`${where}: expected a date, YYYY-MM-DD or YYYYMMDD`);
      return isoDay(d);
    }
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

/** A day kept as text: either form in, the field's one form out ('' where the column's default is ''). */
function day(col: PgColumn, v: unknown, form: DayForm, where: string): unknown {
  if (v === null) return coerce(col, v, where);
  if (v === '' && col.default === '') return '';
  if (typeof v === 'string' && form === 'partial') {
    const m = /^(\d{4})(?:-?(0[1-9]|1[0-2]))?$/.exec(v);
    if (m && Number(m[1]) >= 1000) return `${m[1]}${m[2] ?? ''}`;
  }
  const d = typeof v === 'string' ? parseDay(v) : null;
  if (!d) throw new ImportError(`${where}: expected a date, YYYY-MM-DD or YYYYMMDD`);
  return form === 'iso' ? isoDay(d) : compactDay(d);
}

/**
 * Writes one entity's rows. A batch is a run of consecutive rows that name the same fields, so an
 * update sets only the columns its rows give: in one multi-row insert a field missing from one row
 * would be `default` there, and `excluded.col` would overwrite the stored value (a re-import of bob
 * without `password` next to alice with one would clear bob's password). Rows keep the file's order
 * (serial ids follow it), lower phases first. Each batch runs in a savepoint; when the database
 * refuses it, its rows are retried one by one to name the row and field.
 */
async function upsert(db: Db, name: string, entity: Entity, rows: Prepared[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsBySqlName(entity.table);
  const tableColumns = getTableColumns(entity.table);
  const target = entity.key.map((k) => columnOf(columns, k)[1]);
  const sqlName = (prop: string) => must(tableColumns[prop], `the column of ${name}.${prop}`).name;
  const CHUNK = 500;
  const phase = (p: Prepared) => entity.phase?.(p.row) ?? 0;
  const fields = (p: Prepared) => Object.keys(p.row).sort().join(',');
  const batches: Array<[Prepared, ...Prepared[]]> = [];
  for (const p of [...rows].sort((a, b) => phase(a) - phase(b))) {
    const last = batches.at(-1);
    if (last && last.length < CHUNK && phase(last[0]) === phase(p) && fields(last[0]) === fields(p))
      last.push(p);
    else batches.push([p]);
  }
  for (const batch of batches) {
    const set = Object.fromEntries(
      Object.keys(batch[0].row)
        .filter((p) => !entity.key.includes(sqlName(p)))
        .map((p) => [p, sql.raw(`excluded."${sqlName(p)}"`)]),
    );
    const raise = entity.raiseOnChange && raiseOnChange(entity.raiseOnChange, entity, batch[0].row, columns);
    if (raise) Object.assign(set, raise);
    const write = async (tx: Db, some: Prepared[]) => {
      const q = tx.insert(entity.table).values(some.map((p) => p.row) as never);
      if (Object.keys(set).length) await q.onConflictDoUpdate({ target, set });
      else await q.onConflictDoNothing({ target });
    };
    const failed = await inSavepoint(db, (tx) => write(tx, batch));
    if (!failed) continue;
    for (const p of batch.length > 1 ? batch : []) {
      const err = await inSavepoint(db, (tx) => write(tx, [p]));
      if (err) throw rowError(name, entity, p, err);
    }
    throw rowError(name, entity, batch.length === 1 ? batch[0] : undefined, failed);
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

/** Runs `fn` in a savepoint; answers the error that rolled it back, if any. */
async function inSavepoint(db: Db, fn: (tx: Db) => Promise<void>): Promise<unknown> {
  try {
    await db.transaction((tx) => fn(tx));
    return undefined;
  } catch (err) {
    return err;
  }
}

/** Two rows of one entity with the same natural key: the later one is named. */
function refuseDuplicates(name: string, entity: Entity, rows: Prepared[]): void {
  const columns = columnsBySqlName(entity.table);
  const props = entity.key.map((k) => columns.get(k)?.[0] ?? k);
  const seen = new Map<string, number>();
  for (const { index, row } of rows) {
    const key = JSON.stringify(props.map((p) => row[p] ?? null));
    const first = seen.get(key);
    if (first !== undefined) {
      throw new ImportError(`${name}[${index}]: same ${entity.key.join(' + ')} as ${name}[${first}]`);
    }
    seen.set(key, index);
  }
}

/** The database's refusal of a row, as an error naming the entity, the row and the field. */
function rowError(name: string, entity: Entity, p: Prepared | undefined, err: unknown): ImportError {
  const e = err as { message?: string; cause?: unknown };
  const pgErr = (e.cause ?? err) as {
    code?: string;
    message?: string;
    detail?: string;
    column?: string;
    table?: string;
  };
  const where = p ? `${name}[${p.index}]` : name;
  const message = pgErr.message ?? e.message ?? String(err);
  // e.g. `Key (owner)=(nobody) is not present in table "accounts".` or `Key (uid)=(5001) already exists.`
  const [, keyColumns, keyValue] = /Key \((.+?)\)=\((.*?)\)/.exec(pgErr.detail ?? '') ?? [];
  const sqlColumns = keyColumns !== undefined ? keyColumns.split(', ') : pgErr.column ? [pgErr.column] : [];
  const field = sqlColumns.map((c) => specField(entity, c)).join(' + ');
  const at = field ? `${where}.${field}` : where;
  const value = keyValue !== undefined ? `"${keyValue}"` : '';
  switch (pgErr.code) {
    case '23503': {
      const table = /table "([^"]+)"/.exec(pgErr.detail ?? '')?.[1];
      return new ImportError(`${at}: ${value} does not exist${table ? ` in ${table}` : ''}`);
    }
    case '23505':
      return new ImportError(`${at}: ${value} is already used by another row`);
    case '23502':
      return new ImportError(`${at}: may not be null`);
    default:
      return new ImportError(`${at}: ${message}${pgErr.detail ? ` (${pgErr.detail})` : ''}`);
  }
}

/** The file's field name of an SQL column (`primary_logname` is `primary`, `amount_cents` is `amount`). */
function specField(entity: Entity, column: string): string {
  const renamed = Object.entries(entity.rename ?? {}).find(([, c]) => c === column)?.[0];
  if (renamed) return renamed;
  const money = column.replace(/_cents$/, '');
  return entity.money?.includes(money) ? money : column;
}
