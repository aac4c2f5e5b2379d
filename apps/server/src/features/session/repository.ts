import { ACCOUNT_SEARCH_LIMIT } from '@portal/contract/session/call-refs';
import type { CustomerSummary } from '@portal/contract/session/calls';
import type { Language } from '@portal/contract/i18n/languages';
import { and, asc, desc, eq, ilike, inArray, isNull, min, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, union } from 'drizzle-orm/pg-core';
import { type Db, preparedFor } from '../../db/index.ts';
import { accounts, domains, networkStatus, quickRefs } from '../../db/schema.ts';

/** An account's name as the staff search matches it; migration 0012's accounts_name_trgm indexes this expression. */
const accountName = sql<string>`trim(${accounts.firstName} || ' ' || ${accounts.lastName})`;

/**
 * The staff search: the first accounts, by logname, whose name, billing email or one of whose
 * domains contains `text` (taken literally). Two lookups merged — accounts by name or email,
 * domains by name — so that each is answered by its trigram index
 * (docs/decisions/050-staff-search-trigram-index.md); one query joining the two with `or` read
 * every account.
 */
export function accountSearch(db: Db, text: string) {
  const byAccount = db
    .select({ logname: accounts.logname })
    .from(accounts)
    .where(or(containing(accountName, text), containing(accounts.billEmail, text)));
  const byDomain = db
    .select({ logname: domains.owner })
    .from(domains)
    .where(containing(domains.domain, text));
  // The account's first matching domain, for the choice's label ('' when the name or email matched).
  const domain = db
    .select({ domain: min(domains.domain) })
    .from(domains)
    .where(and(eq(domains.owner, accounts.logname), ilike(domains.domain, `%${likeEscaped(text)}%`)));
  return db
    .select({
      logname: accounts.logname,
      name: accountName,
      bill_email: accounts.billEmail,
      domain: sql<string>`coalesce((${domain}), '')`,
    })
    .from(accounts)
    .where(inArray(accounts.logname, union(byAccount, byDomain)))
    .orderBy(asc(accounts.logname))
    .limit(ACCOUNT_SEARCH_LIMIT);
}

/**
 * `column` contains `text`, ignoring case: each of its words of 3 letters or digits or more (which
 * that implies), in the text's order, then the whole text. The words are for the trigram index
 * (docs/decisions/126-staff-search-by-words.md): it walks one pattern's rows from its rarest
 * trigram and checks each against the others' lists, and a text ending `example.com` brings
 * trigrams every row has; with a pattern per word it steps each word's rows past the previous
 * ones', led by the first, which in a domain or an address is the distinctive part.
 */
function containing(column: PgColumn | SQL, text: string): SQL | undefined {
  const words = new Set(text.match(/[\p{L}\p{N}]{3,}/gu));
  words.delete(text);
  return and(...[...words].map((w) => ilike(column, `%${w}%`)), ilike(column, `%${likeEscaped(text)}%`));
}

/** The text of a LIKE pattern taken literally: its wildcards and the escape character escaped. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Sets the account's language (docs/languages.md); `onlyIfUnset`: only when it has none yet (the
 * first sign-in's Accept-Language), so a chosen language is never overwritten by a browser's.
 */
export async function setAccountLanguage(
  db: Db,
  logname: string,
  language: Language,
  { onlyIfUnset = false } = {},
): Promise<void> {
  const who = eq(accounts.logname, logname);
  await db
    .update(accounts)
    .set({ language })
    .where(onlyIfUnset ? and(who, isNull(accounts.language)) : who);
}

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

export type AccountRow = typeof accounts.$inferSelect;

/** The account of that logname, whole (the sign-in checks its password hash and session epoch). */
export async function accountOf(db: Db, logname: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.logname, logname)).limit(1);
  return row;
}

/** The account's display mode and language, as stored. */
export async function displayModeOf(db: Db, logname: string) {
  const [row] = await db
    .select({ mode: accounts.mode, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.logname, logname));
  return row;
}

/** Sets the account's display mode. */
export async function setDisplayMode(db: Db, logname: string, mode: string): Promise<void> {
  await db.update(accounts).set({ mode }).where(eq(accounts.logname, logname));
}

/** The staff's pop-up note on the account and when it was last changed; undefined: no such account. */
export async function popupNoteOf(db: Db, logname: string) {
  const [row] = await db
    .select({ note: accounts.popupNote, lastmod: accounts.popupNoteLastmod })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  return row;
}

/**
 * The account whose logname is `text` or whose uid is `uid` (the exact logname first when both
 * match one), with its billing email.
 */
export async function accountByLognameOrUid(db: Db, text: string, uid: number) {
  const [row] = await db
    .select({ logname: accounts.logname, bill_email: accounts.billEmail })
    .from(accounts)
    .where(or(eq(accounts.logname, text), eq(accounts.uid, uid)))
    .orderBy(sql`${accounts.logname} = ${text} desc`)
    .limit(1);
  return row;
}

/** The network status notices, the most severe and then the newest first. */
export function networkNotices(db: Db) {
  return db.select().from(networkStatus).orderBy(desc(networkStatus.level), desc(networkStatus.modified));
}

/** The quick references, by name (staff rows included: the caller filters them). */
export function quickReferences(db: Db) {
  return db.select().from(quickRefs).orderBy(quickRefs.refName);
}
