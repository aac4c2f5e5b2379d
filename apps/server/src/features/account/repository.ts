import { must } from '@portal/contract/must';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  accounts,
  addresses,
  apiTokens,
  mailAppPasswordSettings,
  mailAppPasswords,
  mailLogins,
  mailPasswordChanges,
  outbox,
  recoveryEmails,
  secondaryRequests,
  resetTokens,
  statementDelivery,
} from '../../db/schema.ts';

/** Queries of the account area. */

export type StatementDeliveryRow = typeof statementDelivery.$inferSelect;

/** How the account's statements are delivered, if it ever chose. */
export async function statementDeliveryOf(db: Db, owner: string): Promise<StatementDeliveryRow | undefined> {
  const [row] = await db.select().from(statementDelivery).where(eq(statementDelivery.owner, owner)).limit(1);
  return row;
}

/** Keeps the account's choice of statement delivery (its first, or in place of the last). */
export async function saveStatementDelivery(
  db: Db,
  owner: string,
  values: { method: string; nozero: number; email: string },
): Promise<void> {
  await db
    .insert(statementDelivery)
    .values({ owner, ...values })
    .onConflictDoUpdate({ target: statementDelivery.owner, set: values });
}

/** The highest uid (int4's largest): staff accounts made by the CLI count down from it. */
export const STAFF_UID_TOP = 2_147_483_647;
/** Uids from here up are staff accounts' (docs/decisions/041-staff-uids.md): customers' stay below. */
export const STAFF_UID_FLOOR = 2_000_000_000;

/** Sets the account's members panel password hash; false when there is no such account. */
export async function setPanelPasswordHash(db: Db, logname: string, hash: string): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ passwordHash: hash })
    .where(eq(accounts.logname, logname))
    .returning({ logname: accounts.logname });
  return rows.length > 0;
}

/**
 * The uid a new account takes: customers the next after the highest; staff and admins count down
 * from the top of the column's range, where the back office's customer uids never reach, so a
 * later import of customers cannot collide with them (docs/decisions/041-staff-uids.md).
 */
export async function nextUid(db: Db, staff: boolean): Promise<number> {
  const { next } = must(
    (
      await db
        .select({
          next: staff
            ? sql<number>`coalesce(min(${accounts.uid}) - 1, ${STAFF_UID_TOP})`
            : sql<number>`coalesce(max(${accounts.uid}), 1000) + 1`,
        })
        .from(accounts)
        .where(staff ? sql`${accounts.uid} >= ${STAFF_UID_FLOOR}` : sql`${accounts.uid} < ${STAFF_UID_FLOOR}`)
    )[0],
    'the next uid',
  );
  return Number(next);
}

/** Makes an account with its members panel password. */
export async function createAccount(
  db: Db,
  account: { logname: string; uid: number; role: string; billEmail: string; passwordHash: string },
): Promise<void> {
  await db.insert(accounts).values(account);
}

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Omit<AddressRow, 'owner' | 'kind'>;
export type AccountRow = typeof accounts.$inferSelect;

/** The account's stored address of the kind ('account' or 'bill'), if it was ever changed. */
export async function addressOf(db: Db, owner: string, kind: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.owner, owner), eq(addresses.kind, kind)))
    .limit(1);
  return row;
}

/** The account's record, if there is such an account. */
export async function accountRecordOf(db: Db, logname: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.logname, logname)).limit(1);
  return row;
}

/** Keeps the account's address of the kind (its first, or in place of the last). */
export async function saveAddress(db: Db, owner: string, kind: string, row: AddressFields): Promise<void> {
  await db
    .insert(addresses)
    .values({ owner, kind, ...row })
    .onConflictDoUpdate({ target: [addresses.owner, addresses.kind], set: row });
}

/** The two lines of address the customer summary shows (addr1, addr2). */
export async function setSummaryAddress(
  db: Db,
  logname: string,
  addr1: string,
  addr2: string,
): Promise<void> {
  await db.update(accounts).set({ addr1, addr2 }).where(eq(accounts.logname, logname));
}

/** The account's members panel password hash; undefined when there is no such account. */
export async function panelPasswordHashOf(db: Db, logname: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  return row?.hash;
}

