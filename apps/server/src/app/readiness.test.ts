import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerListener } from '../http/metrics.ts';
import { freePort } from '../../test/support/free-port.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { downOf, reachable } from './readiness.ts';

/** A port nothing listens on: the dependency is really down (the connection is refused). */
const closedPort = () => freePort();

describe('reachable and downOf', () => {
  let server: Server;
  let open = 0;
  beforeAll(async () => {
    // The probe closes its connection at once: the reset that may follow is expected.
    server = createServer((s) => s.on('error', () => {}).end('220 ready\r\n'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    open = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('resolves for a port that accepts, rejects for a closed one', async () => {
    await expect(reachable(`smtp://127.0.0.1:${open}`, 25)).resolves.toBeUndefined();
    await expect(reachable(`smtp://127.0.0.1:${await closedPort()}`, 25)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('lists the dependencies that do not answer, in order', async () => {
    const closed = await closedPort();
    const down = await downOf([
      { name: 'database', check: async () => {} },
      { name: 'smtp', check: () => reachable(`smtp://127.0.0.1:${closed}`, 25) },
      { name: 'gateway', check: () => reachable(`https://127.0.0.1:${open}/xml`, 443) },
    ]);
    expect(down).toEqual(['smtp']);
  });
});

describe('/readyz names the dependency that is down', () => {
  let t: TestApp;
  let smtp = 0;
  let gateway = 0;
  beforeAll(async () => {
    smtp = await closedPort();
    gateway = await closedPort();
    // No account is read: readiness is about the dependencies alone.
    t = await build({
      demo: false,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp}`,
        PORTAL_GATEWAY: 'authorize-net',
        AUTHNET_ENDPOINT: `https://127.0.0.1:${gateway}/xml/v1/request.api`,
        AUTHNET_LOGIN_ID: 'readiness-test-login',
        AUTHNET_TRANSACTION_KEY: 'readiness-test-key',
        AUTHNET_CLIENT_KEY: 'readiness-test-client-key',
      },
    });
  });
  afterAll(() => t.close());

  it('a web process: 503 with the gateway down (mail is the worker’s), 200 when asked about the database only', async () => {
    const res = await t.request('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 0,
      message: 'Service temporarily unavailable',
      code: 'unavailable',
      data: { ready: false, down: ['gateway'] },
    });
    const database = await t.request('GET', '/readyz?only=database');
    expect(database.status).toBe(200);
    expect(database.body).toEqual({ status: 1, message: '', data: { ready: true, down: [] } });
  });

  it('the worker: 503 with the SMTP relay and the gateway down; the database too when it fails', async () => {
    const listener = await startWorkerListener(t.app, { host: '127.0.0.1', port: 0 });
    const ping = t.app.deps.database.ping;
    try {
      const { port } = listener.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ data: { ready: false, down: ['smtp', 'gateway'] } });
      expect((await fetch(`http://127.0.0.1:${port}/readyz?only=database`)).status).toBe(200);
      t.app.deps.database.ping = async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      };
      const all = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await all.json()).toMatchObject({
        data: { ready: false, down: ['database', 'smtp', 'gateway'] },
      });
      expect((await fetch(`http://127.0.0.1:${port}/readyz?only=database`)).status).toBe(503);
    } finally {
      t.app.deps.database.ping = ping;
      await listener.close();
    }
  });
});
