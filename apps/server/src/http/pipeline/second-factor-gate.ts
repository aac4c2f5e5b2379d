import type { Deps } from '../../app/deps.ts';
import { setupConfinement, setupRequiredRefusal } from '../../auth/mfa.ts';
import type { Caller } from '../../auth/tokens.ts';
import type { Plan } from './context.ts';

/**
 * Stage 2, the staff second-factor gate (PORTAL_STAFF_MFA=required, auth/mfa.ts): a staff session
 * without a second factor may make only the set-up calls (`beforeSecondFactor`), and only on its
 * own account. Answers the account the rest of the call is confined to (the authorise stage holds
 * it to that), or null when the caller is free. Customers are never asked, and the policy
 * `optional` costs no query.
 */
export async function secondFactorGate(
  deps: Pick<Deps, 'db' | 'config'>,
  caller: Caller | null,
  plan: Pick<Plan, 'beforeSecondFactor'>,
): Promise<string | null> {
  if (!caller) return null;
  const confinedTo = await setupConfinement(deps.db, deps.config.PORTAL_STAFF_MFA, caller);
  if (confinedTo && !plan.beforeSecondFactor) throw setupRequiredRefusal();
  return confinedTo;
}
