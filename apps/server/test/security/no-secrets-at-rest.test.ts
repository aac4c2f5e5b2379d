import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/index.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { importDocument } from '../../src/lib/import.ts';
import { registerWorkers } from '../../src/workers.ts';
import { dumpDatabase, findSecrets, pgDump, readTree } from '../support/at-rest.ts';
import { payment } from '../support/card-bodies.ts';
import { createTestDatabase, makeClock, type Res } from '../support/helper.ts';

/**
 * Nothing secret in clear at rest (docs/decisions/045-secrets-at-rest.md): one portal as `npm start`
 * runs it — the embedded database on disk in DATA_DIR (PostgreSQL when TEST_DATABASE_URL is set),
 * the generated JWT secret, the embedded mail transport — runs every flow that makes a secret,
 * keeps each secret it was shown, then searches a dump of the database (every column of every
 * table; pg_dump too on PostgreSQL) and the raw bytes of every file under DATA_DIR for it, as
 * typed and hex/base64-encoded. The mail directory, a mailbox beside DATA_DIR, must hold the links:
 * the same search finds them there.
 */

type Found = { what: string; value: string };

/** The password of the accounts the test imports (alice, bob, carol). */
const PASSWORD = 'at-rest-test-pass';
const CAROL_EMAIL = 'carol@example.test';
interface Portal {
  post(url: string, as: string | null, body: unknown): Promise<Pick<Res, 'status' | 'body'>>;
  /** Runs the due jobs (mail delivery among them). */
  drain(): Promise<void>;
  /** The decoded .eml files of the mail directory, newest last. */
  mail(): string[];
  now(): Date;
}

/**
 * Every flow that makes a secret, each returning the secrets it was shown. A new kind of secret
 * gets a maker here.
 */
