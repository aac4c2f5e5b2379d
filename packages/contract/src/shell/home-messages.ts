/**
 * Texts of Home (features/shell/home-page.tsx, home-overview.tsx), in English (their Spanish:
 * home-messages.es.ts; docs/languages.md). Apart from the login screen's (messages.ts), which the
 * first screen loads: these come with Home's own code.
 */
export const homeText = {
  welcome: (operator: string) => `Welcome, ${operator}`,
  /** Staff's Home for a customer: the heading while the account's name is not known, and its plan. */
  accountNamed: (logname: string) => `Account ${logname}`,
  planNamed: (plan: string) => `plan ${plan}`,
  portalNoBilling: 'This is your members portal: manage domains, email and websites.',
  portalWithBilling: 'This is your members portal: pay bills, manage cards, domains, email and websites.',
  importantNotes: 'Important notes',
  noteNeverAsk: 'We never ask for your password by email or phone.',
  noteTenMinutes: 'Password changes take about ten minutes to reach the mail servers.',
  notePayments: 'Payments made here are applied to your account at once.',
  noteRecovery: 'Set a recovery address so that you can reset a forgotten password.',
  setEmailPassword: 'Set Email Password',
  domainEmailAliases: 'Domain Email Aliases',
  makePayment: 'Make a Payment',
  blog: 'Blog',
  wiki: 'Wiki',
  encrypt: 'Encrypt a Message',
  breakingNews: 'Breaking News',
  failed: 'Failed',
  loading: 'Loading…',
} as const;

/** Home's overview of what is owed, what expires and what is under way (features/shell/home-overview.tsx). */
export const overviewText = {
  heading: 'Overview',
  balance: 'Balance',
  notAvailable: 'Not available',
  loading: 'Loading…',
  due: (amount: string) => `${amount} due`,
  credit: (amount: string) => `${amount} credit`,
  nothingDue: 'Nothing due',
  /** `{invoice}` is the invoice's link. */
  invoiceOf: (date: string, amount: string) => `Invoice {invoice} of ${date}: ${amount}`,
  lastInvoiceOf: (date: string, amount: string) => `Last invoice {invoice} of ${date}: ${amount}`,
  payNow: 'Pay now',
  expiringWithin: (days: number) => `Domains expiring within ${days} days`,
  none: 'None',
  renewsAutomatically: ' (renews automatically)',
  pendingChanges: 'Pending changes',
  renewalOf: (domain: string) => `Renewal of ${domain}`,
  websiteChange: (site: string) => `A change to the website ${site}`,
  /** `{primary}` is the primary account's name, in bold. */
  yourSecondaryOf:
    'Your account is a Secondary account of {primary}, the primary account, which manages billing and secondary accounts.',
  thisSecondaryOf:
    'This account is a Secondary account of {primary}, the primary account, which manages billing and secondary accounts.',
  summaryNotAvailable: 'Summary not available',
  workingOnAccount: (name: string) =>
    `You are working on ${name}'s account: what you change here changes theirs.`,
};
