import { accountText } from '@portal/contract/account/messages';
import { isStaffRole } from '@portal/contract/constants';
import { ACCOUNT_SCOPES, type AccountScope } from '@portal/contract/session/call-refs';
import { domainText } from '@portal/contract/domains/messages';
import { hostingText } from '@portal/contract/hosting/messages';
import { commonText } from '@portal/contract/messages';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Db, preparedFor } from '../db/index.ts';
import { accounts, domainGrants, domains, websites } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { AccountRef } from './account-ref.ts';
import type { Caller } from './tokens.ts';

/**
 * The access policy (docs/access.md), in one place. Every route names one of these rules
 * (see http/route.ts, `Access`); nothing is decided ad hoc in a handler
 * (docs/decisions/072-policy-rules.md).
 *
 * The scopes of an account rule (`{ account, scope }`, and of a site rule, on the site's owner):
 * - `self`: the account itself, or staff.
 * - `read`: also a Secondary designated "dashboard admin" by the account (its primary).
 * - `info`: like `read`, but never a Secondary account: a primary's own information (contacts,
 *   circuits, BUS accounts), which a Secondary named as the target is told it has none of
 *   (commonText.secondaryNoInfo) rather than shown an empty list.
 * - `billing`: like `self`, but never a Secondary account (cards, payments, statements, invoices).
 * - `primary`: like `self`, but only for a Primary account (secondary administration).
 * - `statement`: like `primary`, with the statement page's own text for a Secondary
 *   (commonText.secondaryNoStatement).
 * - `own`: the account itself only, never staff nor its primary: its own credentials (a second
 *   factor, passkeys, API tokens), which only the person holding them can make; staff may read them
 *   with `self` calls, and remove a second factor with a staff call.
 * - `staff`: staff and admins only, acting on the account named, which must exist (404 'Account
 *   not found' otherwise): coworking purchases, a popup note, removing a second factor.
 */
export type { AccountScope } from '@portal/contract/session/call-refs';

/** The scopes that let a dashboard admin in on its primary's account. */
const DASHBOARD_ADMIN_SCOPES: ReadonlySet<AccountScope> = new Set(['read', 'info']);

/** The scopes that refuse a Secondary account as the target, each with the text it is told. */
const SECONDARY_REFUSALS: Partial<Record<AccountScope, string>> = {
  info: commonText.secondaryNoInfo,
  billing: commonText.secondaryNoBilling,
  primary: commonText.secondaryNoInfo,
  statement: commonText.secondaryNoStatement,
};

export type { AccountRef };

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
  // Staff-only: a customer is refused before anything is looked up, as the 'staff' rule does.
  if (scope === 'staff' && !isStaff(caller)) throw forbidden();
  // The caller's own account was read with the session check: no second query for it.
  const target = caller.self?.logname === logname ? caller.self : await findAccount(db, logname);
  const staff = isStaff(caller) && scope !== 'own';
  // A customer learns nothing about accounts that are not theirs: missing and foreign look the same.
  if (!target) throw isStaff(caller) ? notFound(commonText.accountNotFound) : forbidden();
  // Who may act on the account is settled before what the account may do: the Secondary texts
  // below would otherwise tell a stranger that the account is a Secondary.
  if (
    !staff &&
    caller.username !== target.logname &&
    !(DASHBOARD_ADMIN_SCOPES.has(scope) && (await isDashboardAdminOf(db, caller, target)))
  )
    throw forbidden();
  if (scope === 'own' && caller.username !== target.logname) throw forbidden();
  const secondaryRefusal = SECONDARY_REFUSALS[scope];
  if (secondaryRefusal && target.accountRole === 'Secondary') throw forbidden(secondaryRefusal);
  return target;
}

/**
 * The account an account rule's `target` names, once the rule has admitted the caller to `account`:
 * the account itself, or one of its Secondary accounts (a Primary changes its Secondary's mail
 * password). Any other account, or any account but itself when `account` is not a Primary, is
 * refused with accountText.notYourSecondary.
 */
