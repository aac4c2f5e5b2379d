// A large data set for the load and soak benchmarks, written with set-based SQL (INSERT ... SELECT
// generate_series) into a freshly migrated PostgreSQL: the demo data (so its logins work), then
// per 1.0 of `scale` 100,000 accounts, 1,000,000 domains, 10,000,000 email aliases, one website per
// account with a few error-log lines.
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { DEMO_FILE } from '../apps/server/src/lib/demo.ts';
import { importFile } from '../apps/server/src/lib/import.ts';

/** The password of every seeded account (`u1` … `uN`). */
export const LOAD_PASSWORD = 'load-bench-password';
export const DOMAINS_PER_ACCOUNT = 10;
export const ALIASES_PER_DOMAIN = 10;
export const LOGS_PER_SITE = 10;
/** Seeded ids start here, above the demo data's. */
const UID_BASE = 1_000_000;
const VID_BASE = 2_000_000;

/** Names of the seeded rows, for the virtual users. */
export const seeded = {
  account: (n: number) => `u${n}`,
  domain: (n: number, k: number) => `u${n}-d${k}.example.com`,
  alias: (j: number) => `a${j}`,
  vid: (n: number) => VID_BASE + n,
};

/** PostgreSQL settings for a data set this size (the defaults suit a tiny machine). */
export const LARGE_DATA_PG_SETTINGS = [
  'shared_buffers=1GB',
  'max_wal_size=8GB',
  'checkpoint_timeout=30min',
  'work_mem=16MB',
];

/** Tables written in bulk: their foreign keys and secondary indexes are built after the rows. */
const BULK_TABLES = ['domains', 'email_aliases', 'websites', 'error_logs'];

export interface LargeData {
  accounts: number;
  domains: number;
  aliases: number;
  seconds: number;
}

export async function seedLargeData(url: string, scale: number, log = console.log): Promise<LargeData> {
  const accounts = Math.max(1, Math.round(100_000 * scale));
  const started = Date.now();
  const database = await openDatabase({ url }); // migrates
  await importFile(database.db, DEMO_FILE);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (what: string, query: string, values: unknown[] = []) => {
    const t0 = Date.now();
    const { rowCount } = await client.query(query, values);
    log(`  ${what}: ${rowCount ?? ''} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  try {
    // Bulk-load settings, undone below so the benchmark itself runs with durable commits.
    for (const s of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off'])
      await client.query(`alter system set ${s}`);
    await client.query('select pg_reload_conf()');
    await client.query(`set maintenance_work_mem = '1GB'`);

    const deferred = await dropForBulkLoad(client);
    const hash = await hashPassword(LOAD_PASSWORD);
    await step(
      'accounts',
      `insert into accounts (logname, uid, first_name, last_name, bill_email, password_hash, pricing_plan, account_type)
       select 'u' || n, ${UID_BASE} + n, 'Load', 'User ' || n, 'u' || n || '@example.net', $1, 'Basic', 'Individual'
       from generate_series(1, $2::int) n`,
      [hash, accounts],
    );
    // k outer, n inner: an account's rows are spread over the table as years of inserts would leave them.
    await step(
      'domains',
      `insert into domains (domain, owner, expiration_date, auto_renew, contact_email, website, docroot)
       select 'u' || n || '-d' || k || '.example.com', 'u' || n, date '2026-06-01' + (n * 7 + k * 31) % 730,
              k % 2, 'u' || n || '@example.net', case when k = 0 then 1 else 0 end,
              case when k = 0 then '/home/u' || n || '/www' else '' end
       from generate_series(0, $1::int - 1) k, generate_series(1, $2::int) n`,
      [DOMAINS_PER_ACCOUNT, accounts],
    );
    await step(
      'email aliases',
      `insert into email_aliases (domain, src, dst_list)
       select d.domain, 'a' || j, array[d.owner || '@example.net', 'a' || j || '@mail.example.org']
       from generate_series(0, $1::int - 1) j, domains d where d.owner like 'u%'`,
      [ALIASES_PER_DOMAIN],
    );
    await step(
      'websites',
      `insert into websites (vid, owner, virtname, php_version, ssl, error_logs, docroot)
       select ${VID_BASE} + n, 'u' || n, 'u' || n || '-d0.example.com', '8.2', 1, 1, '/home/u' || n || '/www'
       from generate_series(1, $1::int) n`,
      [accounts],
    );
    await step(
      'error-log lines',
      `insert into error_logs (vid, msg)
       select ${VID_BASE} + n, '[php:warn] [pid ' || k || '] PHP Warning:  Undefined variable $x in /home/u' || n || '/www/index.php on line ' || k
       from generate_series(1, $1::int) k, generate_series(1, $2::int) n`,
      [LOGS_PER_SITE, accounts],
    );
    for (const [what, ddl] of deferred) await step(what, ddl);
    await step('vacuum analyze', 'vacuum analyze');

    for (const s of ['fsync', 'synchronous_commit', 'full_page_writes'])
      await client.query(`alter system reset ${s}`);
    await client.query('select pg_reload_conf()');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
  return {
    accounts,
    domains: accounts * DOMAINS_PER_ACCOUNT,
    aliases: accounts * DOMAINS_PER_ACCOUNT * ALIASES_PER_DOMAIN,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Drops the bulk tables' foreign keys and secondary indexes (read from the catalog, so they follow
 * the real schema) and answers the statements that recreate them: one sort per index and one join
 * per foreign key are much faster than maintaining them row by row.
 */
async function dropForBulkLoad(client: pg.Client): Promise<[string, string][]> {
  const { rows: fks } = await client.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text tbl, conname name, pg_get_constraintdef(oid) def from pg_constraint
     where contype = 'f' and conrelid = any($1::text[]::regclass[])`,
    [BULK_TABLES],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text name, pg_get_indexdef(indexrelid) def from pg_index i
     where indrelid = any($1::text[]::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  for (const fk of fks) await client.query(`alter table ${fk.tbl} drop constraint ${fk.name}`);
  for (const ix of indexes) await client.query(`drop index ${ix.name}`);
  return [
    ...indexes.map((ix): [string, string] => [`index ${ix.name}`, ix.def]),
    ...fks.map((fk): [string, string] => [
      `foreign key ${fk.name}`,
      `alter table ${fk.tbl} add constraint ${fk.name} ${fk.def}`,
    ]),
  ];
}
