import { must } from '@portal/contract/must';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_SENTENCES, type Sentence } from '@portal/contract/security/activity';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AccountRef } from '../../auth/policy.ts';
import type { EndReason } from '../../auth/sessions.ts';
import type { Db } from '../../db/index.ts';
import { accounts, auditLog, passkeys, sessions, totpAuthenticators } from '../../db/schema.ts';

/** Queries of the security area. */

/** Live: not ended and not past its lifetime. */
const live = (account: string, now: Date): SQL | undefined =>
  and(eq(sessions.account, account), isNull(sessions.endedAt), gt(sessions.expiresAt, now));

/** The account's live sessions used within the last `idleMs`, most recently used first. */
export function liveSessionsOf(db: Db, account: string, now: Date, idleMs: number) {
  return (
    db
      .select()
      .from(sessions)
      // An idle session is ended when it is next used: it is not shown as one that could be.
      .where(and(live(account, now), gt(sessions.lastSeen, new Date(now.getTime() - idleMs))))
      .orderBy(desc(sessions.lastSeen), desc(sessions.createdAt))
  );
}

/** One session of `account` by its public id, looked up with its owner. */
export async function sessionOfAccount(db: Db, account: string, publicId: string) {
  const [row] = await db
    .select({ id: sessions.id, endedAt: sessions.endedAt })
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.account, account)))
    .limit(1);
  return row;
}

/** Ends one session unless it already ended; returns how many were ended (0 or 1). */
export async function endSession(db: Db, id: string, now: Date, reason: EndReason): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every live session of `account` except `keep`; returns how many were ended. */
export async function endLiveSessionsExcept(
  db: Db,
  account: string,
  keep: string | undefined,
  now: Date,
  reason: EndReason,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(live(account, now), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * One page of the activity of `scope` (accounts' lognames), newest first, with the count of all
 * entries; `q` narrows both to the entries a search finds, its words looked for in the sentences
 * the caller reads (`sentences`, ACTIVITY_SENTENCES in the caller's language).
 */
export async function activityPage(
  db: Db,
  scope: string[],
  q: string | undefined,
  page: number,
  sentences: Record<string, Sentence> = ACTIVITY_SENTENCES,
) {
  const where = and(inArray(auditLog.account, scope), q ? matching(q, sentences) : undefined);
  const { total } = must(
    (await db.select({ total: count() }).from(auditLog).where(where))[0],
    'the count of entries',
  );
  const rows = await db
    .select({
      at: auditLog.at,
      operator: auditLog.operator,
      account: auditLog.account,
      action: auditLog.action,
      details: auditLog.details,
      operatorRole: accounts.role,
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.logname, auditLog.operator))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);
  return { total, rows };
}

/** The account, and for a Primary its Secondaries too. */
export async function activityScopeOf(db: Db, account: AccountRef): Promise<string[]> {
  if (account.accountRole === 'Secondary') return [account.logname];
  const secondaries = await db
    .select({ logname: accounts.logname })
    .from(accounts)
    .where(eq(accounts.primary, account.logname));
  return [account.logname, ...secondaries.map((s) => s.logname)];
}

/**
 * Entries a search finds: those whose sentence says the words (the text a customer reads), made by
 * an operator of that name, or naming them in the change's fields (a domain, an alias).
 */
function matching(q: string, sentences: Record<string, Sentence>): SQL | undefined {
  const words = q.toLowerCase();
  const actions = Object.entries(sentences)
    .filter(([, s]) => `${s.action} ${s.summary({})}`.toLowerCase().includes(words))
    .map(([key]) => key);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    actions.length ? inArray(auditLog.action, actions) : undefined,
    ilike(auditLog.operator, pattern),
    sql`${auditLog.details}::text ilike ${pattern}`,
  );
}

export type AuthenticatorRow = typeof totpAuthenticators.$inferSelect;

/** When the account's authenticator app was confirmed; undefined when it has none on. */
export async function confirmedAuthenticatorOf(
  db: Db,
  account: string,
): Promise<{ since: Date | null } | undefined> {
  const [totp] = await db
    .select({ since: totpAuthenticators.confirmedAt })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.account, account), isNotNull(totpAuthenticators.confirmedAt)))
    .limit(1);
  return totp;
}

/** The account's authenticator app, confirmed or still being set up, if it has one. */
export async function authenticatorOf(db: Db, account: string): Promise<AuthenticatorRow | undefined> {
  const [row] = await db
    .select()
    .from(totpAuthenticators)
    .where(eq(totpAuthenticators.account, account))
    .limit(1);
  return row;
}

/** Starts (or starts again) the setup of the account's authenticator app with a new sealed secret. */
export async function startAuthenticatorSetup(
  db: Db,
  account: string,
  setup: { secretEnc: string; createdAt: Date; lastStep: null },
): Promise<void> {
  await db
    .insert(totpAuthenticators)
    .values({ account, ...setup })
    .onConflictDoUpdate({ target: totpAuthenticators.account, set: setup });
}

/** Turns the account's authenticator app on, its confirming code's step used. */
export async function confirmAuthenticator(db: Db, account: string, now: Date, step: number): Promise<void> {
  await db
    .update(totpAuthenticators)
    .set({ confirmedAt: now, lastStep: step })
    .where(eq(totpAuthenticators.account, account));
}

export type PasskeyRow = typeof passkeys.$inferSelect;

/** The account's passkeys, oldest first. */
export async function passkeysOf(db: Db, owner: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.owner, owner))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** How many passkeys the account has. */
export async function passkeyCountOf(db: Db, owner: string): Promise<number> {
  const { n } = must(
    (await db.select({ n: count() }).from(passkeys).where(eq(passkeys.owner, owner)))[0],
    'the count of passkeys',
  );
  return n;
}

/**
 * Keeps a new passkey; undefined when its credential id is already kept (credential ids are
 * unique: one authenticator's passkey belongs to one account).
 */
export async function addPasskey(
  db: Db,
  passkey: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(passkeys)
    .values(passkey)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row;
}

/** Renames one of the account's passkeys; undefined when it has no passkey of that id. */
export async function renamePasskey(
  db: Db,
  owner: string,
  id: number,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.owner, owner)))
    .returning();
  return row;
}

/** Removes one of the account's passkeys; undefined when it has no passkey of that id. */
export async function removePasskey(db: Db, owner: string, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.owner, owner)))
    .returning();
  return row;
}
