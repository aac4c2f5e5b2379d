import type { CustomerSummary } from '@portal/contract/session/calls';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, preparedFor } from '../../db/index.ts';
import { accounts } from '../../db/schema.ts';

/** The account column of each CustomerSummary field, in the answer's order. */
const summaryFields: Record<keyof CustomerSummary, PgColumn> = {
  uid: accounts.uid,
  bill_uid: accounts.billUid,
  logname: accounts.logname,
  first_name: accounts.firstName,
  last_name: accounts.lastName,
  role: accounts.accountRole,
  company: accounts.company,
  addr1: accounts.addr1,
  addr2: accounts.addr2,
  bill_email: accounts.billEmail,
  home_phone: accounts.homePhone,
  work_phone: accounts.workPhone,
  pricing_plan: accounts.pricingPlan,
  account_type: accounts.accountType,
  billing_code: accounts.billingCode,
  auto_bill: accounts.autoBill,
  realm: accounts.realm,
  language: accounts.language,
};

/**
 * The summary as one JSON column that PostgreSQL builds (`json_build_object`) and the driver parses
 * with one JSON.parse, as a prepared statement: `GET /api/customer` is the busiest read. A row of 17
 * columns cost the driver, at every request, a row description of 17 fields with a type parser each
 * (pg's `addFields`, 4 % of the portal's time under bench:api), 17 parses and drizzle's mapping
 * (docs/decisions/084-request-rows.md). The integer, text and null values come out as the same JSON.
 */
const summaryQuery = preparedFor((db) =>
  db
    .select({
      summary: sql<CustomerSummary>`json_build_object(${sql.join(
        Object.entries(summaryFields).map(([field, column]) => sql`${sql.raw(`'${field}'`)}, ${column}`),
        sql`, `,
      )})`,
    })
    .from(accounts)
    .where(eq(accounts.logname, sql.placeholder('logname')))
    .limit(1)
    .prepare('portal_customer_summary_json'),
);

export async function readCustomerSummary(db: Db, logname: string): Promise<CustomerSummary | undefined> {
  const [row] = await summaryQuery(db).execute({ logname });
  return row?.summary;
}
