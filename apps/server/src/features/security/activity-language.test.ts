import { securityText } from '@portal/contract/security/messages';
import { securityTextEs } from '@portal/contract/security/messages.es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * Account Activity in the caller's language (docs/languages.md): each entry told from what the
 * audit log stores, so the same entry reads in English or Spanish and a search finds it by the
 * words the caller reads.
 */
let t: TestApp;
let token = '';
let password = '';
let logname = '';
let domain = '';
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const account = await f.makeAccount();
  logname = account.logname;
  password = account.password;
  ({ domain } = await f.makeDomain({ owner: account }));
  token = await t.token(account.logname, account.password);
  const added = await t.request('POST', '/api/add-domain-alias', {
    token,
    body: { src_domain: domain, src_user: 'info', targets: 'someone@example.org' },
  });
  expect(added.status).toBe(200);
});
afterAll(() => t.close());

const events = async (query: string, language?: string) => {
  const res = await t.request('GET', `/api/account-activity/${logname}${query}`, {
    token,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.status).toBe(200);
  return res.body.data.events as Array<{ action: string; summary: string; operator: string }>;
};

describe('account activity in the caller’s language', () => {
  it('tells the same entry in Spanish or in English', async () => {
    const [es] = await events('', 'es-ES,es;q=0.9');
    expect(es).toMatchObject({
      operator: logname,
      action: 'Alias de correo electrónico agregado',
      summary: `Agregó el alias de correo electrónico info@${domain}.`,
    });
    const [en] = await events('');
    expect(en).toMatchObject({
      action: 'Email alias added',
      summary: `Added the email alias info@${domain}.`,
    });
  });

  it('finds entries by the words of the caller’s language', async () => {
    expect(await events('?q=agreg%C3%B3', 'es')).toHaveLength(1);
    expect(await events('?q=agreg%C3%B3')).toHaveLength(0);
    expect(await events('?q=added')).toHaveLength(1);
  });
});

describe('the Security screen’s answers with a value, in the caller’s language', () => {
  it('counts the sessions signing out ended, in Spanish', async () => {
    // Two more sessions of the account, in other "browsers", for this one to sign out.
    for (const agent of ['Other/1', 'Other/2']) {
      const signIn = await t.request('POST', '/api/miglogin', {
        body: { username: logname, password },
        headers: { 'user-agent': agent },
      });
      expect(signIn.status).toBe(200);
    }
    const res = await t.request('POST', '/api/end-other-sessions', {
      token,
      body: { logname },
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBe(2);
    expect(res.body.message).toBe(securityTextEs.sessionsEnded(2));
    expect(res.body.message).toBe('Se cerraron 2 sesiones.');
    const none = await t.request('POST', '/api/end-other-sessions', { token, body: { logname } });
    expect(none.body.message).toBe(securityText.sessionsEnded(0));
  });
});
