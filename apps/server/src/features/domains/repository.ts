import type { DomainRow } from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { must } from '@portal/contract/must';
import { and, asc, eq, gte, isNull, lte, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, preparedFor } from '../../db/index.ts';
import {
  accounts,
  cards,
  domainAgreements,
  domainGrants,
  domains,
  emailAliases,
  tldPrices,
} from '../../db/schema.ts';
import type { DomainRecord } from '../../auth/policy.ts';

/** Queries of the domains area. */

export type { DomainRecord };

/**
 * A domain as the API shows it (the domain list's row); the status and renewal answers are
 * selections of these fields, so each is worked out here once.
 */
export function domainAnswer(d: DomainRecord): DomainRow {
  return {
    domain: d.domain,
    // Only domains registered through our registrar partner have a date we can vouch for.
    expiration_date: d.registrarManaged && d.expirationDate ? d.expirationDate : domainText.expirationUnknown,
    auto_renew: d.autoRenew,
    abandon: d.abandon,
    renewal_pending: d.renewalPending,
    contact_email: d.contactEmail,
    whois: d.domain,
    owner: d.owner,
    registrar_managed: d.registrarManaged,
  };
}

/** Marks a renewal as sent to the registrar; renewing by hand also ends "let expire". */
export async function markRenewalPending(db: Db, domain: string, years: number): Promise<void> {
  await db.update(domains).set({ renewalPending: years, abandon: 0 }).where(eq(domains.domain, domain));
}

/** Domain Edit's settings; a blank contact email means the primary account's, resolved when mail is sent. */
export async function updateDomainSettings(
  db: Db,
  domain: string,
  settings: Pick<DomainRecord, 'autoRenew' | 'abandon' | 'contactEmail'>,
): Promise<DomainRecord> {
  const [row] = await db.update(domains).set(settings).where(eq(domains.domain, domain)).returning();
  if (!row) throw new Error(`domain ${domain} vanished while locked`);
  return row;
}

/**
 * The account's own domains and those it was granted (one domain, or all of an owner's). Written
 * as a set of names from the owner and grant indexes: an `owner = … or exists (grant)` filter
 * cannot use the owner index and reads every domain of every account (seconds at a million).
 */
export function visibleTo(account: string | Placeholder) {
  return sql`${domains.domain} in (
    select d.domain from ${domains} d where d.owner = ${account}
    union all
    select d.domain from ${domainGrants} g
      join ${domains} d on d.owner = g.owner and (g.domain is null or d.domain = g.domain)
      where g.admin = ${account})`;
}

/** The domain list: the account's own domains and those it was granted, by name. */
export const domainsVisibleTo = (db: Db, account: string) => domainListQuery(db).execute({ account });

const domainListQuery = preparedFor((db) =>
  db
    .select()
    .from(domains)
    .where(visibleTo(sql.placeholder('account')))
    .orderBy(asc(domains.domain))
    .prepare('portal_domain_list'),
);

/** The Domain Summary: the owner's own domains (not those it administers), each with its alias count. */
export function domainUsageOf(db: Db, owner: string) {
  return db
    .select({
      domain: domains.domain,
      website: domains.website,
      docroot: domains.docroot,
      num_aliases: sql<number>`count(${emailAliases.id})::int`,
    })
    .from(domains)
    .leftJoin(emailAliases, eq(emailAliases.domain, domains.domain))
    .where(eq(domains.owner, owner))
    .groupBy(domains.domain)
    .orderBy(asc(domains.domain));
}

export async function ownerDomains(db: Db, owner: string): Promise<string[]> {
  const rows = await db
    .select({ domain: domains.domain })
    .from(domains)
    .where(eq(domains.owner, owner))
    .orderBy(asc(domains.domain));
  return rows.map((r) => r.domain);
}

/** Prices of a TLD in dollars, by number of years. */
export async function pricesOf(db: Db, tld: string) {
  const rows = await db.select().from(tldPrices).where(eq(tldPrices.tld, tld)).orderBy(asc(tldPrices.id));
  return rows.map((r) => ({ id: r.id, item: r.item, baseprice: r.baseprice / 100, price: r.price / 100 }));
}

export async function grantsOf(db: Db, owner: string, admin: string) {
  return db
    .select()
    .from(domainGrants)
    .where(and(eq(domainGrants.owner, owner), eq(domainGrants.admin, admin)));
}

/** The admins the domain's owner has granted, each with the one domain granted or null for all of them. */
export function adminGrantsOf(db: Db, owner: string) {
  return db
    .select({ admin: domainGrants.admin, domain: domainGrants.domain })
    .from(domainGrants)
    .where(eq(domainGrants.owner, owner))
    .orderBy(asc(domainGrants.admin));
}

/**
 * Makes `admin` an admin of one of the owner's domains, or of all of them when `domain` is null.
 * Granting again is harmless: the unique (owner, admin, domain) keeps one row.
 */
export async function grantAdmin(db: Db, owner: string, admin: string, domain: string | null): Promise<void> {
  await db.insert(domainGrants).values({ owner, admin, domain }).onConflictDoNothing();
}

/** Grants `admin` each of `domainsOfOwner` on its own (an existing grant of one stays as it is). */
export async function grantAdminEach(db: Db, owner: string, admin: string, domainsOfOwner: string[]) {
  if (domainsOfOwner.length === 0) return;
  await db
    .insert(domainGrants)
    .values(domainsOfOwner.map((domain) => ({ owner, admin, domain })))
    .onConflictDoNothing();
}

