import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { importDocument } from '../../src/lib/import.ts';
import { drainAndClose } from '../../src/server.ts';
import { createTestDatabase } from '../support/helper.ts';
import { refused } from './processes.ts';
import { waitUntil } from './wait.ts';

/**
 * A rolling restart behind nginx (production.test.ts) loses nothing only if a closing process
 * still answers every request that reaches it on a connection it has already accepted: nginx
 * does not retry a 503, nor any sign-in (a POST) once it has been sent. Fastify answers such
 * requests 503 while it closes unless told otherwise (`return503OnClosing`), and Node's
 * `server.close()` cuts every connection without a request in flight, one whose request is still
 * on its way too (docs/decisions/122-stop-listening-first.md).
 */

/** A raw HTTP/1.1 connection: what it has received so far, and whether it has closed. */
async function open(
  port: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, received: () => received, closed };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

const PASSWORD = 'closing-test-pass';

describe('a process that is closing', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-closing-'));
  let app: FastifyInstance;
  let port = 0;
  let drop: () => Promise<void>;
  let database: () => Awaited<ReturnType<typeof createTestDatabase>>['database'];
  beforeAll(async () => {
    const db = await createTestDatabase();
    database = () => db.database;
    await importDocument(db.database.db, {
      accounts: [{ logname: 'alice', uid: 9501, password_hash: await hashPassword(PASSWORD) }],
    });
    drop = async () => {
      await db.database.close();
      await db.drop();
    };
    app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }),
      { database: db.database, logger: false },
    );
    port = await listen(app);
  });
  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a request that arrives on an accepted connection while it closes, then stops listening', async () => {
    // A sign-in held in flight (its body not yet sent) keeps the server from finishing its close.
    const body = JSON.stringify({ username: 'alice', password: PASSWORD });
    const held = await open(port);
    held.socket.write(
      `POST /api/miglogin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await waitUntil('100 Continue', () => held.received().includes('100 Continue'));
    // A second connection the server has accepted, whose request has begun (nginx sent it just as
    // the process was told to stop).
    const late = await open(port);
    late.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closing = drainAndClose(app, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    late.socket.write('Connection: keep-alive\r\n\r\n');
    await late.closed;
    expect(late.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    // The answer tells the caller not to use the connection again.
    expect(late.received().toLowerCase()).toContain('connection: close');

    held.socket.write(body);
    await held.closed;
    expect(held.received()).toMatch(/HTTP\/1\.1 200 OK/);
    expect(held.received()).toContain('"id_token"');
    await closing;
    expect(await refused(port)).toBe(true);
  });

  it('lets go of its socket before it closes: a connection kept alive from the drain still carries a request sent once new connections are refused', async () => {
    const second = await buildApp(
      loadConfig({ DATA_DIR: dataDir, PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }),
      { database: database(), logger: false },
    );
    const secondPort = await listen(second);
    const closing = drainAndClose(second, 1000);
    // While the process drains (/readyz 503), nginx's connection carries a request and is kept
    // alive: idle, as far as the process knows ...
    await waitUntil('draining', () => second.deps.lifecycle.draining);
    const kept = await open(secondPort);
    kept.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitUntil('the first answer', () => kept.received().includes('"status"'));
    expect(kept.received().toLowerCase()).not.toContain('connection: close');
    // ... and nginx sends its next request on it just as the process stops taking new connections
    // (a new one is refused now, and nginx sends that request to the other process).
    await waitUntil('new connections refused', () => refused(secondPort));
    const first = kept.received().length;
    kept.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await kept.closed;
    const answer = kept.received().slice(first);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer.toLowerCase()).toContain('connection: close');
    await closing;
  });
});
