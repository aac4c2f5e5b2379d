import { mailText } from '@portal/contract/mail/messages';
import { mailTextEs } from '@portal/contract/mail/messages.es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * The mail area's answers made with a value, in the caller's language (docs/languages.md): the
 * alias added or already there, the temporary alias added, and the expiry choices' labels.
 */
let t: TestApp;
let token = '';
let domain = '';
let owner = '';
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const account = await f.makeAccount();
  owner = account.logname;
  ({ domain } = await f.makeDomain({ owner: account }));
  token = await t.token(account.logname, account.password);
});
afterAll(() => t.close());

const post = (url: string, body: unknown, language?: string) =>
  t.request('POST', url, { token, body, headers: language ? { 'accept-language': language } : {} });
const get = (url: string, language?: string) =>
  t.request('GET', url, { token, headers: language ? { 'accept-language': language } : {} });

describe('mail answers with a value, in the caller’s language', () => {
  it('tells an alias added and one already there in Spanish, the code unchanged', async () => {
    const body = { src_domain: domain, src_user: 'sales', targets: 'someone@example.org' };
    const address = `sales@${domain}`;
    const added = await post('/api/add-domain-alias', body, 'es-ES,es;q=0.9');
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(mailTextEs.added(address));
    expect(added.body.message).not.toBe(mailText.added(address));
    const again = await post('/api/add-domain-alias', body, 'es');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: mailTextEs.aliasExists(address), code: 'conflict' });
    const english = await post('/api/add-domain-alias', body);
    expect(english.body.message).toBe(mailText.aliasExists(address));
  });

  it('labels the expiry choices and tells a temporary alias added in Spanish', async () => {
    const es = await get('/api/tempemail-explist', 'es');
    expect(es.status).toBe(200);
    expect(es.body.data.list.map((o: { label: string }) => o.label)).toEqual(
      Object.values(mailTextEs.expiryChoices),
    );
    expect(es.body.data.list[0].label).toBe('1 día');
    const en = await get('/api/tempemail-explist');
    expect(en.body.data.list.map((o: { label: string }) => o.label)).toEqual([
      '1 day',
      '3 days',
      '1 week',
      '2 weeks',
      '1 month',
      '3 months',
      '6 months',
      '1 year',
    ]);
    // The same dates in either language: only the words change.
    expect(es.body.data.selected_date).toBe(en.body.data.selected_date);
    const other = await get(`/api/tempemail-explist/${encodeURIComponent('2031-01-01T00:00:00.000Z')}`, 'es');
    expect(other.body.data.list[0].label).toBe(mailTextEs.expiryUnchanged);

    const made = await post(
      '/api/add-tempemail',
      {
        logname: owner,
        name: 'spanish-shop',
        forwards_to: 'someone@example.org',
        expires: en.body.data.selected_date,
      },
      'es',
    );
    expect(made.status).toBe(200);
    expect(made.body.message).toBe(
      mailTextEs.addedTemp(`spanish-shop@${t.app.deps.config.TEMP_EMAIL_DOMAIN}`),
    );
  });

  it('writes a field error the input schema made with a value in Spanish', async () => {
    const body = { logname: owner, name: 'postmaster', forwards_to: 'someone@example.org', expires: '' };
    const es = await post('/api/add-tempemail', body, 'es');
    expect(es.status).toBe(400);
    expect(es.body.errors.name).toBe(mailTextEs.roleAddressReserved('postmaster'));
    const en = await post('/api/add-tempemail', body);
    expect(en.body.errors.name).toBe(mailText.roleAddressReserved('postmaster'));
    expect(es.body.code).toBe(en.body.code);
  });
});
