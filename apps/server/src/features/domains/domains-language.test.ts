import * as C from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { domainTextEs } from '@portal/contract/domains/messages.es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * The domains area's answers made with a value, in the caller's language (docs/languages.md): why
 * a domain cannot be renewed now, on the status screen and as the renewal's refusal.
 */
let t: TestApp;
let token = '';
let early = '';
let auto = '';
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const owner = await f.makeAccount();
  ({ domain: early } = await f.makeDomain({ owner, expires: f.inDays(C.RENEW_WINDOW_DAYS + 30) }));
  ({ domain: auto } = await f.makeDomain({ owner, autoRenew: true }));
  token = await t.token(owner.logname, owner.password);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, language?: string, body?: unknown) =>
  t.request(method, url, { token, body, headers: language ? { 'accept-language': language } : {} });

describe('domain texts with a value, in the caller’s language', () => {
  it('says why a domain cannot be renewed yet in Spanish, on the status and as the refusal', async () => {
    const status = await call('GET', `/api/domain-renewal-status/${early}`, 'es');
    expect(status.status).toBe(200);
    expect(status.body.data.renewable).toBe(false);
    expect(status.body.message).toBe(domainTextEs.tooEarly(early, C.RENEW_WINDOW_DAYS));
    const english = await call('GET', `/api/domain-renewal-status/${early}`);
    expect(english.body.message).toBe(domainText.tooEarly(early, C.RENEW_WINDOW_DAYS));
    const refused = await call('POST', '/api/renew-domain', 'es-MX', {
      renew_domain: early,
      price: 10,
      numyears: 1,
    });
    expect(refused.body).toMatchObject({ message: domainTextEs.tooEarly(early, C.RENEW_WINDOW_DAYS) });
    expect(refused.body.code).toBe('refused');
  });

  it('says a domain on auto-renew is renewed by itself, in Spanish', async () => {
    const status = await call('GET', `/api/domain-renewal-status/${auto}`, 'es');
    expect(status.body.message).toBe(domainTextEs.onAutoRenew(auto));
    expect(domainTextEs.onAutoRenew(auto)).not.toBe(domainText.onAutoRenew(auto));
  });
});
