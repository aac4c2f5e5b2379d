import { billingText } from '@portal/contract/billing/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { ChargeResult } from '../../integrations/gateway/index.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { declinedInvoicesOf, markDeclinedInvoicesDue, owedByInvoice } from './repository.ts';
import type { NoticeSource } from '../../lib/notice-source.ts';

/**
 * Retries of declined auto-billing (docs/decisions/054-auto-billing-retries.md): the schedule,
 * which declines are worth another try, a retry at once when a card is added or updated, and the
 * Home notices of an invoice being retried. The charging itself is runAutoBilling (workers.ts).
 */

/** Charges due invoices and due retries (runAutoBilling); also enqueued when a card changes. */
export const autobillJob = defineJob('billing.autobill', z.object({}));

/** Invoices due longer ago than this are left to accounting, never charged automatically. */
export const AUTOBILL_MAX_AGE_DAYS = 60;

const DAY_MS = 86_400_000;

/**
 * Authorize.Net response reason codes of a decline that no later try of the same card can turn
 * into an approval: 4 pick up the card (lost or stolen), 6 and 37 invalid card number, 8 and 317
 * expired card, 5 and 7 invalid amount or expiry, 78 invalid card code. Every other decline
 * (2 general decline — insufficient funds, do not honour —, 3 referral, 44/45 card code or address
 * mismatch, 65 over the limit, none given) and every processing error is soft: tried again.
 */
export const HARD_DECLINE_CODES: ReadonlySet<string> = new Set(['4', '5', '6', '7', '8', '37', '78', '317']);

export type AttemptOutcome = 'approved' | 'soft_decline' | 'hard_decline' | 'error' | 'unknown';

/** What a charge's answer means for the retries. */
export function attemptOutcome(result: ChargeResult): AttemptOutcome {
  if (result.outcome !== 'declined') return result.outcome;
  return result.reasonCode && HARD_DECLINE_CODES.has(result.reasonCode) ? 'hard_decline' : 'soft_decline';
}

/**
 * The idempotency key of attempt `n` (1-based) on an invoice: the first keeps the key auto-billing
 * always used (`autobill:<invoice>`), each retry has its own (`autobill:<invoice>:<n>`).
 */
export const attemptKey = (invoice: string, n: number): string =>
  n <= 1 ? `autobill:${invoice}` : `autobill:${invoice}:${n}`;

/**
 * When the try after attempt `n` is due: the schedule's day `n` after the first attempt, and never
 * sooner than a day after this attempt (a retry made early by a new card does not bunch the
 * rest). Null after the last scheduled day.
 */
export function nextTryAt(retryDays: readonly number[], firstAt: Date, n: number, now: Date): Date | null {
  const days = retryDays[n - 1];
  if (days === undefined) return null;
  return new Date(Math.max(firstAt.getTime() + days * DAY_MS, now.getTime() + DAY_MS));
}

/** The date a customer reads for a next try (UTC calendar day, as invoices' dates are kept). */
export const tryDate = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * A card was added or updated: every unpaid invoice of the account whose auto-billing was declined
 * is due for one more try now (its next scheduled try, or again after a hard decline or the last
 * try), and auto-billing is asked to run. Idempotent: a second change before the run marks nothing
 * new, and each try is claimed once (runAutoBilling).
 */
export async function retrySoon(db: Db, owner: string, now: Date): Promise<number> {
  const oldest = yyyymmdd(new Date(now.getTime() - AUTOBILL_MAX_AGE_DAYS * DAY_MS));
  const marked = await markDeclinedInvoicesDue(db, owner, oldest, now);
  if (marked > 0) await enqueue(db, autobillJob, {}, { runAt: now });
  return marked;
}

/**
 * Home's notices of auto-billing being retried: per unpaid invoice of the account whose automatic
 * payment was declined, when the next try is, or that it stopped; each with the one action that
 * helps (a card on Add/Edit Credit Card; pay on Make a Payment when it stopped).
 */
export const retryNotices: NoticeSource = async (db, account, now, language = 'en') => {
  const text = inLanguage(billingText, language);
  const oldest = yyyymmdd(new Date(now.getTime() - AUTOBILL_MAX_AGE_DAYS * DAY_MS));
  const rows = await declinedInvoicesOf(db, account, oldest);
  if (rows.length === 0) return [];
  // An invoice the balance covers (paid in a way that did not mark it) needs nothing.
  const owed = await owedByInvoice(db, account, { lock: false });
  return rows
    .filter(({ invoice }) => (owed.get(invoice) ?? 0) > 0)
    .map(({ invoice, nextAt }) =>
      nextAt
        ? {
            kind: 'billing.retrying' as const,
            text: text.retryNoticeNext(invoice, tryDate(nextAt)),
            action: { label: text.retryActionCard, to: '/edit-cc' },
          }
        : {
            kind: 'billing.retry-stopped' as const,
            text: text.retryNoticeStopped(invoice),
            action: { label: text.retryActionPay, to: '/make-payment' },
          },
    );
};

export const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
