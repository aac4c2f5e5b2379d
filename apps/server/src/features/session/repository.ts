import { ACCOUNT_SEARCH_LIMIT } from '@portal/contract/session/call-refs';
import { and, asc, eq, ilike, inArray, min, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.ts';
import { accounts, domains } from '../../db/schema.ts';

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
  const pattern = `%${likeEscaped(text)}%`;
  const byAccount = db
    .select({ logname: accounts.logname })
    .from(accounts)
    .where(or(ilike(accountName, pattern), ilike(accounts.billEmail, pattern)));
  const byDomain = db.select({ logname: domains.owner }).from(domains).where(ilike(domains.domain, pattern));
  // The account's first matching domain, for the choice's label ('' when the name or email matched).
  const domain = db
    .select({ domain: min(domains.domain) })
    .from(domains)
    .where(and(eq(domains.owner, accounts.logname), ilike(domains.domain, pattern)));
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

/** The text of a LIKE pattern taken literally: its wildcards and the escape character escaped. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
