import { PASSWORD_COUNT_MAX, ToolText } from '@portal/contract/tools/messages';
import { ToolTextEs } from '@portal/contract/tools/messages.es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * The tool functions' failures and results made with a value, in the caller's language
 * (docs/languages.md): the message and the field's error alike; the values themselves unchanged.
 */
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await build({ demo: false });
  const account = await factories(t).makeAccount();
  token = await t.token(account.logname, account.password);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, language?: string, body?: unknown) =>
  t.request(method, url, { token, body, headers: language ? { 'accept-language': language } : {} });

describe('tool texts with a value, in the caller’s language', () => {
  it('names the bad Base64 character and its place in Spanish, in the message and the field', async () => {
    const es = await call('POST', '/api/decode-base64', 'es', { cleartext: 'ab!d' });
    expect(es.status).toBe(400);
    const text = ToolTextEs.base64InvalidCharacter('!', 3);
    expect(es.body).toEqual({ status: 0, message: text, code: 'invalid', errors: { cleartext: text } });
    const en = await call('POST', '/api/decode-base64', undefined, { cleartext: 'ab!d' });
    expect(en.body.message).toBe(ToolText.base64InvalidCharacter('!', 3));
  });

  it('tells an out-of-range timestamp that looks like milliseconds in Spanish', async () => {
    const es = await call('GET', '/api/humantime/1700000000000', 'es-MX');
    expect(es.status).toBe(400);
    expect(es.body.errors).toEqual({ timestamp: ToolTextEs.timestampOutOfRange(true) });
  });

  it('says how many passwords were made, and when a count was cut, in Spanish', async () => {
    const three = await call('GET', '/api/genpass/3', 'es');
    expect(three.status).toBe(200);
    expect(three.body.data.passwords).toHaveLength(3);
    expect(three.body.message).toBe('3 contraseñas de caracteres mixtos');
    const one = await call('GET', '/api/gensoftpass/1', 'es');
    expect(one.body.message).toBe('1 contraseña de tipo sencillo');
    const many = await call('GET', '/api/genwordpass/99/0', 'es');
    expect(many.body.data.passwords).toHaveLength(PASSWORD_COUNT_MAX);
    expect(many.body.message).toBe(ToolTextEs.clamped('99'));
    expect((await call('GET', '/api/genpass/3')).body.message).toBe('3 mixed-character passwords');
  });
});
