import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashMailPassword } from '../../src/auth/passwords.ts';
import { accounts, mailLogins, totpAuthenticators } from '../../src/db/schema.ts';
import { MAIL_PASSWORD_DELAY_MS } from '../../src/features/account/passwords.ts';
import { type Account, factories } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';
import { freePort } from '../support/free-port.ts';
import { ROOT } from './processes.ts';
import { waitUntil } from './wait.ts';
import { must } from '../support/must.ts';
import { rowsOf } from '../support/rows.ts';

/**
 * App passwords for mail against Debian's Dovecot (dovecot-core, dovecot-imapd, dovecot-pgsql;
 * scripts/test.sh installs them when missing). The Dovecot blocks of
 * docs/mail-servers-passwords.md are written to a temp directory as they are documented, with only
 * the paths, the port, the connect string and — the test users having no unix account — a static
 * userdb substituted; Dovecot runs in the foreground on a loopback port. Checked with
 * `doveadm auth test` and a real IMAP LOGIN: an app password works for its scope, a revoked one
 * fails at the next login (the documented config has no auth cache), and the main password fails
 * once the owner's "require app passwords" has been applied (the job run with the clock moved).
 * PostgreSQL only: Dovecot reads the portal's database over TCP, which PGlite does not serve.
 */

const DOVECOT = ['/usr/sbin/dovecot'].find((p) => existsSync(p));
const DOVEADM = ['/usr/bin/doveadm'].find((p) => existsSync(p));
const PGSQL_DRIVER = existsSync('/usr/lib/dovecot/modules/auth/libdriver_pgsql.so');
const why = !process.env.TEST_DATABASE_URL
  ? 'needs PostgreSQL (TEST_DATABASE_URL): Dovecot reads the portal database over TCP'
  : !DOVECOT || !DOVEADM || !PGSQL_DRIVER
    ? 'needs dovecot-core, dovecot-imapd and dovecot-pgsql (scripts/test.sh installs them)'
    : '';

const doc = readFileSync(join(ROOT, 'docs/mail-servers-passwords.md'), 'utf8');

/** The last documented code block whose first line names `file` (the app-password section's, where two do). */
function documented(file: string): string {
  let found: string | undefined;
  for (const [, body] of doc.matchAll(/```ini\n([\s\S]*?)```/g)) {
    const [first, ...rest] = must(body, 'body').split('\n');
    if (must(first, 'first').trim() === `# ${file}`) found = rest.join('\n');
  }
  if (found === undefined) throw new Error(`docs/mail-servers-passwords.md has no block for ${file}`);
  return found;
}

