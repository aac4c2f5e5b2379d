import { eq } from 'drizzle-orm';
import { isStaff } from '../../auth/policy.ts';
import { auditLog } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { redact } from '../redact.ts';
import type { CallContext, Plan } from './context.ts';

/**
 * Stage 10, around the handler: the call's audit entry (docs/security.md). A customer's own change
 * is written with the change once it is done (a refusal changed nothing and is not recorded); a
 * staff change in a transaction is written with it, or neither is; a staff call without a
 * transaction (a charge) is written before it runs and its outcome after, failures included.
 */
export async function audited<T>(
  plan: Pick<Plan, 'call' | 'audited' | 'transaction'>,
  ctx: Pick<CallContext, 'caller' | 'db' | 'body' | 'account' | 'domain' | 'auditDetails'>,
  handle: () => Promise<T>,
): Promise<T> {
  const { caller, db, body } = ctx;
  if (!plan.audited || !caller) return handle();
  // A change made with a personal access token carries its name (the account's activity shows it).
  const token = caller.token;
  // A staff-only handler may name the account itself (ctx.account): read when writing.
  const entry = () => ({
    operator: caller.username,
    account: ctx.account?.logname ?? ctx.domain?.owner ?? (token ? caller.username : null),
    action: `${plan.call.method} ${plan.call.path}`,
  });
  const tokenDetails = token ? { api_token: { id: token.id, name: token.name } } : {};
  if (!isStaff(caller)) {
    // A customer's own change is on the account's record too, for its activity list.
    const result = await handle();
    const { account } = entry();
    await db.insert(auditLog).values({
      ...entry(),
      account: account ?? caller.username,
      details: { ...redact(body), ...ctx.auditDetails, ...tokenDetails },
    });
    return result;
  }
  if (plan.transaction) {
    const result = await handle();
    await db
      .insert(auditLog)
      .values({ ...entry(), details: { ...redact(body), ...ctx.auditDetails, ...tokenDetails } });
    return result;
  }
  // No transaction: a handler may have made its side effect (a charge stored) before it fails.
  const [row] = await db
    .insert(auditLog)
    .values({ ...entry(), details: { ...redact(body), ...tokenDetails, outcome: 'attempted' } })
    .returning({ id: auditLog.id });
  const outcome = async (details: Record<string, unknown>) => {
    if (!row) return;
    await db
      .update(auditLog)
      .set({
        account: entry().account,
        details: { ...redact(body), ...ctx.auditDetails, ...tokenDetails, ...details },
      })
      .where(eq(auditLog.id, row.id));
  };
  try {
    const result = await handle();
    await outcome({ outcome: 'done' });
    return result;
  } catch (err) {
    await outcome({
      outcome: 'failed',
      error: err instanceof AppError ? `${err.code}: ${err.message}` : 'internal error',
    });
    throw err;
  }
}
