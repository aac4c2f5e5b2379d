import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonText } from '@portal/contract/messages';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../src/auth/throttle.ts';
import { type Database, openDatabase } from '../../src/db/index.ts';
import { deliverJob } from '../../src/integrations/mailer.ts';
import { accounts, hostingChanges, jobs, outbox, payments } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { importDocument } from '../../src/lib/import.ts';
import { payment } from '../support/card-bodies.ts';
import { freePort } from '../support/free-port.ts';
import { SmtpSink } from './smtp-sink.ts';
import { sleep, waitUntil } from './wait.ts';
import { must } from '../support/must.ts';

/**
 * Two API processes and two workers on one PostgreSQL: the real server (main.ts) started four
 * times as separate processes — `--role web` twice, `--role worker` twice — on a fresh database,
 * with the same PORTAL_JWT_SECRET and an SMTP sink on loopback. Requests go over real HTTP,
 * alternating between the two API processes, to show that nothing a request needs lives in one
 * process (tokens, revocations, the sign-in throttle, data), and that jobs enqueued through one
 * process run exactly once with both workers competing for them.
 *
 * The whole API suite cannot run against external processes: test/support/helper.ts injects the clock and
 * the mail transport into an in-process app. This test runs a slice instead: for each area a write
 * through one process and a read of it through the other (docs/operations.md).
 */

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const SECRET = 'two-processes-secret-two-processes-secret';
const PASSWORD = 'two-processes-pass';
const DAY_MS = 86_400_000;
/** The UTC day `days` from now: the processes run on the real clock. */
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** Bob's two domains; the first has a website. */
const BOB_DOMAINS = ['two-proc-bob.com', 'two-proc-bob.net'] as const;
const [BOB_SITE] = BOB_DOMAINS;
const INVOICE = `${inDays(-10).replaceAll('-', '')}-9801`;
const SITE = { vid: 3102, virtname: 'two-proc-alice.org' };

/** The accounts, domains, invoice, website and PHP versions the test reads and changes, in the import's format. */
async function testData() {
  const password_hash = await hashPassword(PASSWORD);
  const account = (logname: string, uid: number, more: Record<string, unknown> = {}) => ({
    logname,
    uid,
    bill_uid: uid,
    first_name: 'Test',
    last_name: logname,
    bill_email: `${logname}@example.test`,
    account_type: 'Shell',
    password_hash,
    ...more,
  });
  const secondary = { bill_uid: 9801, account_role: 'Secondary', primary: 'alice' };
  return {
    accounts: [
      account('alice', 9801),
      account('bob', 9802, { bill_email: 'bob.baker@example.org' }),
      account('carol', 9803, { ...secondary, account_type: 'Email', at_code: 9 }),
      account('erin', 9805, secondary),
    ],
    domains: BOB_DOMAINS.map((domain) => ({
      domain,
      owner: 'bob',
      expiration_date: inDays(60),
      contact_email: 'bob.baker@example.org',
      registrar_managed: true,
    })),
    invoices: [
      {
        invoice: INVOICE,
        owner: 'alice',
        invdate: inDays(-10),
        duedate: inDays(10),
        amount: 89.95,
        body: '<h2>Invoice</h2>',
      },
    ],
    websites: [
      {
        ...SITE,
        owner: 'alice',
        php_version: '7.4',
        ssl: 1,
        error_logs: 0,
        docroot: `/home/alice/www/${SITE.virtname}`,
      },
    ],
    php_versions: [
      { version: '7.4', sort: 0 },
      { version: '8.3', sort: 1 },
    ],
  };
}

interface Proc {
  name: string;
  role: 'web' | 'worker';
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
  /** The API's address (web processes). */
  base: string;
}

