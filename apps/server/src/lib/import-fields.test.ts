import { must } from '../../test/support/must.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  circuits,
  devsites,
  diskUsage,
  domains,
  invoices,
  payments,
  tempEmails,
} from '../db/schema.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { parseDateTime, parseDay } from './days.ts';
import { ImportError, importDocument } from './import.ts';

/**
 * The import takes real back-office data: every date field takes YYYY-MM-DD and YYYYMMDD and
 * stores one form, a stored date in any other shape is a clear answer, not a 500; and the spec's own
 * field names (a Secondary's `prime_uid`, a disk-usage row's `logname` and `uid`) are taken where they
 * agree with the documented fields and refused, naming the row, where they contradict.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
  // The two customers the documents below name, by logname and uid.
  await importDocument(t.db, {
    accounts: [
      { logname: 'alice', uid: 5001, bill_email: 'alice@example.org', password: 'alice-own-pass' },
      { logname: 'bob', uid: 5002, bill_email: 'bob@example.org', password: 'bob-own-pass' },
    ],
  });
  await t.token('alice', 'alice-own-pass');
  await t.token('bob', 'bob-own-pass');
});
afterAll(() => t.close());

describe('days', () => {
  it('reads both forms and refuses days that do not exist', () => {
    expect(parseDay('2026-11-01')).toEqual({ year: 2026, month: 11, day: 1 });
    expect(parseDay('20261101')).toEqual({ year: 2026, month: 11, day: 1 });
    expect(parseDay('2028-02-29')).not.toBeNull();
    for (const v of [
      '2026-02-29',
      '2026-13-01',
      '20260001',
      '2026-1101',
      '202611-01',
      'Nov 1 2026',
      '1',
      '',
      '0999-01-01',
    ])
      expect(parseDay(v), v).toBeNull();
  });

  it('reads ISO date-times (no zone is UTC) and days as their start', () => {
    expect(parseDateTime('2026-11-01T12:00:00Z')?.toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect(parseDateTime('2026-11-01T12:00:00+01:00')?.toISOString()).toBe('2026-11-01T11:00:00.000Z');
    expect(parseDateTime('2026-11-01 12:00')?.toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect(parseDateTime('20261101')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    for (const v of ['1', 'Nov 1 2026', '2026-11-01T25:00:00Z', '2026-02-30T10:00:00Z', '2026-11-01T12'])
      expect(parseDateTime(v), v).toBeNull();
  });
});

describe('import: date fields', () => {
  it('takes an invoice dated YYYY-MM-DD, stores YYYYMMDD, and Make a Payment still loads', async () => {
    await importDocument(t.db, {
      invoices: [
        {
          invoice: 'iso-1',
          owner: 'bob',
          invdate: '2026-12-01',
          duedate: '2026-12-21',
          amount: 10,
          body: '',
        },
      ],
    });
    const row = must((await t.db.select().from(invoices).where(eq(invoices.invoice, 'iso-1')))[0], 'row');
    expect([row.invdate, row.duedate]).toEqual(['20261201', '20261221']);
    const res = await t.as('bob').get('/api/get-payment-info/bob');
    expect(res.status).toBe(200);
    expect(res.body.data.last_invoice).toBe('20261201');
    const inv = await t.as('bob').post('/api/get-invoice', { logname: 'bob', invoice: 'iso-1' });
    expect(inv.status).toBe(200);
  });

  it('takes both forms for every date field and stores one form per field', async () => {
    await importDocument(t.db, {
      domains: [{ domain: 'dates-test.com', owner: 'bob', expiration_date: '20270315' }],
      temp_emails: [
        { name: 'dates-test', owner: 'bob', forwards_to: 'bob@example.org', expires: '20270101' },
      ],
      payments: [{ trans_id: 'dates-1', owner: 'bob', amount: 1, date: '2026-11-02', ccn4: '1111' }],
      circuits: [{ owner: 'bob', uid: 5002, loc_name: 'Dates', active_date: '2019-03-15' }],
      devsites: [
        {
          vid: 3999,
          owner: 'bob',
          domain: 'dates-test.com',
          virtname: 'dev.dates-test.com',
          docroot: '/x',
          setup_date: '20261007',
        },
      ],
    });
    const d = must((await t.db.select().from(domains).where(eq(domains.domain, 'dates-test.com')))[0], 'd');
    expect(d.expirationDate).toBe('2027-03-15');
    const te = must((await t.db.select().from(tempEmails).where(eq(tempEmails.name, 'dates-test')))[0], 'te');
    expect(te.expires.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    const p = must((await t.db.select().from(payments).where(eq(payments.transId, 'dates-1')))[0], 'p');
    expect(p.date.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    const c = must((await t.db.select().from(circuits).where(eq(circuits.locName, 'Dates')))[0], 'c');
    expect(c.activeDate).toBe('20190315');
    const dev = must((await t.db.select().from(devsites).where(eq(devsites.vid, 3999)))[0], 'dev');
    expect(dev.setupDate).toBe('2026-10-07');
  });

  it('refuses a date in neither form, naming the row and field', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [
        { invoices: [{ invoice: 'x', owner: 'bob', invdate: '11/01/2026', duedate: '20261121', amount: 1 }] },
        'invoices[0].invdate',
      ],
      [
        { invoices: [{ invoice: 'x', owner: 'bob', invdate: '20261101', duedate: '2026-02-30', amount: 1 }] },
        'invoices[0].duedate',
      ],
      [
        { domains: [{ domain: 'x.com', owner: 'bob', expiration_date: '2027-1-5' }] },
        'domains[0].expiration_date',
      ],
      [{ payments: [{ trans_id: 'x', owner: 'bob', amount: 1, date: '1', ccn4: '1' }] }, 'payments[0].date'],
      [
        { circuits: [{ owner: 'bob', uid: 1, loc_name: 'x', active_date: 'March 2019' }] },
        'circuits[0].active_date',
      ],
    ];
    for (const [doc, where] of bad) {
      const err = await importDocument(t.db, doc).catch((e: unknown) => e);
      expect(err, where).toBeInstanceOf(ImportError);
      expect((err as Error).message, where).toMatch(
        new RegExp(`^${where.replace(/[[\]]/g, '\\$&')}: expected`),
      );
    }
  });

  it('answers a stored invoice date in an unexpected shape with a clear message, not a 500', async () => {
    await importDocument(t.db, {
      invoices: [
        { invoice: 'odd-1', owner: 'bob', invdate: '20991231', duedate: '20991231', amount: 5, body: '' },
      ],
    });
    await t.db.update(invoices).set({ invdate: '99991231 (draft)' }).where(eq(invoices.invoice, 'odd-1'));
    const res = await t.as('bob').get('/api/get-payment-info/bob');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'The date of invoice odd-1 cannot be read, so the payment status cannot be shown. Please contact the help desk.',
    );
    await t.db.update(invoices).set({ invdate: '2099-12-31' }).where(eq(invoices.invoice, 'odd-1'));
    expect((await t.as('bob').get('/api/get-payment-info/bob')).status).toBe(200);
    await t.db.delete(invoices).where(eq(invoices.invoice, 'odd-1'));
  });
});

const refusal = (doc: Record<string, unknown>) =>
  importDocument(t.db, doc).then(
    () => 'accepted',
    (e: unknown) => (e instanceof ImportError ? e.message : `not an ImportError: ${String(e)}`),
  );
const account = async (logname: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.logname, logname)))[0];

describe("import: the spec's field names", () => {
  it("takes a Secondary's prime_uid: truthy is dashboard admin, 0 is not", async () => {
    await importDocument(t.db, {
      accounts: [
        { logname: 'sec1', uid: 7101, account_role: 'Secondary', primary: 'alice', prime_uid: 5001 },
        { logname: 'sec2', uid: 7102, account_role: 'Secondary', primary: 'alice', prime_uid: 0 },
        {
          logname: 'sec3',
          uid: 7103,
          account_role: 'Secondary',
          primary: 'bob',
          prime_uid: '5002',
          dashboard_admin: true,
        },
        {
          logname: 'sec4',
          uid: 7104,
          account_role: 'Secondary',
          primary: 'bob',
          prime_uid: '0',
          dashboard_admin: false,
        },
      ],
    });
    expect(must(await account('sec1'), "(await account('sec1'))").dashboardAdmin).toBe(true);
    expect(must(await account('sec2'), "(await account('sec2'))").dashboardAdmin).toBe(false);
    expect(must(await account('sec3'), "(await account('sec3'))").dashboardAdmin).toBe(true);
    expect(must(await account('sec4'), "(await account('sec4'))").dashboardAdmin).toBe(false);
    // The Secondaries screen reads it back in the spec's shape.
    const res = await t.as('alice').get('/api/secondaries/alice');
    const rows = res.body.data.secondaries as Array<{ logname: string; prime_uid: number }>;
    expect(rows.find((r) => r.logname === 'sec1')?.prime_uid).toBe(5001);
    expect(rows.find((r) => r.logname === 'sec2')?.prime_uid).toBe(0);
  });

  it('refuses a prime_uid that contradicts the documented fields, naming the row', async () => {
    expect(
      await refusal({
        accounts: [
          { logname: 'sec5', uid: 7105, account_role: 'Secondary', primary: 'alice' },
          {
            logname: 'sec6',
            uid: 7106,
            account_role: 'Secondary',
            primary: 'alice',
            prime_uid: 5001,
            dashboard_admin: false,
          },
        ],
      }),
    ).toBe('accounts[1].prime_uid: 5001 contradicts dashboard_admin false');
    expect(
      await refusal({ accounts: [{ logname: 'pri9', uid: 7109, account_role: 'Primary', prime_uid: 1 }] }),
    ).toBe('accounts[0].prime_uid: only a Secondary can be a dashboard admin');
    expect(
      await refusal({
        accounts: [
          { logname: 'sec7', uid: 7107, account_role: 'Secondary', primary: 'alice', prime_uid: 5002 },
        ],
      }),
    ).toBe("accounts[0].prime_uid: 5002 is not the uid of the account's primary (5001)");
    expect(
      await refusal({
        accounts: [
          { logname: 'sec8', uid: 7108, account_role: 'Secondary', primary: 'alice', prime_uid: 'yes' },
        ],
      }),
    ).toBe("accounts[0].prime_uid: expected the primary's uid, or 0 when not a dashboard admin");
    expect(await account('sec6')).toBeUndefined();
  });

  it("takes a disk-usage row's logname and uid where they agree with the account", async () => {
    await importDocument(t.db, {
      disk_usage: [
        { logname: 'bob', uid: 5002, curr_quota: 100, curr_usage: 40 },
        { owner: 'alice', logname: 'alice', uid: '5001', curr_quota: 200, curr_usage: 10 },
      ],
    });
    const rows = await t.db.select().from(diskUsage);
    expect(rows.find((r) => r.owner === 'bob')).toEqual({ owner: 'bob', currQuota: 100, currUsage: 40 });
    expect(rows.find((r) => r.owner === 'alice')).toEqual({ owner: 'alice', currQuota: 200, currUsage: 10 });
    const res = await t.as('bob').get('/api/disk-usage/bob');
    expect(res.status).toBe(200);
  });

  it('refuses a disk-usage logname or uid that contradicts the row, naming it', async () => {
    expect(
      await refusal({ disk_usage: [{ owner: 'bob', logname: 'alice', curr_quota: 1, curr_usage: 1 }] }),
    ).toBe('disk_usage[0].logname: "alice" contradicts owner "bob"');
    expect(
      await refusal({
        disk_usage: [
          { logname: 'bob', uid: 5002, curr_quota: 1, curr_usage: 1 },
          { logname: 'alice', uid: 5002, curr_quota: 1, curr_usage: 1 },
        ],
      }),
    ).toBe('disk_usage[1].uid: 5002 is not the uid of alice (5001)');
    // All-or-nothing: the refused file changed nothing.
    const bob = must((await t.db.select().from(diskUsage).where(eq(diskUsage.owner, 'bob')))[0], 'bob');
    expect(bob.currQuota).toBe(100);
  });
});
