import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { accounts } from '../../db/schema.ts';

/** The account a sign-in hand-off names (the directory's identities live in auth/staff-directory.ts). */
export async function accountOf(db: Db, logname: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.logname, logname)).limit(1);
  return account;
}
