import type { Caller } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';
import { confirmGrant } from '../grant.ts';
import type { Plan } from './context.ts';

/**
 * Stage 8, in the call's transaction: a call that hands lasting access to someone else (route
 * option `grant`) takes the customer's current password (http/grant.ts) before anything changes.
 * Answers what the call's audit entry says about the check.
 */
export async function checkGrant(
  db: Db,
  plan: Pick<Plan, 'grant'>,
  caller: Caller | null,
  body: unknown,
): Promise<Record<string, unknown>> {
  const details: Record<string, unknown> = {};
  if (!plan.grant || !caller) return details;
  const password = (body as { password?: unknown } | undefined)?.password;
  await confirmGrant(db, caller, typeof password === 'string' ? password : undefined, details);
  return details;
}
