import { ADDRESS_TEXTS } from '@portal/contract/address-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshot } from '../../../test/security/snapshot.ts';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * Address shapes: the account and billing address calls stored `' OR 1=1 --` as a state and
 * as a ZIP code. The contract's per-country rules refuse it with a short text and store nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
  // This file's own alice, signed in: `t.as('alice')` and `t.token('alice')` act as her.
  await factories(t).makeSignedIn({ alice: {} });
});
afterAll(() => t.close());

const INJECTION = "' OR 1=1 --";
const address = {
  account: 'alice',
  first_name: 'Alice',
  last_name: 'Anderson',
  company: '',
  address: '12 Harbor Street',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  phone: '',
};

describe.each(['/api/update-account-address', '/api/update-bill-address'])('%s', (url) => {
  it("refuses ' OR 1=1 -- as a state and as a ZIP code, storing nothing", async () => {
    const token = await t.token('alice');
    const post = (body: unknown) => t.request('POST', url, { token, body });
    const before = await snapshot(t.db);
    const state = await post({ ...address, state: INJECTION });
    expect(state.status).toBe(400);
    expect(state.body.errors).toEqual({ state: ADDRESS_TEXTS.state });
    const zip = await post({ ...address, zipcode: INJECTION });
    expect(zip.status).toBe(400);
    expect(zip.body.errors).toEqual({ zipcode: ADDRESS_TEXTS.zipUs });
    const abroad = await post({ ...address, country: 'DE', zipcode: INJECTION });
    expect(abroad.body.errors).toEqual({ zipcode: ADDRESS_TEXTS.zipOther });
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('takes ZIP+4, Canadian and other postal codes by country', async () => {
    for (const change of [
      { zipcode: '04101-1234' },
      { state: 'ON', zipcode: 'K1A 0B1', country: 'CA' },
      { state: 'Greater London', zipcode: 'SW1A 1AA', country: 'GB' },
    ]) {
      const res = await t.as('alice').post(url, { ...address, ...change });
      expect(res.status, JSON.stringify(change)).toBe(200);
      expect(res.body.data.address).toMatchObject(change);
    }
  });

  it("keeps the spec's Required for a blank state or ZIP code", async () => {
    const res = await t.as('alice').post(url, { ...address, state: '', zipcode: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ state: 'Required', zipcode: 'Required' });
  });
});
