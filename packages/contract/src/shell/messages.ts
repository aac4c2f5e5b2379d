/**
 * Texts of the login screen, the signed-in shell's top bar and "Working on" bar, and Home: the
 * web's labels, in English (their Spanish: messages.es.ts; docs/languages.md).
 */
export const loginText = {
  signIn: 'Sign in',
  useAccountName: 'Use your account name (logname), not your email address.',
  username: 'Username',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  login: 'Login',
  forgotPanel: 'Forgot panel password?',
  forgotEmail: 'Forgot email password?',
  quickReferences: 'Quick References',
  loading: 'Loading…',
  language: 'Language',
  /** The staff directory's button ({name}: the directory's name). */
  signInWith: (name: string) => `Sign in with ${name}`,
} as const;

export const shellText = {
  toggleNavigation: 'Toggle navigation',
  mainNavigation: 'Main navigation',
  workingOnLabel: 'Working on:',
  logout: 'Logout',
  loading: 'Loading…',
  accountWorkedOn: 'Account being worked on',
  workingOn: (account: string) => `Working on ${account}`,
  /** The customer's language beside whose account it is, in the staff's own language. */
  customerLanguage: (language: string) => `language: ${language}`,
  backTo: (operator: string) => `Back to ${operator}`,
  language: 'Language',
  languageNames: (language: 'en' | 'es') => (language === 'es' ? 'Spanish' : 'English'),
  adminTools: 'Admin Tools',
  resources: 'Resources',
  // staff search (apps/web/src/app/shell-nav.tsx)
  lognameOrUid: 'Logname or UID',
  searchHint: 'Logname or UID; or part of a name, email address or domain',
  findAccount: 'Find Account',
  chooseAccount: 'Choose an account',
  firstMatches: (n: number) => `The first ${n} matches: type more to narrow the search.`,
  switchMode: (mode: 'light' | 'dark') => `Switch to ${mode} mode`,
  followDevice: "Follow the device's light or dark setting",
  close: 'Close',
} as const;

export const homeText = {
  welcome: (operator: string) => `Welcome, ${operator}`,
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
