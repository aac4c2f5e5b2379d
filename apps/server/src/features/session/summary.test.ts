import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

let t: TestApp;
let f: ReturnType<typeof factories>;
let alice: Account;
let carol: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  alice = await f.makeAccount({
    fields: { company: 'Anderson Design', addr1: '1 Main St', addr2: 'Suite 2' },
  });
  carol = await f.makeAccount({ primary: alice });
});
afterAll(() => t.close());

/** The summary as the account's columns give it (the mapping before the summary came as one JSON column). */
async function fromColumns(logname: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.logname, logname));
  if (!row) throw new Error(`no account ${logname}`);
  return {
    uid: row.uid,
    bill_uid: row.billUid,
    logname: row.logname,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.accountRole,
    company: row.company,
    addr1: row.addr1,
    addr2: row.addr2,
    bill_email: row.billEmail,
    home_phone: row.homePhone,
    work_phone: row.workPhone,
    pricing_plan: row.pricingPlan,
    account_type: row.accountType,
    billing_code: row.billingCode,
    auto_bill: row.autoBill,
    realm: row.realm,
    language: row.language,
  };
}

describe('GET /api/customer/{logname}', () => {
  it('answers the account columns with their types (numbers, null, text with quotes and non-ASCII)', async () => {
    await t.db
      .update(accounts)
      .set({ company: 'Zoë\'s "Bakery" \\ Ünicode ✓', billUid: null, addr2: '' })
      .where(eq(accounts.logname, alice.logname));
    const res = await f.as(alice).get(`/api/customer/${alice.logname}`);
    expect(res.status).toBe(200);
    const expected = await fromColumns(alice.logname);
    expect(expected.bill_uid).toBeNull();
    expect(typeof expected.uid).toBe('number');
    expect(res.body.data).toStrictEqual(expected);
    expect(Object.keys(res.body.data)).toEqual(Object.keys(expected));
  });

  it("answers a Secondary's own summary", async () => {
    const res = await f.as(carol).get(`/api/customer/${carol.logname}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toStrictEqual(await fromColumns(carol.logname));
  });
});
