import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from './index.ts';
import { must } from '../../test/support/must.ts';
import { rowsOf } from '../../test/support/rows.ts';

/**
 * Upgrades: a database created by the first release (a dump kept as a fixture, made from
 * 0000_init with the demo data) is opened by today's code, which must apply the later
 * migrations and serve the data; and the migrations that exist are frozen — the checksum list
 * fails the test when one changes (docs/operations.md, "Upgrade"). On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */

const DRIZZLE = fileURLToPath(new URL('../../drizzle', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../../test-fixtures/db-0000_init.sql', import.meta.url));

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function frozenList(): Map<string, string> {
  const lines = readFileSync(join(DRIZZLE, 'migrations.sha256'), 'utf8').split('\n');
  const list = new Map<string, string>();
  for (const line of lines) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [hash, file] = line.split(/\s+\*?/);
    list.set(must(file, 'file'), must(hash, 'hash'));
  }
  return list;
}

const journal = (): { tag: string; when: number }[] =>
  JSON.parse(readFileSync(join(DRIZZLE, 'meta', '_journal.json'), 'utf8')).entries;

describe('migrations that exist are frozen', () => {
  it('every migration file has its checksum in migrations.sha256, unchanged', () => {
    const files = readdirSync(DRIZZLE).filter((f) => f.endsWith('.sql'));
    const list = frozenList();
    for (const file of files) {
      expect(
        list.has(file),
        `${file} is not in apps/server/drizzle/migrations.sha256: add its line (sha256sum ${file})`,
      ).toBe(true);
      expect(
        sha256(join(DRIZZLE, file)),
        `${file} changed: a released migration is frozen (databases were created from it); put the change in a new migration`,
      ).toBe(list.get(file));
    }
    for (const file of list.keys()) {
      expect(files, `${file} is listed in migrations.sha256 but was removed`).toContain(file);
    }
  });

  it('the journal names every migration file once, in order', () => {
    const tags = journal().map((e) => `${e.tag}.sql`);
    expect(tags).toEqual(
      readdirSync(DRIZZLE)
        .filter((f) => f.endsWith('.sql'))
        .sort(),
    );
    const whens = journal().map((e) => e.when);
    // The migrator applies the migrations newer than the last one a database has: order matters.
    expect(whens).toEqual([...whens].sort((a, b) => a - b));
  });

  it('the fixture was made from the first migration as it is today', () => {
    // The dump records the hash of the 0000_init it was created by.
    const recorded = /INSERT INTO drizzle\.__drizzle_migrations VALUES \(1, '([0-9a-f]{64})', (\d+)\)/.exec(
      readFileSync(FIXTURE, 'utf8'),
    );
    expect(recorded?.[1]).toBe(sha256(join(DRIZZLE, '0000_init.sql')));
    expect(Number(recorded?.[2])).toBe(must(journal()[0], 'journal()[0]').when);
  });
});

/** The column set of the public schema: the upgraded database must equal a fresh one. */
async function columns(database: Database): Promise<string[]> {
  const r = await database.db.execute(sql`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable as c
    from information_schema.columns where table_schema = 'public' order by 1`);
  return rowsOf<{ c: string }>(r).map((x) => x.c);
}

async function appliedMigrations(database: Database): Promise<number> {
  const r = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return must(rowsOf<{ n: number }>(r)[0], 'a count').n;
}

/** Today's code opens the old database, then answers a sign-in and a read of the old data. */
async function expectUpgraded(database: Database, fresh: Database): Promise<void> {
  expect(await appliedMigrations(database)).toBe(journal().length);
  expect(await columns(database)).toEqual(await columns(fresh));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-upgrade-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORTAL_JWT_SECRET: 'u'.repeat(40) });
  const app = await buildApp(config, { database, logger: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/miglogin',
      payload: { username: 'alice', password: 'alice-demo-pass' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.id_token as string;
    const domains = await app.inject({
      method: 'GET',
      url: '/api/domains/alice',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(domains.statusCode).toBe(200);
    expect(JSON.stringify(domains.json())).toContain('anderson-design.com');
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a database created by 0000_init upgrades to today’s schema', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it.skipIf(process.env.TEST_DATABASE_URL)('on PGlite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-upgrade-pglite-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const old = new PGlite(dir);
    await old.exec(readFileSync(FIXTURE, 'utf8'));
    await old.close();
    const database = await openDatabase({ dataDir: dir });
    cleanups.push(() => database.close());
    const fresh = await openDatabase({});
    cleanups.push(() => fresh.close());
    await expectUpgraded(database, fresh);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(q).finally(() => c.end());
    };
    const urlOf = (name: string) => {
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      return u.toString();
    };
    const names = [`up_${randomBytes(6).toString('hex')}`, `up_${randomBytes(6).toString('hex')}`];
    for (const name of names) {
      await admin(`create database ${name}`);
      cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
    }
    const restore = new pg.Client({ connectionString: urlOf(must(names[0], 'names[0]')) });
    await restore.connect();
    await restore.query(readFileSync(FIXTURE, 'utf8')).finally(() => restore.end());
    const database = await openDatabase({ url: urlOf(must(names[0], 'names[0]')) });
    cleanups.push(() => database.close());
    const fresh = await openDatabase({ url: urlOf(must(names[1], 'names[1]')) });
    cleanups.push(() => fresh.close());
    await expectUpgraded(database, fresh);
  });
});
