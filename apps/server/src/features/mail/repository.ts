import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { accounts, diskUsage, domains, emailAliases, mailingLists, tempEmails } from '../../db/schema.ts';
import { visibleTo } from '../domains/repository.ts';

/** Queries of the mail area (docs/decisions/049-one-shape-per-area.md). */

/** Each domain the account sees (its own and those granted to it) with its number of aliases. */
export async function aliasCountsOf(db: Db, account: string) {
  return db
    .select({ domain: domains.domain, num_aliases: sql<number>`count(${emailAliases.id})::int` })
    .from(domains)
    .leftJoin(emailAliases, eq(emailAliases.domain, domains.domain))
    .where(visibleTo(account))
    .groupBy(domains.domain)
    .orderBy(asc(domains.domain));
}

export async function aliasesOf(db: Db, domain: string) {
  return db
    .select({ src: emailAliases.src, dst_list: emailAliases.dstList })
    .from(emailAliases)
    .where(eq(emailAliases.domain, domain))
    .orderBy(asc(emailAliases.src));
}

export async function findAlias(db: Db, domain: string, src: string) {
  const [row] = await db
    .select()
    .from(emailAliases)
    .where(and(eq(emailAliases.domain, domain), eq(emailAliases.src, src)))
    .limit(1);
  return row;
}

/** Adds an alias; false when the domain already has one of that name. */
export async function addAlias(db: Db, domain: string, src: string, targets: string[]): Promise<boolean> {
  const rows = await db
    .insert(emailAliases)
    .values({ domain, src, dstList: targets })
    .onConflictDoNothing()
    .returning({ id: emailAliases.id });
  return rows.length > 0;
}

/** Points an alias elsewhere; false when there is no such alias. */
export async function updateAlias(db: Db, domain: string, src: string, targets: string[]): Promise<boolean> {
  const rows = await db
    .update(emailAliases)
    .set({ dstList: targets })
    .where(and(eq(emailAliases.domain, domain), eq(emailAliases.src, src)))
    .returning({ id: emailAliases.id });
  return rows.length > 0;
}

/** Deletes an alias; false when there is no such alias. */
export async function deleteAlias(db: Db, domain: string, src: string): Promise<boolean> {
  const rows = await db
    .delete(emailAliases)
    .where(and(eq(emailAliases.domain, domain), eq(emailAliases.src, src)))
    .returning({ id: emailAliases.id });
  return rows.length > 0;
}

export async function mailingListsOf(db: Db, owner: string) {
  return db
    .select({ listname: mailingLists.listname, list_type: mailingLists.listType })
    .from(mailingLists)
    .where(eq(mailingLists.owner, owner))
    .orderBy(asc(mailingLists.listname));
}

export async function diskUsageOf(db: Db, owner: string) {
  return db
    .select({
      logname: accounts.logname,
      uid: accounts.uid,
      curr_quota: diskUsage.currQuota,
      curr_usage: diskUsage.currUsage,
    })
    .from(diskUsage)
    .innerJoin(accounts, eq(accounts.logname, diskUsage.owner))
    .where(eq(diskUsage.owner, owner));
}

/** Temporary aliases that expired after `from` and at or before `to`: those fading soon (reminders.ts). */
export async function tempAliasesExpiredBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ name: tempEmails.name, owner: tempEmails.owner, expires: tempEmails.expires })
    .from(tempEmails)
    .where(and(gt(tempEmails.expires, from), lte(tempEmails.expires, to)))
    .orderBy(asc(tempEmails.expires), asc(tempEmails.name));
}
