import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, addresses, auditLog, statementDelivery } from '../../db/schema.ts';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { mailsTo } from '../../../test/support/mail.ts';

let t: TestApp;
// Building the app on a fresh database can take a while on a busy machine.
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  // alice (Primary, account and billing addresses, statements by email), her Secondaries carol
  // (no address stored) and dave (dashboard admin), bob (another Primary), staff and an admin.
  const { alice } = await f.makeSignedIn({
    alice: { fields: { first_name: 'Alice', last_name: 'Anderson', addr1: '12 Harbor Street' } },
  });
  if (!alice) throw new Error('alice was not made');
  const { bob } = await f.makeSignedIn({
    bob: { fields: { first_name: 'Bob', last_name: 'Baker', addr1: '48 Elm Avenue' } },
    carol: { primary: alice, fields: { first_name: 'Carol', last_name: 'Anderson' } },
    dave: { primary: alice, fields: { dashboard_admin: true } },
    staff: { role: 'staff' },
    admin: { role: 'admin' },
  });
  if (!bob) throw new Error('bob was not made');
  const harbor = { address: '12 Harbor Street', zipcode: '04101' };
  await f.makeAddress({ owner: alice, state: 'ME', fields: harbor });
  await f.makeAddress({
    owner: alice,
    kind: 'bill',
    state: 'ME',
    fields: { address: 'PO Box 311', zipcode: '04112' },
  });
  const elm = { address: '48 Elm Avenue', city: 'Burlington', zipcode: '05401' };
  await f.makeAddress({ owner: bob, state: 'VT', fields: elm });
  await f.makeAddress({ owner: bob, kind: 'bill', state: 'VT', fields: elm });
  await f.makeStatementDelivery({
    owner: alice,
    method: 'e',
    nozero: 1,
    email: 'accounts@anderson-design.com',
  });
  await f.makeStatementDelivery({ owner: bob, method: 'n' });
}, 120_000);
afterAll(() => t.close());

const newAccountAddress = {
  account: 'bob',
  first_name: 'Bob',
  last_name: 'Baker',
  company: 'Bakers Dozen',
  address: '7 Church Street',
  city: 'Burlington',
  state: 'VT',
  zipcode: '05402',
  country: '',
  phone: '802-555-0123',
};

async function lastMail(kind: string) {
  return (await mailsTo(t, { kind }))[0];
}

