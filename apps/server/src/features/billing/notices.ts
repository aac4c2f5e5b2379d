import { billingText } from '@portal/contract/billing/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { routePath } from '@portal/contract/routes';
import { compactDay, dayStart, isoDay, parseDay } from '../../lib/days.ts';
import { AUTOBILL_MAX_AGE_DAYS, yyyymmdd } from './dunning.ts';
import { autoBillingCardOf, dollars, niceExpdate, normalExpdate, standingOf } from './repository.ts';
import type { NoticeSource } from '../../lib/notice-source.ts';

/**
 * Billing's sources of Home's notices (docs/decisions/107-home-notices.md); the retries' own is
 * retryNotices (dunning.ts). Each reads the owner's rows and says what needs the customer.
 */

const DAY_MS = 86_400_000;
/** A card on auto-billing is told about this many days before it expires, whatever is due. */
export const CARD_NOTICE_DAYS = 30;

/**
 * Invoices still owed after their due day (the one reckoning, standingOf), oldest due first; an
 * invoice whose auto-billing was declined is told by the retries' notice instead.
 */
export const overdueNotices: NoticeSource = async (db, account, now, language = 'en') => {
  const text = inLanguage(billingText, language);
  const oldest = yyyymmdd(new Date(now.getTime() - AUTOBILL_MAX_AGE_DAYS * DAY_MS));
  const { invoices } = await standingOf(db, account, now);
  return invoices
    .filter((s) => s.status === 'overdue' && !(s.row.autoBillAttempts > 0 && s.row.duedate >= oldest))
    .sort((a, b) => b.daysOverdue - a.daysOverdue || a.row.invoice.localeCompare(b.row.invoice))
    .map((s) => {
      const due = parseDay(s.row.duedate);
      const amount = dollars(s.owedCents).toFixed(2);
      return {
        kind: 'billing.invoice-overdue' as const,
        text: text.overdueNotice(s.row.invoice, amount, due ? isoDay(due) : s.row.duedate, s.daysOverdue),
        action: { label: text.retryActionPay, to: `${routePath('make-payment')}?amount=${amount}` },
      };
    });
};

/**
 * The card on auto-billing when it expires (the end of its MMYY month) within CARD_NOTICE_DAYS, or
 * before the next unpaid invoice falls due, or has expired already.
 */
export const cardNotices: NoticeSource = async (db, account, now, language = 'en') => {
  const text = inLanguage(billingText, language);
  const today = parseDay(now.toISOString().slice(0, 10));
  if (!today) return [];
  const card = await autoBillingCardOf(db, account, compactDay(today));
  const expdate = card && normalExpdate(card.expdate);
  if (!card || !expdate || !/^\d{4}$/.test(expdate)) return [];
  const month = Number(expdate.slice(0, 2));
  // Valid through the last day of its month: it has expired from the first day of the next.
  const endsAt = Date.UTC(2000 + Number(expdate.slice(2, 4)), month, 1);
  const nextDue = card.nextDue ? parseDay(card.nextDue) : null;
  const todayAt = dayStart(today).getTime();
  const soon = endsAt <= todayAt + CARD_NOTICE_DAYS * DAY_MS;
  const beforeDue = nextDue !== null && endsAt <= dayStart(nextDue).getTime();
  if (!soon && !beforeDue) return [];
  return [
    {
      kind: 'billing.card-expiring',
      text: text.cardExpiringNotice(card.last4, niceExpdate(expdate), endsAt <= todayAt),
      action: { label: text.retryActionCard, to: routePath('edit-cc') },
    },
  ];
};
