import { commonText } from '@portal/contract/messages';
import { commonTextEs } from '@portal/contract/messages.es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/** The API answers in the caller's language (docs/languages.md); its codes never change. */
let t: TestApp;
let logname: string;
beforeAll(async () => {
  t = await build({ demo: false });
  logname = (await factories(t).makeAccount()).logname;
});
afterAll(() => t.close());

const wrongPassword = (headers: Record<string, string>) =>
  t.request('POST', '/api/miglogin', { body: { username: logname, password: 'not-the-password' }, headers });

describe('the sign-in failure in the caller language', () => {
  it('is Spanish when Accept-Language asks for Spanish first, with the same code', async () => {
    const res = await wrongPassword({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'bad_credentials', message: commonTextEs.badCredentials });
    expect(commonTextEs.badCredentials).not.toBe(commonText.badCredentials);
  });

  it('is English for a language the portal does not have, and without the header', async () => {
    const unknown = await wrongPassword({ 'accept-language': 'de-DE,fr;q=0.5' });
    expect(unknown.body).toMatchObject({ code: 'bad_credentials', message: commonText.badCredentials });
    const none = await wrongPassword({});
    expect(none.body).toMatchObject({ code: 'bad_credentials', message: commonText.badCredentials });
  });

  it('follows the weights: English preferred over Spanish is English', async () => {
    const res = await wrongPassword({ 'accept-language': 'es;q=0.4, en;q=0.9' });
    expect(res.body.message).toBe(commonText.badCredentials);
  });
});
