import { must } from '../../../test/support/must.ts';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { addYears, datePart } from './expiration.ts';
import { type FakeOpenSrs, startFakeOpenSrs } from '../../../test/fakes/opensrs.ts';
import { createRegistrar, registrarConfigFromEnv } from './index.ts';
import { createManualRegistrar } from './manual.ts';
import { createOpenSrsRegistrar } from './opensrs.ts';
import { RegistrarError } from './types.ts';
import {
  buildEnvelope,
  buildRequest,
  parseEnvelope,
  parseResponse,
  signature,
  XcpParseError,
} from './xcp.ts';

const fakes: FakeOpenSrs[] = [];
async function fake(...args: Parameters<typeof startFakeOpenSrs>) {
  const f = await startFakeOpenSrs(...args);
  fakes.push(f);
  return f;
}
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

function opensrsFor(f: FakeOpenSrs, extra: { timeoutMs?: number; key?: string } = {}) {
  return createOpenSrsRegistrar({
    endpoint: f.url,
    username: f.username,
    key: extra.key ?? f.key,
    timeoutMs: extra.timeoutMs,
  });
}

describe('XCP format', () => {
  it('signs as md5(md5(body + key) + key)', () => {
    const md5 = (s: string) => createHash('md5').update(s).digest('hex');
    const body = buildRequest({ action: 'RENEW', object: 'DOMAIN', attributes: { domain: 'example.com' } });
    expect(signature(body, 'k3y')).toBe(md5(`${md5(`${body}k3y`)}k3y`));
    expect(signature('', '')).toBe('74be16979710d4c4e7c6647856088456'); // md5 of md5('') hex
  });

  it('writes the OPS envelope in the documented shape', () => {
    const xml = buildRequest({
      action: 'RENEW',
      object: 'DOMAIN',
      attributes: {
        auto_renew: 0,
        currentexpirationyear: 2026,
        domain: 'example.com',
        handle: 'process',
        period: 2,
      },
    });
    expect(xml).toBe(
      "<?xml version='1.0' encoding='UTF-8' standalone='no' ?>\n<!DOCTYPE OPS_envelope SYSTEM 'ops.dtd'>\n" +
        '<OPS_envelope><header><version>0.9</version></header><body><data_block><dt_assoc>' +
        '<item key="protocol">XCP</item><item key="action">RENEW</item><item key="object">DOMAIN</item>' +
        '<item key="attributes"><dt_assoc><item key="auto_renew">0</item><item key="currentexpirationyear">2026</item>' +
        '<item key="domain">example.com</item><item key="handle">process</item><item key="period">2</item>' +
        '</dt_assoc></item></dt_assoc></data_block></body></OPS_envelope>',
    );
  });

  it('round-trips nested values with escaping', () => {
    const value = {
      text: `a & b < c > d "e" 'f' </item><item key="x">`,
      unicode: 'Zoë — 日本 😀',
      ctrl: 'x\u0000y\u0007z',
      flag: true,
      none: null,
      list: ['ns1.example.com', { name: 'ns2', ip: '192.0.2.1' }, []],
      'key "quoted" & <odd>': 'v',
      nested: { deeper: { deepest: '1' } },
    };
    const back = parseEnvelope(buildEnvelope(value));
    expect(back).toEqual({
      text: value.text,
      unicode: value.unicode,
      ctrl: 'xyz',
      flag: '1',
      none: '',
      list: ['ns1.example.com', { name: 'ns2', ip: '192.0.2.1' }, []],
      'key "quoted" & <odd>': 'v',
      nested: { deeper: { deepest: '1' } },
    });
  });

  it('reads pretty-printed replies, dt_scalar, CDATA, character references and self-closing items', () => {
    const xml = `<?xml version='1.0' encoding="UTF-8" standalone="no" ?>
<!DOCTYPE OPS_envelope SYSTEM 'ops.dtd'>
<OPS_envelope>
 <header>
  <version>0.9</version>
 </header>
 <body>
  <data_block>
   <dt_assoc>
    <item key="protocol">XCP</item>
    <!-- a comment -->
    <item key="is_success">1</item>
    <item key="response_code">200</item>
    <item key="response_text">Command completed &amp; done &#233;&#x263A;</item>
    <item key="attributes">
     <dt_assoc>
      <item key="registration expiration date">2027-03-12 12:34:56</item>
      <item key="note"><dt_scalar><![CDATA[<raw> & text]]></dt_scalar></item>
      <item key="empty"/>
      <item key="list">
       <dt_array>
        <item key="1">second</item>
        <item key="0">first</item>
       </dt_array>
      </item>
     </dt_assoc>
    </item>
   </dt_assoc>
  </data_block>
 </body>
</OPS_envelope>`;
    const r = parseResponse(xml);
    expect(r.isSuccess).toBe(true);
    expect(r.responseCode).toBe(200);
    expect(r.responseText).toBe('Command completed & done é☺');
    expect(r.attributes).toEqual({
      'registration expiration date': '2027-03-12 12:34:56',
      note: '<raw> & text',
      empty: '',
      list: ['first', 'second'],
    });
  });

  it('refuses malformed replies and keeps __proto__ an ordinary key', () => {
    for (const bad of [
      'not xml',
      '<OPS_envelope><body><data_block><dt_assoc><item key="a">1</dt_assoc></data_block></body></OPS_envelope>',
      '<OPS_envelope><body><data_block><dt_assoc><item>1</item></dt_assoc></data_block></body></OPS_envelope>',
      '<data_block><dt_assoc><item key="response_text">x</item></dt_assoc></data_block>',
      '<data_block><dt_assoc>< item key="a">1</item></dt_assoc></data_block>',
    ]) {
      expect(() => parseResponse(bad), bad).toThrow(XcpParseError);
    }
    const v = parseEnvelope(
      '<data_block><dt_assoc><item key="__proto__"><dt_assoc><item key="polluted">1</item></dt_assoc></item></dt_assoc></data_block>',
    );
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toEqual({ polluted: '1' });
  });
});

