import * as C from '@portal/contract/account/calls';
import { ADDRESS_TEXTS } from '@portal/contract/address-rules';
import { describe, expect, it } from 'vitest';
import { zodValidate } from '../../ui/form.ts';

/**
 * The address forms validate with the contract's schemas (address-form.tsx): the same per-country
 * shapes as the server, so `' OR 1=1 --` is refused in the form before it is sent.
 */
const values = {
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

describe('address forms', () => {
  it.each([
    ['billing', C.BillingAddressBody],
    ['account', C.AccountAddressBody],
  ])('the %s address form shows the shape texts', (_, schema) => {
    const validate = zodValidate(schema);
    expect(validate(values)).toEqual({});
    expect(validate({ ...values, state: "' OR 1=1 --", zipcode: "' OR 1=1 --" })).toEqual({
      state: ADDRESS_TEXTS.state,
      zipcode: ADDRESS_TEXTS.zipUs,
    });
    expect(validate({ ...values, country: 'CA', state: 'ON', zipcode: '04101' })).toEqual({
      zipcode: ADDRESS_TEXTS.zipCa,
    });
    expect(validate({ ...values, state: '', zipcode: '' })).toEqual({
      state: 'Required',
      zipcode: 'Required',
    });
  });
});
