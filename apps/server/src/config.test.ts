import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { loginFailures } from './db/schema.ts';
import { build } from '../test/support/helper.ts';

const base = { DATA_DIR: '/tmp/portal-config-test' };
const failure = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
  it('has the README defaults', () => {
    const c = loadConfig(base);
    expect(c.PORT).toBe(8080);
    expect(c.PORTAL_TITLE).toBe('Members Portal (beta)');
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.PG_POOL_MAX).toBe(10);
    expect(c.embedded).toBe(true);
  });

  it('writes mail beside DATA_DIR, never inside it (MAIL_DIR)', () => {
    expect(loadConfig(base).mailDir).toBe('/tmp/portal-config-test-mail');
    expect(loadConfig({ ...base, DATA_DIR: './data/' }).mailDir).toBe('./data-mail');
    expect(loadConfig({ ...base, MAIL_DIR: '/var/mail/portal' }).mailDir).toBe('/var/mail/portal');
    expect(failure({ MAIL_DIR: '/tmp/portal-config-test/outbox' })).toContain('MAIL_DIR: inside DATA_DIR');
    expect(failure({ MAIL_DIR: '/tmp/portal-config-test' })).toContain('MAIL_DIR: inside DATA_DIR');
  });

  it('reads TRUST_PROXY and PG_POOL_MAX like every other variable', () => {
    // A hop count or the proxies' addresses; `true` is one hop, never "trust every hop".
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, PG_POOL_MAX: '25' }).PG_POOL_MAX).toBe(25);
    expect(loadConfig({ ...base, PORTAL_TITLE: 'Harbor Members' }).PORTAL_TITLE).toBe('Harbor Members');
  });

  it("refuses the example file's placeholders and a public address that is an IP, each with its fix", () => {
    const secret = failure({ PORTAL_JWT_SECRET: 'CHANGE-ME-at-least-32-characters-long-secret' });
    expect(secret).toBe(
      "Invalid configuration:\n  PORTAL_JWT_SECRET: still the example's placeholder (CHANGE-ME): set it to `openssl rand -base64 48`, the same in every process",
    );
    const keys = failure({
      PORTAL_GATEWAY: 'authorize-net',
      AUTHNET_LOGIN_ID: 'CHANGE-ME',
      AUTHNET_TRANSACTION_KEY: 'CHANGE-ME',
    });
    expect(keys).toContain(
      "AUTHNET_LOGIN_ID: still the example's placeholder (CHANGE-ME): set the real value",
    );
    expect(keys).toContain('AUTHNET_TRANSACTION_KEY:');
    expect(failure({ DATABASE_URL: 'postgres://portal:CHANGE-ME@127.0.0.1:5432/portal' })).toContain(
      "DATABASE_URL: still the example's placeholder",
    );
    expect(failure({ PORTAL_PUBLIC_URL: 'https://203.0.113.7' })).toContain(
      'PORTAL_PUBLIC_URL: 203.0.113.7 is an IP address; passkeys need a host name',
    );
    expect(failure({ PORTAL_PUBLIC_URL: 'https://[2001:db8::1]:8443' })).toContain(
      '2001:db8::1 is an IP address',
    );
    // A developer's loopback and a host name are fine; so is a variable the portal does not read.
    expect(loadConfig({ ...base, PORTAL_PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(loadConfig({ ...base, PORTAL_PUBLIC_URL: 'https://portal.example.net' }).publicUrl).toBe(
      'https://portal.example.net',
    );
    expect(loadConfig({ ...base, SOMETHING_ELSE: 'CHANGE-ME' }).PORT).toBe(8080);
  });

  it('refuses a wrong value with a message naming the variable', () => {
    expect(failure({ PORT: 'eighty' })).toMatch(/^Invalid configuration:\n {2}PORT: /);
    expect(failure({ PORT: '70000' })).toContain('PORT:');
    expect(failure({ PG_POOL_MAX: '0' })).toContain('PG_POOL_MAX:');
    expect(failure({ PG_POOL_MAX: 'lots' })).toContain('PG_POOL_MAX:');
    expect(failure({ TRUST_PROXY: 'maybe' })).toContain('TRUST_PROXY:');
    expect(failure({ DATABASE_URL: 'mysql://db/portal' })).toContain(
      'DATABASE_URL: must be a postgres:// URL',
    );
    expect(failure({ SMTP_URL: 'http://mail' })).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(failure({ PORTAL_JWT_SECRET: 'short' })).toContain(
      'PORTAL_JWT_SECRET: must be at least 32 characters',
    );
    expect(failure({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL:');
    expect(failure({ MAIL_FROM: 'not-an-address' })).toContain('MAIL_FROM:');
    expect(failure({ LINK_WIKI: 'wiki' })).toContain('LINK_WIKI:');
    expect(failure({ PORTAL_GATEWAY: 'authorize-net' })).toContain(
      'PORTAL_GATEWAY=authorize-net needs AUTHNET_LOGIN_ID and AUTHNET_TRANSACTION_KEY',
    );
    expect(failure({ PORTAL_REGISTRAR: 'opensrs' })).toContain(
      'PORTAL_REGISTRAR=opensrs needs OPENSRS_USERNAME and OPENSRS_KEY',
    );
    expect(failure({ PORTAL_STAFF_OIDC_ISSUER: 'https://sso.example.net/realms/staff' })).toContain(
      'PORTAL_STAFF_OIDC_ISSUER, PORTAL_STAFF_OIDC_CLIENT_ID and PORTAL_STAFF_OIDC_CLIENT_SECRET go together',
    );
    expect(failure({ PORTAL_STAFF_LOCAL: 'off' })).toContain(
      'PORTAL_STAFF_LOCAL=off needs PORTAL_STAFF_OIDC_ISSUER',
    );
    // Every wrong variable is named at once.
    const both = failure({ PORT: 'x', PG_POOL_MAX: '-1' });
    expect(both).toContain('PORT:');
    expect(both).toContain('PG_POOL_MAX:');
  });

  it('takes the client address from X-Forwarded-For only with TRUST_PROXY (sign-in limits count by it)', async () => {
    for (const [trust, key] of [
      ['1', 'ip:203.0.113.7'],
      ['0', 'ip:127.0.0.1'],
    ] as const) {
      const t = await build({ demo: false, env: { TRUST_PROXY: trust } });
      try {
        const res = await t.request('POST', '/api/miglogin', {
          body: { username: 'nobody', password: 'wrong-password' },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
        expect(res.status).toBe(401);
        const keys = (await t.db.select().from(loginFailures)).map((r) => r.key);
        expect(keys, `TRUST_PROXY=${trust}`).toContain(key);
      } finally {
        await t.close();
      }
    }
    // Two fresh databases (each migrated): under a loaded machine this outlasts the default minute.
  }, 180_000);
});