describe.skipIf(!!why)(`Dovecot verifies app passwords${why ? ` (skipped: ${why})` : ''}`, () => {
  let t: TestApp;
  let dir = '';
  let conf = '';
  let imapPort = 0;
  let dovecot: ChildProcess | undefined;
  let role = '';
  let alice: Account;
  const MAIN = 'Main-mailbox-pass-73';

  beforeAll(async () => {
    t = await build({ demo: false });
    // The mailbox owner, and another account whose name Dovecot must not mix up with hers.
    const f = factories(t);
    alice = await f.makeAccount({ logname: 'alice', password: 'alice-own-pass' });
    await f.makeAccount({ logname: 'bob', password: 'bob-own-pass' });
    await t.token(alice.logname, alice.password);
    const current = rowsOf<{ db: string }>(await t.db.execute(sql`select current_database() as db`));
    const db = must(current[0], 'the current database').db;
    role = `dovecot_${randomBytes(4).toString('hex')}`;
    // The documented read-only role (docs/mail-servers-passwords.md), named per test run.
    await t.db.execute(sql.raw(`CREATE ROLE ${role} LOGIN PASSWORD 'dovecot-test'`));
    await t.db.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${role}`));
    await t.db.execute(sql.raw(`GRANT SELECT ON mail_passwords, mail_app_passwords_live TO ${role}`));
    await t.db.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE ON mail_logins TO ${role}`));
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    const connectString = `host=${url.hostname} port=${url.port || 5432} dbname=${db} user=${role} password=dovecot-test`;

    dir = mkdtempSync(join(tmpdir(), 'dovecot-'));
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'home'), { mode: 0o1777 });
    chmodSync(join(dir, 'home'), 0o1777);
    const local = (text: string) =>
      text
        .replaceAll('/etc/dovecot/', `${dir}/`)
        .replace(/^connect = .*$/m, `connect = ${connectString}`)
        .replace(
          /userdb \{[\s\S]*?\n\}/,
          `userdb {\n  driver = static\n  args = uid=nobody gid=nogroup home=${dir}/home/%n\n}`,
        );
    for (const file of [
      'dovecot-sql.conf.ext',
      'dovecot-sql-app-passwords.conf.ext',
      'dovecot-dict-last-login.conf.ext',
    ]) {
      writeFileSync(join(dir, file), local(documented(`/etc/dovecot/${file}`)), { mode: 0o644 });
    }
    writeFileSync(join(dir, 'auth-sql.conf.ext'), local(documented('/etc/dovecot/conf.d/auth-sql.conf.ext')));
    imapPort = await freePort();
    conf = join(dir, 'dovecot.conf');
    writeFileSync(
      conf,
      [
        // The test's own frame: where Dovecot keeps its files, and one IMAP listener on loopback.
        `base_dir = ${dir}/run`,
        `state_dir = ${dir}/state`,
        `log_path = ${dir}/dovecot.log`,
        'protocols = imap',
        'listen = 127.0.0.1',
        'ssl = no',
        'disable_plaintext_auth = no',
        'auth_mechanisms = plain login',
        `mail_location = maildir:${dir}/home/%n/Maildir`,
        'service imap-login {',
        `  inet_listener imap {\n    address = 127.0.0.1\n    port = ${imapPort}\n  }`,
        '  inet_listener imaps {\n    port = 0\n  }',
        '}',
        // The documented blocks.
        documented('/etc/dovecot/conf.d/10-auth.conf (additions)'),
        // The test's mail processes run as nobody:nogroup (the static userdb above).
        local(documented('/etc/dovecot/conf.d/95-last-login.conf')).replace(
          'group = mail',
          'group = nogroup',
        ),
        `!include ${dir}/auth-sql.conf.ext`,
        '',
      ].join('\n'),
    );
    const check = spawnSync(DOVECOT as string, ['-c', conf, '-n'], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    dovecot = spawn(DOVECOT as string, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    await waitUntil(
      'dovecot listening',
      () => imapGreeting(),
      () => log(),
    );
  });

  afterAll(async () => {
    if (dovecot && dovecot.exitCode === null) {
      dovecot.kill('SIGTERM');
      await new Promise((r) => dovecot?.once('exit', r));
    }
    if (t) {
      if (role) {
        await t.db.execute(
          sql.raw(`REVOKE ALL ON mail_passwords, mail_app_passwords_live, mail_logins FROM ${role}`),
        );
        await t.db.execute(sql.raw(`REVOKE USAGE ON SCHEMA public FROM ${role}`));
      }
      await t.close();
      if (role) {
        const pg = (await import('pg')).default;
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
        await admin.end();
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const log = () =>
    existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : '';

  /** `doveadm auth test` for a service: whether Dovecot's passdbs accept the password. */
  function authTest(user: string, password: string, service = 'imap'): boolean {
    const res = spawnSync(
      DOVEADM as string,
      ['-c', conf, 'auth', 'test', '-x', `service=${service}`, user, password],
      {
        encoding: 'utf8',
      },
    );
    const ok = res.stdout.includes(`passdb: ${user} auth succeeded`);
    if (!ok && !res.stdout.includes('auth failed'))
      throw new Error(`doveadm: ${res.stdout}${res.stderr}\n${log()}`);
    return ok;
  }

  /** Reads lines from the IMAP port until `done` says so; answers them. */
  function imap(commands: string[], done: (lines: string[]) => boolean): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const socket = connect(imapPort, '127.0.0.1');
      let buffer = '';
      let sent = 0;
      socket.setEncoding('utf8');
      socket.on('error', reject);
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split('\r\n').filter(Boolean);
        if (sent < commands.length && lines.length > sent) socket.write(`${commands[sent++]}\r\n`);
        if (done(lines)) {
          socket.end();
          resolve(lines);
        }
      });
    });
  }

  const imapGreeting = async () =>
    must((await imap([], (lines) => lines.length > 0).catch(() => ['']))[0], 'the first row').startsWith(
      '* OK',
    );

  /** A real IMAP LOGIN: whether the server answers OK. */
  async function imapLogin(user: string, password: string): Promise<boolean> {
    const lines = await imap([`a1 LOGIN ${user} "${password}"`], (ls) => ls.some((l) => l.startsWith('a1 ')));
    const answer = lines.find((l) => l.startsWith('a1 ')) ?? '';
    return answer.startsWith('a1 OK');
  }

  const make = async (name: string, scope: string) => {
    const res = await t.as('alice').post('/api/create-mail-app-password', {
      logname: 'alice',
      name,
      scope,
      password: alice.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; app_password: string };
  };

  it('accepts the main email password while app passwords are not required', async () => {
    await t.db
      .update(accounts)
      .set({ mailPasswordHash: await hashMailPassword(MAIN) })
      .where(eq(accounts.logname, 'alice'));
    expect(authTest('alice', MAIN)).toBe(true);
    expect(authTest('alice', 'Not-the-password-1')).toBe(false);
    expect(await imapLogin('alice', MAIN)).toBe(true);
  });

  it('accepts an app password for its scope only, over doveadm and a real IMAP LOGIN', async () => {
    const all = await make('Phone', 'all');
    const send = await make('Printer', 'smtp');
    expect(authTest('alice', all.app_password, 'imap')).toBe(true);
    expect(authTest('alice', all.app_password, 'smtp')).toBe(true);
    expect(authTest('alice@example.net', all.app_password, 'imap')).toBe(true);
    expect(await imapLogin('alice', all.app_password)).toBe(true);
    expect(authTest('alice', send.app_password, 'smtp')).toBe(true);
    expect(authTest('alice', send.app_password, 'imap')).toBe(false);
    expect(await imapLogin('alice', send.app_password)).toBe(false);
    // Another account's app password is not alice's.
    expect(authTest('bob', all.app_password, 'imap')).toBe(false);
  });

  it('shows the last IMAP login the mail server reported as the app password\'s "Last used"', async () => {
    const made = await make('Desktop', 'imap');
    const lastUsed = async () => {
      const res = await t.as('alice').get('/api/mail-app-passwords/alice');
      const rows = res.body.data.app_passwords as { id: string; last_used: string | null }[];
      return rows.find((r) => r.id === made.id)?.last_used ?? null;
    };
    expect(await lastUsed()).toBeNull();
    const before = Math.floor(Date.now() / 1000) * 1000;
    expect(await imapLogin('alice', made.app_password)).toBe(true);
    // The plugin writes through the dict process after the login: wait for it.
    await waitUntil('last_login written', async () => (await lastUsed()) !== null, log);
    const at = Date.parse((await lastUsed()) ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    // The main password's logins are kept apart, under `main`: they never show as an app password's.
    expect(await imapLogin('alice', MAIN)).toBe(true);
    await waitUntil(
      'main login written',
      async () =>
        (await t.db.select().from(mailLogins).where(eq(mailLogins.appPasswordId, 'main'))).length > 0,
      log,
    );
  });

  it('refuses a revoked app password at the next login', async () => {
    const made = await make('Laptop', 'all');
    expect(authTest('alice', made.app_password)).toBe(true);
    const res = await t.as('alice').post('/api/revoke-mail-app-password', { logname: 'alice', id: made.id });
    expect(res.status).toBe(200);
    expect(authTest('alice', made.app_password)).toBe(false);
    expect(await imapLogin('alice', made.app_password)).toBe(false);
  });

  it('refuses the main password once the requirement is applied; app passwords keep working', async () => {
    const made = await make('Tablet', 'all');
    await t.token(alice.logname, alice.password);
    await t.db.insert(totpAuthenticators).values({
      account: 'alice',
      secretEnc: 'v1.test',
      createdAt: t.clock.now(),
      confirmedAt: t.clock.now(),
    });
    const res = await t.as('alice').post('/api/require-mail-app-passwords', {
      logname: 'alice',
      required: true,
      password: alice.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Pending: the ten minutes have not passed.
    await t.drainJobs();
    expect(authTest('alice', MAIN)).toBe(true);
    t.clock.advance(MAIL_PASSWORD_DELAY_MS + 1000);
    await t.drainJobs();
    expect(authTest('alice', MAIN)).toBe(false);
    expect(await imapLogin('alice', MAIN)).toBe(false);
    expect(authTest('alice', made.app_password)).toBe(true);
    expect(await imapLogin('alice', made.app_password)).toBe(true);
  });
});
