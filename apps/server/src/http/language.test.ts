import { pseudoText } from '@portal/contract/i18n/pseudo';
import { commonText } from '@portal/contract/messages';
import { commonTextEs } from '@portal/contract/messages.es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCast } from '../../test/support/factories.ts';
import { build, type TestApp } from '../../test/support/helper.ts';

/**
 * The API answers in the caller's language (docs/languages.md): a failure's message and its field
 * errors in the first language of ours `Accept-Language` asks for, English otherwise; the code and
 * the status never change.
 */
const PASSWORD = 'language-test-pass';
let t: TestApp;
let alice = '';
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
  alice = await t.token('alice', PASSWORD);
});
afterAll(() => t.close());

const asking = (language: string | undefined) =>
  language === undefined ? {} : { headers: { 'accept-language': language } };

describe('an answer in the caller’s language', () => {
  it('refuses in Spanish when asked, with the same code and status; in English otherwise', async () => {
    const refused = (language?: string) =>
      t.request('GET', '/api/customer/bob', { token: alice, ...asking(language) });
    const es = await refused('es-MX,es;q=0.9,en;q=0.5');
    expect(es.status).toBe(403);
    expect(es.body).toEqual({ status: 0, message: commonTextEs.permissionDenied, code: 'forbidden' });
    for (const language of [undefined, 'en-US', 'fr-FR,de;q=0.8']) {
      const en = await refused(language);
      expect(en.status, String(language)).toBe(403);
      expect(en.body, String(language)).toEqual({
        status: 0,
        message: commonText.permissionDenied,
        code: 'forbidden',
      });
    }
  });

  it('tells each field’s error in Spanish; data in the answer stays as it is', async () => {
    const res = await t.request('POST', '/api/get-invoice', {
      token: alice,
      body: { logname: 'alice' },
      ...asking('es'),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ invoice: commonTextEs.required });
    expect(res.body.code).toBe('invalid');
    // A success keeps its data untouched: alice's own summary, in Spanish or not.
    const own = await t.request('GET', '/api/customer/alice', { token: alice, ...asking('es') });
    const plain = await t.request('GET', '/api/customer/alice', { token: alice });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(plain.body.data);
  });
});

/**
 * The pseudo-locale (docs/decisions/118-pseudo-locale.md): `en-XA` is answered in it only by a
 * portal whose operator turned PORTAL_PSEUDO_LOCALE on; by any other, in English.
 */
describe('the pseudo-locale, behind its setting', () => {
  let on: TestApp;
  let onToken = '';
  beforeAll(async () => {
    on = await build({ demo: false, env: { PORTAL_PSEUDO_LOCALE: 'on' } });
    await makeCast(on, PASSWORD);
    onToken = await on.token('alice', PASSWORD);
  });
  afterAll(() => on.close());

  const refusals = async (app: TestApp, token: string, language: string) => ({
    message: (await app.request('GET', '/api/customer/bob', { token, ...asking(language) })).body,
    field: (
      await app.request('POST', '/api/get-invoice', {
        token,
        body: { logname: 'alice' },
        ...asking(language),
      })
    ).body,
  });

  it('answers en-XA with the pseudo texts of the English catalogues when it is on', async () => {
    const { message, field } = await refusals(on, onToken, 'en-XA');
    expect(message).toEqual({
      status: 0,
      message: pseudoText(commonText.permissionDenied),
      code: 'forbidden',
    });
    expect(field.errors).toEqual({ invoice: pseudoText(commonText.required) });
    expect(field.code).toBe('invalid');
    // Another language asked for first wins; Spanish stays Spanish.
    const es = await refusals(on, onToken, 'es,en-XA;q=0.5');
    expect(es.message.message).toBe(commonTextEs.permissionDenied);
  });

  it('answers en-XA in English when it is off', async () => {
    const { message, field } = await refusals(t, alice, 'en-XA');
    expect(message).toEqual({ status: 0, message: commonText.permissionDenied, code: 'forbidden' });
    expect(field.errors).toEqual({ invoice: commonText.required });
  });
});
