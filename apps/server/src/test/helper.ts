import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { DEMO_FILE } from '../lib/demo.ts';
import { importFile } from '../lib/import.ts';
import type { Transport } from '../integrations/mailer.ts';
import { registerWorkers } from '../workers.ts';

/**
 * API test harness (fastify/demo `test/helper.ts`): a fresh database per call — PGlite in memory,
 * or a new database on the PostgreSQL server named by TEST_DATABASE_URL — loaded with the demo
 * data set, a controllable clock, and sign-in helpers.
 */
export interface Clock {
  now(): Date;
  set(d: Date | string): void;
  advance(ms: number): void;
}

export function makeClock(start = new Date()): Clock {
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
  to: string;
  subject: string;
  body: string;
  from: string;
  replyTo?: string | null;
}

export interface Res {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database['db'];
  clock: Clock;
  /** Messages delivered by the outbox worker (run `drainJobs()` first). */
  sent: Sent[];
  token(logname: string, password?: string): Promise<string>;
  as(logname: string | null): {
    get(url: string): Promise<Res>;
    post(url: string, body?: unknown): Promise<Res>;
  };
  request(
    method: 'GET' | 'POST',
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Res>;
  drainJobs(): Promise<number>;
  close(): Promise<void>;
}

export const demoPassword = (logname: string) => `${logname}-demo-pass`;

export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function build(
  opts: { demo?: boolean; env?: Record<string, string>; start?: Date } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    PORTAL_AGENT_DELAY_MS: '0',
    ...opts.env,
  });
  const { database, drop } = await createTestDatabase();
  if (opts.demo !== false) await importFile(database.db, DEMO_FILE);
  const clock = makeClock(opts.start);
  const sent: Sent[] = [];
  const transport: Transport = {
    name: 'smtp',
    async deliver(id, msg) {
      sent.push({ ...msg });
      return `<test-${id}@portal>`;
    },
  };
  const app = await buildApp(config, {
    database,
    now: clock.now,
    transport,
    checkResponses: true,
    logger: false,
  });
  registerWorkers(app);
  await app.ready();
  const tokens = new Map<string, string>();

  const request: TestApp['request'] = async (method, url, o = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
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
    drainJobs: () => app.deps.jobs.drain(),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
