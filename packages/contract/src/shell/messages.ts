/**
 * Texts of the login screen and the signed-in shell's top bar and "Working on" bar: the web's
 * labels, in English (their Spanish: messages.es.ts; docs/languages.md). Home's are in
 * home-messages.ts: the login screen loads this module, and Home's texts only after sign-in.
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
  /** The staff's note on an account, shown when switching to it: its title and when it was last changed. */
  noteFor: (account: string) => `Note for ${account}`,
  noteModified: (lastmod: string) => `Last modified ${lastmod}`,
  switchMode: (mode: 'light' | 'dark') => `Switch to ${mode} mode`,
  followDevice: "Follow the device's light or dark setting",
  close: 'Close',
} as const;