const pendingMailPasswordsOf = (owner: string) =>
  and(eq(mailPasswordChanges.owner, owner), eq(mailPasswordChanges.status, 'pending'));

/** Marks the account's mail password changes still waiting as superseded. */
export async function supersedePendingMailPasswords(db: Db, owner: string): Promise<void> {
  await db.update(mailPasswordChanges).set({ status: 'superseded' }).where(pendingMailPasswordsOf(owner));
}

/** Whether a mail password change of the account is still waiting to be applied. */
export async function hasPendingMailPassword(db: Db, owner: string): Promise<boolean> {
  const [open] = await db
    .select({ id: mailPasswordChanges.id })
    .from(mailPasswordChanges)
    .where(pendingMailPasswordsOf(owner))
    .limit(1);
  return !!open;
}

/** Queues a mail password change (its Dovecot hash) to be applied at applyAt; its id. */
export async function insertMailPasswordChange(
  db: Db,
  change: { owner: string; hash: string; operator: string; requestedAt: Date; applyAt: Date },
): Promise<number> {
  const row = must(
    (await db.insert(mailPasswordChanges).values(change).returning({ id: mailPasswordChanges.id }))[0],
    'the password change just queued',
  );
  return row.id;
}

export type MailPasswordChangeRow = typeof mailPasswordChanges.$inferSelect;

/** The queued change if it is still pending, locked until the transaction ends. */
export async function lockPendingMailPasswordChange(
  tx: Db,
  id: number,
): Promise<MailPasswordChangeRow | undefined> {
  const [change] = await tx
    .select()
    .from(mailPasswordChanges)
    .where(and(eq(mailPasswordChanges.id, id), eq(mailPasswordChanges.status, 'pending')))
    .for('update');
  return change;
}

/** Sets the account's mail/unix password hash (what the mail servers read). */
export async function setMailPasswordHash(db: Db, logname: string, hash: string): Promise<void> {
  await db.update(accounts).set({ mailPasswordHash: hash }).where(eq(accounts.logname, logname));
}

/** Marks a queued mail password change applied. */
export async function markMailPasswordApplied(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(mailPasswordChanges)
    .set({ status: 'applied', appliedAt: now })
    .where(eq(mailPasswordChanges.id, id));
}

/** Voids the account's unused reset tokens of the kind. */
export async function voidResetTokens(db: Db, owner: string, kind: string, now: Date): Promise<void> {
  await db
    .update(resetTokens)
    .set({ usedAt: now })
    .where(and(eq(resetTokens.owner, owner), eq(resetTokens.kind, kind), isNull(resetTokens.usedAt)));
}

/** Keeps a new reset token by its hash. */
export async function insertResetToken(
  db: Db,
  token: { owner: string; kind: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(resetTokens).values(token);
}

/** Uses the token with this hash once, if it is of the kind, unused and not expired: its owner. */
export async function useResetToken(
  db: Db,
  tokenHash: string,
  kind: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(resetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(resetTokens.tokenHash, tokenHash),
        eq(resetTokens.kind, kind),
        isNull(resetTokens.usedAt),
        gt(resetTokens.expiresAt, now),
      ),
    )
    .returning({ owner: resetTokens.owner });
  return row?.owner;
}

/**
 * Locks the account's row until the transaction ends, so work of one account is done one at a
 * time; 'no key update' when the row itself is not changed meanwhile.
 */
export async function lockAccount(
  tx: Db,
  logname: string,
  strength: 'update' | 'no key update' = 'update',
): Promise<void> {
  await tx
    .select({ logname: accounts.logname })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .for(strength);
}

/** How many reset tokens of the kind the account was sent since `since`. */
export async function resetTokensSince(db: Db, owner: string, kind: string, since: Date): Promise<number> {
  const { recent } = must(
    (
      await db
        .select({ recent: count() })
        .from(resetTokens)
        .where(
          and(eq(resetTokens.owner, owner), eq(resetTokens.kind, kind), gt(resetTokens.createdAt, since)),
        )
    )[0],
    'the count of recent links',
  );
  return recent;
}

/** Revokes every live API token of the account, by the account itself; how many. */
export async function revokeLiveApiTokens(db: Db, owner: string, now: Date): Promise<number> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now, revokedBy: owner })
    .where(liveApiTokensOf(owner, now))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