describe('OpenSRS registrar against the fake endpoint', () => {
  it('renews: signed RENEW with the documented attributes, new expiration from the reply', async () => {
    const f = await fake({ domains: { 'example.com': '2026-05-01' } });
    const out = await opensrsFor(f).renew({
      domain: 'Example.COM',
      years: 2,
      currentExpiration: '2026-05-01',
      idempotencyKey: 'renew:1',
    });
    expect(out).toEqual({ outcome: 'done', newExpiration: '2028-05-01' });
    expect(f.requests).toHaveLength(1);
    const req = must(f.requests[0], 'req');
    expect(req).toMatchObject({ action: 'RENEW', object: 'DOMAIN', username: 'reseller', signatureOk: true });
    expect(req.attributes).toEqual({
      auto_renew: '0',
      currentexpirationyear: '2026',
      domain: 'example.com',
      handle: 'process',
      period: '2',
    });
  });

  it('reads the expiration with GET DOMAIN (all_info, top-level domain item)', async () => {
    const f = await fake({ domains: { 'example.com': '2026-05-01' } });
    const reg = opensrsFor(f);
    expect(await reg.getExpiration('example.com')).toBe('2026-05-01');
    expect(await reg.getExpiration('unknown.com')).toBeNull();
    expect(f.requests[0]).toMatchObject({
      action: 'GET',
      domain: 'example.com',
      attributes: { type: 'all_info' },
    });
  });

  it('reports a refusal as failed with the registrar message and code', async () => {
    const f = await fake({ domains: { 'locked.com': { expiration: '2026-05-01', renewable: false } } });
    const out = await opensrsFor(f).renew({
      domain: 'locked.com',
      years: 1,
      currentExpiration: '2026-05-01',
      idempotencyKey: 'k',
    });
    expect(out).toEqual({ outcome: 'failed', message: 'Domain not renewable', code: 465 });
  });

  it('passes through scripted failures such as 480', async () => {
    const f = await fake({ domains: { 'example.com': '2026-05-01' } });
    f.failNext(480, 'Renewal failed: order could not be processed');
    const out = await opensrsFor(f).renew({
      domain: 'example.com',
      years: 1,
      currentExpiration: '2026-05-01',
      idempotencyKey: 'k',
    });
    expect(out).toMatchObject({
      outcome: 'failed',
      code: 480,
      message: 'Renewal failed: order could not be processed',
    });
    expect(f.domains.get('example.com')?.expiration).toBe('2026-05-01');
  });

  it('a retried renewal that already went through is done, not renewed twice', async () => {
    const f = await fake({ domains: { 'example.com': '2026-05-01' } });
    const input = { domain: 'example.com', years: 1, currentExpiration: '2026-05-01' };
    // First attempt renews at the registry but the worker never hears back (another process, a crash…)
    expect(await opensrsFor(f).renew({ ...input, idempotencyKey: 'a' })).toMatchObject({ outcome: 'done' });
    const again = await opensrsFor(f).renew({ ...input, idempotencyKey: 'a' });
    expect(again).toEqual({ outcome: 'done', newExpiration: '2027-05-01' });
    expect(f.domains.get('example.com')?.expiration).toBe('2027-05-01');
    expect(f.requests.map((r) => `${r.action}`)).toEqual(['RENEW', 'RENEW', 'GET']);
  });

  it('the same idempotency key in one process sends one request', async () => {
    const f = await fake({ domains: { 'example.com': '2026-05-01' } });
    const reg = opensrsFor(f);
    const input = {
      domain: 'example.com',
      years: 1,
      currentExpiration: '2026-05-01',
      idempotencyKey: 'renew:7',
    };
    const [a, b] = await Promise.all([reg.renew(input), reg.renew(input)]);
    expect(a).toEqual(b);
    expect(f.requests).toHaveLength(1);
  });

  it('reports a queued order as pending', async () => {
    const f = await fake({ domains: { 'slow.com': { expiration: '2026-05-01', queued: true } } });
    const out = await opensrsFor(f).renew({
      domain: 'slow.com',
      years: 1,
      currentExpiration: '2026-05-01',
      idempotencyKey: 'k',
    });
    expect(out).toEqual({ outcome: 'pending' });
  });

  it('times out on a stalled endpoint with a retryable error, and a retry succeeds', async () => {
    const f = await fake({ domains: { 'example.com': '2026-05-01' }, stall: true });
    const reg = opensrsFor(f, { timeoutMs: 200 });
    const input = { domain: 'example.com', years: 1, currentExpiration: '2026-05-01', idempotencyKey: 'k' };
    const err = await reg.renew(input).catch((e) => e);
    expect(err).toBeInstanceOf(RegistrarError);
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    f.stall(false);
    expect(await reg.renew(input)).toEqual({ outcome: 'done', newExpiration: '2027-05-01' });
  });

  it('a wrong key is an authentication error, not a refusal', async () => {
    const f = await fake({ domains: { 'example.com': '2026-05-01' } });
    const reg = opensrsFor(f, { key: 'wrong' });
    const err = await reg
      .renew({ domain: 'example.com', years: 1, currentExpiration: '2026-05-01', idempotencyKey: 'k' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RegistrarError);
    expect(err).toMatchObject({ kind: 'auth', retryable: false });
    expect(must(f.requests[0], 'f.requests[0]').signatureOk).toBe(false);
  });

  it('a refused connection is a network error', async () => {
    const f = await startFakeOpenSrs();
    await f.close();
    const err = await opensrsFor(f)
      .getExpiration('example.com')
      .catch((e) => e);
    expect(err).toMatchObject({ name: 'RegistrarError', kind: 'network' });
  });

  it('refuses bad input without a request', async () => {
    const f = await fake();
    const reg = opensrsFor(f);
    const base = { domain: 'example.com', years: 1, currentExpiration: '2026-05-01' };
    expect(await reg.renew({ ...base, domain: 'bad domain\r\n.com', idempotencyKey: '1' })).toMatchObject({
      outcome: 'failed',
    });
    expect(await reg.renew({ ...base, years: 11, idempotencyKey: '2' })).toMatchObject({ outcome: 'failed' });
    expect(await reg.renew({ ...base, years: 1.5, idempotencyKey: '3' })).toMatchObject({
      outcome: 'failed',
    });
    expect(await reg.renew({ ...base, currentExpiration: '2026-02-30', idempotencyKey: '4' })).toMatchObject({
      outcome: 'failed',
    });
    expect(f.requests).toHaveLength(0);
  });
});

describe('manual registrar', () => {
  it('renews to the old date plus the years and carries its delay', async () => {
    const reg = createManualRegistrar({ delayMs: 20_000 });
    expect(reg.name).toBe('manual');
    expect(reg.delayMs).toBe(20_000);
    expect(
      await reg.renew({
        domain: 'example.com',
        years: 3,
        currentExpiration: '2024-02-29',
        idempotencyKey: 'k',
      }),
    ).toEqual({
      outcome: 'done',
      newExpiration: '2027-02-28',
    });
    expect(await reg.getExpiration('example.com')).toBeNull();
    expect(
      await reg.renew({
        domain: 'example.com',
        years: 0,
        currentExpiration: '2024-02-29',
        idempotencyKey: 'z',
      }),
    ).toMatchObject({
      outcome: 'failed',
    });
  });

  it('createRegistrar picks the implementation from config', () => {
    expect(createRegistrar({ kind: 'manual' })).toMatchObject({ name: 'manual', delayMs: 0 });
    expect(
      createRegistrar({ kind: 'opensrs', endpoint: 'http://127.0.0.1:9/', username: 'u', key: 'k' }),
    ).toMatchObject({
      name: 'opensrs',
      delayMs: 0,
    });
    expect(
      registrarConfigFromEnv({
        PORTAL_REGISTRAR: 'manual',
        OPENSRS_ENDPOINT: 'https://x/',
        PORTAL_AGENT_DELAY_MS: 500,
      }),
    ).toEqual({ kind: 'manual', delayMs: 500 });
    expect(() =>
      registrarConfigFromEnv({ PORTAL_REGISTRAR: 'opensrs', OPENSRS_ENDPOINT: 'https://x/' }),
    ).toThrow();
  });
});

describe('addYears', () => {
  it('adds calendar years, 29 February becoming 28 February', () => {
    expect(addYears('2025-06-15', 1)).toBe('2026-06-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2096-02-29', 4)).toBe('2100-02-28');
    expect(addYears('1996-02-29', 4)).toBe('2000-02-29');
    expect(addYears('2025-12-31', 10)).toBe('2035-12-31');
    expect(addYears('2025-01-01', 0)).toBe('2025-01-01');
  });

  it('refuses invalid dates and fractional years', () => {
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-01', '20250101', '2025-04-31', '']) {
      expect(() => addYears(bad, 1), bad).toThrow(RangeError);
    }
    expect(() => addYears('2025-01-01', 1.5)).toThrow(RangeError);
  });

  it('reads the date part of registrar timestamps', () => {
    expect(datePart('2027-03-12 12:34:56')).toBe('2027-03-12');
    expect(datePart('2027-03-12T00:00:00Z')).toBe('2027-03-12');
    expect(datePart('soon')).toBeNull();
    expect(datePart(undefined)).toBeNull();
  });
});