describe('POST /api/get-account-address and /api/get-bill-address', () => {
  it('answers the stored address with the logname', async () => {
    const res = await t.as('alice').post('/api/get-account-address', { account: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body.data.logname).toBe('alice');
    expect(res.body.data.address).toMatchObject({
      address: '12 Harbor Street',
      city: 'Portland',
      state: 'ME',
      zipcode: '04101',
      country: 'US',
    });
    const bill = await t.as('alice').post('/api/get-bill-address', { account: 'alice' });
    expect(bill.body.data.address).toMatchObject({ address: 'PO Box 311', zipcode: '04112' });
  });

  it('falls back to the account record before any address was stored', async () => {
    const res = await t.as('carol').post('/api/get-account-address', { account: 'carol' });
    expect(res.body.data.address).toMatchObject({
      first_name: 'Carol',
      last_name: 'Anderson',
      address: '',
      country: 'US',
    });
  });

  it("lets a dashboard admin read the primary's account address but not the billing address", async () => {
    expect((await t.as('dave').post('/api/get-account-address', { account: 'alice' })).status).toBe(200);
    expect((await t.as('carol').post('/api/get-account-address', { account: 'alice' })).status).toBe(403);
    const bill = await t.as('dave').post('/api/get-bill-address', { account: 'dave' });
    expect(bill.status).toBe(403);
    expect(bill.body.message).toBe("Secondary accounts don't have access to billing information");
  });

  it('refuses another customer, needs a token, and answers staff 404 for an unknown account', async () => {
    const other = await t.as('bob').post('/api/get-account-address', { account: 'alice' });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
    expect((await t.as('bob').post('/api/get-account-address', { account: 'nobody' })).status).toBe(403);
    expect((await t.as(null).post('/api/get-bill-address', { account: 'alice' })).body.status).toBe(
      'expired_token',
    );
    expect((await t.as('staff').post('/api/get-bill-address', { account: 'nobody' })).status).toBe(404);
  });
});

describe('POST /api/update-account-address', () => {
  it.each(['address', 'city', 'state', 'zipcode'])(
    'requires %s (Required) and changes nothing',
    async (field) => {
      const res = await t
        .as('bob')
        .post('/api/update-account-address', { ...newAccountAddress, [field]: '  ' });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe('Required');
      const [row] = await t.db
        .select()
        .from(addresses)
        .where(and(eq(addresses.owner, 'bob'), eq(addresses.kind, 'account')));
      expect(row?.address).toBe('48 Elm Avenue');
    },
  );

  it('does not require the names on the account address', async () => {
    const res = await t.as('carol').post('/api/update-account-address', {
      ...newAccountAddress,
      account: 'carol',
      first_name: '',
      last_name: '',
    });
    expect(res.status).toBe(200);
  });

  it('stores the address, answers old and new, updates the summary and mails accounting both', async () => {
    const res = await t.as('bob').post('/api/update-account-address', newAccountAddress);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Updated');
    expect(res.body.data.old_address.address).toBe('48 Elm Avenue');
    expect(res.body.data.new_address).toMatchObject({
      address: '7 Church Street',
      zipcode: '05402',
      country: 'US',
    });
    expect(res.body.data.address).toEqual(res.body.data.new_address);
    const again = await t.as('bob').post('/api/get-account-address', { account: 'bob' });
    expect(again.body.data.address.address).toBe('7 Church Street');
    const [acct] = await t.db.select().from(accounts).where(eq(accounts.logname, 'bob'));
    expect([acct?.addr1, acct?.addr2]).toEqual(['7 Church Street', 'Burlington, VT 05402']);
    const mail = await lastMail('address.account');
    expect(mail?.toAddr).toBe('accounting@example.net');
    expect(mail?.subject).toBe('Account address change for bob');
    expect(mail?.body).toMatch(
      /Old address:\n[\s\S]*48 Elm Avenue[\s\S]*New address:\n[\s\S]*7 Church Street/,
    );
    expect(mail?.body).toContain('Message sent by bob');
    await t.drainJobs();
    expect(
      t.sent.some((m) => m.subject === 'Account address change for bob' && m.to === 'accounting@example.net'),
    ).toBe(true);
  });

  it("refuses another customer's account", async () => {
    const res = await t
      .as('bob')
      .post('/api/update-account-address', { ...newAccountAddress, account: 'alice' });
    expect(res.status).toBe(403);
    expect((await t.as(null).post('/api/update-account-address', newAccountAddress)).status).toBe(401);
  });

  it('lets staff change it, audited, with the operator in the footer', async () => {
    const res = await t
      .as('staff')
      .post('/api/update-account-address', { ...newAccountAddress, address: '9 Pine Street' });
    expect(res.status).toBe(200);
    const mail = await lastMail('address.account');
    expect(mail?.body).toContain('Message sent by staff for bob');
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      operator: 'staff',
      account: 'bob',
      action: 'POST /api/update-account-address',
    });
  });
});

