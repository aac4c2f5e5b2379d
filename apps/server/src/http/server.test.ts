import { must } from '../../test/support/must.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { VERSION } from '../lib/version.ts';
import { makeCast } from '../../test/support/factories.ts';
import { build, createTestDatabase, type TestApp } from '../../test/support/helper.ts';

/** Behaviour of the server outside the contract's calls: the error model, probes, the SPA. */

const PASSWORD = 'server-test-pass';

describe('errors and probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
    await makeCast(t, PASSWORD);
  });
  afterAll(() => t.close());

  it('answers an uncaught error with 500 and a request id, nothing of the error: no message, stack or SQL', async () => {
    const token = await t.token('alice', PASSWORD);
    const sqlText = 'select "password_hash" from "accounts" where "logname" = $1';
    // On every instance: with TEST_INSTANCES=2 the request may meet either.
    const verifies = t.apps.map((a) => [a.deps.tokens, a.deps.tokens.verify] as const);
    for (const [tokens] of verifies)
      tokens.verify = async () => {
        throw Object.assign(new Error(`Failed query: ${sqlText}\nparams: alice`), { code: '42P01' });
      };
    try {
      const res = await t.request('GET', '/api/customer/alice', { token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        status: 0,
        message: 'Internal error',
        request_id: expect.any(String),
        code: 'internal',
      });
      expect(res.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
      const raw = JSON.stringify(res.body);
      for (const leak of ['select', 'password_hash', 'Failed query', '42P01', 'params', '.ts:', '    at '])
        expect(raw).not.toContain(leak);
    } finally {
      for (const [tokens, verify] of verifies) tokens.verify = verify;
    }
    expect((await t.request('GET', '/api/customer/alice', { token })).status).toBe(200);
  });

  it('leaves probes answering: /healthz live, /readyz ready, and 503 when the database does not answer', async () => {
    const live = await t.request('GET', '/healthz');
    expect(live.status).toBe(200);
    // The release is part of liveness: what runs where, during a rolling upgrade.
    expect(live.body).toEqual({
      status: 1,
      message: '',
      data: { live: true, version: VERSION, commit: expect.stringMatching(/^([0-9a-f]{40}|unknown)$/) },
    });
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 1, message: '', data: { ready: true, down: [] } });

    const pings = t.apps.map((a) => [a.deps.database, a.deps.database.ping] as const);
    for (const [database] of pings)
      database.ping = async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      };
    try {
      const down = await t.request('GET', '/readyz');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        status: 0,
        message: 'Service temporarily unavailable',
        code: 'unavailable',
        data: { ready: false, down: ['database'] },
      });
      // Liveness does not depend on the database: the process is fine, only not ready.
      expect((await t.request('GET', '/healthz')).status).toBe(200);
    } finally {
      for (const [database, ping] of pings) database.ping = ping;
    }
  });

  it('a draining process (SIGTERM) is not ready and still serves; once closing, every answer closes its connection', async () => {
    const lifecycle = (state: { draining: boolean; closing: boolean }) => {
      for (const a of t.apps) Object.assign(a.deps.lifecycle, state);
    };
    lifecycle({ draining: true, closing: false });
    try {
      const ready = await t.request('GET', '/readyz');
      expect(ready.status).toBe(503);
      // Draining alone keeps connections alive: nginx opens no new ones to a process about to stop listening.
      const kept = await t.request('GET', '/healthz');
      expect(kept.status).toBe(200);
      expect(kept.headers.connection).not.toBe('close');
      lifecycle({ draining: true, closing: true });
      const live = await t.request('GET', '/healthz');
      expect(live.status).toBe(200);
      expect(live.headers.connection).toBe('close');
      const token = await t.token('alice', PASSWORD);
      expect((await t.request('GET', '/api/customer/alice', { token })).status).toBe(200);
    } finally {
      lifecycle({ draining: false, closing: false });
    }
    expect((await t.request('GET', '/readyz')).status).toBe(200);
  });
});

describe('the SPA under /portal/', () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-spa-'));
  // Large enough for compression (threshold 1 KB).
  const html = `<!doctype html><html><head><title>Members Portal</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;
  const js = `console.log(${JSON.stringify('hashed asset '.repeat(300))});`;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), html);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-Bq3xZ9a1.js'), js);
    const db = await createTestDatabase();
    drop = db.drop;
    close = () => db.database.close();
    app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }),
      { database: db.database, logger: false, webDist: dist },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await close();
    await drop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('caches hashed assets for a year and never caches index.html', async () => {
    const asset = await get('/portal/assets/index-Bq3xZ9a1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(js);
    for (const url of [
      '/portal/',
      '/portal/index.html',
      '/portal/account-info',
      '/portal/reset-panel-password/abc',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toBe(html);
    }
    // A missing asset is a 404, not the page (a stale tab must not run HTML as a script).
    expect((await get('/portal/assets/index-gone.js')).statusCode).toBe(404);
    const root = await get('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/portal/');
  });

  it('compresses with brotli or gzip when the client accepts it, and not otherwise', async () => {
    for (const url of ['/portal/assets/index-Bq3xZ9a1.js', '/portal/account-info']) {
      const want = url.endsWith('.js') ? js : html;
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(want);
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(want);
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(want);
    }
  });
});

describe('production answers: HSTS over HTTPS only, one log line per request', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-prod-'));
  const lines: Record<string, unknown>[] = [];
  let app: FastifyInstance;
  let done: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    const stream = { write: (l: string) => lines.push(JSON.parse(l)) };
    app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        TRUST_PROXY: '1',
      }),
      { database: db.database, logger: { level: 'info', stream } },
    );
    await app.ready();
    done = async () => {
      await app.close();
      await db.database.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => done());

  it('sends Strict-Transport-Security only when the request came over HTTPS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('logs each request once, when answered, with its status and time', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/domains/alice', remoteAddress: '192.0.2.4' });
    const logged = lines.filter((l) => l.msg !== undefined);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/domains/alice',
      status: 401,
    });
    expect(typeof must(logged[0], 'logged[0]').ms).toBe('number');
    expect(typeof must(logged[0], 'logged[0]').reqId).toBe('string');
  });
});
