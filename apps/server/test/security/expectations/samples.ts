import type { Target } from './types.ts';

/** Request bodies several areas' samples share. */
/** The instant `days` after the test clock's now. */
export const future = (t: Target, days: number) =>
  new Date(t.now.getTime() + days * 86_400_000).toISOString();
export const address = (account: string) => ({
  account,
  first_name: 'Matrix',
  last_name: 'Probe',
  company: '',
  address: '1 Probe Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  phone: '',
});
export const card = {
  ccname: 'Matrix Probe',
  ccnumber: '4111111111111111',
  expdate: '1239',
  cvv: '123',
  address: '1 Probe Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
};
export const secondaryRequest = (account: string) => ({
  account,
  email: 'probe@example.com',
  lognames: ['mxprobe1'],
  first_names: ['Matrix'],
  last_names: ['Probe'],
  aliases: [''],
  types: ['Email'],
});
export const contact = {
  contact: 'Matrix Probe',
  info: 'probe@example.com',
  restricted: 0,
  technical: 1,
  billing: 0,
};
export const text = (cleartext: string) => ({ body: { cleartext } });
