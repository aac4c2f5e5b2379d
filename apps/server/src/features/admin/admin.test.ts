import { must } from '../../../test/support/must.ts';
import { adminText, classifySecPasswordMessage } from '@portal/contract/admin/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, auditLog, contacts, mailPasswordChanges } from '../../db/schema.ts';
import { EXPECTATIONS, expected } from '../../../test/security/expectations/index.ts';
import { loadTargets } from '../../../test/security/targets.ts';
import { type Account, type AccountInput, factories, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { importDocument } from '../../lib/import.ts';

const DENIED = { status: 0, message: 'Permission denied', code: 'forbidden' };
const NO_INFO = {
  status: 0,
  message: "Secondary accounts don't have access to this information",
  code: 'forbidden',
};

const PASSWORD = 'admin-test-pass';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
/** The accounts this file made, by logname. */
const made: Record<string, Account> = {};
const uidOf = (logname: string) => must(made[logname], logname).uid;

beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const person = async (
    logname: string,
    first_name: string,
    last_name: string,
    input: Omit<AccountInput, 'logname' | 'password'> = {},
  ) => {
    made[logname] = await f.makeAccount({
      ...input,
      logname,
      password: PASSWORD,
      fields: { first_name, last_name, ...input.fields },
    });
    return must(made[logname], logname);
  };
  const alice = await person('alice', 'Alice', 'Anderson');
  const bob = await person('bob', 'Bob', 'Baker');
  // alice's Secondaries: a mail account, her dashboard admin and a network account; bob's one
  // (frank), to name in alice's calls.
  await person('carol', 'Carol', 'Anderson', { primary: alice, fields: { at_code: 9 } });
  await person('dave', 'Dave', 'Dunn', { primary: alice, fields: { at_code: 1, dashboard_admin: true } });
  await person('erin', 'Erin', 'Ellis', { primary: alice, fields: { at_code: 2 } });
  await person('frank', 'Frank', 'Baker', { primary: bob, fields: { at_code: 9 } });
  await person('staff', 'Sam', 'Staffer', { role: 'staff' });
  await person('admin', 'Ada', 'Admin', { role: 'admin' });

  // What the access matrix's samples of a dashboard admin's reads name (test/security/targets.ts):
  // each Primary's domain with an alias, the granted-domain target's (harbor-studio.org), a
  // website, alice's devsite, a contact and an invoice.
  for (const [owner, domain] of [
    [alice, 'anderson-design.com'],
    [alice, 'harbor-studio.org'],
    [bob, 'bakersdozen.com'],
  ] as const) {
    await f.makeDomain({ owner, domain });
    await f.makeAlias({ domain: { domain }, src: 'info' });
  }
  for (const owner of [alice, bob]) {
    await f.makeInvoice({ owner });
    await f.makeAddress({ owner, kind: 'bill' });
  }
  const contact = (tcid: number, owner: string, contact: string, contact_info: string, flags: string) => ({
    tcid,
    owner,
    contact,
    contact_info,
    restricted: flags[0],
    technical: flags[1],
    billing: flags[2],
  });
  const circuit = (owner: Account, loc_name: string, addr1: string, addr2: string) => ({
    owner: owner.logname,
    uid: owner.uid,
    loc_name,
    addr1,
    addr2,
  });
  await importDocument(t.db, {
    websites: [
      { vid: 3101, owner: 'alice', virtname: 'anderson-design.com' },
      { vid: 3201, owner: 'bob', virtname: 'bakersdozen.com' },
    ],
    devsites: [
      { vid: 3901, owner: 'alice', domain: 'anderson-design.com', virtname: 'dev.anderson-design.com' },
    ],
    // alice's three contacts (tcid 1–3) and bob's one (tcid 4).
    contacts: [
      {
        ...contact(1, 'alice', 'Alice Anderson', 'alice@anderson-design.com\n207-555-0142', '011'),
        restriction: '',
      },
      {
        ...contact(2, 'alice', 'Dave Dunn', 'dave@anderson-design.com\n207-555-0177 (mobile)', '110'),
        restriction: 'May open tickets for the web server only.\nNo billing changes.',
      },
      {
        ...contact(3, 'alice', 'Front Desk', 'frontdesk@anderson-design.com', '100'),
        restriction: 'Outage reports only.',
      },
      { ...contact(4, 'bob', 'Bob Baker', 'bob.baker@example.org', '011'), restriction: '' },
    ],
    circuits: [
      {
        ...circuit(alice, 'Portland Studio', '12 Harbor Street', 'Portland, ME 04101'),
        provider: 'Consolidated Fiber',
        speed: '1 Gbps',
        active_date: '20190315',
      },
      {
        ...circuit(alice, 'Warehouse', '400 Commercial St', 'Portland, ME 04101'),
        provider: 'Spectrum Business',
        speed: '300/30 Mbps',
        active_date: '2021',
      },
      {
        ...circuit(bob, 'Home', '48 Elm Avenue', 'Burlington, VT 05401'),
        provider: 'DSL',
        speed: '50/10 Mbps',
      },
    ],
    bus_accounts: [
      {
        account: 'alice-backup',
        owner: 'alice',
        uid: alice.uid,
        plan: 'Business Backup 500',
        total_quota: 500,
        percent_used: 62,
        active_files: 184233,
        retained_files: 1203441,
        comment: 'Nightly workstation backups',
      },
      {
        account: 'alice-nas',
        owner: 'alice',
        uid: alice.uid,
        plan: 'Business Backup 2T',
        total_quota: 2000,
        percent_used: 18,
        active_files: 90211,
        retained_files: 240118,
        comment: '',
      },
    ],
  });
  as = requestsAs(t, PASSWORD);
});
afterAll(() => t.close());

