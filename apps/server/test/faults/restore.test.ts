import { must } from '../support/must.ts';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/index.ts';
import { importDocument } from '../../src/lib/import.ts';
import { type PrivatePostgres, pgBin, startPrivatePostgres } from './postgres.ts';
import { ROOT } from './processes.ts';

/**
 * The backup and restore procedure of docs/operations.md ("Backup" and "Restore") onto a NEW
 * server: the database of TEST_DATABASE_URL, with its app role and the mail servers' read-only
 * role and GRANTs, dumped by the command of deploy/systemd/portal-backup.service itself (its
 * password from a password file, never on the command line); a second cluster made with initdb
 * that asks for passwords over TCP, as Debian's does; there the roles first, then the database,
 * then pg_restore --exit-on-error. Every table holds as many rows as before, the mail role reads
 * its views, and the portal answers with the data.
 */

/** What the first server holds: a customer with a domain, its mail aliases, a website, a contact, an invoice and a payment. */
const DATA = {
  accounts: [
    { logname: 'alice', uid: 5001, bill_email: 'alice@anderson-design.com', password: 'alice-restore-pass' },
  ],
  domains: [{ domain: 'anderson-design.com', owner: 'alice', expiration_date: '2031-12-31' }],
  email_aliases: [
    { domain: 'anderson-design.com', src: 'info', dst_list: ['alice@anderson-design.com'] },
    {
      domain: 'anderson-design.com',
      src: 'sales',
      dst_list: ['alice@anderson-design.com', 'sales@example.org'],
    },
  ],
  invoices: [
    {
      invoice: '20311101-5001',
      owner: 'alice',
      invdate: '20311101',
      duedate: '20311121',
      amount: 89.95,
      body: '',
    },
  ],
  websites: [
    {
      vid: 3101,
      owner: 'alice',
      virtname: 'anderson-design.com',
      php_version: '8.2',
      docroot: '/home/alice/www',
    },
  ],
  contacts: [
    { tcid: 1, owner: 'alice', contact: 'Alice Anderson', contact_info: 'alice@anderson-design.com' },
  ],
  payments: [{ trans_id: 'restore-1', owner: 'alice', amount: 89.95, date: '2031-11-02', ccn4: '1111' }],
};

