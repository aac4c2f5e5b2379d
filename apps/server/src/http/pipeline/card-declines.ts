import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { Plan } from './context.ts';

/**
 * Stage 9, in the call's transaction: a call that has the card gateway check a card (route option
 * `cardDeclines`) is refused once its account has had the day's card declines, before the gateway is
 * called (`checkDeclines`: the limiter's, in the call's transaction). Answers the account a refusal of the call will count against, or null.
 */
export async function checkCardDeclines(
  checkDeclines: (account: string) => Promise<void>,
  plan: Pick<Plan, 'cardDeclines'>,
  account: string | undefined,
): Promise<string | null> {
  if (!plan.cardDeclines || !account) return null;
  await checkDeclines(account);
  return account;
}

/**
 * After the call's transaction rolled back: a gateway's refusal (422, `refused`) counts as one
 * decline of the account the check stage named; nothing else does.
 */
export async function countCardDecline(
  limiter: Pick<RateLimiter, 'countDecline'>,
  declinesOf: string | null,
  err: unknown,
): Promise<void> {
  if (declinesOf && err instanceof AppError && err.code === 'refused') await limiter.countDecline(declinesOf);
}
