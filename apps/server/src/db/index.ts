import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { createDatabase, isNewDataDir } from './pglite-template.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** A database handle or a transaction: both have the same query API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `listener` with the account's logname when a change that the session check depends on
   * commits, in any process (the triggers of migration 0004 announce it on AUTH_CHANNEL); with null
   * when announcements may have been missed (a connection that listened has ended).
   */
  onAuthChange(listener: AuthChangeListener): void;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** PGlite only: the data directory as a tar archive, after a checkpoint (for `loadDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type AuthChangeListener = (account: string | null) => void;

/** The channel of the session check's change announcements (migration 0004_session_notify). */
export const AUTH_CHANNEL = 'portal_auth';

/** Listeners of the announcements, called in the order they were added. */
function authChanges() {
  const listeners: AuthChangeListener[] = [];
  return {
    add: (l: AuthChangeListener) => {
      listeners.push(l);
    },
    announce: (account: string | null) => {
      for (const l of listeners) l(account);
    },
  };
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Serialises migrations of several processes starting at once on one PostgreSQL. */
const MIGRATION_LOCK = 72_041_001;

/**
 * A statement built once per database handle and reused (drizzle's `.prepare(name)`: a named
 * statement on PostgreSQL, parsed and planned once per connection). For the queries every request
 * runs; a transaction is a handle of its own and gets its own.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let p = built.get(db);
    if (p === undefined) {
      p = build(db);
      built.set(db, p);
    }
    return p;
  };
}

export interface DatabaseOptions {
  /** PostgreSQL; PGlite when unset. */
  url?: string;
  /** PGlite's directory; in memory when unset. */
  dataDir?: string;
  /**
   * PGlite in memory only: start from this archive of a data directory (`Database.dumpDataDir`)
   * instead of initdb (the tests' per-run templates: docs/decisions/110-test-database-templates.md).
   */
  loadDataDir?: Blob;
  /** PostgreSQL connections of this process (config PG_POOL_MAX). */
  poolMax?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolMax ?? 10);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

/**
 * A process uses one of the two drivers: each is loaded when a database of its kind is opened, so
 * the embedded database never loads `pg` and a PostgreSQL deployment never loads PGlite
 * (docs/performance.md, "Start-up: the database drivers on demand").
 */
async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const ResilientPool = resilientPool(pg.Pool);
  // Every connection listens, before its first query: a change committed on one of them is announced
  // on that same connection before its COMMIT returns (PostgreSQL sends a session its own
  // notifications ahead of ReadyForQuery), so this process never answers from what it just changed.
  // Other processes hear it within milliseconds. A connection that ends may have missed some.
  // pg-pool awaits `onConnect` before it hands the connection out: LISTEN never runs beside its
  // first user's query (two queries at once on one client, deprecated in pg 8, gone in pg 9).
  const changes = authChanges();
  const pool = new ResilientPool({
    connectionString: url,
    max: poolMax,
    onConnect: async (client) => {
      client.on('notification', (n) => {
        if (n.channel === AUTH_CHANNEL) changes.announce(n.payload ?? null);
      });
      client.on('end', () => changes.announce(null));
      await client.query(`LISTEN ${AUTH_CHANNEL}`).catch(() => changes.announce(null));
    },
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db: Db = drizzlePg(pool, { schema });
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    db,
    kind: 'postgres',
    onAuthChange: changes.add,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * A pool that survives the database server going away (restart, failover, network cut) while a
 * client is checked out. pg emits 'error' on such a client with no listener — an uncaught
 * exception that would end the process — and drizzle never releases a client whose BEGIN failed,
 * so a few lost connections would leave the pool exhausted and every request waiting. A client
 * taken with `connect()` (drizzle transactions) is handed back to the pool, as broken, the moment
 * its connection is lost; the later release by its user is then a no-op.
 */
function resilientPool(Pool: typeof pg.Pool) {
  return class ResilientPool extends Pool {
    // biome-ignore lint/suspicious/noExplicitAny: the overloads of pg.Pool#connect (promise and callback)
    override connect(...args: any[]): any {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      if (args.length > 0) return (super.connect as (...a: any[]) => void)(...args);
      return super.connect().then((client) => {
        const release = client.release;
        let released = false;
        const lost = (err: Error) => {
          if (released) return;
          released = true;
          release(err);
        };
        client.on('error', lost);
        client.release = (err?: Error | boolean) => {
          client.removeListener('error', lost);
          if (released) return;
          released = true;
          release(err);
        };
        return client;
      });
    }
  };
}

/**
 * PGlite's own start parameters plus a buffer cache of 16 MB instead of initdb's 128 MB: PGlite
 * lives inside this process, and its cache counts in the server's memory. The embedded database is
 * the trial and small-site setup (a few MB of data); its files stay in the OS page cache anyway.
 */
const pgliteStart = (defaults: string[]) => [...defaults, '-c', 'shared_buffers=16MB'];

/**
 * PGlite opened, with the PostgreSQL extension the migrations create, which PGlite loads from its
 * own package: pg_trgm for the staff search's indexes
 * (docs/decisions/050-staff-search-trigram-index.md). The template's child process
 * (make-pglite-database.mjs) loads the same.
 */
async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir && loadDataDir) throw new Error('loadDataDir is for a database in memory, not dataDir');
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzleLite }, { migrate: migrateLite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const startParams = pgliteStart(PGlite.defaultStartParams);
  // A new directory gets a copy of a migrated template, made outside this process (pglite-template.ts).
  if (dataDir && isNewDataDir(dataDir)) await createDatabase(dataDir, MIGRATIONS, startParams);
  // The options object alone: `new PGlite(undefined, options)` (in memory) ignores its options.
  const client = new PGlite({
    dataDir,
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams,
    extensions: { pg_trgm },
  });
  const db: Db = drizzleLite(client, { schema });
  await migrateLite(drizzleLite(client, { schema }), { migrationsFolder: MIGRATIONS });
  // One process, one connection: a change is announced when the statement that committed it returns.
  const changes = authChanges();
  await client.listen(AUTH_CHANNEL, (payload) => changes.announce(payload));
  return {
    db,
    kind: 'pglite',
    onAuthChange: changes.add,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    dumpDataDir: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    close: () => client.close(),
  };
}
