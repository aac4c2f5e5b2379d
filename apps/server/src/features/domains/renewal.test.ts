import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, jobs } from '../../db/schema.ts';
import { type FakeOpenSrs, startFakeOpenSrs } from '../../../test/fakes/opensrs.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

// Pinned: the renewals' dates are asserted as text. Every domain is made here with its expiry
// relative to it (andersonphoto.net expires 25 days after it).
const START = new Date('2026-11-21T12:00:00Z');

interface Customers {
  f: ReturnType<typeof factories>;
  /** A Primary, with Secondaries carol and dave (dave granted harbor-studio.org); bob another customer. */
  alice: Account;
  bob: Account;
  carol: Account;
  dave: Account;
}

/** The customers and the renewal prices both registrars' tests use. */
async function customers(t: TestApp): Promise<Customers> {
  const f = factories(t);
  const alice = await f.makeAccount();
  const bob = await f.makeAccount();
  const carol = await f.makeAccount({ primary: alice });
  const dave = await f.makeAccount({ primary: alice, fields: { dashboard_admin: true } });
  await f.makePriceList('com', { 1: 18, 2: 36, 3: 54, 5: 85.5, 10: 171 });
  await f.makePriceList('net', { 1: 20, 2: 40, 3: 60, 5: 95, 10: 190 });
  await f.makePriceList('org', { 1: 19, 2: 38, 3: 57, 5: 90.25, 10: 180.5 });
  await f.makePriceList('info', { 1: 22, 2: 44, 3: 66, 5: 104.5, 10: 209 });
  // No contact email of its own: the notices go to the account's address.
  await f.makeDomain({
    owner: alice,
    domain: 'andersonphoto.net',
    expires: f.inDays(25),
    fields: { contact_email: '' },
  });
  return { f, alice, bob, carol, dave };
}

const domainOf = async (t: TestApp, domain: string) => {
  const [row] = await t.db.select().from(domains).where(eq(domains.domain, domain));
  if (!row) throw new Error(`no domain ${domain}`);
  return row;
};

