/**
 * The texts of the reminders mailed to customers before (or just after) something needs them:
 * one place for each. Amounts are in dollars ("12.50"), dates ISO ("2026-12-01").
 */
export const notices = {
  invoiceDueSoon: {
    subject: (invoice: string, due: string) => `Invoice ${invoice} is due on ${due}`,
    body: (invoice: string, amount: string, due: string) =>
      `Invoice ${invoice} for $${amount} is due on ${due}. No card is on auto-billing, so it will not be paid automatically: please pay it on Make a Payment in the members portal.`,
  },
  invoiceOverdue: {
    subject: (invoice: string, days: number) =>
      `Invoice ${invoice} is ${days} ${days === 1 ? 'day' : 'days'} overdue`,
    body: (invoice: string, amount: string, due: string) =>
      `Invoice ${invoice} for $${amount} was due on ${due} and is not paid yet. Please pay it on Make a Payment in the members portal.`,
  },
} as const;
