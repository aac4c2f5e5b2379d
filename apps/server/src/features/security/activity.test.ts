import { must } from '../../../test/support/must.ts';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_SENTENCES } from '@portal/contract/security/activity';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domains } from '../../db/schema.ts';
import { payment } from '../../../test/support/card-bodies.ts';
import { factories, makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

const PASSWORD = 'activity-test-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  const { alice } = await makeCast(t, PASSWORD);
  const f = factories(t);
  // alice's domains: one the renewal test moves into its window, one her replies come from.
  await f.makeDomain({ owner: alice, domain: 'andersonphoto.net', expires: f.inDays(200) });
  await f.makeDomain({ owner: alice, domain: 'anderson-design.com', expires: f.inDays(300) });
  await f.makePrices('net', [18, 36]);
  await f.makeCard({ owner: alice });
  as = requestsAs(t, PASSWORD);
}, 180_000);
afterAll(() => t.close());

const accountAddress = (account: string) => ({
  account,
  first_name: 'Alice',
  last_name: 'Anderson',
  company: '',
  address: '12 Harbor Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  phone: '',
});
const contact = {
  contact: 'Night Shift',
  info: 'noc@anderson-design.com',
  restricted: '0',
  technical: '1',
  billing: '0',
  restriction: 'None.',
};