/** The account's bill address, if there is such an account. */
export async function billEmailOf(
  db: Db,
  logname: string,
): Promise<{ logname: string; billEmail: string } | undefined> {
  const [account] = await db
    .select({ logname: accounts.logname, billEmail: accounts.billEmail })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  return account;
}

/**
 * Whether `wanted` (lower case) is one of the account's usable recovery addresses: confirmed by
 * its link, and past the cooling-off period of one staff put on the account, which the customer
 * can cancel (docs/decisions/032-staff-made-recovery-addresses.md).
 */
export async function isUsableRecoveryAddress(
  db: Db,
  owner: string,
  wanted: string,
  now: Date,
): Promise<boolean> {
  const [recovery] = await db
    .select({ id: recoveryEmails.id })
    .from(recoveryEmails)
    .where(
      and(
        eq(recoveryEmails.owner, owner),
        sql`lower(${recoveryEmails.contactInfo}) = ${wanted}`,
        isNotNull(recoveryEmails.confirmedAt),
        or(isNull(recoveryEmails.usableAfter), lte(recoveryEmails.usableAfter, now)),
      ),
    )
    .limit(1);
  return !!recovery;
}

export type SecondaryRequestRow = typeof secondaryRequests.$inferSelect;

/** Keeps a request for secondary accounts; its id. */
export async function saveSecondaryRequest(
  db: Db,
  request: Omit<typeof secondaryRequests.$inferInsert, 'id'>,
): Promise<number> {
  const saved = must(
    (await db.insert(secondaryRequests).values(request).returning({ id: secondaryRequests.id }))[0],
    'the request just saved',
  );
  return saved.id;
}

/** The requests for secondary accounts still waiting, oldest first. */
export async function pendingSecondaryRequests(db: Db): Promise<SecondaryRequestRow[]> {
  return db
    .select()
    .from(secondaryRequests)
    .where(eq(secondaryRequests.status, 'pending'))
    .orderBy(asc(secondaryRequests.createdAt), asc(secondaryRequests.id));
}

/** Marks a pending request done; undefined when there is none pending of that id. */
export async function markSecondaryRequestDone(
  db: Db,
  id: number,
  now: Date,
): Promise<SecondaryRequestRow | undefined> {
  const [done] = await db
    .update(secondaryRequests)
    .set({ status: 'done', doneAt: now })
    .where(and(eq(secondaryRequests.id, id), eq(secondaryRequests.status, 'pending')))
    .returning();
  return done;
}

/** Whether a request for secondary accounts of that id exists, pending or done. */
export async function secondaryRequestExists(db: Db, id: number): Promise<boolean> {
  const [exists] = await db
    .select({ id: secondaryRequests.id })
    .from(secondaryRequests)
    .where(eq(secondaryRequests.id, id));
  return !!exists;
}

/** Which of these lognames accounts already have. */
export async function existingLognames(db: Db, lognames: string[]): Promise<string[]> {
  const rows = await db
    .select({ logname: accounts.logname })
    .from(accounts)
    .where(inArray(accounts.logname, lognames));
  return rows.map((r) => r.logname);
}

/** The lognames named by requests for secondary accounts still waiting. */
export async function lognamesOfPendingRequests(db: Db): Promise<string[]> {
  const pending = await db
    .select({ rows: secondaryRequests.rows })
    .from(secondaryRequests)
    .where(eq(secondaryRequests.status, 'pending'));
  return pending.flatMap((p) => p.rows.flatMap((r) => (r.logname ? [r.logname] : [])));
}

/**
 * Whether the same message (account, kind, recipient, subject and body fingerprint) entered the
 * outbox in the last `minutes`, on the database clock, which also stamps outbox.created_at.
 */
export async function queuedWithin(
  db: Db,
  m: { account: string; kind: string; to: string; subject: string },
  fingerprint: string,
  minutes: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.account, m.account),
        eq(outbox.kind, m.kind),
        eq(outbox.toAddr, m.to),
        eq(outbox.subject, m.subject),
        eq(outbox.bodyMac, fingerprint),
        sql`${outbox.createdAt} > now() - make_interval(mins => ${minutes})`,
      ),
    )
    .limit(1);
  return !!row;
}

