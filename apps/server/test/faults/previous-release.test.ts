import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/index.ts';
import { hashedDemo } from '../../src/lib/demo.ts';
import { importDocument } from '../../src/lib/import.ts';
import { VERSION } from '../../src/lib/version.ts';
import { freePort } from '../support/free-port.ts';
import { kill, type Proc, ROOT, startProcess, waitReady } from './processes.ts';

/**
 * N−1 (docs/decisions/043-previous-release-test.md): the previous release's server — its sources
 * at the commit before this release's version bump, taken from git history — runs on a database
 * migrated to this release's schema (a rollback, and the old processes of a rolling upgrade), and
 * this release opens a database the previous one made (an upgrade). It prints the changelog's
 * "Rollback:" line. PostgreSQL only (CI's suite); git history comes from the checkout, or from
 * PORTAL_GIT_DIR (.ci/run sets it: its copy of the tree has no .git).
 */

const git = (args: string[], encoding: 'utf8' | 'buffer' = 'utf8') => {
  const dir = process.env.PORTAL_GIT_DIR;
  return execFileSync('git', dir ? [`--git-dir=${dir}`, ...args] : ['-C', ROOT, ...args], {
    encoding: encoding as BufferEncoding,
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 256 * 1024 * 1024,
  });
};

const versionAt = (commit: string): string | undefined => {
  try {
    return JSON.parse(git(['show', `${commit}:package.json`]) as string).version;
  } catch {
    return undefined;
  }
};

/** The last commit of the previous release: the parent of the commit that set this version. */
function previousRelease(): { commit: string; version: string } | string {
  let commits: string[];
  try {
    commits = (git(['log', '--format=%H', '-G"version"', '--', 'package.json']) as string).split('\n');
  } catch {
    return 'no git history (a copy without .git: set PORTAL_GIT_DIR to the checkout’s git directory)';
  }
  for (const c of commits.filter(Boolean)) {
    const before = versionAt(`${c}^`);
    if (versionAt(c) === VERSION && before !== undefined && before !== VERSION) {
      return { commit: (git(['rev-parse', `${c}^`]) as string).trim(), version: before };
    }
  }
  return `no commit in the history sets the version to ${VERSION} (a shallow clone?)`;
}

const adminUrl = process.env.TEST_DATABASE_URL;
const previous = adminUrl ? previousRelease() : 'PostgreSQL only (TEST_DATABASE_URL)';
const skip = typeof previous === 'string' ? previous : undefined;
if (skip) console.log(`previous-release test skipped: ${skip}`);

