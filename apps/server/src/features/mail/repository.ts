import { must } from '@portal/contract/must';
import { and, asc, count, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { type Db, preparedFor } from '../../db/index.ts';
import {
  accounts,
  autoResponders,
  diskUsage,
  domains,
  emailAliases,
  mailingLists,
  newsletterSubscriptions,
  recoveryEmails,
  tempEmails,
} from '../../db/schema.ts';
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

export const aliasesOf = (db: Db, domain: string) => aliasesQuery(db).execute({ domain });

const aliasesQuery = preparedFor((db) =>
  db
    .select({ src: emailAliases.src, dst_list: emailAliases.dstList })
    .from(emailAliases)
    .where(eq(emailAliases.domain, sql.placeholder('domain')))
    .orderBy(asc(emailAliases.src))
    .prepare('portal_domain_aliases'),
);

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

/** Locks the account's row until the end of the transaction: serialises its changes, so a limit holds. */
export async function lockAccount(db: Db, logname: string): Promise<void> {
  await db
    .select({ logname: accounts.logname })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .for('update');
}

/** Writes an auto-responder request and returns its id. */
export async function insertAutoResponder(db: Db, rule: typeof autoResponders.$inferInsert): Promise<number> {
  const [row] = await db.insert(autoResponders).values(rule).returning({ id: autoResponders.id });
  return must(row, 'the rule just written').id;
}

/** Whether the account has a temporary alias of that name (lower-cased). */
export async function hasTempAliasNamed(db: Db, owner: string, name: string): Promise<boolean> {
  const [temp] = await db
    .select({ name: tempEmails.name })
    .from(tempEmails)
    .where(and(eq(tempEmails.owner, owner), sql`lower(${tempEmails.name}) = ${name}`))
    .limit(1);
  return Boolean(temp);
}

/** Whether the account owns the domain of that name (lower-cased). */
export async function ownsDomainNamed(db: Db, owner: string, domain: string): Promise<boolean> {
  const [own] = await db
    .select({ domain: domains.domain })
    .from(domains)
    .where(and(eq(domains.owner, owner), sql`lower(${domains.domain}) = ${domain}`))
    .limit(1);
  return Boolean(own);
}

/** A recovery address waiting for its link, by the link's token hash (unconfirmed, unexpired). */
const pendingRecovery = (tokenHash: string, now: Date) =>
  and(
    eq(recoveryEmails.tokenHash, tokenHash),
    isNull(recoveryEmails.confirmedAt),
    gt(recoveryEmails.tokenExpiresAt, now),
  );

/** An auto-responder reply address waiting for its link, by the link's token hash. */
const pendingReplyTo = (tokenHash: string, now: Date) =>
  and(
    eq(autoResponders.tokenHash, tokenHash),
    isNull(autoResponders.confirmedAt),
    gt(autoResponders.tokenExpiresAt, now),
  );

/** The recovery address a link would confirm, if it waits for it. */
export async function pendingRecoveryAddress(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: recoveryEmails.contactInfo })
    .from(recoveryEmails)
    .where(pendingRecovery(tokenHash, now))
    .limit(1);
  return row?.email;
}

/** The auto-responder reply address a link would confirm, if it waits for it. */
export async function pendingReplyToAddress(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: autoResponders.replyTo })
    .from(autoResponders)
    .where(pendingReplyTo(tokenHash, now))
    .limit(1);
  return row?.email;
}

/** What a followed link writes: confirmed now, and the link spent. */
const confirmedAt = (now: Date) => ({ confirmedAt: now, tokenHash: null, tokenExpiresAt: null });

/** Confirms the recovery address waiting for the link and returns it; undefined when none waits. */
export async function confirmRecoveryAddress(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(recoveryEmails)
    .set(confirmedAt(now))
    .where(pendingRecovery(tokenHash, now))
    .returning({ email: recoveryEmails.contactInfo });
  return row?.email;
}

/** Confirms the reply address waiting for the link and returns it; undefined when none waits. */
export async function confirmReplyToAddress(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(autoResponders)
    .set(confirmedAt(now))
    .where(pendingReplyTo(tokenHash, now))
    .returning({ email: autoResponders.replyTo });
  return row?.email;
}

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

/** The newsletter subscription of an address, locked until the end of the transaction. */
export async function lockedSubscriptionOf(db: Db, email: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email))
    .for('update')
    .limit(1);
  return row;
}

/** Gives a pending subscription a new link (its token hash) at `now`. */
export async function renewSubscriptionLink(db: Db, id: number, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ tokenHash, updatedAt: now })
    .where(eq(newsletterSubscriptions.id, id));
}

/** Writes a pending subscription; false when the address has one already (a concurrent request). */
export async function insertSubscription(
  db: Db,
  subscription: typeof newsletterSubscriptions.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values(subscription)
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

/** An unconfirmed subscription by its link's token hash. */
const unconfirmedSubscription = (tokenHash: string) =>
  and(eq(newsletterSubscriptions.tokenHash, tokenHash), isNull(newsletterSubscriptions.confirmedAt));

/** The address a subscription link would confirm, if one waits for it. */
export async function pendingSubscriptionAddress(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(unconfirmedSubscription(tokenHash))
    .limit(1);
  return row?.email;
}

/** Confirms the subscription waiting for the link and returns its address; undefined when none waits. */
export async function confirmSubscription(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now, tokenHash: null, updatedAt: now })
    .where(unconfirmedSubscription(tokenHash))
    .returning({ email: newsletterSubscriptions.email });
  return row?.email;
}

