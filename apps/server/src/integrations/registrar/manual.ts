import { addYears } from './expiration.ts';
import { checkRenewInput, outcomeMemo } from './common.ts';
import type { Registrar } from './types.ts';

/**
 * The embedded default registrar: the "manual hostmaster queue". Renewal requests reach a
 * hostmaster as email (the domains feature sends that message through the outbox, not this
 * module), who renews at the registry by hand. `renew` reports the renewal as done with the
 * new expiration (old date plus the years, 29 February → 28 February); `delayMs` tells the
 * caller's worker to treat it as completed only that long after the request, so the domain
 * shows "renewal pending" meanwhile, as it would while a registry finalises an order.
 *
 * `getExpiration` returns null: this registrar keeps no records; the portal's own expiration
 * date is the only one there is.
 */
export interface ManualRegistrarOptions {
  /** Delay before the worker finalises a renewal (ms; PORTAL_AGENT_DELAY_MS; default 0). */
  delayMs?: number;
}

export function createManualRegistrar(opts: ManualRegistrarOptions = {}): Registrar {
  const delayMs = Math.max(0, opts.delayMs ?? 0);
  const once = outcomeMemo();
  return {
    name: 'manual',
    delayMs,
    renew: (input) =>
      once(input.idempotencyKey, async () => {
        const checked = checkRenewInput(input);
        if ('message' in checked) return { outcome: 'failed', message: checked.message };
        return { outcome: 'done', newExpiration: addYears(input.currentExpiration, input.years) };
      }),
    async getExpiration() {
      return null;
    },
  };
}
