import { commonText } from '@portal/contract/messages';
import { commonTextEs } from '@portal/contract/messages.es';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '../../db/schema.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
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

describe("the account's language", () => {
  const languageOf = async (logname: string) => {
    const [row] = await t.db
      .select({ language: accounts.language })
      .from(accounts)
      .where(eq(accounts.logname, logname));
    return row?.language;
  };
  const signIn = (a: Account, acceptLanguage: string) =>
    t.request('POST', '/api/miglogin', {
      body: { username: a.logname, password: a.password },
      headers: { 'accept-language': acceptLanguage },
    });

  it("is first taken from a sign-in's Accept-Language, and a later browser's does not change it", async () => {
    const f = factories(t);
    const a = await f.makeAccount();
    expect(await languageOf(a.logname)).toBeNull();
    expect((await signIn(a, 'fr-CA,fr;q=0.9')).status).toBe(200);
    expect(await languageOf(a.logname)).toBeNull();
    expect((await signIn(a, 'es-US,es;q=0.9,en;q=0.5')).status).toBe(200);
    expect(await languageOf(a.logname)).toBe('es');
    expect((await signIn(a, 'en-US')).status).toBe(200);
    expect(await languageOf(a.logname)).toBe('es');
    // Read by the shell at start (usermode) and in the account's summary.
    const mode = await f.as(a).get(`/api/usermode/${a.logname}`);
    expect(mode.body.data.language).toBe('es');
    const summary = await f.as(a).get(`/api/customer/${a.logname}`);
    expect(summary.body.data.language).toBe('es');
  });

  it('is chosen by its owner (kept for every device), refused for another account and for a language we lack', async () => {
    const f = factories(t);
    const a = await f.makeAccount();
    const other = await f.makeAccount();
    const res = await f.as(a).post('/api/set-language', { logname: a.logname, language: 'es' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ language: 'es' });
    expect(await languageOf(a.logname)).toBe('es');
    expect((await f.as(a).post('/api/set-language', { logname: other.logname, language: 'es' })).status).toBe(
      403,
    );
    expect(await languageOf(other.logname)).toBeNull();
    const bad = await f.as(a).post('/api/set-language', { logname: a.logname, language: 'de' });
    expect(bad.status).toBe(400);
    expect(await languageOf(a.logname)).toBe('es');
    // Chosen: a sign-in from an English browser keeps it.
    expect((await signIn(a, 'en')).status).toBe(200);
    expect(await languageOf(a.logname)).toBe('es');
    await f.as(a).post('/api/set-language', { logname: a.logname, language: 'en' });
    expect(await languageOf(a.logname)).toBe('en');
  });

  it("changed by staff for a customer is on the customer's audit record", async () => {
    const f = factories(t);
    const customer = await f.makeAccount();
    const staff = await f.makeAccount({ role: 'staff' });
    const res = await f.as(staff).post('/api/set-language', { logname: customer.logname, language: 'es' });
    expect(res.status).toBe(200);
    expect(await languageOf(customer.logname)).toBe('es');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/set-language'), eq(auditLog.account, customer.logname)));
    expect(audited).toHaveLength(1);
  });
});