export async function authorizeTarget(db: Db, account: AccountRef, logname: string): Promise<AccountRef> {
  if (logname === account.logname) return account;
  if (account.accountRole !== 'Primary') throw forbidden(accountText.notYourSecondary);
  const secondary = await findAccount(db, logname);
  if (!secondary || secondary.primary !== account.logname) throw forbidden(accountText.notYourSecondary);
  return secondary;
}

/**
 * The scopes the account's own screens may use, by the rules of `authorizeAccount`: the account
 * acting on itself (staff working on it are let in where it is), its screens showing its own
 * information, or its primary's when it is a dashboard admin (read only; `useInfoAccount` on the
 * web). The web's menus and forms offer only what is listed (docs/decisions/039-menus-from-the-policy.md).
 */
export function scopesOf(account: AccountRef): AccountScope[] {
  const secondary = account.accountRole === 'Secondary';
  const dashboardAdmin = secondary && account.dashboardAdmin && !!account.primary;
  return ACCOUNT_SCOPES.filter((scope) => {
    if (scope === 'staff') return false;
    // A dashboard admin's screens show its primary's information under these scopes.
    if (dashboardAdmin && DASHBOARD_ADMIN_SCOPES.has(scope)) return true;
    return !(secondary && SECONDARY_REFUSALS[scope]);
  });
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

/** The domain row a domain rule loaded: the handler works on it rather than reading it again. */
export type DomainRecord = typeof domains.$inferSelect;

/**
 * The scopes of a domain rule (`{ domain, scope }`):
 * - `admin` (the default): the domain's owner, an admin granted on it (or on all the owner's
 *   domains), or staff;
 * - `owner`: the owner or staff only: giving and taking admin rights, so an admin cannot pass the
 *   domain on or lock the owner's other admins out. A granted admin, who knows the domain, is told
 *   domainText.ownerOnly; anyone else gets the plain refusal.
 */
export type DomainScope = 'admin' | 'owner';

/**
 * The domain a domain rule names, once the caller may use it under `scope`. `owner`, when the rule
 * has one, is the account the payload names as the domain's owner: it must be the owner
 * (domainText.ownerOnly), staff included. In a call's transaction (`lock`) the row is read
 * `for update`: two changes of one domain at once run one after the other, each on the row as the
 * other left it, and the handler gets that row.
 */
/** A domain by its name: every call naming a domain runs it (prepared, as accountQuery). */
const domainQuery = preparedFor((db) =>
  db
    .select()
    .from(domains)
    .where(eq(domains.domain, sql.placeholder('name')))
    .limit(1)
    .prepare('portal_find_domain'),
);

export async function authorizeDomain(
  db: Db,
  caller: Caller,
  domain: string,
  scope: DomainScope = 'admin',
  owner?: string,
  lock = false,
): Promise<DomainRecord> {
  const name = domain.toLowerCase();
  const [row] = lock
    ? await db.select().from(domains).where(eq(domains.domain, name)).limit(1).for('update')
    : await domainQuery(db).execute({ name });
  const staff = isStaff(caller);
  if (!row) throw staff ? notFound(commonText.domainNotFound) : forbidden();
  if (!staff && row.owner !== caller.username) {
    if (!(await isGrantedAdmin(db, caller.username, row))) throw forbidden();
    if (scope === 'owner') throw forbidden(domainText.ownerOnly);
  }
  if (owner !== undefined && owner !== row.owner) throw forbidden(domainText.ownerOnly);
  return row;
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

export interface SiteRef {
  vid: number;
  owner: string;
}

/**
 * A website named by its vid alone (the install payload names no account): its owner is the
 * account, authorised under `scope`. A miss is told as a foreign site is: 403 to a customer, 404
 * 'VID not found' to staff, who may act on any account.
 */
export async function authorizeSite(
  db: Db,
  caller: Caller,
  vid: number,
  scope: AccountScope,
): Promise<{ site: SiteRef; account: AccountRef }> {
  const [site] = await db
    .select({ vid: websites.vid, owner: websites.owner })
    .from(websites)
    .where(eq(websites.vid, vid))
    .limit(1);
  if (!site) throw missing(caller, hostingText.vidNotFound);
  return { site, account: await authorizeAccount(db, caller, site.owner, scope) };
}