const admins = async () =>
  (
    await t.db
      .select({ logname: accounts.logname, admin: accounts.dashboardAdmin })
      .from(accounts)
      .where(eq(accounts.accountRole, 'Secondary'))
      .orderBy(accounts.logname)
  ).map((r) => `${r.logname}:${r.admin}`);

const contactRow = async (tcid: number) =>
  (await t.db.select().from(contacts).where(eq(contacts.tcid, tcid)))[0];

describe('GET /api/secondaries/{user}', () => {
  it("lists the primary's secondaries with type code and dashboard-admin mark", async () => {
    const res = await as('alice').get('/api/secondaries/alice');
    expect(res.status).toBe(200);
    expect(res.body.data.secondaries).toEqual([
      {
        logname: 'carol',
        uid: uidOf('carol'),
        first_name: 'Carol',
        last_name: 'Anderson',
        at_code: 9,
        prime_uid: 0,
      },
      {
        logname: 'dave',
        uid: uidOf('dave'),
        first_name: 'Dave',
        last_name: 'Dunn',
        at_code: 1,
        prime_uid: uidOf('alice'),
      },
      {
        logname: 'erin',
        uid: uidOf('erin'),
        first_name: 'Erin',
        last_name: 'Ellis',
        at_code: 2,
        prime_uid: 0,
      },
    ]);
    expect(
      (await as('bob').get('/api/secondaries/bob')).body.data.secondaries.map(
        (s: { logname: string }) => s.logname,
      ),
    ).toEqual(['frank']);
  });

  it('tells a Secondary it has no access, and refuses other accounts and dashboard admins', async () => {
    const own = await as('carol').get('/api/secondaries/carol');
    expect(own.status).toBe(403);
    expect(own.body).toEqual(NO_INFO);
    expect((await as('carol').get('/api/secondaries/alice')).body).toEqual(DENIED);
    // A dashboard admin may view the account, not administer its secondaries.
    expect((await as('dave').get('/api/secondaries/alice')).status).toBe(403);
    expect((await as('bob').get('/api/secondaries/alice')).body).toEqual(DENIED);
    expect((await as('bob').get('/api/secondaries/nobody')).body).toEqual(DENIED);
  });

  it('answers 401 without a token, 400 for a malformed name, and staff on any account (404 when missing)', async () => {
    expect((await t.request('GET', '/api/secondaries/alice')).body.status).toBe('expired_token');
    const bad = await as('alice').get('/api/secondaries/bad!name');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.user).toBe('Invalid account name');
    expect((await as('staff').get('/api/secondaries/alice')).body.data.secondaries).toHaveLength(3);
    expect((await as('staff').get('/api/secondaries/nobody')).status).toBe(404);
  });
});