/** The account's recovery addresses by address, with the account's uid and whether each is confirmed. */
export function recoveryEmailsOf(db: Db, owner: string) {
  return db
    .select({
      id: recoveryEmails.id,
      uid: accounts.uid,
      contact_info: recoveryEmails.contactInfo,
      confirmed: sql<boolean>`${recoveryEmails.confirmedAt} is not null`,
      usableAfter: recoveryEmails.usableAfter,
    })
    .from(recoveryEmails)
    .innerJoin(accounts, eq(accounts.logname, recoveryEmails.owner))
    .where(eq(recoveryEmails.owner, owner))
    .orderBy(asc(recoveryEmails.contactInfo));
}

/** How many recovery addresses the account has, confirmed or not. */
export async function recoveryCountOf(db: Db, owner: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryEmails).where(eq(recoveryEmails.owner, owner));
  return must(row, 'the count of recovery addresses').n;
}

/** Writes a recovery address; undefined when the account has it already. */
export async function insertRecoveryEmail(
  db: Db,
  recovery: typeof recoveryEmails.$inferInsert,
): Promise<{ id: number; contact_info: string } | undefined> {
  const [row] = await db
    .insert(recoveryEmails)
    .values(recovery)
    .onConflictDoNothing()
    .returning({ id: recoveryEmails.id, contact_info: recoveryEmails.contactInfo });
  return row;
}

/** Deletes the account's recovery address `id`; undefined when it has none of that id. */
export async function deleteRecoveryEmail(
  db: Db,
  owner: string,
  id: number,
): Promise<{ id: number; contact_info: string } | undefined> {
  const [row] = await db
    .delete(recoveryEmails)
    .where(and(eq(recoveryEmails.id, id), eq(recoveryEmails.owner, owner)))
    .returning({ id: recoveryEmails.id, contact_info: recoveryEmails.contactInfo });
  return row;
}

export type TempEmailRow = typeof tempEmails.$inferSelect;

/** How many of the account's temporary aliases are active at `now`, leaving out alias `exceptId`. */
export async function activeTempCount(db: Db, owner: string, now: Date, exceptId = 0): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tempEmails)
    .where(and(eq(tempEmails.owner, owner), gt(tempEmails.expires, now), ne(tempEmails.id, exceptId)));
  return must(row, 'the count of active addresses').n;
}

/** The account's temporary aliases still listed (expired after `fadedBy`), by name. */
export function listedTempEmailsOf(db: Db, owner: string, fadedBy: Date): Promise<TempEmailRow[]> {
  return db
    .select()
    .from(tempEmails)
    .where(and(eq(tempEmails.owner, owner), gt(tempEmails.expires, fadedBy)))
    .orderBy(asc(tempEmails.name));
}

/** The account's temporary alias of that id or name, while it is still listed (expired after `fadedBy`). */
export async function listedTempEmail(
  db: Db,
  owner: string,
  which: { id: number } | { name: string },
  fadedBy: Date,
): Promise<TempEmailRow | undefined> {
  const [row] = await db
    .select()
    .from(tempEmails)
    .where(
      and(
        eq(tempEmails.owner, owner),
        'id' in which ? eq(tempEmails.id, which.id) : eq(tempEmails.name, which.name),
        gt(tempEmails.expires, fadedBy),
      ),
    )
    .limit(1);
  return row;
}

/** Deletes the temporary alias of that name when it expired at or before `purgedBy`: its name is free again. */
export async function freeTempName(db: Db, name: string, purgedBy: Date): Promise<void> {
  await db.delete(tempEmails).where(and(eq(tempEmails.name, name), lte(tempEmails.expires, purgedBy)));
}

/** Writes a temporary alias; undefined when its name is taken. */
export async function insertTempEmail(
  db: Db,
  alias: Omit<typeof tempEmails.$inferInsert, 'id'>,
): Promise<TempEmailRow | undefined> {
  const [row] = await db.insert(tempEmails).values(alias).onConflictDoNothing().returning();
  return row;
}

/** Changes the account's temporary alias `id`; undefined when it has none of that id. */
export async function updateTempEmail(
  db: Db,
  owner: string,
  id: number,
  changes: Pick<TempEmailRow, 'forwardsTo' | 'expires' | 'notes' | 'expiredAt'>,
): Promise<TempEmailRow | undefined> {
  const [row] = await db
    .update(tempEmails)
    .set(changes)
    .where(and(eq(tempEmails.id, id), eq(tempEmails.owner, owner)))
    .returning();
  return row;
}

/**
 * Temporary aliases expired at or before `now` and not yet marked so, with their owner's billing
 * address, locked (those another run holds are left to it).
 */
export function newlyExpiredTempAliases(db: Db, now: Date) {
  return db
    .select({
      id: tempEmails.id,
      name: tempEmails.name,
      owner: tempEmails.owner,
      forwardsTo: tempEmails.forwardsTo,
      expires: tempEmails.expires,
      email: accounts.billEmail,
    })
    .from(tempEmails)
    .innerJoin(accounts, eq(accounts.logname, tempEmails.owner))
    .where(and(lte(tempEmails.expires, now), isNull(tempEmails.expiredAt)))
    .for('update', { of: tempEmails, skipLocked: true });
}

/** Marks the temporary alias expired at `at`. */
export async function markTempAliasExpired(db: Db, id: number, at: Date): Promise<void> {
  await db.update(tempEmails).set({ expiredAt: at }).where(eq(tempEmails.id, id));
}

/** Deletes the temporary aliases that expired at or before `purgedBy`: past their reservation. */
export async function purgeTempAliases(db: Db, purgedBy: Date): Promise<void> {
  await db.delete(tempEmails).where(lte(tempEmails.expires, purgedBy));
}