/** ExecStart of portal-backup.service, as systemd hands it to /bin/sh (its `$$`, `%%`, `\\` unescaped). */
function backupCommand(backups: string): string {
  const unit = readFileSync(join(ROOT, 'deploy/systemd/portal-backup.service'), 'utf8');
  const quoted = /^ExecStart=\/bin\/sh -c '(.*)'$/m.exec(unit)?.[1];
  expect(quoted).toBeTruthy();
  return (quoted ?? '')
    .replaceAll('$$', '$')
    .replaceAll('%%', '%')
    .replaceAll('\\\\', '\\')
    .replaceAll('/var/lib/portal/backups', backups);
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !pgBin())('restore from a dump onto a new server', () => {
  // The describe body runs even when skipped: a placeholder keeps the URLs below valid then.
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1/postgres';
  const suffix = randomBytes(5).toString('hex');
  const role = `portal_${suffix}`;
  const mailRole = `postfix_${suffix}`;
  const name = `restore_${suffix}`;
  // URL-safe, as docs/operations.md asks: hex needs no percent-encoding in DATABASE_URL.
  const password = randomBytes(24).toString('hex');
  const mailPassword = randomBytes(24).toString('hex');
  let dir = '';
  let fresh: PrivatePostgres | undefined;
  const bin = (tool: string) => join(pgBin() ?? '', tool);
  const source = new URL(adminUrl);
  source.username = role;
  source.password = password;
  source.pathname = `/${name}`;
  const conn = ['-h', source.hostname, '-p', source.port, '-U', new URL(adminUrl).username || 'postgres'];

  const sql = async (url: string, q: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    return c.query(q).finally(() => c.end());
  };
  /** Rows in every table of the public schema. */
  const counts = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const tables = await c.query<{ t: string }>(
        `select table_name as t from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      );
      const out: Record<string, number> = {};
      for (const { t } of tables.rows) {
        const r = await c.query<{ n: string }>(`select count(*) as n from "${t}"`);
        out[t] = Number(must(r.rows[0], 'r.rows[0]').n);
      }
      return out;
    } finally {
      await c.end();
    }
  };

  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await fresh?.destroy();
    await sql(adminUrl, `drop database if exists ${name} with (force)`);
    await sql(adminUrl, `drop role if exists ${role}`);
    await sql(adminUrl, `drop role if exists ${mailRole}`);
  });

  it('dumps with the backup unit, and restores on a new cluster: roles first, every row back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-restore-'));
    // The install on the first server: the app role owning its database, its data, and the
    // mail servers' read-only role with the GRANTs of docs/mail-servers.md.
    await sql(adminUrl, `create role ${role} login password '${password}'`);
    execFileSync(bin('createdb'), [...conn, '--owner', role, name]);
    const first = await openDatabase({ url: source.toString() });
    await importDocument(first.db, DATA);
    await first.close();
    await sql(adminUrl, `create role ${mailRole} login password '${mailPassword}'`);
    await sql(
      source.toString(),
      `grant usage on schema public to ${mailRole};
       grant select on mail_virtual_aliases, mail_alias_domains, mail_temp_aliases, mail_vacation_rules to ${mailRole}`,
    );
    const before = await counts(source.toString());
    expect(before.accounts).toBeGreaterThan(0);

    // The password file, as docs/operations.md makes it: the portal user's, mode 0600.
    const pgpass = join(dir, 'pgpass');
    writeFileSync(pgpass, `*:*:*:${role}:${password}\n`, { mode: 0o600 });

    // Backup: the unit's own command, readable by its owner only.
    const backups = join(dir, 'backups');
    mkdirSync(backups, { mode: 0o700 });
    execFileSync('sh', ['-c', `umask 077 && ${backupCommand(backups)}`], {
      env: { ...process.env, DATABASE_URL: source.toString(), PGPASSFILE: pgpass },
    });
    const dumps = readdirSync(backups);
    expect(dumps).toEqual([expect.stringMatching(/^portal-\d{4}-\d{2}-\d{2}\.dump$/)]);
    const dump = join(backups, must(dumps[0], 'dumps[0]'));
    expect(statSync(dump).mode & 0o077).toBe(0);

    // The new server: its own cluster; TCP connections need a password (scram-sha-256).
    fresh = await startPrivatePostgres({ hostAuth: 'scram-sha-256' });
    const local = ['-h', fresh.socketDir, '-p', String(fresh.port), '-U', 'postgres'];
    // 1. The roles, scripted: the password goes to psql on its standard input, not its arguments.
    for (const [r, pw] of [
      [role, password],
      [mailRole, mailPassword],
    ]) {
      execFileSync(bin('psql'), [...local, '-v', 'ON_ERROR_STOP=1', '-q', '-d', 'postgres'], {
        input: `CREATE ROLE ${r} LOGIN PASSWORD '${pw}';\n`,
      });
    }
    // 2. The database, owned by the app role. 3. pg_restore, connected as the app role: the URL
    // without the password, which libpq takes from the password file.
    execFileSync(bin('createdb'), [...local, '--owner', role, name]);
    const target = `postgres://${role}@127.0.0.1:${fresh.port}/${name}`;
    execFileSync(bin('pg_restore'), ['--no-owner', '--exit-on-error', '-d', target, dump], {
      env: { ...process.env, PGPASSFILE: pgpass },
    });

    const withPassword = `postgres://${role}:${password}@127.0.0.1:${fresh.port}/${name}`;
    expect(await counts(withPassword)).toEqual(before);
    // The mail role's GRANTs came back with the dump: Postfix reads its views on the new server.
    const aliases = await sql(
      `postgres://${mailRole}:${mailPassword}@127.0.0.1:${fresh.port}/${name}`,
      'select count(*) as n from mail_virtual_aliases',
    );
    expect(Number(aliases.rows[0].n)).toBeGreaterThan(0);
    expect(Number(aliases.rows[0].n)).toBe(
      Number((await sql(source.toString(), 'select count(*) as n from mail_virtual_aliases')).rows[0].n),
    );

    const database = await openDatabase({ url: withPassword });
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const portal = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PORTAL_JWT_SECRET: 'r'.repeat(40),
        DATABASE_URL: withPassword,
      }),
      { database, logger: false },
    );
    try {
      const login = await portal.inject({
        method: 'POST',
        url: '/api/miglogin',
        payload: { username: 'alice', password: 'alice-restore-pass' },
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
