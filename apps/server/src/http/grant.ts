import { commonText } from '@portal/contract/messages';
import { eq } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords.ts';
import { isStaff } from '../auth/policy.ts';
import type { Caller } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { accounts } from '../db/schema.ts';
import { forbidden, invalid } from '../lib/errors.ts';

/**
 * A call that hands lasting access to someone else (a recovery address, a domain admin, a
 * dashboard admin) takes the caller's current panel password: a stolen session alone
 * cannot plant a way back in. Staff working on an account are not asked; their call is audited
 * with a note saying so. Guessing through this check is bounded by the calls' rate limit ('grant').
 */
export async function confirmGrant(
  db: Db,
  caller: Caller,
  password: string | undefined,
  auditDetails: Record<string, unknown>,
): Promise<void> {
  if (isStaff(caller)) {
    auditDetails.password_check = 'not asked: staff';
    return;
  }
  if (!password)
    throw invalid(commonText.grantPasswordRequired, { password: commonText.grantPasswordRequired });
  const [row] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.logname, caller.username))
    .limit(1);
  if (!(await verifyPassword(row?.hash, password))) throw forbidden(commonText.grantPasswordWrong);
}
