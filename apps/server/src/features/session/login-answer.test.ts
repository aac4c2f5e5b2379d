import * as S from '@portal/contract/session/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * The spec's table reads `id_token`, `bill_email` and `mode` from the login answer by those names:
 * they stand at the top level (docs/api.md), and in `data` as before.
 */
let t: TestApp;
let alice: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  // No colour mode chosen: the answer's mode is light, and the stored preference follows the device.
  alice = await factories(t).makeAccount();
});
afterAll(() => t.close());

describe('POST /api/miglogin answer', () => {
  it('puts id_token, bill_email and mode at the top level and keeps them in data', async () => {
    const res = await t.request('POST', '/api/miglogin', {
      body: { username: alice.logname, password: alice.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    expect(typeof res.body.id_token).toBe('string');
    expect(res.body.bill_email).toBe(alice.email);
    expect(res.body.mode).toBe('light');
    expect(res.body.data).toEqual({
      id_token: res.body.id_token,
      bill_email: res.body.bill_email,
      mode: res.body.mode,
      // The stored preference beside the spec's mode (no choice made: follow the device).
      color_mode: 'system',
    });
    expect(res.body.color_mode).toBe('system');
    // The contract describes both places.
    expect(S.login.top.safeParse(res.body).success).toBe(true);
    expect(S.login.data.safeParse(res.body.data).success).toBe(true);
    // The top-level token is a working token.
    const me = await t.request('GET', `/api/customer/${alice.logname}`, { token: res.body.id_token });
    expect(me.status).toBe(200);
  });

  it('adds nothing at the top level of a failed sign-in', async () => {
    const res = await t.request('POST', '/api/miglogin', {
      body: { username: alice.logname, password: 'wrong-password' },
    });
    expect(res.status).toBe(401);
    expect(res.body.id_token).toBeUndefined();
  });
});
