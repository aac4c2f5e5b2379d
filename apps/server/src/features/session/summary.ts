import type { CustomerSummary } from '@portal/contract/session/calls';
import { eq, sql } from 'drizzle-orm';
import { type Db, preparedFor } from '../../db/index.ts';
import { accounts } from '../../db/schema.ts';

/** The account columns a CustomerSummary shows (the home screen reads it at every visit). */
const summaryColumns = {
  uid: accounts.uid,
  billUid: accounts.billUid,
  logname: accounts.logname,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  accountRole: accounts.accountRole,
  company: accounts.company,
  addr1: accounts.addr1,
  addr2: accounts.addr2,
  billEmail: accounts.billEmail,
  homePhone: accounts.homePhone,
  workPhone: accounts.workPhone,
  pricingPlan: accounts.pricingPlan,
  accountType: accounts.accountType,
  billingCode: accounts.billingCode,
  autoBill: accounts.autoBill,
  realm: accounts.realm,
};

type SummaryRow = Pick<typeof accounts.$inferSelect, keyof typeof summaryColumns>;

/** Only the shown columns, as a prepared statement: `GET /api/customer` is the busiest read. */
const summaryQuery = preparedFor((db) =>
  db
    .select(summaryColumns)
    .from(accounts)
    .where(eq(accounts.logname, sql.placeholder('logname')))
    .limit(1)
    .prepare('portal_customer_summary'),
);

export async function readCustomerSummary(db: Db, logname: string): Promise<CustomerSummary | undefined> {
  const [row] = await summaryQuery(db).execute({ logname });
  return row && toCustomerSummary(row);
}

export function toCustomerSummary(row: SummaryRow): CustomerSummary {
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
  };
}