interface Res {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  body: any;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes and two workers on one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `two_${randomBytes(6).toString('hex')}`;
  const procs: Proc[] = [];
  const dirs: string[] = [];
  let database: Database | undefined;
  let sink: SmtpSink | undefined;
  let created = false;
  let A: Proc;
  let B: Proc;

  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };

  function start(procName: string, role: Proc['role'], env: Record<string, string>, port: number): Proc {
    const dataDir = mkdtempSync(join(tmpdir(), `portal-${procName}-`));
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--role', role], {
      cwd: process.cwd(),
      env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    const p = { name: procName, role, child, output: () => out, exited, base: `http://127.0.0.1:${port}` };
    procs.push(p);
    return p;
  }

  async function ready(p: Proc): Promise<void> {
    await waitUntil(`${p.name} to start`, async () => {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited: ${p.output()}`);
      if (p.role === 'worker') return p.output().includes('worker running background jobs');
      try {
        return (await fetch(`${p.base}/readyz`)).status === 200;
      } catch {
        return false;
      }
    });
  }

  async function stop(p: Proc): Promise<void> {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return;
    p.child.kill('SIGTERM');
    const done = await Promise.race([p.exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!done) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }

  beforeAll(async () => {
    await admin(`create database ${name}`);
    created = true;
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const url = u.toString();
    // The schema and the test's own data, once, before any process starts.
    database = await openDatabase({ url });
    await importDocument(database.db, await testData());
    sink = new SmtpSink(await freePort());
    // A slow relay: a worker spends a while on each message, so the other gets its share.
    sink.delayMs = 150;
    await sink.open();
    const env = {
      DATABASE_URL: url,
      PORTAL_JWT_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PORTAL_DEMO: '0',
      PORTAL_AGENT_DELAY_MS: '0',
      PORTAL_AGENT_TOKENS: '',
      PG_POOL_MAX: '4',
    };
    const t0 = Date.now();
    A = start('web-a', 'web', env, await freePort());
    B = start('web-b', 'web', env, await freePort());
    // A worker says it is ready in its start line, written at level info (every line is JSON).
    const workerEnv = { ...env, LOG_LEVEL: 'info' };
    start('worker-1', 'worker', workerEnv, 0);
    start('worker-2', 'worker', workerEnv, 0);
    await Promise.all(procs.map(ready));
    console.log(`[faults] two web + two worker processes ready in ${Date.now() - t0} ms`);
  }, 180_000);

  afterAll(async () => {
    const t0 = Date.now();
    await Promise.all(procs.map((p) => stop(p).catch(() => p.child.kill('SIGKILL'))));
    console.log(
      `[faults] processes stopped in ${Date.now() - t0} ms: ${procs.map((p) => `${p.name} ${p.child.exitCode ?? p.child.signalCode}`).join(', ')}`,
    );
    await sink?.close();
    await database?.close();
    if (created) await admin(`drop database if exists ${name} with (force)`);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  async function call(p: Proc, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) {
    const res = await fetch(`${p.base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed } as Res;
  }

  const tokens = new Map<string, string>();
  /** A token signed in on `p` (the first sign-in of each account alternates between A and B). */
  async function token(logname: string, p: Proc = tokens.size % 2 === 0 ? A : B): Promise<string> {
    const cached = tokens.get(logname);
    if (cached) return cached;
    const res = await call(p, 'POST', '/api/miglogin', undefined, {
      username: logname,
      password: PASSWORD,
    });
    if (res.status !== 200) throw new Error(`login ${logname} on ${p.name}: ${JSON.stringify(res.body)}`);
    tokens.set(logname, res.body.data.id_token);
    return res.body.data.id_token;
  }
  const as = (logname: string, p: Proc) => ({
    get: async (path: string) => call(p, 'GET', path, await token(logname)),
    post: async (path: string, body: unknown) => call(p, 'POST', path, await token(logname), body),
  });

  it('a token signed in on A works on B, and signing out on B revokes it on A', async () => {
    const signIn = await call(A, 'POST', '/api/miglogin', undefined, {
      username: 'alice',
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const t = signIn.body.data.id_token as string;
    expect((await call(B, 'GET', '/api/customer/alice', t)).status).toBe(200);
    expect((await call(A, 'GET', '/api/customer/alice', t)).status).toBe(200);
    expect((await call(B, 'GET', '/api/logout', t)).status).toBe(200);
    const expiredToken = { status: 'expired_token', message: 'Session expired', code: 'unauthenticated' };
    // At once on the process that signed out; on the other as soon as the database's announcement
    // arrives, and never later than its session cache keeps an entry (PORTAL_SESSION_CACHE_MS, at
    // most a second: docs/decisions/023-session-check-cache.md).
    expect(await call(B, 'GET', '/api/customer/alice', t)).toEqual({ status: 401, body: expiredToken });
    await expect
      .poll(() => call(A, 'GET', '/api/customer/alice', t), { timeout: 1_500, interval: 50 })
      .toEqual({ status: 401, body: expiredToken });
  });

  it('counts sign-in failures on A and B together: the limit is the same as on one process', async () => {
    const attempt = (p: Proc, password: string) =>
      call(p, 'POST', '/api/miglogin', undefined, { username: 'erin', password });
    const statuses: number[] = [];
    for (let i = 0; i < RULES.pair.free; i++)
      statuses.push((await attempt(i % 2 ? B : A, `wrong-${i}`)).status);
    expect(statuses).toEqual(Array(RULES.pair.free).fill(401));
    // The next attempt is refused on either process, even with the right password.
    for (const p of [A, B]) {
      const res = await attempt(p, PASSWORD);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(commonText.tooManyAttempts);
    }
  });

  it('a change written through one process is read through the other, in every area', async () => {
    // Account: the address, written on A, read on B.
    const address = {
      account: 'alice',
      address: '7 Two Process Way',
      city: 'Bangor',
      state: 'ME',
      zipcode: '04401',
    };
    expect((await as('alice', A).post('/api/update-account-address', address)).status).toBe(200);
    const read = await as('alice', B).post('/api/get-account-address', { account: 'alice' });
    expect(read.body.data.address).toMatchObject({ address: '7 Two Process Way', city: 'Bangor' });

    // Session: the display mode, written on B, read on A.
    expect((await as('bob', B).post('/api/set-mode', { logname: 'bob', mode: 'dark' })).status).toBe(200);
    expect((await as('bob', A).get('/api/usermode/bob')).body.data.mode).toBe('dark');

    // Domains: a domain admin granted on A, listed on B; the domain list on B.
    const grant = await as('bob', A).post('/api/addadmin', {
      password: PASSWORD, // a lasting grant takes the current password
      domain: BOB_SITE,
      newadmin: 'carol',
      logname: 'bob',
      all: 0,
    });
    expect(grant.status).toBe(200);
    expect((await as('bob', B).get(`/api/domainadmins/${BOB_SITE}`)).body.data).toEqual([
      { logname: 'carol', scope: 'domain' },
    ]);
    expect((await as('bob', B).get('/api/domains/bob')).body.data).toHaveLength(BOB_DOMAINS.length);

    // Mail: an alias added on B, listed on A.
    const alias = await as('bob', B).post('/api/add-domain-alias', {
      src_user: 'twoproc',
      src_domain: BOB_SITE,
      targets: 'bob.baker@example.org',
    });
    expect(alias.status).toBe(200);
    const aliases = (await as('bob', A).get(`/api/domain-email-aliases/${BOB_SITE}`)).body.data;
    expect(aliases.map((a: { src: string }) => a.src)).toContain('twoproc');

    // Admin: a contact added on B, listed on A.
    const contact = await as('alice', B).post('/api/add-contact', {
      logname: 'alice',
      contact: 'Two Processes',
      info: 'noc@example.test',
      restricted: '0',
      technical: '1',
      billing: '0',
      restriction: 'Outages only.',
    });
    expect(contact.status).toBe(200);
    const contacts = (await as('alice', A).get('/api/contacts/alice')).body.data.contacts;
    expect(contacts.map((c: { contact: string }) => c.contact)).toContain('Two Processes');

    // Billing: an invoice read on B (payments: the next test).
    const invoice = await as('alice', B).post('/api/get-invoice', {
      invoice: INVOICE,
      logname: 'alice',
    });
    expect(invoice.status).toBe(200);

    // Tools: stateless, on both.
    expect((await as('alice', A).post('/api/md5', { cleartext: 'two' })).body.data.result).toBe(
      createHash('md5').update('two').digest('hex'),
    );
    expect((await as('alice', B).get('/api/unixtime/0')).status).toBe(200);

    // Hosting: a PHP version change queued on A is applied by one of the workers, once, and seen on B.
    const change = await as('alice', A).post('/api/update-php-version', {
      logname: 'alice',
      virtname: SITE.virtname,
      vid: SITE.vid,
      php_version: '8.3',
    });
    expect(change.status).toBe(200);
    await waitUntil('the hosting change to be applied', async () => {
      const r = await as('alice', B).post('/api/pending-virt-change', { logname: 'alice', vid: SITE.vid });
      return r.body.pending === false && r.body.last_genconf !== null;
    });
    const sites = (await as('alice', B).get('/api/compressed-websites/alice')).body.data;
    expect(sites.find((s: { vid: number }) => s.vid === SITE.vid).php_version).toBe('8.3');
    const changes = await must(database, 'the database')
      .db.select()
      .from(hostingChanges)
      .where(eq(hostingChanges.vid, SITE.vid));
    expect(changes.map((c) => [c.state, c.agent])).toEqual([['done', 'embedded']]);
  }, 120_000);

  it('delivers mail and a payment’s receipts enqueued through A exactly once, with two workers competing', async () => {
    const db = must(database, 'the database').db;
    const since = Math.max(0, ...(await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
    const before = must((await db.select().from(accounts).where(eq(accounts.logname, 'bob')))[0], 'before');

    // A payment through A: charged once, three receipts (customer, accounting, NOC).
    const key = `two-processes-${randomBytes(4).toString('hex')}`;
    const pay = await as('bob', A).post(
      '/api/single-payment',
      payment({ account: 'bob', amount: '12.34', email: 'bob.baker@example.org', idempotency_key: key }),
    );

    expect(pay.status).toBe(200);
    expect(pay.body.data.status).toBe('approved');
    // And a batch of address changes through A, one accounting message each.
    for (let n = 1; n <= 10; n++) {
      const r = await as('alice', A).post('/api/update-account-address', {
        account: 'alice',
        address: `${n} Queue Street`,
        city: 'Bangor',
        state: 'ME',
        zipcode: '04401',
      });
      expect(r.status).toBe(200);
    }

    const mail = await db.select().from(outbox).where(gt(outbox.id, since)).orderBy(asc(outbox.id));
    expect(mail.length).toBeGreaterThanOrEqual(13);
    const ids = mail.map((m) => m.id);
    // A delivery commits its own steps: the message is marked sent, then the job done, in two
    // commits; a job read between them is still running. Both are waited for.
    const deliveriesOf = async () =>
      (await db.select().from(jobs).where(eq(jobs.kind, deliverJob.kind))).filter((j) =>
        ids.includes(Number(j.payload.id)),
      );
    await waitUntil('every message to be sent and its job finished', async () => {
      const rows = await db.select({ status: outbox.status }).from(outbox).where(inArray(outbox.id, ids));
      const finished = (await deliveriesOf()).every((j) => j.status === 'done' || j.status === 'failed');
      return finished && rows.every((r) => r.status === 'sent');
    });

    // Exactly once: one delivery job per message, run once, and one copy at the SMTP sink.
    const mine = await deliveriesOf();
    expect(mine).toHaveLength(ids.length);
    const sent = await db.select().from(outbox).where(inArray(outbox.id, ids));
    const retried = mine
      .filter((j) => j.status !== 'done' || j.attempts !== 1)
      .map((j) => {
        const m = sent.find((o) => o.id === Number(j.payload.id));
        return {
          job: j.id,
          status: j.status,
          attempts: j.attempts,
          jobError: j.lastError,
          mailError: m?.lastError,
        };
      });
    expect(retried, 'every delivery done at its first attempt').toEqual([]);
    const received = must(sink, 'the SMTP sink').accepted.map((r) => r.messageId);
    for (const m of sent) expect(received.filter((id) => id === m.messageId)).toHaveLength(1);
    // Both workers took part.
    const workers = new Set(mine.map((j) => j.lockedBy?.split(':')[1]));
    expect(workers.size).toBe(2);

    // The payment: one row, applied to the balance once.
    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `bob:${key}`));
    expect(rows.map((r) => r.status)).toEqual(['approved']);
    const after = must((await db.select().from(accounts).where(eq(accounts.logname, 'bob')))[0], 'after');
    expect(after.balanceCents).toBe(before.balanceCents - 1234);
    const receipts = sent.filter((m) => m.kind.startsWith('billing.receipt'));
    expect(receipts).toHaveLength(3);

    console.log(
      `[faults] two web + two worker processes: ${sent.length} messages enqueued through A, each delivered once ` +
        `(${must(sink, 'the SMTP sink').accepted.length} accepted at the sink in all); jobs per worker pid ${JSON.stringify(
          Object.fromEntries(
            [...workers].map((w) => [w, mine.filter((j) => j.lockedBy?.split(':')[1] === w).length]),
          ),
        )}`,
    );
  }, 120_000);
});
