import { must } from '../support/must.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfo } from '../../src/lib/build-info.ts';
import { freePort } from '../support/free-port.ts';
import { kill, type Proc, startProcess, waitReady } from './processes.ts';

/**
 * Every line a process writes is JSON (docs/operations.md, "Logs"), so `journalctl -o cat | jq`
 * reads all of it: the ready line (naming the public URL), the demo logins, a configuration error,
 * and a port another process holds — one line and exit 1, never a stack trace. The server runs
 * from its sources (tsx) on PGlite, or on a database of its own with TEST_DATABASE_URL.
 */
const MAIN = ['--import', 'tsx', 'apps/server/src/main.ts'];
const adminUrl = process.env.TEST_DATABASE_URL;

const jsonLines = (p: Proc) =>
  p
    .output()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as { level: number; msg: string; [k: string]: unknown };
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });

describe('what a process writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'process-output-'));
  const procs: Proc[] = [];
  let env: Record<string, string>;
  let dbName: string | undefined;

  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    env = {
      NODE_ENV: 'production',
      PORTAL_JWT_SECRET: randomBytes(24).toString('hex'),
      PORTAL_PUBLIC_URL: 'https://portal.example.net',
      HOST: '127.0.0.1',
      PORTAL_DEMO: 'true',
      PORTAL_SHUTDOWN_DELAY_MS: '0',
      DATA_DIR: join(dir, 'data'),
    };
    if (adminUrl) {
      dbName = `out_${randomBytes(6).toString('hex')}`;
      await admin(`create database ${dbName}`);
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    }
  });

  afterAll(async () => {
    for (const p of procs) await kill(p);
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a web process: JSON lines only, the ready line naming the public URL and the release', async () => {
    const port = await freePort();
    const p = startProcess('web', [...MAIN, '--role', 'all'], { ...env, PORT: String(port) });
    procs.push(p);
    await waitReady(p, `http://127.0.0.1:${port}`);
    await fetch(`http://127.0.0.1:${port}/healthz`);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const lines = jsonLines(p);
    const ready = lines.find((l) => l.msg.startsWith('Members Portal ready'));
    expect(ready).toMatchObject({
      level: 30,
      url: 'https://portal.example.net/portal/',
      listen: `127.0.0.1:${port}`,
      ...buildInfo(),
    });
    expect(ready?.msg).toContain('https://portal.example.net/portal/');
    expect(ready?.msg).not.toContain('localhost');
    expect(lines.some((l) => l.msg === 'Demo logins (account / password):')).toBe(true);
    expect(lines.some((l) => l.msg.startsWith('stopping'))).toBe(true);
  }, 240_000);

  it('a second worker on a port in use: one JSON line saying which port and what to change, exit 1', async () => {
    const holder: Server = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as { port: number }).port;
    try {
      const p = startProcess('worker', [...MAIN, '--role', 'worker'], {
        ...env,
        PORTAL_DEMO: 'false',
        PORTAL_WORKER_PORT: String(port),
      });
      procs.push(p);
      expect(await p.exited).toBe(1);
      const lines = jsonLines(p);
      expect(lines).toHaveLength(1);
      expect(must(lines[0], 'lines[0]').level).toBe(60);
      expect(must(lines[0], 'lines[0]').msg).toBe(
        `Port 127.0.0.1:${port} is in use by another process: give each worker on this host its own PORTAL_WORKER_PORT (docs/operations.md, "Metrics")`,
      );
      expect(p.output()).not.toContain('    at ');
    } finally {
      holder.close();
    }
  }, 240_000);

  it('a configuration error: one JSON line naming the variable, exit 2', async () => {
    const p = startProcess('bad config', MAIN, { ...env, PORT: 'eighty' });
    procs.push(p);
    expect(await p.exited).toBe(2);
    const lines = jsonLines(p);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60 });
    expect(must(lines[0], 'lines[0]').msg).toMatch(/^Invalid configuration:\n {2}PORT: /);
  });
});
