import { must } from '@portal/contract/must';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { accounts, statementDelivery } from '../../db/schema.ts';

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
