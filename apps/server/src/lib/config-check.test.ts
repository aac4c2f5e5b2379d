import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { SmtpSink } from '../../test/faults/smtp-sink.ts';
import { freePort } from '../../test/support/free-port.ts';
import { keyChecks, paperChecks, releaseMigrations, schemaCheck, smtpCheck } from './config-check.ts';

/** `portal check-config` (docs/operations.md, "Check the configuration"): each finding with its fix. */
const base = { DATA_DIR: '/tmp/portal-config-check-test' };
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('portal check-config', () => {
  it('names the key the chosen gateway’s card forms need', () => {
    const env = {
      ...base,
      PORTAL_GATEWAY: 'authorize-net',
      AUTHNET_LOGIN_ID: 'login',
      AUTHNET_TRANSACTION_KEY: 'key',
      PORTAL_PUBLIC_URL: 'https://portal.example.net',
    };
    const config = loadConfig(env);
    const found = keyChecks(config);
    expect(found).toEqual([
      {
        level: 'error',
        text: expect.stringMatching(/^AUTHNET_CLIENT_KEY: missing; the card forms answer 503/),
      },
    ]);
    expect(keyChecks(loadConfig({ ...env, AUTHNET_CLIENT_KEY: 'public-key' }))).toEqual([]);
  });

  it('warns of an unset ISP name and refuses a logo that cannot be read or is neither PNG nor JPEG', () => {
    const named = { ...base, PORTAL_ISP_NAME: 'Example Networks' };
    expect(paperChecks(loadConfig(base))).toEqual([
      { level: 'warning', text: expect.stringMatching(/^PORTAL_ISP_NAME: unset/) },
    ]);
    expect(paperChecks(loadConfig(named))).toEqual([]);
    expect(paperChecks(loadConfig({ ...named, PORTAL_ISP_LOGO: '/nonexistent/logo.png' }))).toEqual([
      { level: 'error', text: expect.stringMatching(/^PORTAL_ISP_LOGO: .*ENOENT/) },
    ]);
    // This test file is text: neither PNG nor JPEG.
    const notAnImage = fileURLToPath(import.meta.url);
    expect(paperChecks(loadConfig({ ...named, PORTAL_ISP_LOGO: notAnImage }))).toEqual([
      { level: 'error', text: expect.stringMatching(/^PORTAL_ISP_LOGO: neither a PNG nor a JPEG/) },
    ]);
  });

  it('warns of a staff directory over plain http, and of PORTAL_STAFF_LOCAL=off without a break-glass admin', () => {
    const env = {
      ...base,
      PORTAL_PUBLIC_URL: 'https://portal.example.net',
      PORTAL_STAFF_OIDC_ISSUER: 'http://127.0.0.1:9999',
      PORTAL_STAFF_OIDC_CLIENT_ID: 'portal',
      PORTAL_STAFF_OIDC_CLIENT_SECRET: 'secret',
      PORTAL_STAFF_OIDC_INSECURE: 'on',
      PORTAL_STAFF_LOCAL: 'off',
    };
    const texts = keyChecks(loadConfig(env)).map((f) => f.text);
    expect(texts.some((t) => t.startsWith('PORTAL_STAFF_OIDC_INSECURE: on;'))).toBe(true);
    expect(
      texts.some((t) => t.startsWith('PORTAL_STAFF_BREAK_GLASS: unset while PORTAL_STAFF_LOCAL=off')),
    ).toBe(true);
    const fixed = { ...env, PORTAL_STAFF_OIDC_INSECURE: 'off', PORTAL_STAFF_BREAK_GLASS: 'admin' };
    expect(keyChecks(loadConfig(fixed)).filter((f) => f.text.startsWith('PORTAL_STAFF'))).toEqual([]);
  });

  it('an SMTP relay that does not answer is a warning with the fix; one that answers is ok', async () => {
    const closed = await freePort();
    const down = await smtpCheck(loadConfig({ ...base, SMTP_URL: `smtp://127.0.0.1:${closed}` }), 2000);
    expect(down.level).toBe('warning');
    expect(down.text).toMatch(/^SMTP_URL: the relay does not answer \(.+\); mail waits in the outbox/);
    const sink = new SmtpSink(await freePort());
    await sink.open();
    try {
      const up = await smtpCheck(loadConfig({ ...base, SMTP_URL: `smtp://127.0.0.1:${sink.port}` }));
      expect(up).toEqual({ level: 'ok', text: 'SMTP relay answers' });
    } finally {
      await sink.close();
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  describe.skipIf(!adminUrl)('the database’s schema against this release’s (PostgreSQL)', () => {
    const name = `cc_${randomBytes(6).toString('hex')}`;
    const url = (() => {
      const u = new URL(adminUrl ?? 'postgres://x/y');
      u.pathname = `/${name}`;
      return u.toString();
    })();
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    afterAll(() => admin(`drop database if exists ${name} with (force)`));

    it('empty, migrated, and newer than this release', async () => {
      await admin(`create database ${name}`);
      const config = loadConfig({ ...base, DATABASE_URL: url });
      expect((await schemaCheck(config)).text).toMatch(/^database: empty/);
      const database = await openDatabase({ url });
      await database.close();
      const last = releaseMigrations().at(-1);
      expect(await schemaCheck(config)).toEqual({
        level: 'ok',
        text: `database: at this release's schema (${last?.tag})`,
      });
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        'a later release',
        (last?.when ?? 0) + 1000,
      ]);
      await c.end();
      const newer = await schemaCheck(config);
      expect(newer.level).toBe('error');
      expect(newer.text).toMatch(/^database: its schema is newer than this release's/);
    });
  });

  it('the command refuses a placeholder with one line naming it, exit 1', () => {
    let out = '';
    let status = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'check-config'], {
        cwd: ROOT,
        env: { ...process.env, ...base, PORTAL_JWT_SECRET: 'CHANGE-ME-at-least-32-characters-long-secret' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      ({ status, stderr: out } = err as { status: number; stderr: string });
    }
    expect(status).toBe(1);
    expect(out).toContain("PORTAL_JWT_SECRET: still the example's placeholder (CHANGE-ME)");
  }, 120_000);
});
