import { connect as netConnect, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWhoisClient, type WhoisClientOptions } from './client.ts';
import { normalizeDomain } from './domain.ts';
import { InvalidDomainError, WhoisConnectionError, WhoisTimeoutError } from './errors.ts';
import { findReferral, parseWhoisServers, queryFor, whoisOptionsFromConfig } from './index.ts';
import { startWhoisTestServer, type WhoisTestServer } from '../../../test/fakes/whois-server.ts';
import { trimWhois } from './trim.ts';

const started: WhoisTestServer[] = [];
async function server(...args: Parameters<typeof startWhoisTestServer>) {
  const s = await startWhoisTestServer(...args);
  started.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** Never leave the machine: any host other than loopback (or a mapped test name) is refused. */
function loopbackOnly(names: Record<string, number> = {}) {
  return (host: string, port: number) => {
    const mapped = names[host];
    if (mapped !== undefined) return netConnect({ host: '127.0.0.1', port: mapped });
    if (host !== '127.0.0.1') throw new Error(`test tried to reach ${host}:${port}`);
    return netConnect({ host, port });
  };
}

function client(opts: WhoisClientOptions & { connectMap?: Record<string, number> }) {
  const { connectMap, ...rest } = opts;
  // The test servers are on loopback: referrals to them are allowed unless a test says otherwise.
  return createWhoisClient({
    useDefaultServers: false,
    connect: loopbackOnly(connectMap),
    allowPrivateReferrals: true,
    ...rest,
  });
}

const VERISIGN_STYLE = [
  '   Domain Name: EXAMPLE.TEST',
  '   Registry Domain ID: 2336799_DOMAIN_COM-VRSN',
  '   Registry Expiry Date: 2030-08-13T04:00:00Z',
  '',
  '',
  '',
  '   Name Server: A.IANA-SERVERS.NET',
  '>>> Last update of whois database: 2026-01-01T00:00:00Z <<<',
  '',
  'NOTICE: The expiration date displayed in this record is the date the',
  'TERMS OF USE: You are not authorized to access or query our Whois',
  '',
].join('\r\n');

describe('whois client', () => {
  it('sends one CRLF-terminated query to the TLD server and returns its answer', async () => {
    const registry = await server({ answers: { 'example.test': VERISIGN_STYLE } });
    const whois = client({ servers: { test: registry.address } });
    const res = await whois.lookup('Example.TEST');
    expect(registry.queries).toEqual(['example.test']);
    expect(res.server).toBe(registry.address);
    expect(res.text).toContain('Domain Name: EXAMPLE.TEST');
    expect(res.text).toContain('TERMS OF USE');
    expect(res.text).not.toContain('\r');
    expect(res.cached).toBe(false);
  });

  it('asks the default server for unknown TLDs and follows its refer: line', async () => {
    const registry = await server({ answers: { 'example.zz': 'Domain Name: EXAMPLE.ZZ\nStatus: active\n' } });
    const iana = await server();
    iana.refer('example.zz', 'whois.nic.zz', '% IANA WHOIS server\ndomain: ZZ\n', 'refer');
    const whois = client({ defaultServer: iana.address, connectMap: { 'whois.nic.zz': registry.port } });
    const res = await whois.lookup('example.zz');
    expect(iana.queries).toEqual(['example.zz']);
    expect(registry.queries).toEqual(['example.zz']);
    expect(res.server).toBe('whois.nic.zz');
    expect(res.chain).toEqual([iana.address, 'whois.nic.zz']);
    expect(res.text).toContain('Status: active');
  });

  it('follows a registrar referral between two loopback servers', async () => {
    const registrar = await server({
      answers: { 'example.test': 'Domain Name: example.test\nRegistrant Name: REDACTED\n' },
    });
    const registry = await server();
    registry.refer('example.test', registrar.address);
    const whois = client({ servers: { test: registry.address }, allowReferralPorts: true });
    const res = await whois.lookup('example.test');
    expect(registry.queries).toHaveLength(1);
    expect(registrar.queries).toEqual(['example.test']);
    expect(res.server).toBe(registrar.address);
    expect(res.text).toContain('Registrant Name');
  });

  it('ignores referrals to other ports unless allowed, and never loops', async () => {
    const a = await server();
    const b = await server();
    a.refer('loop.test', b.address);
    b.refer('loop.test', a.address);
    const strict = client({ servers: { test: a.address } });
    expect((await strict.lookup('loop.test')).chain).toEqual([a.address]);
    const lax = client({ servers: { test: a.address }, allowReferralPorts: true, maxReferrals: 10 });
    expect((await lax.lookup('loop.test')).chain).toEqual([a.address, b.address]);
    expect(a.queries).toHaveLength(2);
    expect(b.queries).toHaveLength(1);
  });

  it('stops after maxReferrals hops', async () => {
    const c = await server({ answers: { 'deep.test': 'third\n' } });
    const b = await server();
    const a = await server();
    b.refer('deep.test', c.address);
    a.refer('deep.test', b.address);
    const whois = client({ servers: { test: a.address }, allowReferralPorts: true, maxReferrals: 1 });
    const res = await whois.lookup('deep.test');
    expect(res.server).toBe(b.address);
    expect(c.queries).toHaveLength(0);
  });

  it('refuses referrals to loopback, link-local, private and unresolvable hosts', async () => {
    const inside = await server({ answers: { 'ssrf.test': 'internal\n' } });
    const targets = [
      inside.address, // 127.0.0.1:port
      '169.254.169.254',
      '10.0.0.5',
      '[fd00::1]:43',
      'metadata.internal', // resolves to a private address
      'nowhere.invalid', // does not resolve
    ];
    for (const target of targets) {
      const registry = await server();
      registry.refer('ssrf.test', target);
      const whois = client({
        servers: { test: registry.address },
        allowReferralPorts: true,
        allowPrivateReferrals: false,
        resolveHost: async (host) => {
          if (host === 'metadata.internal') return ['93.184.216.34', '192.168.1.10'];
          throw new Error('ENOTFOUND');
        },
      });
      const res = await whois.lookup('ssrf.test');
      expect(res.chain, target).toEqual([registry.address]);
    }
    expect(inside.queries).toEqual([]);
  });

  it('follows a referral to a public address, connecting to the address it checked', async () => {
    const registrar = await server({ answers: { 'public.test': 'Registrant: public\n' } });
    const registry = await server();
    registry.refer('public.test', 'whois.registrar.example');
    const reached: string[] = [];
    const whois = createWhoisClient({
      useDefaultServers: false,
      servers: { test: registry.address },
      resolveHost: async () => ['93.184.216.34'],
      connect: (host, port) => {
        reached.push(`${host}:${port}`);
        return host === '93.184.216.34'
          ? netConnect({ host: '127.0.0.1', port: registrar.port })
          : netConnect({ host, port });
      },
    });
    const res = await whois.lookup('public.test');
    expect(res.chain).toEqual([registry.address, 'whois.registrar.example']);
    expect(reached.at(-1)).toBe('93.184.216.34:43');
    expect(res.text).toContain('Registrant: public');
  });

  it('falls back to the last answer when a referral fails', async () => {
    const registry = await server();
    registry.refer('example.test', 'whois.down.test');
    const whois = client({ servers: { test: registry.address } }); // whois.down.test is refused by connect
    const res = await whois.lookup('example.test');
    expect(res.server).toBe(registry.address);
    expect(res.text).toContain('Registrar WHOIS Server: whois.down.test');
  });

  it('trims boilerplate, comment lines and blank-line runs', async () => {
    const registry = await server({ answers: { 'example.test': `% comment\r\n\r\n${VERISIGN_STYLE}` } });
    const whois = client({ servers: { test: registry.address } });
    const res = await whois.lookup('example.test', { trim: true });
    expect(res.text).toBe(
      [
        '   Domain Name: EXAMPLE.TEST',
        '   Registry Domain ID: 2336799_DOMAIN_COM-VRSN',
        '   Registry Expiry Date: 2030-08-13T04:00:00Z',
        '',
        '   Name Server: A.IANA-SERVERS.NET',
      ].join('\n'),
    );
    // The same cached answer, untrimmed, keeps everything.
    const full = await whois.lookup('example.test');
    expect(full.text).toContain('TERMS OF USE');
    expect(registry.queries).toHaveLength(1);
  });

  it('times out on a server that never answers', async () => {
    const stalled = await server({ stall: true });
    const whois = client({ servers: { test: stalled.address }, timeoutMs: 200 });
    const err = await whois.lookup('example.test').catch((e) => e);
    expect(err).toBeInstanceOf(WhoisTimeoutError);
    expect(err.phase).toBe('total');
    expect(stalled.queries).toEqual(['example.test']);
  });

  it('times out a connect that never completes', async () => {
    const whois = createWhoisClient({
      useDefaultServers: false,
      servers: { test: 'whois.slow.test' },
      connectTimeoutMs: 100,
      connect: () => new Socket(), // never connects
    });
    const err = await whois.lookup('example.test').catch((e) => e);
    expect(err).toBeInstanceOf(WhoisTimeoutError);
    expect(err.phase).toBe('connect');
  });

  it('reports a refused connection', async () => {
    const gone = await startWhoisTestServer();
    await gone.close();
    const whois = client({ servers: { test: gone.address } });
    await expect(whois.lookup('example.test')).rejects.toBeInstanceOf(WhoisConnectionError);
  });

  it('serves the second lookup from the cache and expires entries', async () => {
    const registry = await server({ answers: { 'example.test': 'Domain Name: EXAMPLE.TEST\n' } });
    const whois = client({ servers: { test: registry.address }, cacheTtlMs: 150 });
    await whois.lookup('example.test');
    const again = await whois.lookup('EXAMPLE.test.');
    expect(again.cached).toBe(true);
    expect(registry.queries).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect((await whois.lookup('example.test')).cached).toBe(false);
    expect(registry.queries).toHaveLength(2);
  });

  it('shares one query between concurrent lookups and evicts the least recently used', async () => {
    const registry = await server({ notFound: 'No match\n', delayMs: 30 });
    const whois = client({ servers: { test: registry.address }, cacheSize: 2 });
    await Promise.all([whois.lookup('a.test'), whois.lookup('a.test'), whois.lookup('a.test')]);
    expect(registry.queries).toEqual(['a.test']);
    await whois.lookup('b.test');
    await whois.lookup('a.test'); // a is now most recent
    await whois.lookup('c.test'); // evicts b
    await whois.lookup('a.test');
    await whois.lookup('b.test');
    expect(registry.queries).toEqual(['a.test', 'b.test', 'c.test', 'b.test']);
  });

  it('refuses invalid domains before any connection', async () => {
    const registry = await server();
    const whois = client({ servers: { test: registry.address } });
    const bad = [
      'example.test\r\nhelp',
      'example.test\nexample.test',
      'example .test',
      '-T dn example.test',
      'exa_mple.test',
      'a..test',
      '-a.test',
      'a-.test',
      'test',
      '',
      'example.test/x',
      'user@example.test',
      `${'a'.repeat(64)}.test`,
      `${'abcdefghi.'.repeat(26)}test`,
      'example.123',
      'exam\u0000ple.test',
      'exam\u200bple.test',
    ];
    for (const d of bad) {
      await expect(whois.lookup(d), JSON.stringify(d)).rejects.toBeInstanceOf(InvalidDomainError);
    }
    // @ts-expect-error: a caller outside the types (a JSON body) may hand it a number
    await expect(whois.lookup(42)).rejects.toBeInstanceOf(InvalidDomainError);
    expect(registry.queries).toHaveLength(0);
  });

  it('caps an oversized answer', async () => {
    const big = `Domain Name: BIG.TEST\n${'x'.repeat(99)}\n`.repeat(5000); // ~600 KB
    const registry = await server({ answers: { 'big.test': big } });
    const whois = client({ servers: { test: registry.address } });
    const res = await whois.lookup('big.test');
    expect(res.truncated).toBe(true);
    expect(Buffer.byteLength(res.text)).toBe(256 * 1024);
    const small = client({ servers: { test: registry.address }, maxBytes: 1000 });
    const cut = await small.lookup('big.test');
    expect(cut.text.length).toBe(1000);
  });

  it('decodes UTF-8 and falls back to Latin-1', async () => {
    const registry = await server({
      answers: {
        'utf.test': () => Buffer.from('Registrant: Zoë Müller\n', 'utf8'),
        'latin.test': () => Buffer.from('Registrant: Zoë Müller\n', 'latin1'),
      },
    });
    const whois = client({ servers: { test: registry.address } });
    expect((await whois.lookup('utf.test')).text).toBe('Registrant: Zoë Müller\n');
    expect((await whois.lookup('latin.test')).text).toBe('Registrant: Zoë Müller\n');
  });
});

describe('whois helpers', () => {
  it('normalizes domains, including IDN to punycode', () => {
    expect(normalizeDomain(' Example.COM. ')).toBe('example.com');
    expect(normalizeDomain('example.com\r\n')).toBe('example.com');
    expect(normalizeDomain('münchen.de')).toBe('xn--mnchen-3ya.de');
    expect(normalizeDomain('xn--mnchen-3ya.de')).toBe('xn--mnchen-3ya.de');
    expect(normalizeDomain('example.xn--p1ai')).toBe('example.xn--p1ai');
    expect(() => normalizeDomain('bücher .de')).toThrow(InvalidDomainError);
  });

  it('formats queries per server', () => {
    expect(queryFor('whois.verisign-grs.com', 'example.com')).toBe('domain example.com');
    expect(queryFor('whois.denic.de', 'example.de')).toBe('-T dn,ace example.de');
    expect(queryFor('whois.nic.io', 'example.io')).toBe('example.io');
  });

  it('finds referral lines', () => {
    expect(findReferral('refer:        whois.nic.io\n')).toEqual({ host: 'whois.nic.io', port: 43 });
    expect(findReferral('Registrar WHOIS Server: whois.markmonitor.com\r\n')).toEqual({
      host: 'whois.markmonitor.com',
      port: 43,
    });
    expect(findReferral('ReferralServer:  whois://whois.ripe.net\n')).toEqual({
      host: 'whois.ripe.net',
      port: 43,
    });
    expect(findReferral('Registrar WHOIS Server: https://whois.example/\n')).toBeNull();
    expect(findReferral('Registrar WHOIS Server: \nDomain: x\n')).toBeNull();
    expect(findReferral('whois: evil.test:6379\n')).toBeNull();
    expect(findReferral('whois: evil.test:6379\n', true)).toEqual({ host: 'evil.test', port: 6379 });
  });

  it('parses WHOIS_SERVERS overrides', () => {
    expect(parseWhoisServers('io=whois.example.net, .ca=whois.cira.ca:4343')).toEqual({
      io: 'whois.example.net',
      ca: 'whois.cira.ca:4343',
    });
    expect(parseWhoisServers(undefined)).toEqual({});
    expect(() => parseWhoisServers('io')).toThrow(/WHOIS_SERVERS/);
    expect(() => parseWhoisServers('io=bad host')).toThrow(/WHOIS_SERVERS/);
    expect(whoisOptionsFromConfig({ WHOIS_TIMEOUT_MS: 5000, WHOIS_SERVERS: 'zz=whois.nic.zz' })).toEqual({
      timeoutMs: 5000,
      servers: { zz: 'whois.nic.zz' },
    });
  });

  it('keeps an answer that is nothing but notice', () => {
    expect(trimWhois('NOTICE: query rate exceeded\r\n\r\n\r\n')).toBe('NOTICE: query rate exceeded');
  });
});
