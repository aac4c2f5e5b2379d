import type { RateLimiter } from '../rate-limit.ts';
import type { Caller } from '../../auth/tokens.ts';
import { clientKey } from '../client-address.ts';
import type { Plan } from './context.ts';

/**
 * Stage 5, the call's rate limit (http/limits.ts), counted per account and per client once the
 * caller is known and the input is valid, before anything is looked up or done (429 when spent).
 */
export async function applyLimit(
  limiter: Pick<RateLimiter, 'hit'>,
  plan: Pick<Plan, 'limit'>,
  caller: Caller | null,
  ip: string,
): Promise<void> {
  if (!plan.limit) return;
  await limiter.hit(plan.limit, { account: caller?.username, client: clientKey(ip) });
}