/** An API token as its list shows it: never its secret. */
export interface ListedApiToken {
  id: string;
  name: string;
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
}
const listedApiToken = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
};

/** Live tokens: neither revoked nor expired. */
const liveApiTokensOf = (owner: string, now: Date) =>
  and(eq(apiTokens.owner, owner), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now));

/** How many live API tokens the account has. */
export async function liveApiTokenCountOf(db: Db, owner: string, now: Date): Promise<number> {
  const { n } = must(
    (await db.select({ n: count() }).from(apiTokens).where(liveApiTokensOf(owner, now)))[0],
    'the count of live tokens',
  );
  return n;
}

/** Whether one of the account's live API tokens has this name. */
export async function hasLiveApiTokenNamed(db: Db, owner: string, name: string, now: Date): Promise<boolean> {
  const [same] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(liveApiTokensOf(owner, now), eq(apiTokens.name, name)))
    .limit(1);
  return !!same;
}

/** Keeps a new API token (its hash, never its secret); as its list shows it. */
export async function insertApiToken(
  db: Db,
  token: {
    id: string;
    owner: string;
    name: string;
    scope: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<ListedApiToken> {
  return must(
    (await db.insert(apiTokens).values(token).returning(listedApiToken))[0],
    'the token just created',
  );
}

/** The account's API tokens not revoked (expired ones too), newest first. */
export async function unrevokedApiTokensOf(db: Db, owner: string): Promise<ListedApiToken[]> {
  return db
    .select(listedApiToken)
    .from(apiTokens)
    .where(and(eq(apiTokens.owner, owner), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), apiTokens.id);
}

/** One of the account's API tokens, locked until the transaction ends; undefined when it has none of that id. */
export async function lockApiTokenOf(
  tx: Db,
  owner: string,
  id: string,
): Promise<{ id: string; name: string; revokedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ id: apiTokens.id, name: apiTokens.name, revokedAt: apiTokens.revokedAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.owner, owner)))
    .limit(1)
    .for('update');
  return row;
}

/** Revokes an API token, naming who revoked it. */
export async function revokeApiToken(db: Db, id: string, now: Date, by: string): Promise<void> {
  await db.update(apiTokens).set({ revokedAt: now, revokedBy: by }).where(eq(apiTokens.id, id));
}

/**
 * Live API tokens expiring by `within` whose owner was not yet told, with the owner's bill
 * address; locked until the transaction ends, those another worker holds skipped.
 */
export async function lockApiTokensExpiringUntold(tx: Db, now: Date, within: Date) {
  return tx
    .select({
      id: apiTokens.id,
      owner: apiTokens.owner,
      name: apiTokens.name,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      email: accounts.billEmail,
    })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.logname, apiTokens.owner))
    .where(
      and(
        isNull(apiTokens.revokedAt),
        isNull(apiTokens.expiryNoticeAt),
        gt(apiTokens.expiresAt, now),
        lte(apiTokens.expiresAt, within),
      ),
    )
    .for('update', { of: apiTokens, skipLocked: true });
}

/** Marks the API token's owner told of its coming expiry. */
export async function markApiTokenExpiryTold(db: Db, id: string, now: Date): Promise<void> {
  await db.update(apiTokens).set({ expiryNoticeAt: now }).where(eq(apiTokens.id, id));
}

/** An app password for mail as its list shows it: never its secret. */
export interface ListedMailAppPassword {
  id: string;
  name: string;
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}
const listedMailAppPassword = {
  id: mailAppPasswords.id,
  name: mailAppPasswords.name,
  scope: mailAppPasswords.scope,
  createdAt: mailAppPasswords.createdAt,
  lastUsedAt: mailAppPasswords.lastUsedAt,
};

const liveAppPasswordsWhere = (owner: string) =>
  and(eq(mailAppPasswords.owner, owner), isNull(mailAppPasswords.revokedAt));

export type MailAppPasswordSettingsRow = typeof mailAppPasswordSettings.$inferSelect;

/** The account's "require app passwords" setting, if it ever changed it. */
export async function mailAppPasswordSettingsOf(
  db: Db,
  owner: string,
): Promise<MailAppPasswordSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(mailAppPasswordSettings)
    .where(eq(mailAppPasswordSettings.owner, owner))
    .limit(1);
  return row;
}