const SECRET_MAKERS: { name: string; make(p: Portal): Promise<Found[]> }[] = [
  {
    name: 'an API token',
    async make(p) {
      const res = await p.post('/api/create-api-token', 'alice', {
        logname: 'alice',
        name: 'backup script',
        scope: 'full',
        expires: new Date(p.now().getTime() + 30 * 86_400_000).toISOString(),
        password: PASSWORD,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const token: string = res.body.data.token;
      expect(token.length).toBeGreaterThan(20);
      return [{ what: 'API token', value: token }];
    },
  },
  {
    name: 'an authenticator (TOTP secret, recovery codes)',
    async make(p) {
      const setup = await p.post('/api/totp-setup', 'bob', { logname: 'bob' });
      expect(setup.status, JSON.stringify(setup.body)).toBe(200);
      const secret: string = setup.body.data.secret;
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: p.now().getTime() });
      const confirm = await p.post('/api/totp-confirm', 'bob', {
        logname: 'bob',
        code,
        password: PASSWORD,
      });
      expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
      const codes: string[] = confirm.body.data.recovery_codes;
      expect(codes.length).toBeGreaterThan(0);
      return [
        { what: 'TOTP secret', value: secret },
        ...codes.map((c, i) => ({ what: `recovery code ${i + 1}`, value: c })),
      ];
    },
  },
  {
    name: 'an app password for mail (docs/decisions/051-mail-app-passwords.md)',
    async make(p) {
      const res = await p.post('/api/create-mail-app-password', 'alice', {
        logname: 'alice',
        name: 'phone',
        password: PASSWORD,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const secret: string = res.body.data.app_password;
      expect(secret.length).toBeGreaterThan(15);
      // The first group of four letters is the row's lookup by design; the rest must be nowhere.
      return [
        { what: 'app password', value: secret },
        { what: 'app password after its lookup', value: secret.slice(5) },
        { what: 'app password without dashes', value: secret.replaceAll('-', '') },
      ];
    },
  },
  {
    name: 'a password reset by mail (the link)',
    async make(p) {
      const res = await p.post('/api/forgot-panel-password', null, {
        account: 'carol',
        email: CAROL_EMAIL,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await p.drain();
      const token = lastMatch(p.mail(), /reset-panel-password\/([A-Za-z0-9_-]{20,})/);
      return [{ what: 'reset link token', value: token }];
    },
  },
  {
    name: 'an address confirmation link',
    async make(p) {
      const res = await p.post('/api/add-recovery-email', 'alice', {
        logname: 'alice',
        email: 'alice.spare@example.org',
        password: PASSWORD,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await p.drain();
      const token = lastMatch(p.mail(), /\/api\/confirm-address\/([A-Za-z0-9_-]{20,})/);
      return [{ what: 'address confirmation token', value: token }];
    },
  },
  {
    name: 'a card payment (card number, CVV)',
    async make(p) {
      const res = await p.post(
        '/api/single-payment',
        'alice',
        payment({ ccnumber: '5424000000000015', cardtype: 'M/C', cvv: '731' }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return [
        { what: 'card number', value: '5424000000000015' },
        { what: 'card number (spaced)', value: '5424 0000 0000 0015' },
      ];
    },
  },
];

function lastMatch(mails: string[], re: RegExp): string {
  for (const m of [...mails].reverse()) {
    const found = re.exec(m);
    if (found?.[1] !== undefined) return found[1];
  }
  throw new Error(`no mail matches ${re}`);
}

/** An .eml file's text, quoted-printable undone. */
const decodeEml = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

describe('secrets at rest', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-at-rest-'));
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void> = async () => {};
  let app: Awaited<ReturnType<typeof buildApp>>;
  let mailDir: string;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORTAL_STAFF_MFA: 'optional' });
    mailDir = config.mailDir;
    if (process.env.TEST_DATABASE_URL) ({ database, url, drop } = await createTestDatabase());
    else database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const hash = await hashPassword(PASSWORD);
    await importDocument(database.db, {
      accounts: ['alice', 'bob', 'carol'].map((logname, i) => ({
        logname,
        uid: 9701 + i,
        password_hash: hash,
        bill_email: `${logname}@example.test`,
      })),
    });
    const clock = makeClock();
    app = await buildApp(config, { database, now: clock.now, checkResponses: true, logger: false });
    registerWorkers(app);
    await app.ready();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  });

  it('keeps no API token, TOTP secret, recovery code, link or card number in clear in the database or DATA_DIR', async () => {
    // Each account signs in once, with the password the test gave it.
    const tokens = new Map<string, string>();
    const inject = async (url: string, payload: unknown, token?: string) => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.statusCode, body: res.json() };
    };
    const tokenOf = async (logname: string) => {
      const known = tokens.get(logname);
      if (known) return known;
      const signIn = await inject('/api/miglogin', { username: logname, password: PASSWORD });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      tokens.set(logname, signIn.body.data.id_token);
      return signIn.body.data.id_token as string;
    };
    const portal: Portal = {
      post: async (path, as, body) => inject(path, body, as ? await tokenOf(as) : undefined),
      drain: async () => {
        await app.deps.jobs.drain();
      },
      mail: () => readTree(mailDir).map((f) => decodeEml(f.bytes)),
      now: () => app.deps.now(),
    };
    const secrets: Found[] = [];
    for (const maker of SECRET_MAKERS) secrets.push(...(await maker.make(portal)));
    await portal.drain();

    // The search finds what it looks for: the mailbox holds the links.
    const mailbox = readTree(mailDir)
      .map((f) => f.bytes)
      .join('\n');
    expect(findSecrets(secrets, 'the mail directory', decodeEml(mailbox)).join('\n')).toMatch(
      /reset link token/,
    );

    const found: string[] = [];
    found.push(...findSecrets(secrets, 'the database (every column)', await dumpDatabase(database.db)));
    if (url) found.push(...findSecrets(secrets, 'pg_dump', pgDump(url)));
    // What a copy of the data directory holds: the database's files once it has written them out.
    await app.close();
    await database.close();
    const files = readTree(dataDir);
    expect(files.length).toBeGreaterThan(url ? 0 : 100);
    for (const f of files) found.push(...findSecrets(secrets, f.path.slice(dataDir.length + 1), f.bytes));
    console.log(
      `[at-rest] ${secrets.length} secrets from ${SECRET_MAKERS.length} flows searched in ${files.length} files` +
        ` under DATA_DIR and the database${url ? ' (and pg_dump)' : ''}: ${found.length} found`,
    );
    expect(found).toEqual([]);
  }, 180_000);
});
