import { normalizeDomain } from '../whois/domain.ts';
import { InvalidDomainError } from '../whois/errors.ts';
import { parseDate } from './expiration.ts';
import type { RenewInput, RenewOutcome } from './types.ts';

/** Checks renew input; a message when it cannot be sent. */
export function checkRenewInput(input: RenewInput): { domain: string; year: number } | { message: string } {
  let domain: string;
  try {
    domain = normalizeDomain(input.domain);
  } catch (err) {
    if (err instanceof InvalidDomainError) return { message: 'Invalid domain name' };
    throw err;
  }
  if (!Number.isInteger(input.years) || input.years < 1 || input.years > 10) {
    return { message: 'The renewal period must be 1 to 10 years' };
  }
  const current = parseDate(input.currentExpiration);
  if (!current) return { message: 'Invalid current expiration date' };
  return { domain, year: current.y };
}

/** Remembers outcomes by idempotency key (bounded; a thrown attempt is forgotten). */
export function outcomeMemo(limit = 1000) {
  const memo = new Map<string, Promise<RenewOutcome>>();
  return (key: string, run: () => Promise<RenewOutcome>): Promise<RenewOutcome> => {
    const prior = memo.get(key);
    if (prior) return prior;
    const p = run();
    memo.set(key, p);
    p.catch(() => memo.delete(key));
    while (memo.size > limit) memo.delete(memo.keys().next().value as string);
    return p;
  };
}