/** Revokes every live app password of the account; how many. */
export async function revokeLiveMailAppPasswords(
  db: Db,
  owner: string,
  by: string,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(mailAppPasswords)
    .set({ revokedAt: now, revokedBy: by })
    .where(liveAppPasswordsWhere(owner))
    .returning({ id: mailAppPasswords.id });
  return revoked.length;
}

/** The account's setting whose pending change is due by `now`, locked until the transaction ends. */
export async function lockDueMailAppPasswordSettings(
  tx: Db,
  owner: string,
  now: Date,
): Promise<MailAppPasswordSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(mailAppPasswordSettings)
    .where(and(eq(mailAppPasswordSettings.owner, owner), lte(mailAppPasswordSettings.applyAt, now)))
    .for('update');
  return row;
}

/** Puts the pending "require app passwords" value in force. */
export async function applyPendingMailAppPasswordsOnly(
  db: Db,
  owner: string,
  required: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(mailAppPasswordSettings)
    .set({ appPasswordsOnly: required, pending: null, applyAt: null, changedAt: now })
    .where(eq(mailAppPasswordSettings.owner, owner));
}

/** Keeps the account's asked-for "require app passwords" change (null: none waits). */
export async function savePendingMailAppPasswordsOnly(
  db: Db,
  owner: string,
  change: { pending: boolean | null; applyAt: Date | null; changedAt: Date },
): Promise<void> {
  await db
    .insert(mailAppPasswordSettings)
    .values({ owner, ...change })
    .onConflictDoUpdate({ target: mailAppPasswordSettings.owner, set: change });
}

/** The names and lookups of the account's live app passwords. */
export async function liveMailAppPasswordNamesOf(
  db: Db,
  owner: string,
): Promise<{ name: string; lookup: string }[]> {
  return db
    .select({ name: mailAppPasswords.name, lookup: mailAppPasswords.lookup })
    .from(mailAppPasswords)
    .where(liveAppPasswordsWhere(owner));
}

/** Keeps a new app password for mail (its hash, never its secret); as its list shows it. */
export async function insertMailAppPassword(
  db: Db,
  password: {
    id: string;
    owner: string;
    name: string;
    scope: string;
    lookup: string;
    hash: string;
    createdAt: Date;
  },
): Promise<ListedMailAppPassword> {
  return must(
    (await db.insert(mailAppPasswords).values(password).returning(listedMailAppPassword))[0],
    'the app password just created',
  );
}

/**
 * The account's live app passwords, newest first, each with the last sign-in the mail servers
 * reported (mail_logins, unix seconds; null when none was).
 */
export async function liveMailAppPasswordsOf(
  db: Db,
  owner: string,
): Promise<(ListedMailAppPassword & { reported: number | null })[]> {
  return db
    .select({ ...listedMailAppPassword, reported: mailLogins.lastLogin })
    .from(mailAppPasswords)
    .leftJoin(
      mailLogins,
      and(eq(mailLogins.username, mailAppPasswords.owner), eq(mailLogins.appPasswordId, mailAppPasswords.id)),
    )
    .where(liveAppPasswordsWhere(owner))
    .orderBy(desc(mailAppPasswords.createdAt), asc(mailAppPasswords.id));
}

/** One of the account's app passwords, locked until the transaction ends; undefined when it has none of that id. */
export async function lockMailAppPasswordOf(
  tx: Db,
  owner: string,
  id: string,
): Promise<{ id: string; name: string; revokedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ id: mailAppPasswords.id, name: mailAppPasswords.name, revokedAt: mailAppPasswords.revokedAt })
    .from(mailAppPasswords)
    .where(and(eq(mailAppPasswords.id, id), eq(mailAppPasswords.owner, owner)))
    .limit(1)
    .for('update');
  return row;
}

/** Revokes an app password for mail, naming who revoked it. */
export async function revokeMailAppPassword(db: Db, id: string, now: Date, by: string): Promise<void> {
  await db.update(mailAppPasswords).set({ revokedAt: now, revokedBy: by }).where(eq(mailAppPasswords.id, id));
}
