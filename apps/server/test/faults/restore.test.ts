import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/index.ts';
import { DEMO_FILE } from '../../src/lib/demo.ts';
import { importFile } from '../../src/lib/import.ts';
import { pgBin } from './postgres.ts';

/**
 * The backup and restore procedure of docs/operations.md ("Backup" and "Restore"), step by step on
 * the PostgreSQL server of TEST_DATABASE_URL: an app role owning its database, a dump made with
 * umask 077, the database dropped while a client still holds a connection (as Postfix does), created
 * again owned by the role, restored, and the portal answering with the data.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !pgBin())('restore from a dump', () => {
  // The describe body runs even when skipped: a placeholder keeps the URLs below valid then.
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1/postgres';
  const suffix = randomBytes(5).toString('hex');
  const role = `portal_${suffix}`;
  const name = `restore_${suffix}`;
  let dir = '';
  const bin = (tool: string) => join(pgBin() ?? '', tool);
  const admin = new URL(adminUrl);
  const app = new URL(adminUrl);
  app.username = role;
  app.pathname = `/${name}`;
  const appUrl = app.toString();
  const conn = ['-h', admin.hostname, '-p', admin.port, '-U', admin.username || 'postgres'];

  const sql = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await sql(`drop database if exists ${name} with (force)`);
    await sql(`drop role if exists ${role}`);
  });

  it('dump, drop (with a connection open), create owned by the app role, restore: the portal answers with the data', async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-restore-'));
    // The install: the role, and the database it owns (PostgreSQL 15: CREATE on public is the owner's).
    await sql(`create role ${role} login`);
    execFileSync(bin('createdb'), [...conn, '--owner', role, name]);
    const first = await openDatabase({ url: appUrl });
    await importFile(first.db, DEMO_FILE);
    await first.close();

    // Backup, as portal-backup.service does: readable by its owner only.
    const dump = join(dir, 'portal.dump');
    execFileSync('sh', ['-c', `umask 077 && "$0" -Fc -d "$1" -f "$2"`, bin('pg_dump'), appUrl, dump]);
    expect(statSync(dump).mode & 0o077).toBe(0);

    // A mail server still connected: a plain dropdb would fail; --force ends its session.
    const postfix = new pg.Client({ connectionString: appUrl });
    postfix.on('error', () => {});
    await postfix.connect();
    execFileSync(bin('dropdb'), [...conn, '--force', name]);
    await postfix.end().catch(() => {});

    execFileSync(bin('createdb'), [...conn, '--owner', role, name]);
    execFileSync(bin('pg_restore'), ['--no-owner', '--exit-on-error', '-d', appUrl, dump]);

    const database = await openDatabase({ url: appUrl });
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const portal = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PORTAL_JWT_SECRET: 'r'.repeat(40),
        DATABASE_URL: appUrl,
      }),
      { database, logger: false },
    );
    try {
      const login = await portal.inject({
        method: 'POST',
        url: '/api/miglogin',
        payload: { username: 'alice', password: 'alice-demo-pass' },
      });
      expect(login.statusCode).toBe(200);
      const domains = await portal.inject({
        method: 'GET',
        url: '/api/domains/alice',
        headers: { authorization: `Bearer ${login.json().data.id_token}` },
      });
      expect(domains.statusCode).toBe(200);
      expect(JSON.stringify(domains.json())).toContain('anderson-design.com');
    } finally {
      await portal.close();
      await database.close();
    }
  });
});
