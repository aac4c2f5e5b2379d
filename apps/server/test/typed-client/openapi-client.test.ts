import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCast } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';
import { API_TYPES_FILE, renderApiTypes } from '../support/api-types.ts';
import type { paths } from './portal-api.generated.ts';

/**
 * The typed client of docs/api.md: types generated from GET /api/openapi.json by openapi-typescript
 * (`npm run api:types`), calls made with openapi-fetch against a portal listening on a port.
 */

const PASSWORD = 'typed-client-pass';
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('a typed client generated from the API document', () => {
  it('signs in, reads an account, and gets the failure envelope with its code', async () => {
    const api = createClient<paths>({ baseUrl });
    const login = await api.POST('/api/miglogin', {
      body: { username: 'alice', password: PASSWORD },
    });
    expect(login.response.status).toBe(200);
    const token = login.data?.data.id_token;
    expect(token).toEqual(expect.any(String));

    const headers = { authorization: `Bearer ${token}` };
    const me = await api.GET('/api/customer/{logname}', { params: { path: { logname: 'alice' } }, headers });
    expect(me.response.status).toBe(200);
    expect(me.data?.data.logname).toBe('alice');

    const other = await api.GET('/api/customer/{logname}', { params: { path: { logname: 'bob' } }, headers });
    expect(other.response.status).toBe(403);
    expect(other.error).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });

    const anonymous = await api.GET('/api/customer/{logname}', { params: { path: { logname: 'alice' } } });
    expect(anonymous.error).toMatchObject({ status: 'expired_token', code: 'unauthenticated' });
  });

  it('makes a personal access token and calls with it, as a script would', async () => {
    const api = createClient<paths>({ baseUrl });
    const login = await api.POST('/api/miglogin', {
      body: { username: 'bob', password: PASSWORD },
    });
    const session = { authorization: `Bearer ${login.data?.data.id_token}` };
    const made = await api.POST('/api/create-api-token', {
      body: {
        logname: 'bob',
        name: 'typed client',
        scope: 'read',
        expires: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
        password: PASSWORD,
      },
      headers: session,
    });
    expect(made.response.status).toBe(200);
    const headers = { authorization: `Bearer ${made.data?.data.token}` };
    const me = await api.GET('/api/customer/{logname}', { params: { path: { logname: 'bob' } }, headers });
    expect(me.data?.data.logname).toBe('bob');
    // The tokens are listed in a session: a token manages no credential (docs/security.md).
    const tokens = await api.GET('/api/api-tokens/{logname}', {
      params: { path: { logname: 'bob' } },
      headers: session,
    });
    expect(tokens.data?.data.tokens.map((x) => x.name)).toEqual(['typed client']);
    const listed = await api.GET('/api/api-tokens/{logname}', {
      params: { path: { logname: 'bob' } },
      headers,
    });
    expect(listed.error?.code).toBe('forbidden');
    const refused = await api.POST('/api/set-mode', { body: { logname: 'bob', mode: 'dark' }, headers });
    expect(refused.error?.code).toBe('forbidden');
  });

  it('has types that are current: regenerated from the document, they equal the committed file', async () => {
    expect(await renderApiTypes()).toBe(readFileSync(API_TYPES_FILE, 'utf8'));
  });
});
