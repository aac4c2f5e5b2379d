import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/index.ts';
import { DEFAULT_LIMITS } from '../../src/http/limits.ts';
import { DEMO_FILE } from '../../src/lib/demo.ts';
import { importFile } from '../../src/lib/import.ts';
import type { PaymentGateway } from '../../src/integrations/gateway/index.ts';
import type { MailAttachment, Transport } from '../../src/integrations/mailer.ts';
import { registerWorkers } from '../../src/workers.ts';
import { databaseTestFiles } from './database-tests.ts';
import { must } from './must.ts';
import { failOnConcurrentQueries } from './pg-warnings.ts';
import { type TestRun, templatePrefix } from './test-run.ts';

/**
 * API test harness (fastify/demo `test/helper.ts`): a fresh database per call — PGlite in memory,
 * or a new database on the PostgreSQL server named by TEST_DATABASE_URL — loaded with the demo
 * data set, a controllable clock, and sign-in helpers.
 *
 * With TEST_INSTANCES=2 (PostgreSQL only) `build()` makes two apps on that one database, each with
 * its own connection pool and job runner, and sends requests to them in turn: a sign-in on one and
 * the next call on the other, so every test also shows that nothing a request needs lives in one
 * process (docs/operations.md). They share only what stands for the world outside the processes:
 * the clock, the mail transport and the payment gateway.
 */
export interface Clock {
  now(): Date;
  set(d: Date | string): void;
  advance(ms: number): void;
}

/**
 * TEST_CLOCK_OFFSET_DAYS (e.g. 365) moves every test clock that does not name its own start that many
 * days ahead of today: the suite run a year ahead shows which tests lean on the calendar
 * (docs/decisions/088-test-factories-and-clock.md). A test with a fixed `start` keeps it.
 */
export function clockOffsetDays(): number {
  const raw = process.env.TEST_CLOCK_OFFSET_DAYS ?? '0';
  const days = Number(raw);
  if (!Number.isInteger(days))
    throw new Error(`TEST_CLOCK_OFFSET_DAYS must be a whole number of days, not ${raw}`);
  return days;
}

export function makeClock(start = new Date(Date.now() + clockOffsetDays() * 86_400_000)): Clock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = new Date(d).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

export interface Sent {
  /** The outbox row it was delivered from. */
  id: number;
  to: string;
  subject: string;
  body: string;
  from: string;
  replyTo?: string | null;
  attachments?: MailAttachment[];
  headers?: Record<string, string> | null;
}

export interface Res {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
  headers: Record<string, unknown>;
}

export interface TestApp {
  /** The first instance: tests that reach into an app (its deps, spies, listen) use it. */
  app: FastifyInstance;
  /** Every instance (two with TEST_INSTANCES=2): a spy that must see every request goes on each. */
  apps: FastifyInstance[];
  db: Database['db'];
  clock: Clock;
  /** Messages delivered by the outbox workers (run `drainJobs()` first). */
  sent: Sent[];
  token(logname: string, password?: string): Promise<string>;
  as(logname: string | null): {
    get(url: string): Promise<Res>;
    post(url: string, body?: unknown): Promise<Res>;
  };
  request(
    method: 'GET' | 'POST',
    url: string,
    opts?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      /** The client's address (sign-in limits count per address). */
      remoteAddress?: string;
    },
  ): Promise<Res>;
  /** Runs every due job on every instance's runner at once; returns how many ran in all. */
  drainJobs(): Promise<number>;
  close(): Promise<void>;
}

const UNREACHED_LIMITS = Object.keys(DEFAULT_LIMITS)
  .map((name) => `${name}=1000000/1000000/60`)
  .join(',');

export const demoPassword = (logname: string) => `${logname}-demo-pass`;

/**
 * Requests to an app the test built itself (not build()), each as a demo user signed in once with
 * the demo password (`as`), or as nobody (null).
 */
export function demoInjector(app: FastifyInstance) {
  const tokens = new Map<string, string>();
  return async (
    method: 'GET' | 'POST',
    url: string,
    as: string | null,
    body?: unknown,
  ): Promise<Pick<Res, 'status' | 'body'>> => {
    let token = as ? tokens.get(as) : undefined;
    if (as && !token) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/miglogin',
        payload: { username: as, password: demoPassword(as) },
      });
      token = res.json().data.id_token as string;
      tokens.set(as, token);
    }
    const res = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
}

/** How many app instances `build()` makes: TEST_INSTANCES (1 or 2); 2 needs TEST_DATABASE_URL. */
export function testInstances(): number {
  const n = Number(process.env.TEST_INSTANCES ?? '1');
  if (n !== 1 && n !== 2) throw new Error(`TEST_INSTANCES must be 1 or 2, not ${process.env.TEST_INSTANCES}`);
  // Two pools on one in-memory PGlite would share one connection: nothing would be proved.
  if (n === 2 && !process.env.TEST_DATABASE_URL) throw new Error('TEST_INSTANCES=2 needs TEST_DATABASE_URL');
  return n;
}