describe('renewal with the embedded (manual hostmaster) registrar', () => {
  let t: TestApp;
  let f: Customers['f'];
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let dave: Account;
  beforeAll(async () => {
    t = await build({ demo: false, start: START, env: { PORTAL_AGENT_DELAY_MS: '60000' } });
    ({ f, alice, bob, carol, dave } = await customers(t));
    await f.makeDomain({
      owner: alice,
      domain: 'anderson-design.com',
      expires: f.inDays(40),
      autoRenew: true,
    });
    const studio = await f.makeDomain({ owner: alice, domain: 'harbor-studio.org', expires: f.inDays(400) });
    await f.makeGrant({ owner: alice, admin: dave, domain: studio });
    await f.makeDomain({ owner: alice, domain: 'anderson.design', expires: null, registrarManaged: false });
    await f.makeDomain({
      owner: alice,
      domain: 'alice-old-blog.info',
      expires: f.inDays(12),
      fields: { abandon: 1, contact_email: '' },
    });
    // A Secondary's domain, near expiry, with no contact email of its own.
    await f.makeDomain({
      owner: carol,
      domain: 'client06-anderson.com',
      expires: f.inDays(55),
      fields: { contact_email: '' },
    });
  });
  afterAll(() => t.close());

  // The renewal status: renewal-status.test.ts, on domains of its own relative to its clock.

  it('refuses auto-renew, too-far and unmanaged domains with a message, changing nothing', async () => {
    const auto = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'anderson-design.com', price: 18, numyears: 1 });
    expect(auto.status).toBe(422);
    expect(auto.body.status).toBe(0);
    expect(auto.body.message).toContain('renews automatically');
    const far = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'harbor-studio.org', price: 19, numyears: 1 });
    expect(far.status).toBe(422);
    expect(far.body.message).toBe('harbor-studio.org can be renewed from 90 days before it expires');
    const unmanaged = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'anderson.design', price: 1, numyears: 1 });
    expect(unmanaged.status).toBe(422);
    expect((await domainOf(t, 'harbor-studio.org')).renewalPending).toBe(0);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'domains.renew'))).toEqual([]);
  });

  it('rejects bad input: years, period without a price, a stale price; 401 and 403', async () => {
    const noYears = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 20 });
    expect(noYears.status).toBe(400);
    expect(noYears.body.errors.numyears).toBe('Please select number of years for the registration');
    const four = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 80, numyears: 4 });
    expect(four.status).toBe(400);
    expect(four.body.message).toBe('4 years is not a renewal period we offer for this domain');
    const cheap = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 1, numyears: 2 });
    expect(cheap.status).toBe(409);
    expect(cheap.body.message).toBe('The price has changed: please reload the page and check the new price');
    expect(
      (
        await f
          .as(bob)
          .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 20, numyears: 1 })
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .as(null)
          .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 20, numyears: 1 })
      ).status,
    ).toBe(401);
    expect((await domainOf(t, 'andersonphoto.net')).renewalPending).toBe(0);
  });

  it('renews end to end: pending, customer notice and hostmaster order, then the worker finalises', async () => {
    const res = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 40, numyears: 2 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Renewal is Pending');
    expect(res.body.data).toEqual({
      domain: 'andersonphoto.net',
      renewal_pending: 2,
      expiration_date: '2026-12-16',
      new_expiration: '2028-12-16',
      price: 40,
    });
    expect(await domainOf(t, 'andersonphoto.net')).toMatchObject({
      renewalPending: 2,
      expirationDate: '2026-12-16',
    });

    // The same request again: the same answer, no second job or notice.
    const again = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 40, numyears: 2 });
    expect(again.status).toBe(200);
    expect(again.body.data.renewal_pending).toBe(2);
    const other = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 20, numyears: 1 });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('A renewal of andersonphoto.net for 2 years is already pending');

    await t.drainJobs();
    const notices = t.sent.filter((m) => m.subject === 'Renewal of andersonphoto.net');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.to).toBe(alice.email);
    expect(notices[0]?.body).toContain('The charge will appear on your next invoice.');
    expect(t.sent.filter((m) => m.to === 'hostmaster@example.net')).toHaveLength(1);
    // Not yet: the hostmaster has PORTAL_AGENT_DELAY_MS to act.
    expect((await domainOf(t, 'andersonphoto.net')).renewalPending).toBe(2);
    const status = await f.as(alice).get('/api/domain-renewal-status/andersonphoto.net');
    expect(status.body.data.renewable).toBe(false);
    expect(status.body.message).toBe('A renewal of andersonphoto.net for 2 years is already pending');

    t.clock.advance(60_000);
    await t.drainJobs();
    expect(await domainOf(t, 'andersonphoto.net')).toMatchObject({
      renewalPending: 0,
      expirationDate: '2028-12-16',
    });
    const list = await f.as(alice).get(`/api/domains/${alice.logname}`);
    expect(list.body.data.find((d: { domain: string }) => d.domain === 'andersonphoto.net')).toMatchObject({
      expiration_date: '2028-12-16',
      renewal_pending: 0,
    });
    expect(
      (
        await f
          .as(alice)
          .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 20, numyears: 1 })
      ).status,
    ).toBe(422);
  });

  it('lets a granted admin renew; renewing a let-expire domain clears let-expire', async () => {
    await t.db
      .update(domains)
      .set({ expirationDate: '2027-01-10' })
      .where(eq(domains.domain, 'harbor-studio.org'));
    const res = await f
      .as(dave)
      .post('/api/renew-domain', { renew_domain: 'harbor-studio.org', price: 19, numyears: 1 });
    expect(res.status).toBe(200);
    const blog = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'alice-old-blog.info', price: 22, numyears: 1 });
    expect(blog.status).toBe(200);
    expect(await domainOf(t, 'alice-old-blog.info')).toMatchObject({ abandon: 0, renewalPending: 1 });
    t.clock.advance(60_000);
    await t.drainJobs();
    expect(await domainOf(t, 'harbor-studio.org')).toMatchObject({
      expirationDate: '2028-01-10',
      renewalPending: 0,
    });
    expect(await domainOf(t, 'alice-old-blog.info')).toMatchObject({
      expirationDate: '2027-12-03',
      renewalPending: 0,
    });
  });

  it("mails a Secondary's domain with a blank contact email to the primary's address", async () => {
    const status = await f.as(carol).get('/api/domain-renewal-status/client06-anderson.com');
    expect(status.body.data.renewable).toBe(true);
    const price = status.body.data.prices[0].price;
    const res = await f
      .as(carol)
      .post('/api/renew-domain', { renew_domain: 'client06-anderson.com', price, numyears: 1 });
    expect(res.status).toBe(200);
    await t.drainJobs();
    const notices = t.sent.filter((m) => m.subject === 'Renewal of client06-anderson.com');
    expect(notices.map((m) => m.to)).toEqual([alice.email]);
  });
});

