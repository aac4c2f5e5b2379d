import { must } from '../support/must.ts';
import { ADDRESS_TEXTS } from '@portal/contract/address-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../src/db/schema.ts';
import { makeCast, requestsAs } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';

/**
 * Country and phone of the account and billing addresses have a shape (one rule in the contract,
 * packages/contract/src/address-rules.ts): `' OR 1=1 --` was stored in both. Only new writes are
 * checked; a value stored before the rule is still read as it is.
 */
const PASSWORD = 'address-fields-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
  as = requestsAs(t, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const address = (over: Record<string, unknown> = {}) => ({
  account: 'alice',
  first_name: 'Alice',
  last_name: 'Anderson',
  company: '',
  address: '12 Harbor Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  phone: '+1 (207) 555-0142',
  ...over,
});
const stored = async (kind: string) =>
  (
    await t.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.owner, 'alice'), eq(addresses.kind, kind)))
  )[0];

describe('address fields', () => {
  it.each(['/api/update-account-address', '/api/update-bill-address'])(
    '%s refuses a country or phone outside the rule, and stores nothing',
    async (url) => {
      const kind = url.includes('bill') ? 'bill' : 'account';
      const before = await stored(kind);
      const injection = "' OR 1=1 --";
      const res = await as('alice').post(url, address({ country: injection, phone: injection }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toMatchObject({ country: ADDRESS_TEXTS.country, phone: ADDRESS_TEXTS.phone });
      for (const phone of ['12345', 'call me maybe', '1'.repeat(21)]) {
        const bad = await as('alice').post(url, address({ phone }));
        expect(bad.status, phone).toBe(400);
        expect(bad.body.errors).toEqual({ phone: ADDRESS_TEXTS.phone });
      }
      expect((await as('alice').post(url, address({ country: 'Narnia' }))).body.errors).toEqual({
        country: ADDRESS_TEXTS.country,
      });
      expect(await stored(kind)).toEqual(before);
      // Codes, names and the common phone spellings go through; a blank phone too, a blank country is the US.
      for (const [country, phone] of [
        ['CA', '207.555.0100 x12'],
        ['United Kingdom', '+44 20 7946 0958'],
        ['', ''],
      ]) {
        const zipcode = country === 'CA' ? 'K1A 0B1' : country === 'United Kingdom' ? 'SW1A 1AA' : '04101';
        const ok = await as('alice').post(url, address({ country, phone, zipcode }));
        expect(ok.status, `${country} ${phone}: ${JSON.stringify(ok.body)}`).toBe(200);
      }
      expect(must(await stored(kind), 'the first row').country).toBe('US');
    },
  );

  it('reads an address stored before the rule as it is', async () => {
    await t.db
      .update(addresses)
      .set({ country: 'Republic of Legacy', phone: 'ask at desk' })
      .where(and(eq(addresses.owner, 'alice'), eq(addresses.kind, 'account')));
    const res = await as('alice').post('/api/get-account-address', { account: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body.data.address).toMatchObject({ country: 'Republic of Legacy', phone: 'ask at desk' });
  });
});