let inDatabaseRun: boolean | undefined;
/**
 * A test file that opens a database must be one the PostgreSQL run picks (database-tests.ts):
 * checked where it opens one, so a file the selection misses fails on PGlite too.
 */
async function mustBeInDatabaseRun(): Promise<void> {
  if (!process.env.VITEST) return; // a script using the helper (bench/)
  const { expect } = await import('vitest');
  const path = expect.getState().testPath;
  if (!path) return;
  inDatabaseRun ??= databaseTestFiles().some((f) => path.endsWith(`/${f}`));
  if (!inDatabaseRun) {
    throw new Error(
      `${path} opens a database but is not in the PostgreSQL run (test/support/database-tests.ts)`,
    );
  }
}

/** This vitest run's scratch directory and id (test-run.ts); none for a script using the helper (bench/). */
async function testRun(): Promise<TestRun | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('testRun');
}

/**
 * This run's PGlite template, migrated, with the demo data set or without: an archive of its data
 * directory in the run's scratch directory, made by the first file that asks (the demo one from the
 * empty one) and loaded by every later one instead of initdb, the migrations and the import
 * (docs/decisions/110-test-database-templates.md). Two files making one at once both write it whole
 * and rename it into place: either copy is as good.
 */
async function pgliteTemplate(run: TestRun, demo: boolean): Promise<Blob> {
  const file = join(run.dir, demo ? 'pglite-demo.tar' : 'pglite-empty.tar');
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = demo
    ? await openDatabase({ loadDataDir: await pgliteTemplate(run, false) })
    : await openDatabase({});
  try {
    if (demo) await importFile(database.db, DEMO_FILE);
    if (!database.dumpDataDir) throw new Error('a PGlite database can be archived');
    const archive = await database.dumpDataDir();
    const partial = `${file}.partial-${process.pid}`;
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    renameSync(partial, file);
    return archive;
  } finally {
    await database.close();
  }
}

/** Serialises the making of a run's template databases by the test files running at once. */
const TEMPLATE_LOCK = 72_041_110;

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * This run's template database on PostgreSQL, migrated, with the demo data set or without, made by
 * the first file that asks (the demo one from the empty one); every file's database is then a copy
 * (`create database … template …`) instead of running the migrations and the import again. Made
 * under another name and renamed when complete, so a file stopped half-way leaves nothing that looks
 * done; dropped at the end of the run (test-run.ts).
 */
