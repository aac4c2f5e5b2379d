import type { DomainRow } from './calls.ts';

/**
 * What the domain lists say beside the spec's abbreviated columns (ExD, A/R, L/E, R/P): days left and
 * a plain status. A domain set to let expire whose expiry is this near is marked "Expires soon".
 */
export const EXPIRING_SOON_DAYS = 30;

export type DomainStatus =
  | 'renewal-pending'
  | 'will-expire'
  | 'renews-automatically'
  | 'renew-by-hand'
  | 'not-here';

const DAY_MS = 86_400_000;

/** Whole days from `today` (YYYY-MM-DD) to the expiration date; null when the date is not a day. */
export function daysLeft(expiration: string, today: string): number | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(expiration) || !day.test(today)) return null;
  const diff = Date.parse(`${expiration}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Number.isNaN(diff) ? null : Math.round(diff / DAY_MS);
}

/** The plain status of a domain row: a pending renewal first, then what its settings will do. */
export function domainStatus(
  row: Pick<DomainRow, 'renewal_pending' | 'abandon' | 'auto_renew' | 'registrar_managed'>,
): DomainStatus {
  if (!row.registrar_managed) return 'not-here';
  if (row.renewal_pending) return 'renewal-pending';
  if (row.abandon) return 'will-expire';
  if (row.auto_renew) return 'renews-automatically';
  return 'renew-by-hand';
}

/** A domain set to let expire, expiring within EXPIRING_SOON_DAYS (not one already expired). */
export function expiresSoon(status: DomainStatus, days: number | null): boolean {
  return status === 'will-expire' && days !== null && days >= 0 && days <= EXPIRING_SOON_DAYS;
}
