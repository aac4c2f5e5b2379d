import { isStaffRole } from '@portal/contract/constants';
import { commonText } from '@portal/contract/messages';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Db, preparedFor } from '../db/index.ts';
import { accounts, domainGrants, domains } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { Caller } from './tokens.ts';

/**
 * The access policy of DESIGN.md §3, in one place. Every route names one of these rules
 * (see http/route.ts); nothing is decided ad hoc in a handler.
 *
 * - `self`: the account itself, or staff.
 * - `read`: also a Secondary designated "dashboard admin" by the account (its primary).
 * - `billing`: like `self`, but never a Secondary account (cards, payments, statements, invoices).
 * - `primary`: like `self`, but only for a Primary account (secondary administration).
 * - `own`: the account itself only, never staff nor its primary: its own credentials (a second
 *   factor, passkeys, API tokens), which only the person holding them can make; staff may read them
 *   with `self` calls, and remove a second factor with a staff call.
 */
export type AccountScope = 'self' | 'read' | 'billing' | 'primary' | 'own';

export interface AccountRef {
  logname: string;
  uid: number;
  accountRole: string;
  primary: string | null;
  dashboardAdmin: boolean;
  billEmail: string;
  role: string;
}

export const isStaff = (caller: Caller | null): boolean => !!caller && isStaffRole(caller.role);

/**
 * An object looked up with its owner and not found. A customer learns nothing from the answer:
 * missing and another account's look the same (403). Staff, who may act on any account, are told
 * what is missing (404 with `text`).
 */
export const missing = (caller: Caller | null, text: string) =>
  isStaff(caller) ? notFound(text) : forbidden();

/** The columns of an AccountRef (also read by the session check, auth/sessions.ts). */
export const accountColumns = {
  logname: accounts.logname,
  uid: accounts.uid,
  accountRole: accounts.accountRole,
  primary: accounts.primary,
  dashboardAdmin: accounts.dashboardAdmin,
  billEmail: accounts.billEmail,
  role: accounts.role,
};

const accountQuery = preparedFor((db) =>
  db
    .select(accountColumns)
    .from(accounts)
    .where(eq(accounts.logname, sql.placeholder('logname')))
    .limit(1)
    .prepare('portal_find_account'),
);

export async function findAccount(db: Db, logname: string): Promise<AccountRef | undefined> {
  const [row] = await accountQuery(db).execute({ logname });
  return row;
}

export async function authorizeAccount(
  db: Db,
  caller: Caller,
  logname: string,
  scope: AccountScope,
): Promise<AccountRef> {
  // The caller's own account was read with the session check: no second query for it.
  const target = caller.self?.logname === logname ? caller.self : await findAccount(db, logname);
  const staff = isStaff(caller) && scope !== 'own';
  // A customer learns nothing about accounts that are not theirs: missing and foreign look the same.
  if (!target) throw isStaff(caller) ? notFound('Account not found') : forbidden();
  // Who may act on the account is settled before what the account may do: the Secondary texts
  // below would otherwise tell a stranger that the account is a Secondary.
  if (
    !staff &&
    caller.username !== target.logname &&
    !(scope === 'read' && (await isDashboardAdminOf(db, caller, target)))
  )
    throw forbidden();
  if (scope === 'own' && caller.username !== target.logname) throw forbidden();
  if (scope === 'billing' && target.accountRole === 'Secondary')
    throw forbidden(commonText.secondaryNoBilling);
  if (scope === 'primary' && target.accountRole === 'Secondary') throw forbidden(commonText.secondaryNoInfo);
  return target;
}

/** The caller is a Secondary its primary `target` designated dashboard admin. */
async function isDashboardAdminOf(db: Db, caller: Caller, target: AccountRef): Promise<boolean> {
  const me = caller.self ?? (await findAccount(db, caller.username));
  return me?.accountRole === 'Secondary' && me.dashboardAdmin && me.primary === target.logname;
}

export interface DomainRef {
  domain: string;
  owner: string;
}

/** A domain may be used by its owner, an admin granted on it (or on all the owner's domains), or staff. */
export async function authorizeDomain(db: Db, caller: Caller, domain: string): Promise<DomainRef> {
  const [row] = await db
    .select({ domain: domains.domain, owner: domains.owner })
    .from(domains)
    .where(eq(domains.domain, domain.toLowerCase()))
    .limit(1);
  const staff = isStaff(caller);
  if (!row) throw staff ? notFound('Domain not found') : forbidden();
  if (staff || row.owner === caller.username) return row;
  if (await isGrantedAdmin(db, caller.username, row)) return row;
  throw forbidden();
}

export async function isGrantedAdmin(db: Db, admin: string, target: DomainRef): Promise<boolean> {
  const [grant] = await db
    .select({ id: domainGrants.id })
    .from(domainGrants)
    .where(
      and(
        eq(domainGrants.admin, admin),
        eq(domainGrants.owner, target.owner),
        or(eq(domainGrants.domain, target.domain), isNull(domainGrants.domain)),
      ),
    )
    .limit(1);
  return !!grant;
}
