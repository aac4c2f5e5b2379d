import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** The summary as the account's columns give it (the mapping before the summary came as one JSON column). */
async function fromColumns(logname: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.logname, logname));
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
      .where(eq(accounts.logname, 'alice'));
    const res = await t.as('alice').get('/api/customer/alice');
    expect(res.status).toBe(200);
    const expected = await fromColumns('alice');
    expect(expected.bill_uid).toBeNull();
    expect(typeof expected.uid).toBe('number');
    expect(res.body.data).toStrictEqual(expected);
    expect(Object.keys(res.body.data)).toEqual(Object.keys(expected));
  });

  it("answers a Secondary's own summary", async () => {
    const res = await t.as('carol').get('/api/customer/carol');
    expect(res.status).toBe(200);
    expect(res.body.data).toStrictEqual(await fromColumns('carol'));
  });
});
