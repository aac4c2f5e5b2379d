import { accountText } from '@portal/contract/account/messages';
import { domainText } from '@portal/contract/domains/messages';
import { hostingText } from '@portal/contract/hosting/messages';
import { commonText } from '@portal/contract/messages';
import { eq } from 'drizzle-orm';
import { importDocument } from '../../src/lib/import.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  coworkingPurchases,
  domainGrants,
  hostingChanges,
  mailPasswordChanges,
  statementDelivery,
} from '../../src/db/schema.ts';
import { factories, makeCast, requestsAs } from '../support/factories.ts';
import { build, type Res, type TestApp } from '../support/helper.ts';

/**
 * The rules of the policy that were checks inside handlers (docs/decisions/072-policy-rules.md),
 * attacked through HTTP as the callers who should not pass would try them: every refusal keeps the
 * exact status, text and code the route answered before, and a refused change writes nothing.
 */
const PASSWORD = 'policy-rules-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  const { alice, bob, dave } = await makeCast(t, PASSWORD);
  const f = factories(t);
  // erin: another Secondary of alice; dave holds a grant of alice's harbor-studio.org.
  await f.makeAccount({ logname: 'erin', password: PASSWORD, primary: alice });
  const domain = await f.makeDomain({ owner: alice, domain: 'harbor-studio.org' });
  await f.makeGrant({ owner: alice, admin: dave, domain });
  await importDocument(t.db, {
    websites: [
      { vid: 3101, owner: alice.logname, virtname: 'anderson-design.com', php_version: '8.2', ssl: 2 },
      { vid: 3201, owner: bob.logname, virtname: 'bakersdozen.com', php_version: '8.3', ssl: 2 },
    ],
    webapps: [
      { aid: 1, appname: 'WordPress', urlext: 'blog', needs_suphp: 1, wf_versions: '6.7', version: '6.7.1' },
    ],
  });
  as = requestsAs(t, PASSWORD);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const DENIED = { status: 0, message: commonText.permissionDenied, code: 'forbidden' };
const refusedWith = (message: string) => ({ status: 0, message, code: 'forbidden' });
const missingWith = (message: string) => ({ status: 0, message, code: 'not_found' });
/** The envelope of a failure, without the request id some failures carry. */
const failure = (res: Res) => ({
  status: res.body?.status,
  message: res.body?.message,
  code: res.body?.code,
});

describe("{ domain, scope: 'owner' }: giving and taking a domain's admin rights", () => {
  const GRANTED = 'harbor-studio.org';
  const add = (who: string, over: Record<string, unknown> = {}) =>
    as(who).post('/api/addadmin', {
      password: PASSWORD,
      domain: GRANTED,
      newadmin: 'erin',
      logname: 'alice',
      all: 1,
      ...over,
    });

  it('refuses a granted admin with the owner-only text, a stranger with the plain refusal, and writes nothing', async () => {
    const before = await t.db.select().from(domainGrants);
    const byAdmin = await add('dave');
    expect(byAdmin.status).toBe(403);
    expect(failure(byAdmin)).toEqual(refusedWith(domainText.ownerOnly));
    // The admin tries to remove itself or another admin of the owner: the same answer.
    const removeByAdmin = await as('dave').post('/api/deleteadmin', { domain: GRANTED, logname: 'dave' });
    expect(removeByAdmin.status).toBe(403);
    expect(failure(removeByAdmin)).toEqual(refusedWith(domainText.ownerOnly));
    // A stranger learns nothing: not even that the domain has an owner-only rule.
    const stranger = await add('bob');
    expect(stranger.status).toBe(403);
    expect(failure(stranger)).toEqual(DENIED);
    const strangerRemoves = await as('bob').post('/api/deleteadmin', { domain: GRANTED, logname: 'dave' });
    expect(failure(strangerRemoves)).toEqual(DENIED);
    // A Secondary of the owner that holds no grant is a stranger to the domain.
    expect(failure(await add('carol'))).toEqual(DENIED);
    expect(await t.db.select().from(domainGrants)).toEqual(before);
  });

  it('refuses a granted admin before its password is checked: a wrong or missing password tells it nothing more', async () => {
    const wrong = await add('dave', { password: 'not-daves-password' });
    expect(failure(wrong)).toEqual(refusedWith(domainText.ownerOnly));
    const none = await add('dave', { password: undefined });
    expect(failure(none)).toEqual(refusedWith(domainText.ownerOnly));
  });

  it('refuses a payload naming another account as the owner, to the owner and to staff alike', async () => {
    const before = await t.db.select().from(domainGrants);
    const owner = await add('alice', { logname: 'bob' });
    expect(owner.status).toBe(403);
    expect(failure(owner)).toEqual(refusedWith(domainText.ownerOnly));
    const staff = await add('staff', { logname: 'bob' });
    expect(staff.status).toBe(403);
    expect(failure(staff)).toEqual(refusedWith(domainText.ownerOnly));
    expect(await t.db.select().from(domainGrants)).toEqual(before);
  });

  it('answers a missing domain as the domain rule does: 403 to a customer, 404 to staff', async () => {
    const body = { domain: 'no-such-domain-probe.com', logname: 'erin' };
    expect(failure(await as('alice').post('/api/deleteadmin', body))).toEqual(DENIED);
    const staff = await as('staff').post('/api/deleteadmin', body);
    expect(staff.status).toBe(404);
    expect(failure(staff)).toEqual(missingWith('Domain not found'));
  });

  it('lets the owner and staff through, and still lets the granted admin use the domain', async () => {
    const owner = await add('alice', { all: 0 });
    expect(owner.status).toBe(200);
    const staff = await as('staff').post('/api/deleteadmin', { domain: GRANTED, logname: 'erin' });
    expect(staff.status).toBe(200);
    expect((await as('dave').get(`/api/domainadmins/${GRANTED}`)).status).toBe(200);
  });
});

