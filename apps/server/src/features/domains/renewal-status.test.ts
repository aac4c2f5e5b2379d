import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

// The renewal status of domains made by the test, expiring relative to its clock: the answer does
// not depend on the day the suite runs (TEST_CLOCK_OFFSET_DAYS=365 runs it a year ahead).
describe('GET /api/domain-renewal-status', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await build({ demo: false, env: { PORTAL_AGENT_DELAY_MS: '60000' } });
    f = factories(t);
    await f.makePrices('net', [20, 40, 60]);
    await f.makePrices('org', [19, 38]);
  });
  afterAll(() => t.close());

  it('gives the status, prices and whether it can be renewed', async () => {
    const owner = await f.makeAccount();
    const other = await f.makeAccount();
    const staff = await f.makeAccount({ role: 'staff' });
    const soon = await f.makeDomain({ owner, domain: `soon-${owner.logname}.net`, expires: f.inDays(20) });

    const res = await f.as(owner).get(`/api/domain-renewal-status/${soon.domain}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('');
    expect(res.body.data).toMatchObject({
      domain: soon.domain,
      expiration_date: f.inDays(20),
      auto_renew: 0,
      renewal_pending: 0,
      registrar_managed: true,
      renewable: true,
    });
    expect(res.body.data.prices[0]).toEqual({ id: 1, item: '1 year', baseprice: 20, price: 20 });
    expect((await f.as(other).get(`/api/domain-renewal-status/${soon.domain}`)).status).toBe(403);
    expect((await t.as(null).get(`/api/domain-renewal-status/${soon.domain}`)).status).toBe(401);
    expect((await f.as(staff).get('/api/domain-renewal-status/nothere.com')).status).toBe(404);
  });

  it('is not renewable when it renews automatically, is too far from expiry or its expiry is unknown', async () => {
    const owner = await f.makeAccount();
    const auto = await f.makeDomain({ owner, expires: f.inDays(30), autoRenew: true });
    const far = await f.makeDomain({ owner, domain: `far-${owner.logname}.org`, expires: f.inDays(120) });
    const edge = await f.makeDomain({ owner, domain: `edge-${owner.logname}.org`, expires: f.inDays(89) });
    const unknown = await f.makeDomain({ owner, expires: null, registrarManaged: false });

    const a = await f.as(owner).get(`/api/domain-renewal-status/${auto.domain}`);
    expect(a.body.data.renewable).toBe(false);
    expect(a.body.message).toContain('renews automatically');
    const b = await f.as(owner).get(`/api/domain-renewal-status/${far.domain}`);
    expect(b.body.data.renewable).toBe(false);
    expect(b.body.message).toBe(`${far.domain} can be renewed from 90 days before it expires`);
    const c = await f.as(owner).get(`/api/domain-renewal-status/${edge.domain}`);
    expect(c.body.data.renewable).toBe(true);
    const d = await f.as(owner).get(`/api/domain-renewal-status/${unknown.domain}`);
    expect(d.body.data).toMatchObject({ expiration_date: 'UNKNOWN', renewable: false, prices: [] });
  });
});
