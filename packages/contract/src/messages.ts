/** Message texts of the specification, in one place for server and client. Texts are exact. */
export const commonText = {
  // shared validation rules
  required: 'Required',
  reqd: "Req'd",
  minChars: (n: number) => `Must be at least ${n} characters`,
  passwordsMustMatch: 'Passwords must match',
  invalidCcn: 'Invalid Credit Card Number',
  invalidCreditCard: 'Invalid credit card',
  invalidDate: 'Invalid date (MMYY)',
  expiredCard: 'Expired Card (MMYY)',
  invalidExpiration: 'Invalid Expiration',
  amountPositive: 'Amount must be > 0',
  mustBeNumber: 'Must be a number',
  invalidEmail: 'This field must be a valid email address',
  invalid: 'Invalid',

  // envelope
  permissionDenied: 'Permission denied',
  internalError: 'Internal error',
  sessionExpired: 'Session expired',
  notFound: 'Not found',
  /** What staff are told of an account, a domain or a session that does not exist. */
  accountNotFound: 'Account not found',
  domainNotFound: 'Domain not found',
  sessionNotFound: 'Session not found',
  invalidInput: 'Invalid input',
  tooLarge: 'Request too large',
  unavailable: 'Service temporarily unavailable',
  /** A rate limit (docs/security.md): the wait, rounded up to minutes past one minute. */
  tooManyRequests: (seconds: number) =>
    `Too many requests - please try again in ${seconds <= 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`}`,
  /** Every password check of this server is busy and its queue is full (docs/decisions/044-password-hashing-queue.md). */
  passwordChecksBusy: (seconds: number) =>
    `Too many sign-ins at once - please try again in ${seconds} second(s)`,

  // session and shell
  loginFailedTitle: 'Login Failed',
  loginUseAccountName: 'Please use your account name, not your email address for logging in',
  loginFailedTimes: (n: number) => `Login Failed ${n} Time(s)`,
  /** The next step after a wrong account name or password, beside the failure. */
  loginResetNext: 'Forgot your password? Reset it by mail',
  badCredentials: 'Invalid account name or password',
  tooManyAttempts: 'Too many failed attempts - please wait a few minutes and try again',
  loggedIn: (user: string) => `Logged in ${user}`,
  loggedOut: 'Logged Out',
  logoutMessage: 'You have been logged out',
  userNotFound: (text: string) => `User not found: ${text}`,
  networkFailed: 'Failed',
  staffOnly: 'Staff only',

  // lasting grants (recovery address, domain admin, dashboard admin) need the current password
  grantPasswordRequired: 'Please enter your current password to confirm this change',
  grantPasswordWrong: 'That is not your current password: nothing was changed',

  // roles
  secondaryNoBilling: "Secondary accounts don't have access to billing information",
  secondaryNoStatement: 'Statement delivery options are only available for the primary account',
  secondaryNoInfo: "Secondary accounts don't have access to this information",
  invoicesPrimaryOnly: 'Invoices only visible to the primary account holder',
  messageSentBy: (operator: string) => `Message sent by ${operator}`,
  messageSentByFor: (operator: string, account: string) => `Message sent by ${operator} for ${account}`,
} as const;

/** The footer of a message sent by an operator, naming the account when acting for another one. */
export function messageFooter(operator: string, account: string): string {
  return operator === account
    ? commonText.messageSentBy(operator)
    : commonText.messageSentByFor(operator, account);
}
