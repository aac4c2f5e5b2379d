import type { CustomerSummary } from '@portal/contract/session/calls';
import type { accounts } from '../../db/schema.ts';

export function toCustomerSummary(row: typeof accounts.$inferSelect): CustomerSummary {
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
