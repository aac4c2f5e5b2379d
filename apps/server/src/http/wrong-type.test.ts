import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../lib/import.ts';
import { makeCast, requestsAs } from '../../test/support/factories.ts';
import { build, type TestApp } from '../../test/support/helper.ts';

/**
 * A wrong type is not "Required": a field that was sent with the wrong type is told what it
 * must be, whatever the schema's message; ids that are numbers in the spec's data take a number or its
 * digits. Done once, where zod issues become the `errors` map (route.ts → fieldErrors).
 */
const PASSWORD = 'wrong-type-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
  as = requestsAs(t, PASSWORD);
  await importDocument(t.db, {
    invoices: [
      {
        invoice: 20261101,
        owner: 'bob',
        invdate: '20261101',
        duedate: '20261121',
        amount: 42,
        body: '<p>x</p>',
      },
    ],
  });
});
afterAll(() => t.close());

const errorsOf = async (who: string, url: string, body: unknown) => {
  const res = await as(who).post(url, body);
  expect(res.status, JSON.stringify(body)).toBe(400);
  return res.body.errors as Record<string, string>;
};

describe('ids that are numbers in the spec data', () => {
  it('POST /api/get-invoice takes the invoice number as a number or as its digits', async () => {
    for (const invoice of [20261101, '20261101']) {
      const res = await as('bob').post('/api/get-invoice', { invoice, logname: 'bob' });
      expect(res.status, String(invoice)).toBe(200);
      expect(res.body.data.invoice).toContain('<p>x</p>');
    }
  });

  it('numeric ids take digit strings, and refuse other text as not a number', async () => {
    expect(await errorsOf('alice', '/api/delete-recovery-email', { account: 'alice', id: 'abc' })).toEqual({
      id: 'Must be a number',
    });
    expect(await errorsOf('alice', '/api/delete-recovery-email', { account: 'alice', id: true })).toEqual({
      id: 'Must be a number',
    });
    expect(await errorsOf('alice', '/api/delete-recovery-email', { account: 'alice' })).toEqual({
      id: 'Required',
    });
    // A digit string passes the contract (then the id is looked up with its owner: not alice's, 403).
    expect(
      (await as('alice').post('/api/delete-recovery-email', { account: 'alice', id: '999999' })).status,
    ).toBe(403);
  });
});

describe('a field of the wrong type', () => {
  it('is "Must be text" for text fields, never "Required" when it was sent', async () => {
    expect(await errorsOf('bob', '/api/get-invoice', { invoice: true, logname: 'bob' })).toEqual({
      invoice: 'Must be text',
    });
    expect(await errorsOf('bob', '/api/get-invoice', { invoice: { $gt: '' }, logname: 'bob' })).toEqual({
      invoice: 'Must be text',
    });
    expect(await errorsOf('alice', '/api/add-recovery-email', { logname: 'alice', email: 5 })).toEqual({
      email: 'Must be text',
    });
    expect(
      await errorsOf('alice', '/api/forgot-panel-password', { account: ['alice'], email: 'a@example.com' }),
    ).toEqual({
      account: 'Must be text',
    });
  });

  it('is "Must be a number" for number fields, and a sent value outside a choice is "Invalid"', async () => {
    const body = { logname: 'alice', method: 'e', nozero: 0, email: '' };
    expect(await errorsOf('alice', '/api/change-statement-delivery', { ...body, nozero: 'yes' })).toEqual({
      nozero: 'Must be a number',
    });
    expect(await errorsOf('alice', '/api/change-statement-delivery', { ...body, method: 5 })).toEqual({
      method: 'Invalid',
    });
    expect(await errorsOf('alice', '/api/change-statement-delivery', { ...body, method: 'x' })).toEqual({
      method: 'Invalid',
    });
  });

  it('keeps the spec\u2019s "Required" for what is absent, null or blank', async () => {
    expect(await errorsOf('bob', '/api/get-invoice', { logname: 'bob' })).toEqual({ invoice: 'Required' });
    expect(await errorsOf('bob', '/api/get-invoice', { invoice: null, logname: 'bob' })).toEqual({
      invoice: 'Required',
    });
    expect(await errorsOf('bob', '/api/get-invoice', { invoice: '  ', logname: 'bob' })).toEqual({
      invoice: 'Required',
    });
    const body = { logname: 'alice', nozero: 0, email: '' };
    expect(await errorsOf('alice', '/api/change-statement-delivery', body)).toEqual({ method: 'Required' });
  });
});
