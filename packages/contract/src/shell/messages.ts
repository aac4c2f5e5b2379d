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