describe('renewal through OpenSRS (fake XCP endpoint on loopback)', () => {
  let t: TestApp;
  let fake: FakeOpenSrs;
  let proxy: Server;
  /** Connections the proxy drops before forwarding (a network failure: outcome unknown). */
  let dropNext = 0;
  let f: Customers['f'];
  let alice: Account;
  beforeAll(async () => {
    fake = await startFakeOpenSrs({
      domains: {
        'andersonphoto.net': '2026-12-16',
        'client02-anderson.com': { expiration: '2027-01-20', renewable: false },
        'client04-anderson.com': { expiration: '2027-02-10', queued: true },
        'client06-anderson.com': '2027-01-05',
      },
    });
    proxy = createServer((req, res) => {
      if (dropNext > 0) {
        dropNext--;
        req.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const headers: Record<string, string> = {};
        for (const h of ['content-type', 'x-username', 'x-signature'])
          headers[h] = String(req.headers[h] ?? '');
        const answer = await fetch(fake.url, { method: 'POST', headers, body: Buffer.concat(chunks) });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/xml' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    t = await build({
      demo: false,
      start: START,
      env: {
        PORTAL_REGISTRAR: 'opensrs',
        OPENSRS_ENDPOINT: `http://127.0.0.1:${port}/`,
        OPENSRS_USERNAME: fake.username,
        OPENSRS_KEY: fake.key,
      },
    });
    ({ f, alice } = await customers(t));
    // Renewable now (within 90 days of expiry) for these tests.
    for (const [domain, days] of [
      ['client02-anderson.com', 60],
      ['client04-anderson.com', 81],
      ['client06-anderson.com', 45],
      ['client08-anderson.com', 71],
    ] as const)
      await f.makeDomain({ owner: alice, domain, expires: f.inDays(days) });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => proxy.close(resolve));
    await fake.close();
  });

  it('finalises through the registrar: expiration = old + years, pending back to 0, no hostmaster order', async () => {
    const res = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'andersonphoto.net', price: 60, numyears: 3 });
    expect(res.status).toBe(200);
    await t.drainJobs();
    const renews = fake.requests.filter((r) => r.action === 'RENEW');
    expect(renews).toHaveLength(1);
    expect(renews[0]?.attributes).toMatchObject({
      domain: 'andersonphoto.net',
      period: '3',
      currentexpirationyear: '2026',
    });
    expect(await domainOf(t, 'andersonphoto.net')).toMatchObject({
      expirationDate: '2029-12-16',
      renewalPending: 0,
    });
    expect(t.sent.some((m) => m.to === 'hostmaster@example.net')).toBe(false);
    expect(t.sent.some((m) => m.subject === 'Renewal of andersonphoto.net')).toBe(true);
  });

  it('a refusal by the registrar is only logged: nothing renewed, pending cleared', async () => {
    const res = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'client02-anderson.com', price: 18, numyears: 1 });
    expect(res.status).toBe(200);
    await t.drainJobs();
    expect(await domainOf(t, 'client02-anderson.com')).toMatchObject({
      expirationDate: '2027-01-20',
      renewalPending: 0,
    });
  });

  it('a network failure is retried with the same key and renews once', async () => {
    dropNext = 1;
    const res = await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'client06-anderson.com', price: 36, numyears: 2 });
    expect(res.status).toBe(200);
    await t.drainJobs();
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'domains.renew'))
      .orderBy(desc(jobs.id))
      .limit(1);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await domainOf(t, 'client06-anderson.com')).renewalPending).toBe(2);
    t.clock.advance(10_000);
    await t.drainJobs();
    expect(await domainOf(t, 'client06-anderson.com')).toMatchObject({
      expirationDate: '2029-01-05',
      renewalPending: 0,
    });
    expect(
      fake.requests.filter((r) => r.action === 'RENEW' && r.attributes.domain === 'client06-anderson.com'),
    ).toHaveLength(1);
  });

  it('a renewal queued at the registry is checked later and finalised from its new date', async () => {
    await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'client04-anderson.com', price: 18, numyears: 1 });
    await t.drainJobs();
    expect((await domainOf(t, 'client04-anderson.com')).renewalPending).toBe(1);
    t.clock.advance(10 * 60_000);
    await t.drainJobs();
    expect(fake.requests.some((r) => r.action === 'GET' && r.domain === 'client04-anderson.com')).toBe(true);
    expect(await domainOf(t, 'client04-anderson.com')).toMatchObject({
      expirationDate: '2028-02-10',
      renewalPending: 0,
    });
  });

  it('refused credentials are not retried: the renewal stays pending for staff', async () => {
    fake.failNext(400, 'Authentication Error.');
    await f
      .as(alice)
      .post('/api/renew-domain', { renew_domain: 'client08-anderson.com', price: 18, numyears: 1 });
    await t.drainJobs();
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'domains.renew'))
      .orderBy(desc(jobs.id))
      .limit(1);
    expect(job?.status).toBe('done');
    expect(await domainOf(t, 'client08-anderson.com')).toMatchObject({
      expirationDate: '2027-01-31',
      renewalPending: 1,
    });
  });
});