describe('POST /api/update-admins', () => {
  beforeEach(async () => {
    await t.db.update(accounts).set({ dashboardAdmin: false }).where(eq(accounts.accountRole, 'Secondary'));
    await t.db.update(accounts).set({ dashboardAdmin: true }).where(eq(accounts.logname, 'dave'));
  });

  it('makes exactly the listed secondaries dashboard admins', async () => {
    const res = await as('alice').post('/api/update-admins', {
      password: PASSWORD,
      logname: 'alice',
      admins: `${uidOf('carol')}, ${uidOf('erin')},${uidOf('erin')}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.message).toBe('Dashboard admins of alice updated');
    expect(
      res.body.data.secondaries.map((s: { logname: string; prime_uid: number }) => [s.logname, s.prime_uid]),
    ).toEqual([
      ['carol', uidOf('alice')],
      ['dave', 0],
      ['erin', uidOf('alice')],
    ]);
    expect(await admins()).toEqual(['carol:true', 'dave:false', 'erin:true', 'frank:false']);
    const none = await as('alice').post('/api/update-admins', {
      password: PASSWORD,
      logname: 'alice',
      admins: '',
    });
    expect(none.status).toBe(200);
    expect(await admins()).toEqual(['carol:false', 'dave:false', 'erin:false', 'frank:false']);
  });

  it("refuses a uid that is not one of the primary's secondaries and changes nothing", async () => {
    for (const list of [
      `${uidOf('carol')},${uidOf('frank')}`,
      `${uidOf('bob')}`,
      `${uidOf('alice')}`,
      '999999',
    ]) {
      const res = await as('alice').post('/api/update-admins', {
        password: PASSWORD,
        logname: 'alice',
        admins: list,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(DENIED);
    }
    expect(await admins()).toEqual(['carol:false', 'dave:true', 'erin:false', 'frank:false']);
    // Nor can bob name alice's secondaries as his.
    expect(
      (
        await as('bob').post('/api/update-admins', {
          password: PASSWORD,
          logname: 'bob',
          admins: `${uidOf('carol')}`,
        })
      ).status,
    ).toBe(403);
    expect(await admins()).toEqual(['carol:false', 'dave:true', 'erin:false', 'frank:false']);
  });

  it('answers 400 with the list rule, 401 without token, 403 for Secondaries and other accounts', async () => {
    const bad = await as('alice').post('/api/update-admins', {
      password: PASSWORD,
      logname: 'alice',
      admins: `${uidOf('carol')},abc`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.admins).toBe(adminText.adminsList);
    expect(
      (await as('alice').post('/api/update-admins', { password: PASSWORD, logname: 'alice' })).body.errors
        .admins,
    ).toBe(adminText.adminsList);
    expect(
      (await t.request('POST', '/api/update-admins', { body: { logname: 'alice', admins: '' } })).status,
    ).toBe(401);
    expect(
      (await as('carol').post('/api/update-admins', { password: PASSWORD, logname: 'carol', admins: '' }))
        .body,
    ).toEqual(NO_INFO);
    expect(
      (
        await as('dave').post('/api/update-admins', {
          password: PASSWORD,
          logname: 'alice',
          admins: `${uidOf('dave')}`,
        })
      ).body,
    ).toEqual(DENIED);
    expect(
      (await as('bob').post('/api/update-admins', { password: PASSWORD, logname: 'alice', admins: '' })).body,
    ).toEqual(DENIED);
    expect(await admins()).toEqual(['carol:false', 'dave:true', 'erin:false', 'frank:false']);
  });

  it('lets staff update the admins of an account, written to the audit log', async () => {
    const res = await as('staff').post('/api/update-admins', {
      logname: 'alice',
      admins: `${uidOf('erin')}`,
    });
    expect(res.status).toBe(200);
    const entry = must(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.operator, 'staff'), eq(auditLog.action, 'POST /api/update-admins')))
      )[0],
      'entry',
    );
    expect(entry.account).toBe('alice');
    expect(entry.details).toMatchObject({ logname: 'alice', admins: [uidOf('erin')] });
  });
});

describe('dashboard admins: grant and revoke', () => {
  beforeEach(async () => {
    await t.db.update(accounts).set({ dashboardAdmin: false }).where(eq(accounts.accountRole, 'Secondary'));
    await t.db.update(accounts).set({ dashboardAdmin: true }).where(eq(accounts.logname, 'dave'));
  });

  const primaryReads = [
    '/api/customer/alice',
    '/api/account-role/alice',
    '/api/contacts/alice',
    '/api/circuits/alice',
    '/api/bus-accounts/alice',
  ];

  it("gives a designated secondary the primary's account information, and takes it away when undesignated", async () => {
    for (const url of primaryReads) expect((await as('carol').get(url)).status, url).toBe(403);
    await as('alice').post('/api/update-admins', {
      password: PASSWORD,
      logname: 'alice',
      admins: `${uidOf('carol')}`,
    });
    for (const url of primaryReads) expect((await as('carol').get(url)).status, url).toBe(200);
    expect((await as('carol').get('/api/customer/alice')).body.data.logname).toBe('alice');
    expect((await as('carol').post('/api/get-contact', { logname: 'alice', tcid: 1 })).status).toBe(200);
    // dave was undesignated by the same list.
    for (const url of primaryReads) expect((await as('dave').get(url)).status, url).toBe(403);
    await as('alice').post('/api/update-admins', { password: PASSWORD, logname: 'alice', admins: '' });
    for (const url of primaryReads) expect((await as('carol').get(url)).body, url).toEqual(DENIED);
    expect((await as('carol').post('/api/get-contact', { logname: 'alice', tcid: 1 })).body).toEqual(DENIED);
  });

  it("never lets a dashboard admin change the primary's data or read another account", async () => {
    const before = await contactRow(1);
    const changes: Array<[string, object]> = [
      ['/api/add-contact', { logname: 'alice', contact: 'X', info: 'x', restriction: 'x' }],
      ['/api/update-contact', { logname: 'alice', tcid: 1, contact: 'X', info: 'x', restriction: 'x' }],
      ['/api/delete-contact', { account: 'alice', id: 1 }],
      ['/api/update-admins', { logname: 'alice', admins: `${uidOf('dave')}` }],
    ];
    for (const [url, body] of changes) expect((await as('dave').post(url, body)).body, url).toEqual(DENIED);
    expect(await contactRow(1)).toEqual(before);
    expect((await as('dave').get('/api/customer/bob')).status).toBe(403);
    expect((await as('dave').get('/api/contacts/bob')).status).toBe(403);
  });

  /**
   * Every read a dashboard admin may make on its primary: the calls registered with the `read`
   * rule, GET and POST, with any parameters and objects — each sent as the access matrix sends it
   * (test/security/expectations/), naming alice and alice's objects.
   */
  it('covers every read a dashboard admin may make (GET and POST, objects too): granted, revoked, granted again', async () => {
    const alice = (await loadTargets(t.db))('A');
    // 'info' is 'read' of a Primary's own information (contacts, circuits, BUS accounts).
    const reads = t.app.deps.calls.filter((c) => c.access === 'account:read' || c.access === 'account:info');
    const keyOf = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
    // The rule and the expectations table agree: the account calls dave passes on alice are these.
    const passes = t.app.deps.calls
      .filter((c) => {
        const e = EXPECTATIONS[keyOf(c)];
        return e?.access.startsWith('account:') && expected(e, 'dave', 'A') === 'pass';
      })
      .map(keyOf);
    expect(passes.sort()).toEqual(reads.map(keyOf).sort());
    expect(reads.filter((c) => c.method === 'POST').length).toBeGreaterThan(0);
    expect(reads.filter((c) => (c.path.match(/:\w+/g) ?? []).length > 1).length).toBeGreaterThan(0);

    const send = (c: { method: string; path: string }) => {
      const sample = must(EXPECTATIONS[keyOf(c)], 'EXPECTATIONS[keyOf(c)]').sample(alice);
      if (!sample) throw new Error(`${keyOf(c)}: no sample for alice`);
      const url = c.path.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(String(sample.params?.[name])),
      );
      return c.method === 'GET' ? as('dave').get(url) : as('dave').post(url, sample.body ?? {});
    };
    const passed = async (c: { method: string; path: string }) => {
      const res = await send(c);
      const ok =
        (res.status >= 200 && res.status < 300) ||
        !!must(EXPECTATIONS[keyOf(c)], 'EXPECTATIONS[keyOf(c)]').answers?.[res.status];
      expect(ok, `${keyOf(c)}: ${res.status} ${JSON.stringify(res.body)}`).toBe(true);
    };

    for (const c of reads) await passed(c);
    await as('alice').post('/api/update-admins', { password: PASSWORD, logname: 'alice', admins: '' });
    for (const c of reads) expect((await send(c)).body, keyOf(c)).toEqual(DENIED);
    await as('alice').post('/api/update-admins', {
      password: PASSWORD,
      logname: 'alice',
      admins: `${uidOf('dave')}`,
    });
    for (const c of reads) await passed(c);
  });

  it('gives a dashboard admin no billing, mail identities, domain list or personal settings of its primary', async () => {
    const alice = (await loadTargets(t.db))('A');
    // docs/areas/admin.md: view-only account information, nothing more.
    const notForAdmins = [
      'GET /api/get-statement-delivery/:logname',
      'POST /api/get-bill-address',
      'GET /api/get-payment-methods/:account',
      'GET /api/get-payment-info/:user',
      'GET /api/recent-payments/:account',
      'GET /api/invoices/:user',
      'POST /api/get-invoice',
      'GET /api/tempemails/:user',
      'GET /api/get-recovery-emails/:user',
      'GET /api/domains/:account',
      'GET /api/domain-usage/:account',
      'GET /api/domain-counts/:user',
      'GET /api/usermode/:operator',
      'GET /api/secondaries/:user',
    ];
    for (const key of notForAdmins) {
      const [method, path] = key.split(' ');
      const sample = EXPECTATIONS[key]?.sample(alice);
      expect(sample, `${key} has a sample`).toBeTruthy();
      const url = must(path, 'path').replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(String(sample?.params?.[name])),
      );
      const res =
        method === 'GET' ? await as('dave').get(url) : await as('dave').post(url, sample?.body ?? {});
      expect(res.body, key).toEqual(DENIED);
      // The primary itself reads it (a sample that works, not a refusal of a malformed call).
      const own =
        method === 'GET' ? await as('alice').get(url) : await as('alice').post(url, sample?.body ?? {});
      expect(own.status, `${key} as alice`).toBe(200);
    }
  });
});

describe('GET /api/contacts/{account}', () => {
  it('lists the account contacts sorted by contact, with contact_info and flags', async () => {
    const res = await as('alice').get('/api/contacts/alice');
    expect(res.status).toBe(200);
    const list = res.body.data.contacts;
    expect(list.map((c: { contact: string }) => c.contact)).toEqual([
      'Alice Anderson',
      'Dave Dunn',
      'Front Desk',
    ]);
    expect(list[1]).toEqual({
      tcid: 2,
      contact: 'Dave Dunn',
      contact_info: 'dave@anderson-design.com\n207-555-0177 (mobile)',
      restricted: '1',
      technical: '1',
      billing: '0',
      restriction: 'May open tickets for the web server only.\nNo billing changes.',
    });
  });

  it('refuses other accounts, tells a Secondary it has no access, answers 401 and 400', async () => {
    expect((await as('bob').get('/api/contacts/alice')).body).toEqual(DENIED);
    expect((await as('carol').get('/api/contacts/alice')).body).toEqual(DENIED);
    expect((await as('carol').get('/api/contacts/carol')).body).toEqual(NO_INFO);
    expect((await t.request('GET', '/api/contacts/alice')).status).toBe(401);
    expect((await as('alice').get('/api/contacts/-x')).status).toBe(400);
    expect((await as('staff').get('/api/contacts/bob')).body.data.contacts).toHaveLength(1);
    expect((await as('staff').get('/api/contacts/nobody')).status).toBe(404);
  });
});

describe('contacts: add, get, update, delete', () => {
  const fields = {
    contact: 'Night Shift',
    info: 'noc@anderson-design.com\n207-555-0199',
    restricted: '1',
    technical: '1',
    billing: '0',
    restriction: 'Outages only.\nNo changes.',
  };

  it('adds a contact (info sent, contact_info returned) and lists it', async () => {
    const res = await as('alice').post('/api/add-contact', { logname: 'alice', ...fields });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    const c = res.body.data.contact;
    expect(c).toMatchObject({
      contact: 'Night Shift',
      contact_info: fields.info,
      restricted: '1',
      technical: '1',
      billing: '0',
      restriction: fields.restriction,
    });
    expect(c.tcid).toBeGreaterThan(4);
    const list = (await as('alice').get('/api/contacts/alice')).body.data.contacts;
    expect(list.map((x: { contact: string }) => x.contact)).toContain('Night Shift');
    const got = await as('alice').post('/api/get-contact', { logname: 'alice', tcid: c.tcid });
    expect(got.body.data.contact).toEqual(c);
  });

  it('defaults absent flags to 0 and accepts booleans', async () => {
    const res = await as('bob').post('/api/add-contact', {
      logname: 'bob',
      contact: 'Spouse',
      info: 'x',
      restriction: 'none',
      billing: true,
    });
    expect(res.body.data.contact).toMatchObject({ restricted: '0', technical: '0', billing: '1' });
  });

  it('requires info and restriction (and a name), with the exact texts, and adds nothing', async () => {
    const count = (await t.db.select().from(contacts)).length;
    const res = await as('alice').post('/api/add-contact', {
      logname: 'alice',
      contact: 'X',
      info: '  ',
      restriction: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(0);
    expect(res.body.errors).toMatchObject({ info: 'Required', restriction: 'Required' });
    expect(res.body.message).toBe('info: Required');
    expect(
      (await as('alice').post('/api/add-contact', { logname: 'alice', info: 'i', restriction: 'r' })).body
        .errors.contact,
    ).toBe('Required');
    expect(
      (await as('alice').post('/api/add-contact', { logname: 'alice', ...fields, technical: 'yes' })).body
        .errors.technical,
    ).toBe('Invalid');
    expect((await t.db.select().from(contacts)).length).toBe(count);
  });

  it('refuses to add to another account, to a Secondary, or without a token', async () => {
    const count = (await t.db.select().from(contacts)).length;
    expect((await as('bob').post('/api/add-contact', { logname: 'alice', ...fields })).body).toEqual(DENIED);
    expect((await as('carol').post('/api/add-contact', { logname: 'carol', ...fields })).body).toEqual(
      NO_INFO,
    );
    expect(
      (await t.request('POST', '/api/add-contact', { body: { logname: 'alice', ...fields } })).status,
    ).toBe(401);
    expect((await t.db.select().from(contacts)).length).toBe(count);
  });

  it("gets a contact only with its owner: another account's id is refused like a missing one", async () => {
    const got = await as('alice').post('/api/get-contact', { logname: 'alice', tcid: '2' });
    expect(got.body.data.contact.contact_info).toBe('dave@anderson-design.com\n207-555-0177 (mobile)');
    const foreign = await as('alice').post('/api/get-contact', { logname: 'alice', tcid: 4 });
    const missing = await as('alice').post('/api/get-contact', { logname: 'alice', tcid: 99999 });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
    expect((await as('alice').post('/api/get-contact', { logname: 'bob', tcid: 4 })).body).toEqual(DENIED);
    expect((await as('staff').post('/api/get-contact', { logname: 'alice', tcid: 4 })).body).toEqual({
      status: 0,
      message: 'Contact not found',
      code: 'not_found',
    });
    expect((await as('staff').post('/api/get-contact', { logname: 'bob', tcid: 4 })).status).toBe(200);
    expect(
      (await as('alice').post('/api/get-contact', { logname: 'alice', tcid: 'abc' })).body.errors.tcid,
    ).toBe('Must be a number'); // A wrong type is told so
    expect(
      (await t.request('POST', '/api/get-contact', { body: { logname: 'alice', tcid: 1 } })).status,
    ).toBe(401);
    expect((await as('carol').post('/api/get-contact', { logname: 'carol', tcid: 1 })).body).toEqual(NO_INFO);
  });

  it('updates a contact of the account and nothing else', async () => {
    const res = await as('alice').post('/api/update-contact', {
      logname: 'alice',
      tcid: 3,
      ...fields,
      contact: 'Front Desk',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.contact).toMatchObject({
      tcid: 3,
      contact: 'Front Desk',
      contact_info: fields.info,
      technical: '1',
    });
    expect(must(await contactRow(3), 'the value').contactInfo).toBe(fields.info);

    const bobBefore = await contactRow(4);
    const foreign = await as('alice').post('/api/update-contact', { logname: 'alice', tcid: 4, ...fields });
    expect(foreign.body).toEqual(DENIED);
    expect(
      (await as('alice').post('/api/update-contact', { logname: 'bob', tcid: 4, ...fields })).body,
    ).toEqual(DENIED);
    expect(await contactRow(4)).toEqual(bobBefore);

    const bad = await as('alice').post('/api/update-contact', {
      logname: 'alice',
      tcid: 3,
      ...fields,
      restriction: ' ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.restriction).toBe('Required');
    expect(
      (await as('alice').post('/api/update-contact', { logname: 'alice', ...fields })).body.errors.tcid,
    ).toBeTruthy();
    expect(
      (await t.request('POST', '/api/update-contact', { body: { logname: 'alice', tcid: 3, ...fields } }))
        .status,
    ).toBe(401);
    expect(
      (await as('staff').post('/api/update-contact', { logname: 'alice', tcid: 4, ...fields })).status,
    ).toBe(404);
    expect(await contactRow(4)).toEqual(bobBefore);
  });

  it('deletes a contact of the account with "Deleted {contact}"; a foreign id is refused and kept', async () => {
    const added = (
      await as('alice').post('/api/add-contact', { logname: 'alice', ...fields, contact: 'Temp' })
    ).body.data.contact;
    expect((await as('alice').post('/api/delete-contact', { account: 'alice', id: 4 })).body).toEqual(DENIED);
    expect((await as('bob').post('/api/delete-contact', { account: 'bob', id: added.tcid })).body).toEqual(
      DENIED,
    );
    expect((await as('bob').post('/api/delete-contact', { account: 'alice', id: added.tcid })).body).toEqual(
      DENIED,
    );
    expect(await contactRow(4)).toBeTruthy();
    const res = await as('alice').post('/api/delete-contact', { account: 'alice', id: added.tcid });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Deleted Temp');
    expect(res.body.data).toEqual({ tcid: added.tcid, contact: 'Temp' });
    expect(await contactRow(added.tcid)).toBeUndefined();
    // Deleting it again: it is gone.
    expect((await as('alice').post('/api/delete-contact', { account: 'alice', id: added.tcid })).status).toBe(
      403,
    );
    // An id that was not sent is missing: the spec's "Required" (z.coerce called it "Invalid").
    expect((await as('alice').post('/api/delete-contact', { account: 'alice' })).body.errors.id).toBe(
      'Required',
    );
    expect(
      (await t.request('POST', '/api/delete-contact', { body: { account: 'alice', id: 1 } })).status,
    ).toBe(401);
  });

  it('writes staff changes to contacts to the audit log', async () => {
    const res = await as('admin').post('/api/add-contact', {
      logname: 'bob',
      ...fields,
      contact: 'By Staff',
    });
    expect(res.status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operator, 'admin'), eq(auditLog.account, 'bob')));
    expect(entries.map((e) => e.action)).toContain('POST /api/add-contact');
  });
});

describe('GET /api/circuits/{account}', () => {
  it("lists the account's circuits with their fields, dates as stored", async () => {
    const res = await as('alice').get('/api/circuits/alice');
    expect(res.status).toBe(200);
    expect(res.body.data.circuits).toEqual([
      {
        uid: uidOf('alice'),
        loc_name: 'Portland Studio',
        addr1: '12 Harbor Street',
        addr2: 'Portland, ME 04101',
        provider: 'Consolidated Fiber',
        speed: '1 Gbps',
        active_date: '20190315',
      },
      {
        uid: uidOf('alice'),
        loc_name: 'Warehouse',
        addr1: '400 Commercial St',
        addr2: 'Portland, ME 04101',
        provider: 'Spectrum Business',
        speed: '300/30 Mbps',
        active_date: '2021',
      },
    ]);
    expect((await as('bob').get('/api/circuits/bob')).body.data.circuits).toHaveLength(1);
  });

  it('refuses other accounts and Secondaries, 401 without token, 400 for a bad name', async () => {
    expect((await as('bob').get('/api/circuits/alice')).body).toEqual(DENIED);
    expect((await as('carol').get('/api/circuits/carol')).body).toEqual(NO_INFO);
    expect((await t.request('GET', '/api/circuits/alice')).status).toBe(401);
    expect((await as('alice').get('/api/circuits/a%20b')).status).toBe(400);
    expect((await as('staff').get('/api/circuits/nobody')).status).toBe(404);
  });
});

describe('GET /api/bus-accounts/{account}', () => {
  it("lists the account's BUS accounts; an account without any gets an empty list", async () => {
    const res = await as('alice').get('/api/bus-accounts/alice');
    expect(res.status).toBe(200);
    expect(res.body.data.bus_accounts).toEqual([
      {
        uid: uidOf('alice'),
        account: 'alice-backup',
        plan: 'Business Backup 500',
        total_quota: 500,
        percent_used: 62,
        active_files: 184233,
        retained_files: 1203441,
        comment: 'Nightly workstation backups',
      },
      {
        uid: uidOf('alice'),
        account: 'alice-nas',
        plan: 'Business Backup 2T',
        total_quota: 2000,
        percent_used: 18,
        active_files: 90211,
        retained_files: 240118,
        comment: '',
      },
    ]);
    expect((await as('bob').get('/api/bus-accounts/bob')).body.data.bus_accounts).toEqual([]);
  });

  it('refuses other accounts and Secondaries, 401 without token, 400 for a bad name', async () => {
    expect((await as('bob').get('/api/bus-accounts/alice')).body).toEqual(DENIED);
    expect((await as('carol').get('/api/bus-accounts/carol')).body).toEqual(NO_INFO);
    expect((await t.request('GET', '/api/bus-accounts/alice')).status).toBe(401);
    expect((await as('alice').get('/api/bus-accounts/A*')).status).toBe(400);
    expect((await as('staff').get('/api/bus-accounts/bob')).status).toBe(200);
  });
});

describe('POST /api/change-unix-password with the secondary payload (Set Passwords for Secondaries)', () => {
  const GOOD = 'Tq7vLm2-xZp9-harbor';
  // The screen sends one call per filled-in row: the secondary, its primary and the primary's panel password.
  const row = (logname: string, uid: number, over: Record<string, unknown> = {}) => ({
    logname,
    panel_logname: 'alice',
    panel_password: PASSWORD,
    new: GOOD,
    confirm: GOOD,
    id: uid,
    ...over,
  });
  const changes = async () =>
    (await t.db.select().from(mailPasswordChanges).orderBy(mailPasswordChanges.id)).map(
      (c) => `${c.owner}:${c.status}`,
    );
  const post = (who: string, body: object) => as(who).post('/api/change-unix-password', body);

  it('changes nothing for any row when the panel password is wrong', async () => {
    for (const [logname, uid] of [
      ['carol', uidOf('carol')],
      ['erin', uidOf('erin')],
    ] as const) {
      const res = await post('alice', row(logname, uid, { panel_password: 'not-alices-password' }));
      expect(res.status).toBe(422);
      expect(res.body.status).toBe(0);
      expect(classifySecPasswordMessage(res.body.message).status).toBe('error');
    }
    expect(await changes()).toEqual([]);
  });

  it("refuses a secondary of another account and the account's own Secondaries, changing nothing", async () => {
    const foreign = await post('alice', row('frank', uidOf('frank')));
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/^Permission denied/);
    const notPrimary = await post(
      'carol',
      row('erin', uidOf('erin'), { panel_logname: 'carol', panel_password: PASSWORD }),
    );
    expect(notPrimary.status).toBe(403);
    expect((await post('bob', row('carol', uidOf('carol'), { panel_password: PASSWORD }))).body).toEqual(
      DENIED,
    );
    expect(
      (await t.request('POST', '/api/change-unix-password', { body: row('carol', uidOf('carol')) })).status,
    ).toBe(401);
    expect(await changes()).toEqual([]);
  });

  it('answers each row: change pending, then already pending; breached is an error ending "data breaches."', async () => {
    const carol = await post('alice', row('carol', uidOf('carol')));
    expect(carol.status).toBe(200);
    expect(carol.body.data).toMatchObject({ logname: 'carol', id: uidOf('carol'), status: 'pending' });
    const erin = await post('alice', row('erin', uidOf('erin')));
    expect(erin.body.data).toMatchObject({ logname: 'erin', id: uidOf('erin'), status: 'pending' });
    expect(await changes()).toEqual(['carol:pending', 'erin:pending']);

    const again = await post(
      'alice',
      row('carol', uidOf('carol'), { new: `${GOOD}-2`, confirm: `${GOOD}-2` }),
    );
    expect(again.body.status).toBe(0);
    expect(classifySecPasswordMessage(again.body.message)).toEqual({ status: 'already', breached: false });

    const breached = await post(
      'alice',
      row('dave', uidOf('dave'), { new: 'password123', confirm: 'password123' }),
    );
    expect(breached.body.status).toBe(0);
    expect(classifySecPasswordMessage(breached.body.message)).toEqual({ status: 'error', breached: true });
    expect(await changes()).toEqual(['carol:pending', 'erin:pending']);
  });

  it('refuses a short password with 400 (the screen checks it first, naming the secondary)', async () => {
    const res = await post('alice', row('dave', uidOf('dave'), { new: 'short', confirm: 'short' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.new).toBe('Must be at least 8 characters');
    expect(adminText.secPasswordTooShort('dave')).toBe('dave: Password must be at least 8 characters long');
    expect(await changes()).toEqual(['carol:pending', 'erin:pending']);
  });
});