/** Removes one grant by its id. */
export async function removeGrant(db: Db, id: number): Promise<void> {
  await db.delete(domainGrants).where(eq(domainGrants.id, id));
}

/** Removes the owner's all-domains grant of `admin`. */
export async function removeAllDomainsGrant(db: Db, owner: string, admin: string): Promise<void> {
  await db
    .delete(domainGrants)
    .where(and(eq(domainGrants.owner, owner), eq(domainGrants.admin, admin), isNull(domainGrants.domain)));
}

/** Removes every grant of `admin` on the owner's domains; returns the domains they named (null: all). */
export function removeGrantsOf(db: Db, owner: string, admin: string) {
  return db
    .delete(domainGrants)
    .where(and(eq(domainGrants.owner, owner), eq(domainGrants.admin, admin)))
    .returning({ domain: domainGrants.domain });
}

/**
 * Records the account's signature of an agreement for a domain and returns the signature kept:
 * one per account, domain and agreement, so a repeated submission keeps the first.
 */
export async function signAgreement(
  db: Db,
  signature: { account: string; domain: string; agreement: string; signedBy: string; signedAt: Date },
) {
  await db.insert(domainAgreements).values(signature).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(domainAgreements)
    .where(
      and(
        eq(domainAgreements.account, signature.account),
        eq(domainAgreements.domain, signature.domain),
        eq(domainAgreements.agreement, signature.agreement),
      ),
    )
    .limit(1);
  return must(row, 'the agreement just signed');
}

const primaryAccount = alias(accounts, 'primary_account');

/**
 * Where mail about a domain goes: its contact email, or when that is blank the primary account's
 * email (issue text "contact email blank = the primary's email") — for a domain owned by a
 * Secondary, its Primary's, not the Secondary's own. '' when there is none.
 */
export async function contactEmailOf(
  db: Db,
  d: Pick<DomainRecord, 'owner' | 'contactEmail'>,
): Promise<string> {
  if (d.contactEmail.trim()) return d.contactEmail.trim();
  const [row] = await db
    .select({ own: accounts.billEmail, primary: primaryAccount.billEmail })
    .from(accounts)
    .leftJoin(primaryAccount, eq(primaryAccount.logname, accounts.primary))
    .where(eq(accounts.logname, d.owner))
    .limit(1);
  return row?.primary || row?.own || '';
}

/** A renewal sent to the registrar, as its job names it (workers.ts `renewJob`). */
export interface PendingRenewal {
  domain: string;
  years: number;
  currentExpiration: string;
}

/** Sets the new expiration date and clears the pending mark, unless the domain has moved on since. */
export async function finalise(db: Db, job: PendingRenewal, newExpiration: string): Promise<boolean> {
  const rows = await db
    .update(domains)
    .set({ expirationDate: newExpiration, renewalPending: 0 })
    .where(
      and(
        eq(domains.domain, job.domain),
        eq(domains.expirationDate, job.currentExpiration),
        eq(domains.renewalPending, job.years),
      ),
    )
    .returning({ domain: domains.domain });
  return rows.length > 0;
}

export async function clearPending(db: Db, job: PendingRenewal): Promise<void> {
  await db
    .update(domains)
    .set({ renewalPending: 0 })
    .where(and(eq(domains.domain, job.domain), eq(domains.renewalPending, job.years)));
}

/**
 * The owner's domains expiring between two days (ISO, inclusive) that are neither renewed
 * automatically nor left to expire, with no renewal pending, soonest first: one query, for Home's
 * domain notice.
 */
export function expiringByHand(
  db: Db,
  owner: string,
  from: string,
  to: string,
): Promise<{ domain: string; expires: string }[]> {
  return db
    .select({ domain: domains.domain, expires: sql<string>`${domains.expirationDate}::text` })
    .from(domains)
    .where(
      and(
        eq(domains.owner, owner),
        eq(domains.autoRenew, 0),
        eq(domains.abandon, 0),
        eq(domains.renewalPending, 0),
        sql`${domains.expirationDate} between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(asc(domains.expirationDate), asc(domains.domain));
}

/**
 * Registrar-managed domains expiring between `from` and `to` (YYYY-MM-DD, inclusive) with no
 * renewal pending, and the last 4 digits of the owner's card on auto-billing (null when none):
 * what the expiry reminders read (reminders.ts).
 */
export async function domainsExpiringBetween(db: Db, from: string, to: string) {
  return db
    .select({
      domain: domains.domain,
      owner: domains.owner,
      expirationDate: domains.expirationDate,
      autoRenew: domains.autoRenew,
      abandon: domains.abandon,
      card: cards.ccn4,
    })
    .from(domains)
    .leftJoin(cards, and(eq(cards.owner, domains.owner), eq(cards.onAutoBilling, true)))
    .where(
      and(
        eq(domains.registrarManaged, true),
        eq(domains.renewalPending, 0),
        gte(domains.expirationDate, from),
        lte(domains.expirationDate, to),
      ),
    )
    .orderBy(asc(domains.expirationDate), asc(domains.domain));
}

/** The account's domains with no hosting yet (website 0: 1 has a site, -1 is an alias of one), by name. */
export async function domainsWithoutHostingOf(db: Db, owner: string): Promise<{ domain: string }[]> {
  return db
    .select({ domain: domains.domain })
    .from(domains)
    .where(and(eq(domains.owner, owner), eq(domains.website, 0)))
    .orderBy(asc(domains.domain));
}
