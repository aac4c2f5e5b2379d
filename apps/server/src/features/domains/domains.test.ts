import { must } from '../../../test/support/must.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainAgreements, domainGrants, domains } from '../../db/schema.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

// The accounts and domains these tests read, made here relative to the test clock: a Primary (alice)
// with Secondaries carol and dave (dave granted one domain), another customer (bob) and staff.
let t: TestApp;
let f: ReturnType<typeof factories>;
let alice: Account;
let bob: Account;
let carol: Account;
let dave: Account;
let staff: Account;
beforeAll(async () => {
  // Its start is pinned: the agreement's stamp is asserted as text.
  t = await build({ demo: false, start: new Date('2026-11-21T12:00:00Z') });
  f = factories(t);
  staff = await f.makeAccount({ role: 'staff' });
  alice = await f.makeAccount();
  bob = await f.makeAccount();
  carol = await f.makeAccount({ primary: alice });
  dave = await f.makeAccount({ primary: alice, fields: { dashboard_admin: true } });
  const site = (owner: Account, domain: string) => ({
    website: 1,
    docroot: `/home/${owner.logname}/www/${domain}`,
  });
  await f.makeDomain({
    owner: alice,
    domain: 'anderson-design.com',
    expires: f.inDays(40),
    autoRenew: true,
    fields: site(alice, 'anderson-design.com'),
  });
  await f.makeDomain({
    owner: alice,
    domain: 'andersonphoto.net',
    expires: f.inDays(25),
    fields: { contact_email: '', website: -1, docroot: 'anderson-design.com' },
  });
  const studio = await f.makeDomain({
    owner: alice,
    domain: 'harbor-studio.org',
    expires: f.inDays(400),
    fields: { contact_email: 'studio@anderson-design.com', ...site(alice, 'harbor-studio.org') },
  });
  await f.makeDomain({ owner: alice, domain: 'anderson.design', expires: null, registrarManaged: false });
  for (const n of ['02', '04', '08'])
    await f.makeDomain({
      owner: alice,
      domain: `client${n}-anderson.com`,
      fields: { contact_email: `client${Number(n)}@anderson-design.com` },
    });
  await f.makeGrant({ owner: alice, admin: dave, domain: studio });
  const dozen = await f.makeDomain({
    owner: bob,
    domain: 'bakersdozen.com',
    fields: site(bob, 'bakersdozen.com'),
  });
  await f.makeDomain({ owner: bob, domain: 'bobbaker.net', fields: { website: 0, docroot: '' } });
  await f.makeAlias({ domain: dozen, src: 'info' });
  await f.makeAlias({ domain: dozen, src: 'sales' });
  await f.makePriceList('com', { 1: 18, 2: 36, 3: 54, 5: 85.5, 10: 171 });
});
afterAll(() => t.close());

const domainRow = async (domain: string) => {
  const [row] = await t.db.select().from(domains).where(eq(domains.domain, domain));
  if (!row) throw new Error(`no domain ${domain}`);
  return row;
};
const grantsOf = (admin: string) =>
  t.db
    .select({ owner: domainGrants.owner, domain: domainGrants.domain })
    .from(domainGrants)
    .where(eq(domainGrants.admin, admin));

