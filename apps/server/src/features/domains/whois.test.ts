import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhoisTestServer, type WhoisTestServer } from '../../../test/fakes/whois-server.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * POST /api/whois against whois servers on loopback: every TLD looked up here is mapped to them
 * through WHOIS_SERVERS, so no lookup leaves the machine.
 */
let t: TestApp;
let registry: WhoisTestServer;
let registrar: WhoisTestServer;
let slow: WhoisTestServer;
let f: ReturnType<typeof factories>;
let alice: Account;
let bob: Account;

const ANSWER = [
  'Domain Name: ANDERSON-DESIGN.COM',
  'Registry Expiry Date: 2026-12-31T00:00:00Z',
  '',
  '',
  '',
  '% a comment line',
  'Name Server: NS1.EXAMPLE.NET',
  '>>> Last update of WHOIS database: 2026-11-21T12:00:00Z <<<',
  'TERMS OF USE: You are not authorized to access or query our Whois database ...',
].join('\r\n');

beforeAll(async () => {
  registrar = await startWhoisTestServer({
    answers: {
      'harbor-studio.org': 'Domain Name: harbor-studio.org\r\nRegistrant Organization: Harbor Studio\r\n',
    },
  });
  registry = await startWhoisTestServer({ answers: { 'anderson-design.com': ANSWER } });
  registry.refer(
    'harbor-studio.org',
    registrar.address,
    'Domain Name: HARBOR-STUDIO.ORG\r\n',
    'Registrar WHOIS Server',
  );
  slow = await startWhoisTestServer({ stall: true });
  t = await build({
    demo: false,
    env: {
      WHOIS_SERVERS: `com=${registry.address},org=${registry.address},net=${slow.address}`,
      WHOIS_TIMEOUT_MS: '500',
    },
  });
  f = factories(t);
  alice = await f.makeAccount();
  bob = await f.makeAccount();
});
afterAll(async () => {
  await t.close();
  await Promise.all([registry.close(), registrar.close(), slow.close()]);
});

describe('POST /api/whois', () => {
  it('looks a domain up on its TLD’s server, trimmed with trim=1', async () => {
    const res = await f.as(alice).post('/api/whois', { domain: ' Anderson-Design.com ', trim: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data.domain).toBe('anderson-design.com');
    expect(res.body.data.whois).toBe(
      'Domain Name: ANDERSON-DESIGN.COM\nRegistry Expiry Date: 2026-12-31T00:00:00Z\n\nName Server: NS1.EXAMPLE.NET',
    );
    expect(registry.queries).toContain('anderson-design.com');
  });

  it('keeps the whole answer with trim=0', async () => {
    const res = await f.as(bob).post('/api/whois', { domain: 'anderson-design.com', trim: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data.whois).toContain('TERMS OF USE');
  });

  it('follows a referral to the registrar’s whois server (referral ports allowed only in the map)', async () => {
    const res = await f.as(alice).post('/api/whois', { domain: 'harbor-studio.org', trim: 1 });
    expect(res.status).toBe(200);
    // A referral naming a port other than 43 is not followed: the registry's answer is returned.
    expect(res.body.data.whois).toContain('HARBOR-STUDIO.ORG');
    expect(registrar.queries).toEqual([]);
  });

  it('answers 400 for a name that is not a domain, before any connection', async () => {
    const before = registry.queries.length;
    const res = await f.as(alice).post('/api/whois', { domain: 'example.com\r\n-flag', trim: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid domain name');
    const blank = await f.as(alice).post('/api/whois', { domain: '', trim: 1 });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.domain).toBe('Required');
    expect(registry.queries.length).toBe(before);
  });

  it('answers 503 when the whois server does not answer in time', async () => {
    const res = await f.as(alice).post('/api/whois', { domain: 'bobbaker.net', trim: 1 });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The whois service did not answer: please try again in a minute');
  });

  it('needs a token (401)', async () => {
    expect((await t.as(null).post('/api/whois', { domain: 'anderson-design.com', trim: 1 })).status).toBe(
      401,
    );
  });
});
