import { describe, expect, it } from 'vitest';
import { AccountAddressBody, BillingAddressBody } from './account/calls.ts';
import { ADDRESS_TEXTS, countryKind, isState, zipcodeProblem } from './address-rules.ts';
import { fieldErrors } from './rules.ts';

const INJECTION = "' OR 1=1 --";
const bill = {
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
const errors = (
  schema: typeof BillingAddressBody | typeof AccountAddressBody,
  v: Record<string, unknown>,
) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error, v);
};

describe('address shape rules', () => {
  it('ZIP codes by country', () => {
    for (const [zip, country] of [
      ['04101', 'US'],
      ['04101-1234', 'US'],
      ['90210', ''],
      ['10001', 'United States'],
      ['K1A 0B1', 'CA'],
      ['k1a0b1', 'Canada'],
      ['SW1A 1AA', 'GB'],
      ['75008', 'France'],
      ['1010', 'AT'],
      ['D02 X285', 'Ireland'],
    ] as const)
      expect(zipcodeProblem(zip, country), `${zip} ${country}`).toBeNull();
    expect(zipcodeProblem('0410', 'US')).toBe(ADDRESS_TEXTS.zipUs);
    expect(zipcodeProblem('04101-12', 'US')).toBe(ADDRESS_TEXTS.zipUs);
    expect(zipcodeProblem('K1A 0B1', 'US')).toBe(ADDRESS_TEXTS.zipUs);
    expect(zipcodeProblem('04101', 'CA')).toBe(ADDRESS_TEXTS.zipCa);
    expect(zipcodeProblem('D1A 0B1', 'CA')).toBe(ADDRESS_TEXTS.zipCa);
    expect(zipcodeProblem('1', 'DE')).toBe(ADDRESS_TEXTS.zipOther);
    expect(zipcodeProblem('1234567890123', 'DE')).toBe(ADDRESS_TEXTS.zipOther);
    expect(zipcodeProblem('', 'US')).toBeNull();
    expect(countryKind('U.S.A.')).toBe('US');
  });

  it('states: 2–40 letters, spaces, dots or hyphens', () => {
    for (const s of ['ME', 'New York', 'D.C.', 'Île-de-France', 'Québec', 'Baden-Württemberg'])
      expect(isState(s), s).toBe(true);
    for (const s of ['M', '12', 'ME1', "O'Higgins; --", 'A'.repeat(41), '-ME'])
      expect(isState(s), s).toBe(false);
  });

  it("refuses ' OR 1=1 -- as a state or a ZIP code, whatever the country", () => {
    for (const schema of [BillingAddressBody, AccountAddressBody])
      for (const country of ['US', 'CA', 'DE', '']) {
        expect(errors(schema, { ...bill, country, state: INJECTION }).state).toBe(ADDRESS_TEXTS.state);
        expect(errors(schema, { ...bill, country, zipcode: INJECTION }).zipcode).toMatch(/^Use /);
      }
  });

  it("keeps the spec's Required for blank fields, and takes real addresses", () => {
    expect(errors(BillingAddressBody, { ...bill, state: '', zipcode: ' ' })).toEqual({
      state: 'Required',
      zipcode: 'Required',
    });
    expect(errors(AccountAddressBody, { ...bill, first_name: '', state: '' })).toEqual({ state: 'Required' });
    expect(errors(BillingAddressBody, bill)).toEqual({});
    expect(errors(BillingAddressBody, { ...bill, state: 'ON', zipcode: 'K1A 0B1', country: 'CA' })).toEqual(
      {},
    );
    expect(
      errors(AccountAddressBody, { ...bill, state: 'Greater London', zipcode: 'SW1A 1AA', country: 'GB' }),
    ).toEqual({});
  });
});
