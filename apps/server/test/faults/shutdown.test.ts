import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from './wait.ts';
import { freePort } from '../support/free-port.ts';
import {
  BUILT_MAIN,
  buildServer,
  kill,
  type Proc,
  ROOT,
  refused,
  startProcess,
  waitReady,
} from './processes.ts';

/**
 * Stopping a process by its id (systemd, an operator, a rolling restart): SIGTERM turns /readyz to
 * 503, a request in flight completes, and the process exits 0 — for the compiled server started
 * directly by node (production) and for `npm start`'s wrapper (scripts/start.mjs), which must pass
 * the signal on rather than leave its server running. On the embedded database (PGlite).
 */

const BODY = JSON.stringify({ username: 'alice', password: 'alice-demo-pass' });

/**
 * A sign-in whose body is still on its way: the headers are sent with `Expect: 100-continue`, and
 * the server's `100 Continue` shows that it holds the request. `finish()` sends the body and
 * resolves to the raw answer.
 */
async function requestInFlight(port: number): Promise<{ finish: () => Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  socket.write(
    [
      'POST /api/miglogin HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(BODY)}`,
      'Expect: 100-continue',
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  await waitUntil('100 Continue', () => received.includes('100 Continue'));
  return {
    finish: async () => {
      socket.write(BODY);
      await closed;
      return received;
    },
  };
}

describe.skipIf(process.env.TEST_DATABASE_URL)('SIGTERM drains the process', () => {
  const dirs: string[] = [];
  const procs: Proc[] = [];
  afterAll(async () => {
    for (const p of procs) await kill(p);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function sigtermWhileInFlight(p: Proc, port: number): Promise<void> {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(p, base);
    const inFlight = await requestInFlight(port);
    p.child.kill('SIGTERM');
    // Not ready while it drains; the balancer stops sending new requests.
    await waitUntil('/readyz to answer 503', async () => (await fetch(`${base}/readyz`)).status === 503);
    const answer = await inFlight.finish();
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"id_token"');
    expect(await p.exited).toBe(0);
    // Nothing left listening: no orphaned server.
    expect(await refused(port)).toBe(true);
  }

  function env(dataDir: string, port: number): Record<string, string> {
    return {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Long enough for the test to see the 503; the process exits once it has passed.
      PORTAL_SHUTDOWN_DELAY_MS: '3000',
    };
  }

  it('the compiled server started by node: in-flight request answered, /readyz 503, exit 0', async () => {
    buildServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));
    dirs.push(dataDir);
    const port = await freePort();
    const p = startProcess('built server', ['--enable-source-maps', BUILT_MAIN], env(dataDir, port));
    procs.push(p);
    await sigtermWhileInFlight(p, port);
  }, 180_000);

  it('npm start (scripts/start.mjs) passes SIGTERM on: the server drains and exits, the wrapper with it', async () => {
    // A checkout whose web app and server are built; start.mjs is told not to check their sources
    // (it would otherwise rebuild them from the sources it hashes), and goes straight to the server.
    buildServer();
    const cwd = mkdtempSync(join(tmpdir(), 'portal-start-'));
    dirs.push(cwd);
    mkdirSync(join(cwd, 'apps/web/src'), { recursive: true });
    mkdirSync(join(cwd, 'apps/web/dist'), { recursive: true });
    mkdirSync(join(cwd, 'packages/contract/src'), { recursive: true });
    writeFileSync(join(cwd, 'apps/web/dist/index.html'), '<!doctype html>');
    symlinkSync(join(ROOT, 'apps/server'), join(cwd, 'apps/server'));
    symlinkSync(join(ROOT, 'node_modules'), join(cwd, 'node_modules'));
    const port = await freePort();
    const p = startProcess(
      'npm start',
      [join(ROOT, 'scripts/start.mjs')],
      { ...env(join(cwd, 'data'), port), PORTAL_START_NO_BUILD: '1' },
      cwd,
    );
    procs.push(p);
    await sigtermWhileInFlight(p, port);
  }, 180_000);
});