describe('GET /api/domains/{account}', () => {
  it('lists the account’s domains sorted, with UNKNOWN for domains outside our registrar', async () => {
    const res = await f.as(alice).get(`/api/domains/${alice.logname}`);
    expect(res.status).toBe(200);
    const names = res.body.data.map((d: { domain: string }) => d.domain);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('client08-anderson.com');
    expect(names).not.toContain('bakersdozen.com');
    const design = res.body.data.find((d: { domain: string }) => d.domain === 'anderson.design');
    expect(design).toMatchObject({
      expiration_date: 'UNKNOWN',
      registrar_managed: false,
      whois: 'anderson.design',
    });
    const photo = res.body.data.find((d: { domain: string }) => d.domain === 'andersonphoto.net');
    expect(photo).toEqual({
      domain: 'andersonphoto.net',
      expiration_date: f.inDays(25),
      auto_renew: 0,
      abandon: 0,
      renewal_pending: 0,
      contact_email: '',
      whois: 'andersonphoto.net',
      owner: alice.logname,
      registrar_managed: true,
    });
  });

  it('shows a granted admin the domains granted, and nothing else of the owner', async () => {
    const res = await f.as(dave).get(`/api/domains/${dave.logname}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { domain: string }) => d.domain)).toEqual(['harbor-studio.org']);
    expect(res.body.data[0].owner).toBe(alice.logname);
  });

  it('lets staff list any account; refuses another customer (403), no token (401), a bad name (400)', async () => {
    expect((await f.as(staff).get(`/api/domains/${bob.logname}`)).body.data).toHaveLength(2);
    const other = await f.as(alice).get(`/api/domains/${bob.logname}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
    expect((await f.as(alice).get('/api/domains/nobody')).status).toBe(403);
    expect((await t.as(null).get(`/api/domains/${alice.logname}`)).status).toBe(401);
    expect((await f.as(alice).get('/api/domains/NOT%20A%20NAME')).status).toBe(400);
  });
});

describe('GET /api/domain-usage/{account}', () => {
  it('gives website, docroot and alias counts of the account’s own domains', async () => {
    const res = await f.as(bob).get(`/api/domain-usage/${bob.logname}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        domain: 'bakersdozen.com',
        website: 1,
        docroot: `/home/${bob.logname}/www/bakersdozen.com`,
        num_aliases: 2,
      },
      { domain: 'bobbaker.net', website: 0, docroot: '', num_aliases: 0 },
    ]);
    const usage = await f.as(alice).get(`/api/domain-usage/${alice.logname}`);
    expect(usage.body.data.find((d: { domain: string }) => d.domain === 'andersonphoto.net')).toMatchObject({
      website: -1,
      docroot: 'anderson-design.com',
    });
  });

  it('refuses other accounts (403) and no token (401)', async () => {
    expect((await f.as(bob).get(`/api/domain-usage/${alice.logname}`)).status).toBe(403);
    expect((await t.as(null).get(`/api/domain-usage/${alice.logname}`)).status).toBe(401);
    expect((await f.as(staff).get(`/api/domain-usage/${alice.logname}`)).status).toBe(200);
  });
});

describe('GET /api/tldpricelist/{tld}', () => {
  it('lists the prices of a TLD by years, in dollars', async () => {
    const res = await f.as(alice).get('/api/tldpricelist/com');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({ id: 1, item: '1 year', baseprice: 18, price: 18 });
    expect(res.body.data.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 5, 10]);
    expect(res.body.data.find((p: { id: number }) => p.id === 5).price).toBe(85.5);
  });

  it('answers an empty list for a TLD without prices, 400 for a malformed one, 401 without token', async () => {
    const none = await f.as(alice).get('/api/tldpricelist/zz');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const bad = await f.as(alice).get('/api/tldpricelist/a%20b');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.tld).toBe('Invalid');
    expect((await t.as(null).get('/api/tldpricelist/com')).status).toBe(401);
  });
});

describe('POST /api/gettext', () => {
  it('returns the registration agreement without a token', async () => {
    const res = await t.request('POST', '/api/gettext', { body: { text: 'registration-agreement' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toContain('Domain Name Registration Agreement');
  });

  it('answers 404 for an unknown text and 400 for a name that is not one', async () => {
    const missing = await t.request('POST', '/api/gettext', { body: { text: 'constructor' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No such text');
    const bad = await t.request('POST', '/api/gettext', { body: { text: '../../etc/passwd' } });
    expect(bad.status).toBe(400);
    const blank = await t.request('POST', '/api/gettext', { body: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.text).toBe('Required');
  });
});

describe('POST /api/signagreement', () => {
  it('records the signature once, with its time stamp, and answers the same on a repeat', async () => {
    const first = await f.as(alice).post('/api/signagreement', { domain: 'new-anderson.com' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      domain: 'new-anderson.com',
      account: alice.logname,
      signed_by: alice.logname,
      signed_at: '2026-11-21T12:00:00.000Z',
      stamp: 'Nov 21, 2026 12:00:00 PM UTC',
    });
    t.clock.advance(60_000);
    const again = await f.as(alice).post('/api/signagreement', { domain: 'NEW-anderson.com' });
    expect(again.body.data.signed_at).toBe('2026-11-21T12:00:00.000Z');
    const rows = await t.db
      .select()
      .from(domainAgreements)
      .where(eq(domainAgreements.account, alice.logname));
    expect(rows).toHaveLength(1);
  });

  it('records staff signing for an account, audited; refuses another customer’s account', async () => {
    const res = await f
      .as(staff)
      .post('/api/signagreement', { domain: 'bakers-two.com', account: bob.logname });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ account: bob.logname, signed_by: staff.logname });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/signagreement'));
    expect(audit.at(-1)).toMatchObject({ operator: staff.logname, account: bob.logname });
    expect(
      (await f.as(alice).post('/api/signagreement', { domain: 'x.com', account: bob.logname })).status,
    ).toBe(403);
  });

  it('rejects a bad domain (400) and no token (401)', async () => {
    const bad = await f.as(alice).post('/api/signagreement', { domain: 'not a domain' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.domain).toBe('Invalid domain name');
    const blank = await f.as(alice).post('/api/signagreement', {});
    expect(blank.status).toBe(400);
    expect((await t.as(null).post('/api/signagreement', { domain: 'x.com' })).status).toBe(401);
  });
});

describe('registration submitted twice (a retried POST, a second tab, a resubmit)', () => {
  it('mails the help desk and the hostmaster once each and keeps one signature', async () => {
    // The registration screen's calls, with the spec's payloads (calls.json).
    const message = {
      send_from: bob.logname,
      subject: 'Domain registration request: bakers-three.com',
      message: `Domain: bakers-three.com\nAccount: ${bob.logname}\nYears: 2`,
      reply_to: '',
    };
    const submit = async () => {
      const help = await f.as(bob).post('/api/sendmessage', { ...message, send_to: 'helpdesk' });
      const host = await f.as(bob).post('/api/sendmessage', { ...message, send_to: 'hostmaster' });
      const sign = await f
        .as(bob)
        .post('/api/signagreement', { domain: 'bakers-three.com', account: bob.logname });
      return [help, host, sign].map((r) => r.status);
    };
    expect(await submit()).toEqual([200, 200, 200]);
    expect(await submit()).toEqual([200, 200, 200]);
    await t.drainJobs();
    const mails = t.sent.filter((m) => m.subject === 'Domain registration request: bakers-three.com');
    expect(mails.map((m) => m.to).sort()).toEqual(['help@example.net', 'hostmaster@example.net']);
    expect(mails.every((m) => m.body.endsWith(`Message sent by ${bob.logname}`))).toBe(true);
    const signed = await t.db
      .select()
      .from(domainAgreements)
      .where(and(eq(domainAgreements.account, bob.logname), eq(domainAgreements.domain, 'bakers-three.com')));
    expect(signed).toHaveLength(1);
  });
});

describe('GET /api/domain-status/{domain} and POST /api/domainedit', () => {
  it('reads the settings of a domain', async () => {
    const res = await f.as(alice).get('/api/domain-status/harbor-studio.org');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      domain: 'harbor-studio.org',
      auto_renew: 0,
      abandon: 0,
      contact_email: 'studio@anderson-design.com',
      expiration_date: f.inDays(400),
    });
  });

  it('updates auto-renew, let-expire and the contact email (blank allowed)', async () => {
    const res = await f.as(alice).post('/api/domainedit', {
      domain: 'client02-anderson.com',
      auto_renew: '1',
      abandon: '0',
      contact_email: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('client02-anderson.com is updated');
    expect(await domainRow('client02-anderson.com')).toMatchObject({
      autoRenew: 1,
      abandon: 0,
      contactEmail: '',
    });
  });

  it('refuses auto-renew and let-expire both set, changing nothing', async () => {
    const res = await f.as(alice).post('/api/domainedit', {
      domain: 'client04-anderson.com',
      auto_renew: 1,
      abandon: 1,
      contact_email: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Auto Renew Yearly and Let Domain Expire cannot both be Yes: choose one');
    expect(await domainRow('client04-anderson.com')).toMatchObject({
      autoRenew: 0,
      abandon: 0,
      contactEmail: 'client4@anderson-design.com',
    });
  });

  it('rejects a bad contact email and a missing flag (400)', async () => {
    const res = await f.as(alice).post('/api/domainedit', {
      domain: 'client04-anderson.com',
      auto_renew: 0,
      abandon: 0,
      contact_email: 'nope',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.contact_email).toBe('This field must be a valid email address');
    const missing = await f
      .as(alice)
      .post('/api/domainedit', { domain: 'client04-anderson.com', abandon: 0 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.auto_renew).toBe('Invalid');
  });

  it('refuses a domain outside our registrar (422) for status and edit', async () => {
    const status = await f.as(alice).get('/api/domain-status/anderson.design');
    expect(status.status).toBe(422);
    expect(status.body.message).toContain('not registered through our registrar partner');
    const edit = await f
      .as(alice)
      .post('/api/domainedit', { domain: 'anderson.design', auto_renew: 1, abandon: 0, contact_email: '' });
    expect(edit.status).toBe(422);
    expect(must(await domainRow('anderson.design'), 'the value').autoRenew).toBe(0);
  });

  it('lets a granted admin and staff edit; refuses others (403), missing (403/404), no token (401)', async () => {
    const byDave = await f.as(dave).post('/api/domainedit', {
      domain: 'harbor-studio.org',
      auto_renew: 0,
      abandon: 0,
      contact_email: 'd@example.org',
    });
    expect(byDave.status).toBe(200);
    expect((await f.as(staff).get('/api/domain-status/harbor-studio.org')).body.data.contact_email).toBe(
      'd@example.org',
    );
    const byBob = await f
      .as(bob)
      .post('/api/domainedit', { domain: 'harbor-studio.org', auto_renew: 1, abandon: 0, contact_email: '' });
    expect(byBob.status).toBe(403);
    expect((await f.as(bob).get('/api/domain-status/harbor-studio.org')).status).toBe(403);
    expect((await f.as(bob).get('/api/domain-status/no-such-domain.com')).status).toBe(403);
    expect((await f.as(staff).get('/api/domain-status/no-such-domain.com')).status).toBe(404);
    expect((await t.as(null).get('/api/domain-status/harbor-studio.org')).status).toBe(401);
    const bad = await f.as(alice).get('/api/domain-status/not_a_domain');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.domain).toBe('Invalid domain name');
  });
});

describe('permissions: domainadmins, addadmin, deleteadmin, delete-admin-from-all', () => {
  it('lists the admins of a domain', async () => {
    const res = await f.as(alice).get('/api/domainadmins/harbor-studio.org');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ logname: dave.logname, scope: 'domain' }]);
    expect((await f.as(alice).get('/api/domainadmins/bakersdozen.com')).status).toBe(403);
    expect((await t.as(null).get('/api/domainadmins/harbor-studio.org')).status).toBe(401);
    expect((await f.as(bob).get('/api/domainadmins/bakersdozen.com')).body.data).toEqual([]);
  });

  it('grant, then the new admin manages the domain’s aliases; removal takes that away', async () => {
    expect((await f.as(carol).get('/api/domain-email-aliases/bakersdozen.com')).status).toBe(403);
    const add = await f.as(bob).post('/api/addadmin', {
      password: bob.password,
      domain: 'bakersdozen.com',
      newadmin: carol.logname,
      logname: bob.logname,
      all: 0,
    });
    expect(add.status).toBe(200);
    expect(add.body.data).toEqual({ admin: carol.logname, all: 0, domains: ['bakersdozen.com'] });
    expect((await f.as(carol).get('/api/domain-email-aliases/bakersdozen.com')).status).toBe(200);
    const alias = await f.as(carol).post('/api/add-domain-alias', {
      src_user: carol.logname,
      src_domain: 'bakersdozen.com',
      targets: 'c@example.org',
    });
    expect(alias.status).toBe(200);
    expect((await f.as(carol).get('/api/domain-email-aliases/bobbaker.net')).status).toBe(403);
    expect(
      (await f.as(carol).get(`/api/domains/${carol.logname}`)).body.data.map(
        (d: { domain: string }) => d.domain,
      ),
    ).toEqual(['bakersdozen.com']);

    const del = await f
      .as(bob)
      .post('/api/deleteadmin', { domain: 'bakersdozen.com', logname: carol.logname });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(`${carol.logname} was removed from bakersdozen.com`);
    expect((await f.as(carol).get('/api/domain-email-aliases/bakersdozen.com')).status).toBe(403);
    expect(await grantsOf(carol.logname)).toEqual([]);
    const again = await f
      .as(bob)
      .post('/api/deleteadmin', { domain: 'bakersdozen.com', logname: carol.logname });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`${carol.logname} is not an admin of bakersdozen.com`);
  });

  it('grants all the owner’s domains, and removing one domain keeps the others', async () => {
    const add = await f.as(bob).post('/api/addadmin', {
      password: bob.password,
      domain: 'bobbaker.net',
      newadmin: carol.logname,
      logname: bob.logname,
      all: '1',
    });
    expect(add.status).toBe(200);
    expect(add.body.data.domains).toEqual(['bakersdozen.com', 'bobbaker.net']);
    expect(await grantsOf(carol.logname)).toEqual([{ owner: bob.logname, domain: null }]);
    const list = await f.as(bob).get('/api/domainadmins/bakersdozen.com');
    expect(list.body.data).toEqual([{ logname: carol.logname, scope: 'all' }]);

    await f.as(bob).post('/api/deleteadmin', { domain: 'bobbaker.net', logname: carol.logname });
    expect(await grantsOf(carol.logname)).toEqual([{ owner: bob.logname, domain: 'bakersdozen.com' }]);
    expect((await f.as(carol).get('/api/domain-email-aliases/bobbaker.net')).status).toBe(403);
    expect((await f.as(carol).get('/api/domain-email-aliases/bakersdozen.com')).status).toBe(200);

    const all = await f
      .as(bob)
      .post('/api/delete-admin-from-all', { admin_to_delete: carol.logname, current_user: bob.logname });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ admin: carol.logname, domains: ['bakersdozen.com'] });
    expect(await grantsOf(carol.logname)).toEqual([]);
    const none = await f
      .as(bob)
      .post('/api/delete-admin-from-all', { admin_to_delete: carol.logname, current_user: bob.logname });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(`${carol.logname} has no permissions on your domains`);
  });

  it('lets only the owner or staff grant and remove: a granted admin gets 403', async () => {
    const byAdmin = await f.as(dave).post('/api/addadmin', {
      password: dave.password,
      domain: 'harbor-studio.org',
      newadmin: bob.logname,
      logname: alice.logname,
      all: 0,
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe('Only the owner of the domain may change its permissions');
    const removeByAdmin = await f
      .as(dave)
      .post('/api/deleteadmin', { domain: 'harbor-studio.org', logname: dave.logname });
    expect(removeByAdmin.status).toBe(403);
    const other = await f.as(bob).post('/api/addadmin', {
      password: bob.password,
      domain: 'harbor-studio.org',
      newadmin: bob.logname,
      logname: bob.logname,
      all: 0,
    });
    expect(other.status).toBe(403);
    const fromAll = await f
      .as(dave)
      .post('/api/delete-admin-from-all', { admin_to_delete: dave.logname, current_user: alice.logname });
    expect(fromAll.status).toBe(403);
    expect((await grantsOf(dave.logname)).length).toBe(1);

    const byStaff = await f.as(staff).post('/api/addadmin', {
      domain: 'bobbaker.net',
      newadmin: carol.logname,
      logname: bob.logname,
      all: 0,
    });
    expect(byStaff.status).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operator, staff.logname), eq(auditLog.action, 'POST /api/addadmin')));
    expect(audit[0]).toMatchObject({ account: bob.logname });
    expect(
      (
        await f
          .as(staff)
          .post('/api/delete-admin-from-all', { admin_to_delete: carol.logname, current_user: bob.logname })
      ).status,
    ).toBe(200);
    expect((await t.as(null).post('/api/addadmin', {})).status).toBe(401);
  });

  it('rejects bad input with clear errors and changes nothing', async () => {
    const self = await f.as(bob).post('/api/addadmin', {
      password: bob.password,
      domain: 'bobbaker.net',
      newadmin: bob.logname,
      logname: bob.logname,
      all: 0,
    });
    expect(self.status).toBe(400);
    expect(self.body.errors.newadmin).toBe(`${bob.logname} owns the domain already`);
    const ghost = await f.as(bob).post('/api/addadmin', {
      password: bob.password,
      domain: 'bobbaker.net',
      newadmin: 'ghost',
      logname: bob.logname,
      all: 0,
    });
    expect(ghost.status).toBe(400);
    // The answer does not tell which account names exist.
    expect(ghost.body.message).toBe('ghost cannot be made an admin - check the account name');
    expect(ghost.body.message).not.toMatch(/no account/i);
    const blank = await f.as(bob).post('/api/addadmin', {
      password: bob.password,
      domain: 'bobbaker.net',
      newadmin: '',
      logname: bob.logname,
      all: 0,
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.newadmin).toBe('Required');
    const scope = await f.as(bob).post('/api/addadmin', {
      password: bob.password,
      domain: 'bobbaker.net',
      newadmin: carol.logname,
      logname: bob.logname,
      all: 2,
    });
    expect(scope.status).toBe(400);
    expect(scope.body.errors.all).toBe('Invalid');
    expect(await grantsOf(carol.logname)).toEqual([]);
    const noAdmin = await f
      .as(bob)
      .post('/api/delete-admin-from-all', { admin_to_delete: '', current_user: bob.logname });
    expect(noAdmin.status).toBe(400);
    expect(noAdmin.body.errors.admin_to_delete).toBe('Required');
  });
});