describe("{ account, scope: 'info' }: a primary's contacts, circuits and BUS accounts", () => {
  const reads = ['/api/contacts/', '/api/circuits/', '/api/bus-accounts/'];

  it('lets the dashboard admin read its primary, as the read scope did', async () => {
    for (const read of reads) expect((await as('dave').get(`${read}alice`)).status, read).toBe(200);
  });

  it('tells a Secondary named as the target it has none of this information, staff included', async () => {
    for (const read of reads) {
      expect(failure(await as('carol').get(`${read}carol`)), read).toEqual(
        refusedWith(commonText.secondaryNoInfo),
      );
      expect(failure(await as('staff').get(`${read}carol`)), read).toEqual(
        refusedWith(commonText.secondaryNoInfo),
      );
    }
    const contact = await as('carol').post('/api/get-contact', { logname: 'carol', tcid: 1 });
    expect(failure(contact)).toEqual(refusedWith(commonText.secondaryNoInfo));
  });

  it('refuses a stranger before saying the target is a Secondary: the text would tell it so', async () => {
    for (const read of reads) {
      // dave reads its own primary's, not another Secondary's; its primary is not carol.
      expect(failure(await as('dave').get(`${read}carol`)), read).toEqual(DENIED);
      expect(failure(await as('bob').get(`${read}carol`)), read).toEqual(DENIED);
      expect(failure(await as('bob').get(`${read}alice`)), read).toEqual(DENIED);
      // The primary does not read its Secondary's either: 'info' is 'read', not 'primary' over it.
      expect(failure(await as('alice').get(`${read}carol`)), read).toEqual(DENIED);
    }
  });
});

describe("{ account, scope: 'statement' }: statement delivery", () => {
  it("tells a Secondary the statement page's own text, and changes nothing", async () => {
    const read = await as('carol').get('/api/get-statement-delivery/carol');
    expect(read.status).toBe(403);
    expect(failure(read)).toEqual(refusedWith(commonText.secondaryNoStatement));
    const staff = await as('staff').get('/api/get-statement-delivery/carol');
    expect(failure(staff)).toEqual(refusedWith(commonText.secondaryNoStatement));
    const change = await as('carol').post('/api/change-statement-delivery', {
      logname: 'carol',
      method: 'e',
      nozero: 1,
      email: '',
    });
    expect(failure(change)).toEqual(refusedWith(commonText.secondaryNoStatement));
    expect(await t.db.select().from(statementDelivery).where(eq(statementDelivery.owner, 'carol'))).toEqual(
      [],
    );
  });

  it('refuses anyone but the account and staff with the plain refusal: the primary, the dashboard admin, a stranger', async () => {
    expect(failure(await as('alice').get('/api/get-statement-delivery/carol'))).toEqual(DENIED);
    expect(failure(await as('dave').get('/api/get-statement-delivery/alice'))).toEqual(DENIED);
    expect(failure(await as('bob').get('/api/get-statement-delivery/alice'))).toEqual(DENIED);
    expect((await as('alice').get('/api/get-statement-delivery/alice')).status).toBe(200);
  });
});