describe('POST /api/update-bill-address', () => {
  const bill = { ...newAccountAddress, account: 'alice', address: 'PO Box 999', zipcode: '04113' };

  it.each(['first_name', 'last_name', 'address', 'city', 'state', 'zipcode'])(
    'requires %s (Required)',
    async (field) => {
      const res = await t.as('alice').post('/api/update-bill-address', { ...bill, [field]: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe('Required');
    },
  );

  it('stores it and mails accounting old and new', async () => {
    const res = await t.as('alice').post('/api/update-bill-address', bill);
    expect(res.status).toBe(200);
    expect(res.body.data.old_address.address).toBe('PO Box 311');
    expect(res.body.data.new_address.address).toBe('PO Box 999');
    const mail = await lastMail('address.bill');
    expect(mail?.subject).toBe('Billing address change for alice');
    expect(mail?.body).toContain('PO Box 311');
    expect(mail?.body).toContain('PO Box 999');
    // The summary shows the account address, not the billing one.
    const [acct] = await t.db.select().from(accounts).where(eq(accounts.logname, 'alice'));
    expect(acct?.addr1).toBe('12 Harbor Street');
  });

  it('refuses a Secondary with the billing text and another customer with Permission denied', async () => {
    const sec = await t.as('carol').post('/api/update-bill-address', { ...bill, account: 'carol' });
    expect(sec.status).toBe(403);
    expect(sec.body.message).toBe("Secondary accounts don't have access to billing information");
    expect((await t.as('bob').post('/api/update-bill-address', bill)).status).toBe(403);
  });
});

describe('statement delivery', () => {
  it('answers the stored choice, and the default for an account without one', async () => {
    const res = await t.as('alice').get('/api/get-statement-delivery/alice');
    expect(res.body.data).toEqual({ method: 'e', nozero: 1, email: 'accounts@anderson-design.com' });
    await t.db.delete(statementDelivery).where(eq(statementDelivery.owner, 'bob'));
    expect((await t.as('bob').get('/api/get-statement-delivery/bob')).body.data).toEqual({
      method: 'n',
      nozero: 0,
      email: '',
    });
  });

  it('changes it (nozero as 1/0 or a boolean) and reads it back', async () => {
    const res = await t.as('bob').post('/api/change-statement-delivery', {
      logname: 'bob',
      method: 'ep',
      nozero: true,
      email: 'bob@example.org',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ method: 'ep', nozero: 1, email: 'bob@example.org' });
    expect((await t.as('bob').get('/api/get-statement-delivery/bob')).body.data.method).toBe('ep');
    const off = await t
      .as('bob')
      .post('/api/change-statement-delivery', { logname: 'bob', method: 'p', nozero: 0, email: '' });
    expect(off.body.data).toEqual({ method: 'p', nozero: 0, email: '' });
  });

  it('validates the email and the method, changing nothing', async () => {
    const bad = await t.as('bob').post('/api/change-statement-delivery', {
      logname: 'bob',
      method: 'e',
      nozero: 1,
      email: 'not-an-email',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('This field must be a valid email address');
    const method = await t
      .as('bob')
      .post('/api/change-statement-delivery', { logname: 'bob', method: 'x', nozero: 1, email: '' });
    expect(method.status).toBe(400);
    // A method that was sent is not missing.
    expect(method.body.errors.method).toBe('Invalid');
    expect((await t.as('bob').get('/api/get-statement-delivery/bob')).body.data.method).toBe('p');
  });

  it('refuses a Secondary with the spec text, another customer, and a call without token', async () => {
    const get = await t.as('carol').get('/api/get-statement-delivery/carol');
    expect(get.status).toBe(403);
    expect(get.body.message).toBe('Statement delivery options are only available for the primary account');
    const set = await t
      .as('dave')
      .post('/api/change-statement-delivery', { logname: 'dave', method: 'e', nozero: 1, email: '' });
    expect(set.body.message).toBe('Statement delivery options are only available for the primary account');
    expect((await t.as('dave').get('/api/get-statement-delivery/alice')).status).toBe(403);
    expect(
      (await t.as('bob').post('/api/change-statement-delivery', { logname: 'alice', method: 'n', nozero: 0 }))
        .status,
    ).toBe(403);
    expect((await t.as(null).get('/api/get-statement-delivery/bob')).status).toBe(401);
  });

  it('lets staff change it for a customer', async () => {
    const res = await t
      .as('admin')
      .post('/api/change-statement-delivery', { logname: 'alice', method: 'n', nozero: 0, email: '' });
    expect(res.status).toBe(200);
    expect((await t.as('alice').get('/api/get-statement-delivery/alice')).body.data.method).toBe('n');
  });
});