describe.skipIf(skip !== undefined)('the previous release and this one on one database', () => {
  const prev = previous as { commit: string; version: string };
  const dbNames: string[] = [];
  const procs: Proc[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let tree: string;

  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  const newDatabase = async () => {
    const name = `prev_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    dbNames.push(name);
    const u = new URL(adminUrl ?? '');
    u.pathname = `/${name}`;
    return u.toString();
  };

  beforeAll(() => {
    // Inside the checkout (dist/ is ignored by git, Biome and the test globs), so that the old
    // sources find this checkout's node_modules; their own contract package comes first.
    mkdirSync(join(ROOT, 'dist'), { recursive: true });
    tree = mkdtempSync(join(ROOT, 'dist', 'previous-release-'));
    const archive = git(
      [
        'archive',
        '--format=tar',
        prev.commit,
        'apps/server',
        'packages/contract',
        'package.json',
        'tsconfig.base.json',
      ],
      'buffer',
    );
    execFileSync('tar', ['-x', '-C', tree], { input: archive });
    mkdirSync(join(tree, 'node_modules/@portal'), { recursive: true });
    symlinkSync('../../packages/contract', join(tree, 'node_modules/@portal/contract'));
  });

  afterAll(async () => {
    for (const p of procs) await kill(p);
    for (const c of cleanups.reverse()) await c();
    for (const name of dbNames) await admin(`drop database if exists ${name} with (force)`);
    if (tree) rmSync(tree, { recursive: true, force: true });
  }, 120_000);

  /** The previous release's web process on `url`, from its sources. */
  const startPrevious = async (url: string, demo: boolean) => {
    const port = await freePort();
    const p = startProcess(
      `previous release ${prev.version}`,
      ['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'web'],
      {
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PORTAL_JWT_SECRET: 'n'.repeat(40),
        PORTAL_DEMO: String(demo),
        PORTAL_SHUTDOWN_DELAY_MS: '0',
        DATA_DIR: join(tree, `data-${port}`),
        LOG_LEVEL: 'warn',
      },
      tree,
    );
    procs.push(p);
    const base = `http://127.0.0.1:${port}`;
    await waitReady(p, base);
    // The previous release's code indeed, not this checkout's.
    const health = (await (await fetch(`${base}/healthz`)).json()) as { data: { version: string } };
    expect(health.data.version).toBe(prev.version);
    return { p, base };
  };

  /** This release in this process, on `url` (opening it applies this release's migrations). */
  const startThis = async (url: string): Promise<{ app: FastifyInstance; database: Database }> => {
    const database = await openDatabase({ url });
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tree, 'data-')),
      LOG_LEVEL: 'silent',
      PORTAL_JWT_SECRET: 'n'.repeat(40),
    });
    const app = await buildApp(config, { database, logger: false });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    return { app, database };
  };

  type Answer = { data?: { id_token?: string; color_mode?: string } } | undefined;
  type Call = (
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    token?: string,
  ) => Promise<{ status: number; body: Answer }>;
  const overHttp =
    (base: string): Call =>
    async (method, path, body, token) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json().catch(() => undefined)) as Answer };
    };
  const inProcess =
    (app: FastifyInstance): Call =>
    async (method, path, body, token) => {
      const res = await app.inject({
        method,
        url: path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body ? { payload: body } : {}),
      });
      return { status: res.statusCode, body: res.json() as Answer };
    };

  /** A customer's session: sign-in, reads, a write read back; answers the token. */
  const session = async (call: Call, mode: 'dark' | 'light', token?: string) => {
    if (!token) {
      const login = await call('POST', '/api/miglogin', { username: 'alice', password: 'alice-demo-pass' });
      expect(login.status).toBe(200);
      token = login.body?.data?.id_token as string;
    }
    const customer = await call('GET', '/api/customer/alice', undefined, token);
    expect(customer.status).toBe(200);
    const domains = await call('GET', '/api/domains/alice', undefined, token);
    expect(domains.status).toBe(200);
    expect(JSON.stringify(domains.body)).toContain('anderson-design.com');
    expect((await call('POST', '/api/set-mode', { logname: 'alice', mode }, token)).status).toBe(200);
    const read = await call('GET', '/api/usermode/alice', undefined, token);
    expect(read.status).toBe(200);
    expect(read.body?.data?.color_mode).toBe(mode);
    return token as string;
  };

  it('the previous release works on this release’s schema, sessions of either shared (a rollback)', async () => {
    try {
      const url = await newDatabase();
      const { app, database } = await startThis(url);
      await importDocument(database.db, await hashedDemo());
      const newToken = await session(inProcess(app), 'dark');
      const { base } = await startPrevious(url, false);
      const oldToken = await session(overHttp(base), 'light');
      // A session begun on either release goes on on the other (a rolling upgrade, then back).
      await session(overHttp(base), 'dark', newToken);
      await session(inProcess(app), 'light', oldToken);
      console.log(
        `Rollback: yes — ${prev.version} (${prev.commit.slice(0, 12)}) runs on ${VERSION}'s schema`,
      );
    } catch (err) {
      console.log(
        `Rollback: no — ${prev.version} (${prev.commit.slice(0, 12)}) fails on ${VERSION}'s schema`,
      );
      throw err;
    }
  }, 240_000);

  it('this release opens a database the previous one made, its sessions still valid (an upgrade)', async () => {
    const url = await newDatabase();
    const { p, base } = await startPrevious(url, true);
    const oldToken = await session(overHttp(base), 'dark');
    await kill(p);
    const { app } = await startThis(url);
    await session(inProcess(app), 'light', oldToken);
    await session(inProcess(app), 'dark');
  }, 240_000);
});
