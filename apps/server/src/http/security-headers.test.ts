import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/helper.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

/** helmet's headers with the portal's options (as @fastify/helmet sent them before they were worked out once). */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src https://wiki.example.net",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let app: FastifyInstance;
let done: () => Promise<void>;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-headers-'));
  const db = await createTestDatabase();
  app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LINK_WIKI_SEARCH: 'https://wiki.example.net/search?q=',
    }),
    { database: db.database, logger: false },
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

describe('security headers', () => {
  it('are on every answer: a success, a refusal, an unknown path', async () => {
    for (const url of ['/healthz', '/api/customer/alice', '/api/no-such-call']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(EXPECTED);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('refuse a CSP directive computed per request', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } },
      }),
    ).toThrow(/per request/);
  });
});