describe('{ account, target }: a Primary changes the mail password of its own Secondary only', () => {
  const change = (who: string, over: Record<string, unknown>) =>
    as(who).post('/api/change-unix-password', {
      panel_logname: who,
      panel_password: PASSWORD,
      new: 'Tq7vLm2-xZp9-harbor',
      confirm: 'Tq7vLm2-xZp9-harbor',
      ...over,
    });

  it('refuses another account, another Primary, a missing one, and a Secondary naming anyone but itself', async () => {
    const before = await t.db.select().from(mailPasswordChanges);
    const cases: [string, Record<string, unknown>][] = [
      ['alice', { logname: 'bob' }],
      ['bob', { logname: 'carol' }],
      ['alice', { logname: 'no-such-account' }],
      ['alice', { logname: 'staff' }],
      ['dave', { logname: 'carol' }],
      ['dave', { logname: 'alice' }],
    ];
    for (const [who, over] of cases) {
      const res = await change(who, over);
      expect(res.status, `${who} → ${over.logname}`).toBe(403);
      expect(failure(res), `${who} → ${over.logname}`).toEqual(refusedWith(accountText.notYourSecondary));
    }
    expect(await t.db.select().from(mailPasswordChanges)).toEqual(before);
  });

  it('checks the panel account first: naming a panel account that is not the caller is the plain refusal', async () => {
    const res = await change('bob', { panel_logname: 'alice', logname: 'carol' });
    expect(failure(res)).toEqual(DENIED);
  });

  it('refuses the target before the panel password is checked: a wrong one tells nothing more', async () => {
    const res = await change('bob', { logname: 'carol', panel_password: 'wrong-password' });
    expect(failure(res)).toEqual(refusedWith(accountText.notYourSecondary));
  });

  it('lets staff name a Secondary through its Primary, and a Primary its own Secondary', async () => {
    const staff = await as('staff').post('/api/change-unix-password', {
      logname: 'erin',
      panel_logname: 'alice',
      panel_password: PASSWORD,
      new: 'Tq7vLm2-xZp9-harbor',
      confirm: 'Tq7vLm2-xZp9-harbor',
    });
    expect(staff.status).toBe(200);
    expect(staff.body.data.logname).toBe('erin');
    const own = await change('alice', { logname: 'carol' });
    expect(own.status).toBe(200);
    expect(own.body.data.logname).toBe('carol');
  });
});

describe('{ site }: a website named by its vid alone', () => {
  const install = (who: string, vid: number) =>
    as(who).post('/api/installapp', { webappid: 0, appname: 'WordPress', vid, subdir: 'probe' });

  it("refuses another customer's vid exactly like a missing one, and queues nothing", async () => {
    const before = await t.db.select().from(hostingChanges);
    const foreign = await install('bob', 3101);
    expect(foreign.status).toBe(403);
    expect(failure(foreign)).toEqual(DENIED);
    const missing = await install('bob', 999_999);
    expect(failure(missing)).toEqual(failure(foreign));
    // The owner's Secondaries, the dashboard admin too: installing is the owner's ('self').
    expect(failure(await install('dave', 3101))).toEqual(DENIED);
    expect(failure(await install('carol', 3101))).toEqual(DENIED);
    expect(await t.db.select().from(hostingChanges)).toEqual(before);
  });

  it("tells staff 'VID not found' for a missing vid, and lets them install for the owner, audited for it", async () => {
    const missing = await install('staff', 999_999);
    expect(missing.status).toBe(404);
    expect(failure(missing)).toEqual(missingWith(hostingText.vidNotFound));
    const done = await install('staff', 3201);
    expect(done.status).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/installapp'));
    expect(entry?.account).toBe('bob');
  });
});

describe("{ account, scope: 'staff' }: staff acting on an account that must exist", () => {
  it('refuses a customer on its own account, before anything is looked up', async () => {
    const before = await t.db.select().from(coworkingPurchases);
    const purchase = await as('bob').post('/api/purchase-product', {
      logname: 'bob',
      pcode: 'DAY',
      units: 1,
    });
    expect(failure(purchase)).toEqual(DENIED);
    const audit = await as('bob').post('/api/addtoaudit', { logname: 'bob', message: 'x' });
    expect(failure(audit)).toEqual(DENIED);
    const removal = await as('alice').post('/api/remove-second-factor', { logname: 'alice' });
    expect(failure(removal)).toEqual(DENIED);
    // A missing account is no different for a customer.
    expect(failure(await as('bob').post('/api/addtoaudit', { logname: 'nobody', message: 'x' }))).toEqual(
      DENIED,
    );
    expect(await t.db.select().from(coworkingPurchases)).toEqual(before);
  });

  it("tells staff 'Account not found' for a missing account", async () => {
    for (const [url, body] of [
      ['/api/purchase-product', { logname: 'nobody', pcode: 'DAY', units: 1 }],
      ['/api/addtoaudit', { logname: 'nobody', message: 'x' }],
      ['/api/remove-second-factor', { logname: 'nobody' }],
    ] as const) {
      const res = await as('staff').post(url, body);
      expect(res.status, url).toBe(404);
      expect(failure(res), url).toEqual(missingWith('Account not found'));
    }
  });

  it('names the account in the audit entry', async () => {
    const res = await as('staff').post('/api/addtoaudit', { logname: 'alice', message: 'Policy probe' });
    expect(res.status).toBe(200);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/addtoaudit'));
    const probe = entries.find(
      (e) => (e.details as Record<string, unknown> | null)?.message === 'Policy probe',
    );
    expect(probe?.account).toBe('alice');
  });
});
