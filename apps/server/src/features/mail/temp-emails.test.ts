import { must } from '../../../test/support/must.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tempEmails } from '../../db/schema.ts';
import { type Account, factories, makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

const START = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 3600_000;
const inDays = (t: TestApp, days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();
const PASSWORD = 'temp-emails-test-pass';

/**
 * The accounts (alice, her Secondary carol, bob, staff) and their temporary aliases, dated from the
 * clock's start: alice's expired 3 days ago and hers that expires in 20 days, bob's in 5 days.
 */
async function makeAliases(t: TestApp) {
  const cast = await makeCast(t, PASSWORD);
  const f = factories(t);
  const forwardsTo = 'alice@anderson-design.com';
  const at = (days: number) => inDays(t, days);
  await f.makeTempEmail({
    owner: cast.alice,
    name: 'shop-2026',
    forwardsTo,
    expires: at(20),
    notes: 'Online store sign-up',
  });
  await f.makeTempEmail({
    owner: cast.alice,
    name: 'conference-nov',
    forwardsTo,
    expires: at(-3),
    notes: 'Expired conference alias',
  });
  await f.makeTempEmail({
    owner: cast.bob,
    name: 'bob-raffle',
    forwardsTo: 'bob.baker@example.org',
    expires: at(5),
  });
  return cast;
}

describe('temporary email', () => {
  let t: TestApp;
  let as: ReturnType<typeof requestsAs>;
  beforeAll(async () => {
    t = await build({ demo: false, start: START });
    await makeAliases(t);
    as = requestsAs(t, PASSWORD);
  });
  afterAll(() => t.close());

  describe('GET /api/tempemails/{user}', () => {
    it('lists the account aliases with expiry, fade date and the expired flag', async () => {
      const res = await as('alice').get('/api/tempemails/alice');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        {
          id: expect.any(Number),
          name: 'conference-nov',
          forwards_to: 'alice@anderson-design.com',
          expires: '2026-11-18T12:00:00.000Z',
          goes_toedash: '2026-11-25T12:00:00.000Z',
          notes: 'Expired conference alias',
          expired: true,
        },
        {
          id: expect.any(Number),
          name: 'shop-2026',
          forwards_to: 'alice@anderson-design.com',
          expires: '2026-12-11T12:00:00.000Z',
          goes_toedash: '2026-12-18T12:00:00.000Z',
          notes: 'Online store sign-up',
          expired: false,
        },
      ]);
    });

    it('is refused for another account (403) and without a token (401), empty for none', async () => {
      expect((await as('bob').get('/api/tempemails/alice')).status).toBe(403);
      expect((await as(null).get('/api/tempemails/alice')).status).toBe(401);
      expect((await as('staff').get('/api/tempemails/alice')).body.data).toHaveLength(2);
      expect((await as('carol').get('/api/tempemails/carol')).body.data).toEqual([]);
    });
  });

  describe('GET /api/tempemail-explist[/{expdate}]', () => {
    it('offers expiry dates on whole hours with a week selected', async () => {
      const res = await as('alice').get('/api/tempemail-explist');
      expect(res.status).toBe(200);
      const { list, selected_date } = res.body.data;
      expect(list.map((o: { label: string }) => o.label)).toEqual([
        '1 day',
        '3 days',
        '1 week',
        '2 weeks',
        '1 month',
        '3 months',
        '6 months',
        '1 year',
      ]);
      expect(list[0].date).toBe('2026-11-22T13:00:00.000Z');
      expect(selected_date).toBe('2026-11-28T13:00:00.000Z');
      expect((await as(null).get('/api/tempemail-explist')).status).toBe(401);
    });

    it('offers and selects the current expiry when given', async () => {
      const res = await as('alice').get('/api/tempemail-explist/2026-12-11T12:00:00.000Z');
      expect(res.body.data.selected_date).toBe('2026-12-11T12:00:00.000Z');
      expect(res.body.data.list[0]).toEqual({ date: '2026-12-11T12:00:00.000Z', label: 'Unchanged' });
      expect(res.body.data.list).toHaveLength(9);
      const bad = await as('alice').get('/api/tempemail-explist/tomorrow');
      expect(bad.status).toBe(400);
      expect((await as(null).get('/api/tempemail-explist/2026-12-11T12:00:00.000Z')).status).toBe(401);
    });
  });

  describe('POST /api/add-tempemail', () => {
    it('adds an alias on the temporary domain', async () => {
      const res = await as('alice').post('/api/add-tempemail', {
        logname: 'alice',
        name: 'Newsletter-Test',
        forwards_to: 'alice@anderson-design.com',
        expires: inDays(t, 7),
        notes: 'trying a shop',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Added newsletter-test@tmp.example.net');
      expect(res.body.data).toMatchObject({
        name: 'newsletter-test',
        forwards_to: 'alice@anderson-design.com',
        notes: 'trying a shop',
      });
      const list = await as('alice').get('/api/tempemails/alice');
      expect(list.body.data.map((r: { name: string }) => r.name)).toContain('newsletter-test');
    });

    it('validates every field and adds nothing', async () => {
      const base = {
        logname: 'alice',
        name: 'valid-name',
        forwards_to: 'a@example.org',
        expires: inDays(t, 3),
        notes: '',
      };
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { name: 'x' },
          'name',
          'Use 3 to 40 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit',
        ],
        [{ name: '' }, 'name', 'Required'],
        [{ forwards_to: 'nope' }, 'forwards_to', 'Invalid Email Address'],
        [
          { forwards_to: 'x@tmp.example.net' },
          'forwards_to',
          'A temporary alias cannot forward to the temporary domain',
        ],
        [{ expires: inDays(t, -1) }, 'expires', 'Choose an expiry date in the future'],
        [{ expires: inDays(t, 400) }, 'expires', 'An alias can be set to expire at most one year ahead'],
        [{ expires: 'next week' }, 'expires', 'Invalid'],
      ];
      for (const [patch, field, text] of cases) {
        const res = await as('alice').post('/api/add-tempemail', { ...base, ...patch });
        expect(res.status, JSON.stringify(patch)).toBe(400);
        expect(res.body.errors[field]).toBe(text);
      }
      const rows = await t.db.select().from(tempEmails).where(eq(tempEmails.name, 'valid-name'));
      expect(rows).toEqual([]);
    });

    it('refuses another account (403) and no token (401); staff may add, audited', async () => {
      const body = {
        logname: 'bob',
        name: 'by-alice',
        forwards_to: 'a@example.org',
        expires: inDays(t, 3),
        notes: '',
      };
      expect((await as('alice').post('/api/add-tempemail', body)).status).toBe(403);
      expect((await as(null).post('/api/add-tempemail', body)).status).toBe(401);
      const staff = await as('staff').post('/api/add-tempemail', { ...body, name: 'by-staff' });
      expect(staff.status).toBe(200);
      const row = must(
        (await t.db.select().from(tempEmails).where(eq(tempEmails.name, 'by-staff')))[0],
        'row',
      );
      expect(row.owner).toBe('bob');
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/add-tempemail'));
      expect(audit.at(-1)).toMatchObject({ operator: 'staff', account: 'bob' });
    });

    it('refuses a name in use by any account', async () => {
      const res = await as('alice').post('/api/add-tempemail', {
        logname: 'alice',
        name: 'bob-raffle',
        forwards_to: 'a@example.org',
        expires: inDays(t, 3),
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'bob-raffle@tmp.example.net is not available; please choose another name',
      );
    });
  });

  describe('POST /api/tempemail-alias', () => {
    it('loads one alias by name or full address', async () => {
      const res = await as('alice').post('/api/tempemail-alias', { alias: 'shop-2026', logname: 'alice' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        notes: 'Online store sign-up',
        forwards_to: 'alice@anderson-design.com',
        expires: '2026-12-11T12:00:00.000Z',
      });
      const full = await as('alice').post('/api/tempemail-alias', {
        alias: 'Shop-2026@tmp.example.net',
        logname: 'alice',
      });
      expect(full.body.data.id).toBe(res.body.data.id);
    });

    it('answers a missing and a foreign alias alike: 403 to a customer, No Alias Found to staff', async () => {
      const missing = await as('alice').post('/api/tempemail-alias', { alias: 'nope', logname: 'alice' });
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
      const foreign = await as('alice').post('/api/tempemail-alias', {
        alias: 'bob-raffle',
        logname: 'alice',
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
      const staff = await as('staff').post('/api/tempemail-alias', { alias: 'nope', logname: 'alice' });
      expect(staff.status).toBe(404);
      expect(staff.body).toEqual({ status: 0, message: 'No Alias Found', code: 'not_found' });
      expect(
        (await as('alice').post('/api/tempemail-alias', { alias: 'bob-raffle', logname: 'bob' })).status,
      ).toBe(403);
      expect(
        (await as(null).post('/api/tempemail-alias', { alias: 'bob-raffle', logname: 'bob' })).status,
      ).toBe(401);
      expect((await as('alice').post('/api/tempemail-alias', { logname: 'alice' })).status).toBe(400);
    });
  });

  describe('POST /api/update-tempemail', () => {
    const load = async (name: string, logname = 'alice') =>
      (await as(logname).post('/api/tempemail-alias', { alias: name, logname })).body.data;

    it('updates forwards_to, expiry and notes', async () => {
      const a = await load('shop-2026');
      const res = await as('alice').post('/api/update-tempemail', {
        name: 'shop-2026',
        forwards_to: 'shop@anderson-design.com',
        expdate: inDays(t, 30),
        notes: 'store',
        key: a.id,
        logname: 'alice',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Updated shop-2026@tmp.example.net');
      const again = await load('shop-2026');
      expect(again).toMatchObject({
        forwards_to: 'shop@anderson-design.com',
        notes: 'store',
        expires: inDays(t, 30),
      });
    });

    it('keeps the past expiry of an expired alias when only the notes change', async () => {
      const a = await load('conference-nov');
      const res = await as('alice').post('/api/update-tempemail', {
        ...a,
        name: 'conference-nov',
        expdate: a.expires,
        key: a.id,
        notes: 'old',
        logname: 'alice',
      });
      expect(res.status).toBe(200);
      expect((await load('conference-nov')).notes).toBe('old');
      const past = await as('alice').post('/api/update-tempemail', {
        ...a,
        name: 'conference-nov',
        expdate: inDays(t, -1),
        key: a.id,
        logname: 'alice',
      });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe('Choose an expiry date in the future');
    });

    it('refuses a wrong key, name or owner alike (No Alias Found for staff)', async () => {
      const a = await load('shop-2026');
      const b = await load('bob-raffle', 'bob');
      const base = { forwards_to: 'a@example.org', expdate: inDays(t, 2), notes: '', logname: 'alice' };
      const wrongName = await as('alice').post('/api/update-tempemail', {
        ...base,
        name: 'conference-nov',
        key: a.id,
      });
      expect(wrongName.status).toBe(403);
      expect(wrongName.body.message).toBe('Permission denied');
      const foreign = await as('alice').post('/api/update-tempemail', {
        ...base,
        name: 'bob-raffle',
        key: b.id,
      });
      expect(foreign.status).toBe(403);
      const byStaff = await as('staff').post('/api/update-tempemail', {
        ...base,
        name: 'bob-raffle',
        key: b.id,
      });
      expect(byStaff.status).toBe(404);
      expect(byStaff.body.message).toBe('No Alias Found');
      expect((await load('bob-raffle', 'bob')).forwards_to).toBe('bob.baker@example.org');
      expect(
        (
          await as('alice').post('/api/update-tempemail', {
            ...base,
            logname: 'bob',
            name: 'bob-raffle',
            key: b.id,
          })
        ).status,
      ).toBe(403);
      expect(
        (await as(null).post('/api/update-tempemail', { ...base, name: 'shop-2026', key: a.id })).status,
      ).toBe(401);
      const bad = await as('alice').post('/api/update-tempemail', {
        ...base,
        name: 'shop-2026',
        key: a.id,
        forwards_to: 'x',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.forwards_to).toBe('Invalid Email Address');
    });
  });
});

describe('temporary email limits over time', () => {
  let t: TestApp;
  let bob: Account;
  beforeAll(async () => {
    t = await build({ demo: false, start: START });
    ({ bob } = await makeAliases(t));
  });
  afterAll(() => t.close());
  /** Signs in again at the test clock's time: moving the clock days ahead expires earlier tokens. */
  const as = async (logname: string) => {
    const login = await t.request('POST', '/api/miglogin', {
      body: { username: logname, password: PASSWORD },
    });
    const token = login.body.data.id_token as string;
    return {
      get: (url: string) => t.request('GET', url, { token }),
      post: (url: string, body: unknown) => t.request('POST', url, { token, body }),
    };
  };
  const add = async (logname: string, name: string, days = 10) =>
    (await as(logname)).post('/api/add-tempemail', {
      logname,
      name,
      forwards_to: `${logname}@example.org`,
      expires: inDays(t, days),
      notes: '',
    });

  it('allows 25 active aliases per account, and re-activating beyond it is refused too', async () => {
    // alice has one active alias (shop-2026) and one expired (conference-nov).
    for (let i = 1; i <= 24; i++) expect((await add('alice', `limit-${i}`, i < 3 ? 2 : 30)).status).toBe(200);
    const over = await add('alice', 'limit-25');
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      'You already have 25 active temporary aliases; let one expire or change its date first',
    );
    const conf = (
      await (await as('alice')).post('/api/tempemail-alias', { alias: 'conference-nov', logname: 'alice' })
    ).body.data;
    const revive = await (await as('alice')).post('/api/update-tempemail', {
      name: 'conference-nov',
      forwards_to: conf.forwards_to,
      expdate: inDays(t, 5),
      notes: '',
      key: conf.id,
      logname: 'alice',
    });
    expect(revive.status).toBe(422);
    // Another account is not affected.
    expect((await add('bob', 'bob-extra')).status).toBe(200);
    // Two aliases expire after 2 days: two places free up.
    t.clock.advance(2 * DAY + 60_000);
    expect((await add('alice', 'limit-25')).status).toBe(200);
    expect((await add('alice', 'limit-26')).status).toBe(200);
    expect((await add('alice', 'limit-27')).status).toBe(422);
  });

  it('reserves a used name for every account until 6 months after it fades', async () => {
    t.clock.set(START);
    // bob-raffle expires 2026-11-26 12:00, fades a week later, is reserved until 2027-06-04 12:00 (183 days).
    expect((await add('carol', 'bob-raffle')).status).toBe(409);
    t.clock.set('2026-12-04T12:00:00Z');
    expect(
      (await (await as('bob')).get('/api/tempemails/bob')).body.data.map((r: { name: string }) => r.name),
    ).not.toContain('bob-raffle');
    expect(
      (await (await as('bob')).post('/api/tempemail-alias', { alias: 'bob-raffle', logname: 'bob' })).status,
    ).toBe(403);
    expect((await add('carol', 'bob-raffle')).status).toBe(409);
    expect((await add('bob', 'bob-raffle')).status).toBe(409);
    t.clock.set('2027-06-04T11:59:00Z');
    const still = await add('carol', 'bob-raffle');
    expect(still.status).toBe(409);
    t.clock.set('2027-06-04T12:00:01Z');
    const free = await add('carol', 'bob-raffle');
    expect(free.status).toBe(200);
    const row = must(
      (await t.db.select().from(tempEmails).where(eq(tempEmails.name, 'bob-raffle')))[0],
      'row',
    );
    expect(row.owner).toBe('carol');
  });

  it('the expiry job tells the owner once and purges names whose reservation ended', async () => {
    t.clock.set('2027-07-01T00:00:00Z');
    expect((await add('bob', 'short-lived', 1)).status).toBe(200);
    await t.drainJobs();
    t.sent.length = 0;
    t.clock.advance(DAY + 60_000);
    await t.drainJobs();
    const notices = t.sent.filter((m) => m.subject.includes('short-lived'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      to: bob.email,
      subject: 'Temporary alias short-lived@tmp.example.net has expired',
    });
    expect(must(notices[0], 'notices[0]').body).toContain('no longer forwards to bob@example.org');
    expect(must(notices[0], 'notices[0]').body).toContain('Fri, 09 Jul 2027 00:00:00 GMT');
    expect(must(notices[0], 'notices[0]').body).toContain('reserved until Sat, 08 Jan 2028 00:00:00 GMT');
    // Old expiries (imported, or found late) are marked without a late notice.
    expect(t.sent.filter((m) => m.subject.includes('limit-'))).toEqual([]);
    t.clock.advance(120_000);
    await t.drainJobs();
    expect(t.sent.filter((m) => m.subject.includes('short-lived'))).toHaveLength(1);
    // Every other alias (the limit-* ones, carol's bob-raffle of June 2027) is past its reservation: purged.
    t.clock.set('2028-01-01T00:00:00Z');
    await t.drainJobs();
    const left = await t.db.select({ name: tempEmails.name }).from(tempEmails);
    expect(left.map((r) => r.name).sort()).toEqual(['short-lived']);
  });
});
