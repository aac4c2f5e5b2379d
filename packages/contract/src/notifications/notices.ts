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
  /** A new invoice, its PDF attached. */
  invoiceNew: {
    subject: (invoice: string) => `New invoice ${invoice}`,
    body: (invoice: string, amount: string, date: string, due: string) =>
      `Invoice ${invoice} of ${date} for $${amount} is due on ${due}. It is attached as a PDF, and on View Invoices in the members portal.`,
  },
  invoiceOverdue: {
    subject: (invoice: string, days: number) =>
      `Invoice ${invoice} is ${days} ${days === 1 ? 'day' : 'days'} overdue`,
    body: (invoice: string, amount: string, due: string) =>
      `Invoice ${invoice} for $${amount} was due on ${due} and is not paid yet. Please pay it on Make a Payment in the members portal.`,
  },
  /** The card on auto-billing expires before the next invoice (30 and 7 days ahead). */
  cardExpiring: {
    subject: (card: string, days: number) =>
      `Your card ending ${card} expires in ${days} ${days === 1 ? 'day' : 'days'}`,
    body: (card: string, expires: string) =>
      `The card ending ${card}, which pays your invoices automatically, expires at the end of ${expires}. Invoices due after that cannot be charged to it: please add a new card or update this one on Manage Credit Cards in the members portal.`,
  },
  /** A domain on auto-renew, `days` before it expires (30, 7, 1). */
  domainRenews: {
    subject: (domain: string, days: number) =>
      `${domain} renews automatically in ${days} ${days === 1 ? 'day' : 'days'}`,
    body: (domain: string, date: string, price: string | null, card: string) =>
      `${domain} renews automatically on ${date}${price === null ? '' : ` for $${price}`} with the card ending ${card}. Nothing needs doing; to let it expire instead, turn auto-renew off on Domain Settings in the members portal.`,
  },
  /** On auto-renew, but no card is on auto-billing to pay for it. */
  domainRenewsNoCard: {
    subject: (domain: string, days: number) =>
      `${domain} expires in ${days} ${days === 1 ? 'day' : 'days'}: no card is on auto-billing`,
    body: (domain: string, date: string, price: string | null) =>
      `${domain} is set to renew automatically on ${date}${price === null ? '' : ` for $${price}`}, but no card is on auto-billing. Please add one on Manage Credit Cards in the members portal, or the renewal will not be paid.`,
  },
  /** Auto-renew off (and not let expire): renew by hand. */
  domainRenewNow: {
    subject: (domain: string, days: number) => `${domain} expires in ${days} ${days === 1 ? 'day' : 'days'}`,
    body: (domain: string, date: string, link: string) =>
      `${domain} expires on ${date} and does not renew automatically. Renew it now: ${link}`,
  },
  /** An expired temporary alias, 2 days before it fades (its name can no longer be extended). */
  aliasFading: {
    subject: (address: string) => `Temporary alias ${address} fades in 2 days`,
    body: (address: string, fades: string) =>
      `Your temporary alias ${address} has expired and fades on ${fades}. Until then you can extend it on the Temporary Email page of the members portal; after that its name stays reserved and cannot be used again.`,
  },
} as const;