interface Event {
  time: string;
  operator: string;
  staff: boolean;
  account: string;
  action: string;
  summary: string;
}
const events = async (who: string, url: string): Promise<Event[]> => {
  const res = await as(who).get(url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.events;
};

describe('GET /api/account-activity/{logname}', () => {
  it('tells the changes of the customer, its Secondaries and staff (by logname), newest first', async () => {
    expect((await as('alice').post('/api/add-contact', { logname: 'alice', ...contact })).status).toBe(200);
    expect((await as('staff').post('/api/update-account-address', accountAddress('alice'))).status).toBe(200);
    expect((await as('carol').post('/api/set-mode', { logname: 'carol', mode: 'dark' })).status).toBe(200);
    const list = await events('alice', '/api/account-activity/alice');
    expect(list[0]).toMatchObject({
      operator: 'staff',
      staff: true,
      account: 'alice',
      action: 'Account address changed',
      summary: 'Changed the account address.',
    });
    expect(list[1]).toMatchObject({
      operator: 'alice',
      staff: false,
      action: 'Contact added',
      summary: 'Added the contact Night Shift.',
    });
    // set-mode is a preference, not a change to the account: not on the record.
    expect(list.some((e) => e.operator === 'carol')).toBe(false);
    expect(Date.parse(must(list[0], 'list[0]').time)).toBeGreaterThanOrEqual(
      Date.parse(must(list[1], 'list[1]').time),
    );
  });

  it('shows a Primary the changes to its Secondaries, a Secondary only its own', async () => {
    const carol = await t.request('POST', '/api/miglogin', {
      body: { username: 'carol', password: PASSWORD },
    });
    const token = carol.body.data.id_token;
    const sessions = (await t.request('GET', '/api/sessions/carol', { token })).body.data.sessions;
    const other = sessions.find((s: { current: boolean }) => s.current);
    expect((await as('carol').post('/api/end-session', { logname: 'carol', id: other.id })).status).toBe(200);
    const own = await events('carol', '/api/account-activity/carol');
    expect(own[0]).toMatchObject({ operator: 'carol', account: 'carol', action: 'Session ended' });
    expect(own.every((e) => e.account === 'carol')).toBe(true);
    const primary = await events('alice', '/api/account-activity/alice');
    expect(primary.find((e) => e.account === 'carol')).toMatchObject({
      operator: 'carol',
      summary: 'Signed a browser out.',
    });
  });

  it('never tells a secret: a password change reads as a sentence', async () => {
    const pass = 'A-new-Secret-4471!';
    const res = await as('bob').post('/api/user-change-password', {
      username: 'bob',
      old_password: PASSWORD,
      new_password: pass,
      conf_password: pass,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = (await t.request('POST', '/api/miglogin', { body: { username: 'bob', password: pass } }))
      .body.data.id_token;
    const list = await t.request('GET', '/api/account-activity/bob', { token });
    expect(list.body.data.events[0]).toMatchObject({
      operator: 'bob',
      summary: 'Changed the portal password.',
    });
    expect(JSON.stringify(list.body)).not.toContain(pass);
    expect(JSON.stringify(list.body)).not.toContain(PASSWORD);
  });

  it('searches the sentences, the operator and the change’s fields', async () => {
    const byWords = await events('alice', '/api/account-activity/alice?q=address');
    expect(byWords.map((e) => e.action)).toEqual(['Account address changed']);
    const byOperator = await events('alice', '/api/account-activity/alice?q=staff');
    expect(byOperator.every((e) => e.operator === 'staff')).toBe(true);
    const byField = await events('alice', '/api/account-activity/alice?q=night%20shift');
    expect(byField.map((e) => e.action)).toEqual(['Contact added']);
    expect(await events('alice', '/api/account-activity/alice?q=%25')).toEqual([]);
    const tooLong = await as('alice').get(`/api/account-activity/alice?q=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
  });

  it('pages newest first', async () => {
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 2; i++)
      await as('alice').post('/api/add-contact', { logname: 'alice', ...contact, contact: `Probe ${i}` });
    const first = await as('alice').get('/api/account-activity/alice');
    expect(first.body.data.events).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.body.data.total).toBeGreaterThan(ACTIVITY_PAGE_SIZE + 2);
    expect(first.body.data.events[0].summary).toBe(`Added the contact Probe ${ACTIVITY_PAGE_SIZE + 1}.`);
    const second = await as('alice').get('/api/account-activity/alice?page=2');
    expect(second.body.data.page).toBe(2);
    expect(second.body.data.events[0].summary).toBe('Added the contact Probe 1.');
    expect((await as('alice').get('/api/account-activity/alice?page=0')).status).toBe(400);
    expect((await as('alice').get('/api/account-activity/alice?page=x')).status).toBe(400);
  });

  it('refuses another customer, a Secondary naming its primary and a dashboard admin; staff may read', async () => {
    expect((await as('bob').get('/api/account-activity/alice')).status).toBe(403);
    expect((await as('carol').get('/api/account-activity/alice')).status).toBe(403);
    expect((await as('dave').get('/api/account-activity/alice')).status).toBe(403);
    expect((await as(null).get('/api/account-activity/alice')).status).toBe(401);
    const staff = await events('admin', '/api/account-activity/alice');
    expect(staff.length).toBeGreaterThan(0);
    expect((await as('staff').get('/api/account-activity/nosuchaccount')).status).toBe(404);
  });
});

describe('the sentences', () => {
  it('has one for every call that changes something, and a staff call is recorded with its operator', async () => {
    const audited = t.app.deps.calls.filter((c) => c.idempotent).map((c) => `${c.method} ${c.path}`);
    expect(audited.filter((key) => !Object.hasOwn(ACTIVITY_SENTENCES, key))).toEqual([]);
    const rows = await t.db.select().from(auditLog);
    expect(rows.some((r) => r.operator === 'staff' && r.account === 'alice')).toBe(true);
  });
});

describe('each entry names its object and amount, once', () => {
  const DAY = 86_400_000;
  const newest = async (who: string) => (await events(who, `/api/account-activity/${who}`))[0];

  it('a renewal names the domain, the years and the price', async () => {
    // Within the renewal window, whatever the day the test runs.
    const soon = new Date(t.clock.now().getTime() + 30 * DAY).toISOString().slice(0, 10);
    await t.db
      .update(domains)
      .set({ expirationDate: soon, autoRenew: 0 })
      .where(eq(domains.domain, 'andersonphoto.net'));
    const status = await as('alice').get('/api/domain-renewal-status/andersonphoto.net');
    expect(status.body.data.renewable, JSON.stringify(status.body)).toBe(true);
    const { price } = status.body.data.prices.find((p: { id: number }) => p.id === 1);
    const res = await as('alice').post('/api/renew-domain', {
      renew_domain: 'andersonphoto.net',
      price,
      numyears: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await newest('alice')).toMatchObject({
      action: 'Domain renewed',
      summary: `Renewed the domain andersonphoto.net for 1 year ($${Number(price).toFixed(2)}).`,
    });
  });

  it('a payment names the amount and the card ending, never more of the card', async () => {
    const bobs = { account: 'bob', ccname: 'Bob Baker', email: 'bob.baker@example.org' };
    const res = await as('bob').post('/api/single-payment', payment({ ...bobs, amount: '25.5' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entry = await newest('bob');
    expect(entry).toMatchObject({
      action: 'Payment made',
      summary: 'Paid $25.50 with the card ending 1111.',
    });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.account, 'bob'));
    expect(JSON.stringify(rows)).not.toContain('4111111111111111');
  });

  it('turning the authenticator on is one entry', async () => {
    const setup = await as('dave').post('/api/totp-setup', { logname: 'dave' });
    expect(setup.status).toBe(200);
    const code = TOTP.generate({
      secret: Secret.fromBase32(setup.body.data.secret),
      timestamp: t.clock.now().getTime(),
    });
    const on = await as('dave').post('/api/totp-confirm', { logname: 'dave', code, password: PASSWORD });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const list = await events('dave', '/api/account-activity/dave');
    expect(list.filter((e) => e.action === 'Authenticator turned on')).toHaveLength(1);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/totp-confirm'));
    expect(rows.filter((r) => r.account === 'dave')).toHaveLength(1);
    expect(rows.find((r) => r.account === 'dave')?.details).toMatchObject({
      event: 'second factor on: authenticator app',
    });
  });

  it('the auto-responder names its dates and reply address', async () => {
    const start = new Date(t.clock.now().getTime() + DAY);
    const end = new Date(t.clock.now().getTime() + 5 * DAY);
    const res = await as('alice').post('/api/auto-responder', {
      logname: 'alice',
      start: start.toISOString(),
      end: end.toISOString(),
      message: 'Away this week.',
      instructions: '',
      reply_to: 'alice@anderson-design.com',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const words = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
    expect(await newest('alice')).toMatchObject({
      action: 'Auto-responder set',
      summary: `Set the auto-responder to answer from ${words(start)} to ${words(end)}, replying from alice@anderson-design.com.`,
    });
  });
});