async function postgresTemplate(adminUrl: string, run: TestRun, demo: boolean): Promise<string> {
  const name = `${templatePrefix(run.id)}${demo ? 'demo' : 'empty'}`;
  const from = demo ? await postgresTemplate(adminUrl, run, false) : 'template1';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const partial = `${name}_partial`;
    await admin.query(`drop database if exists ${partial} with (force)`);
    await admin.query(`create database ${partial} template ${from}`);
    const database = await openDatabase({ url: databaseUrl(adminUrl, partial) });
    try {
      if (demo) await importFile(database.db, DEMO_FILE);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${partial} rename to ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database of the test file's own: in memory on PGlite, a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL. Migrated; with the demo data set when `demo` (build() asks for it).
 * Inside a vitest run, a copy of the run's template (above); a script (bench/) migrates and imports.
 */
export async function createTestDatabase(opts: { demo?: boolean } = {}): Promise<{
  database: Database;
  /** Another connection pool on the same database (PostgreSQL only): a second process's view. */
  reopen: () => Promise<Database>;
  drop: () => Promise<void>;
  /** The database's URL (PostgreSQL only), for a tool such as pg_dump. */
  url?: string;
}> {
  await mustBeInDatabaseRun();
  const demo = opts.demo === true;
  const run = await testRun();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = run
      ? await openDatabase({ loadDataDir: await pgliteTemplate(run, demo) })
      : await openDatabase({});
    if (!run && demo) await importFile(database.db, DEMO_FILE);
    return {
      database,
      reopen: () => Promise.reject(new Error('a second pool needs TEST_DATABASE_URL')),
      drop: async () => {},
    };
  }
  failOnConcurrentQueries();
  const template = run ? await postgresTemplate(adminUrl, run, demo) : 'template1';
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url });
  if (!run && demo) await importFile(database.db, DEMO_FILE);
  return {
    database,
    url,
    reopen: () => openDatabase({ url }),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The second instance's payment gateway: the first one's, as it is at each call. The gateway
 * stands for the one outside service every process talks to, and the sandbox keeps its charges
 * and cards in its memory: with a gateway each, a payment made through one instance would be
 * unknown to the other's reconciliation. Read at each call, so that a spy on the first instance's
 * gateway (`t.app.deps.gateway`), or a gateway a test gives it (`build({ gateway })`), serves both.
 */
function sameGatewayAs(first: FastifyInstance): PaymentGateway {
  return new Proxy({} as PaymentGateway, {
    get(_target, key) {
      const gateway = first.deps.gateway;
      const value: unknown = Reflect.get(gateway, key);
      return typeof value === 'function' ? value.bind(gateway) : value;
    },
  });
}

export async function build(
  opts: {
    demo?: boolean;
    env?: Record<string, string>;
    start?: Date;
    /** The payment gateway of the deployment, instead of one made from the configuration. */
    gateway?: PaymentGateway;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    PORTAL_AGENT_DELAY_MS: '0',
    // Tests move the clock by hours and keep their sign-ins: the idle timeouts would end
    // them. They have their own tests (security/sessions.test.ts), which set them.
    PORTAL_IDLE_MINUTES: '480',
    PORTAL_STAFF_IDLE_MINUTES: '480',
    // Tests of the features send far more requests than a customer would: limits they cannot reach.
    // The limits themselves are tested with their own numbers (security/rate-limits.test.ts).
    PORTAL_RATE_LIMITS: UNREACHED_LIMITS,
    PORTAL_CARD_DECLINES_PER_DAY: '1000',
    // Tests send dozens of sign-ins at once (the limits' tests): a password queue they cannot fill.
    // Its refusal has its own tests (features/session/sign-in-work.test.ts), which size it.
    PORTAL_HASH_QUEUE: '1000',
    // The demo's staff have no second factor: the policy's `required` has its own tests
    // (features/security/second-factor.test.ts), which set it.
    PORTAL_STAFF_MFA: 'optional',
    // Two instances take the requests in turn, and the feature tests read at once on one what the
    // other just changed: the session-check cache is allowed up to a second for the announcement to
    // arrive (docs/decisions/023-session-check-cache.md), so they run without it. The cache and its
    // invalidation across pools have their own tests (security/session-cache.test.ts), which set it.
    ...(testInstances() > 1 ? { PORTAL_SESSION_CACHE_MS: '0' } : {}),
    ...opts.env,
  });
  const instances = testInstances();
  const { database, reopen, drop } = await createTestDatabase({ demo: opts.demo !== false });
  const databases = [database];
  while (databases.length < instances) databases.push(await reopen());
  const clock = makeClock(opts.start);
  const sent: Sent[] = [];
  const transport: Transport = {
    name: 'smtp',
    async deliver(id, msg) {
      sent.push({ ...msg, id });
      return `<test-${id}@portal>`;
    },
  };
  const apps: FastifyInstance[] = [];
  for (const db of databases) {
    const app = await buildApp(config, {
      database: db,
      now: clock.now,
      transport,
      gateway: apps[0] ? sameGatewayAs(apps[0]) : opts.gateway,
      checkResponses: true,
      logger: false,
    });
    registerWorkers(app);
    await app.ready();
    apps.push(app);
  }
  const app = must(apps[0], 'the first app instance');
  let turn = 0;
  const tokens = new Map<string, string>();

  const request: TestApp['request'] = async (method, url, o = {}) => {
    // In turn: with two instances, consecutive requests of a test never meet the same app.
    const res = await must(apps[turn++ % apps.length], 'an app instance').inject({
      method,
      url,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
      ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
      ...(method === 'POST' ? { payload: (o.body ?? {}) as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {}
    return { status: res.statusCode, body, headers: res.headers };
  };

  const token = async (logname: string, password = demoPassword(logname)) => {
    const cached = tokens.get(logname);
    if (cached) return cached;
    const res = await request('POST', '/api/miglogin', { body: { username: logname, password } });
    if (res.status !== 200) throw new Error(`login ${logname} failed: ${JSON.stringify(res.body)}`);
    tokens.set(logname, res.body.data.id_token);
    return res.body.data.id_token as string;
  };

  return {
    app,
    apps,
    db: database.db,
    clock,
    sent,
    token,
    request,
    as: (logname) => ({
      get: async (url) => request('GET', url, { token: logname ? await token(logname) : undefined }),
      post: async (url, body) =>
        request('POST', url, { token: logname ? await token(logname) : undefined, body }),
    }),
    // Both runners compete for the same queue, as two worker processes do: a job run by both
    // would show in the counts the job tests assert.
    drainJobs: async () => {
      const ran = await Promise.all(apps.map((a) => a.deps.jobs.drain()));
      return ran.reduce((a, b) => a + b, 0);
    },
    close: async () => {
      for (const a of apps) await a.close();
      for (const d of databases) await d.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
