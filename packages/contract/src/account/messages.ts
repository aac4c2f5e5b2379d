const NAMES_UNAVAILABLE = 'Account names used or invalid';

/** Message texts of the account area. Texts of the spec are exact. */
export const accountText = {
  // addresses
  addressProblem: (kind: AddressKindLabel) => `Problem in ${kind} Address change`,
  unknownErrorNoc: 'Unknown error, please contact noc',
  failedToGetAddress: (kind: AddressKindLabel) => `Failed to get ${kind.toLowerCase()} address`,
  success: 'Success',
  updated: 'Updated',
  unableToUpdate: 'Unable to update - let NOC know',
  updateFailed: 'Update failed',

  // passwords and resets
  thankYou: 'Thank You!',
  propagate: 'Password changes take about ten minutes to propagate',
  problems: 'Problems',
  passwordChanged: 'Password Changed',
  resetFailed: 'Reset Failed',
  resetSubmitted: 'Reset request submitted',
  checkEmail: 'Please check your email for reset link',
  contactHelp: 'Please contact help',
  /** Beyond the spec: a breached password is fixed by the customer, not by help. */
  chooseAnother: 'Please choose another password.',
  // server answers (ours: the spec shows only the client's titles)
  wrongPanelPassword: 'The panel password is not correct',
  wrongOldPassword: 'The old password is not correct',
  /** Ends with "data breaches." so the secondary-password screen classifies it as breached. */
  breached: 'This password cannot be used: it has appeared in data breaches.',
  /** Starts with "Password change already pending". */
  alreadyPending: (logname: string) =>
    `Password change already pending for ${logname} - please check back later`,
  changePending: (logname: string) =>
    `Password change pending for ${logname}: changes take about ten minutes to propagate`,
  notYourSecondary:
    'Permission denied: only the primary account may change the passwords of its secondary accounts',
  resetInvalid:
    'This reset link is not valid: it may have expired (links last 30 minutes) or have been used already',
  resetMessage:
    'If the account name and address match our records, a reset link has been sent to that address. The link is valid for 30 minutes.',
  tooManyResets: 'Too many reset requests - please wait 15 minutes and try again',
  /** A reset by mail ends every session and revokes every API token; what remains is listed. */
  resetTokensRevoked: (n: number) =>
    n === 1 ? 'Your API token was revoked.' : `All your API tokens (${n}) were revoked.`,
  resetRemainingIntro:
    'These ways to sign in were not changed by the reset. If one is not yours, sign in and remove it in the security centre:',
  resetRemainingAuthenticator: 'An authenticator app (second factor)',
  resetRemainingPasskey: (name: string) => `Passkey "${name}"`,
  resetNothingRemains: 'No passkey or second factor is set up on this account.',

  // statement delivery
  somethingFailed: 'Sorry, something has failed',
  thanks: 'Thanks!',
  statementSaved: 'Your statement delivery choice has been saved',

  // secondary-account requests
  namesUnavailable: NAMES_UNAVAILABLE,
  /** request-accounts' 409 when a name was taken since the check; read back by refusedNames(). */
  namesRefused: (names: string[]) => `${NAMES_UNAVAILABLE}: ${names.join(', ')}`,
  chooseDifferent: 'Please choose a different account name for these accounts:',
  newAccountsPending: 'New Accounts Pending',
  newAccountsBody:
    'Thank you. Your request for new accounts has been received and will be processed by our staff. You will get a message when the new accounts are ready.',
  noAccountNames: 'Enter at least one account name',
  lognameTooLong: 'At most 12 characters',
  requestNotFound: 'Request not found',
  requestAlreadyDone: 'This request has already been marked done',

  // web hosting request
  selectDomain: 'Select a domain',
  selectHostingType: 'Select a hosting type',
  webHostingSubmitted: 'Web Hosting Request Submitted',
  /** Add Web Hosting for an account none of whose domains is without a website: no form to fill. */
  webHostingNoDomains:
    'Every domain of this account has a website already, or it has no domain yet. Register or transfer a domain first, then ask for hosting for it here.',
  errorSendingRegistration: 'Error sending registration',
  problemsWithRequest: 'Problems with Request',

  // authenticated messages
  messageSent: 'Message sent',
  /** reply_to of sendmessage when it is not an address. */
  invalidEmailAddress: 'Invalid Email Address',
} as const;

export type AddressKindLabel = 'Billing' | 'Account';

/** The account screens' own labels, headings and help (apps/web/src/features/account). */
export const accountScreenText = {
  loading: 'Loading',
  cancel: 'Cancel',
  // addresses
  firstName: 'First Name',
  lastName: 'Last Name',
  company: 'Company',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'Zip Code',
  country: 'Country',
  phone: 'Phone',
  changeAddressTitle: (kind: AddressKindLabel, account: string) => `Change ${kind} Address for ${account}`,
  addressTitle: (kind: AddressKindLabel, account: string) => `${kind} Address for ${account}`,
  billingAddressHelp: 'Where we send paper statements and what your card payments are checked against.',
  accountAddressHelp: 'The service address of the account. Accounting is told of every change.',
  updateAddress: (kind: AddressKindLabel) => `Update ${kind} Address`,
  // panel password
  panelPasswordTitle: (account: string) => `Change Members Panel Password for ${account}`,
  panelPasswordHelp: 'The members panel password is the one you use to log in here. It takes effect at once.',
  panelPasswordChanged: (account: string) => `The members panel password of ${account} has been changed.`,
  oldPasswordOfOperator: (operator: string) => `Old Password: your own (${operator}) members panel password.`,
  oldPassword: 'Old Password',
  changePanelPassword: 'Change Panel Password',
  // email password
  emailPasswordTitle: (account: string) => `Change Email/Unix Password for ${account}`,
  emailPasswordHelp:
    'This is the password for reading mail (IMAP/POP), sending mail and logging in to the shell. It is separate from the members panel password.',
  panelPasswordOfOperator: (operator: string) =>
    `Panel Password: your own (${operator}) members panel password.`,
  panelPasswordOwn: 'Panel Password: the password you logged in with.',
  panelPassword: 'Panel Password',
  newEmailPassword: 'New Email Password',
  changeEmailPassword: 'Change Email Password',
  // statement delivery
  statementTitle: (account: string) => `Statement Delivery for ${account}`,
  methodStandard: 'Standard',
  methodEmail: 'Email only',
  methodPaper: 'Paper only',
  methodBoth: 'Both email and paper',
  deliveryMethod: 'Delivery method',
  onlyWhenOwed: 'Send a statement only when money is owed',
  statementEmailHelp: 'Statement email: leave it blank to use the billing email of the account.',
  statementEmail: 'Statement email',
  standardHelp: "Standard delivery follows the account's billing plan.",
  saveDeliveryMethod: 'Save Delivery Method',
  contactHelpDesk: (phone: string, email: string) => ` Please contact the help desk at ${phone} or ${email}.`,
  // the account's language (Notifications: features/account/notifications-page.tsx)
  languageTitle: 'Language',
  languageHelp: 'The language of the portal and of the mails we send you, on every device you sign in on.',
  languageOf: (account: string) => `Language of ${account}`,
  /** Staff working on a customer: whose language the picker changes, and that it is recorded. */
  languageStaffHelp: (account: string) =>
    `The language of the portal and of the mails for ${account}, not your own: the change is recorded in the account's activity.`,
  // password resets
  requestResetTitle: (panel: boolean) => `Request ${panel ? 'Members Panel' : 'Email'} Password Reset`,
  requestResetHelp:
    'Enter your account name and your billing or recovery email address. If they match our records we send a reset link to that address; it is valid for 30 minutes.',
  accountLabel: 'Account',
  recoveryEmail: 'Recovery Email',
  requestReset: 'Request Reset',
  resetTitle: (panel: boolean) => `Reset ${panel ? 'Members Panel' : 'Email'} Password`,
  resetHelp: 'Choose a new password of at least 8 characters. The link works once and for 30 minutes.',
  resetPassword: 'Reset Password',
  resetDone: 'You can now log in with your new password. Every session was ended.',
  login: 'Login',
  home: 'Home',
  openSecurityCentre: 'Open the security centre',
  // web hosting request (the request mailed to the NOC stays English: it is the staff's paper)
  webHostingTitle: (account: string) => `Add Web Hosting for ${account}`,
  webHostingHelp:
    'Choose one of your domains that has no website yet. Starter hosts static pages; Basic and Pro run PHP applications such as WordPress.',
  webHostingDone: 'Our network operations team will set up the hosting and write to you when it is ready.',
  noDomainToHost: 'No domain to host',
  registerOrTransfer: 'Register or Transfer Domain',
  domain: 'Domain',
  noDomainsWithoutWebsite: 'No domains without a website',
  hostingType: 'Hosting type',
  profitStatus: 'Profit status',
  profit: 'Profit',
  nonProfit: 'Non-profit',
  runWordPress: 'Will you run WordPress?',
  yes: 'Yes',
  no: 'No',
  notes: 'Notes',
  requestWebHosting: 'Request Web Hosting',
  // secondary-account requests
  secondariesTitle: 'Add Secondary Accounts',
  secondariesTitleFor: (account: string) => `Add Secondary Accounts for ${account}`,
  secondariesHelp: (max: number) =>
    `Up to nine new accounts per request. Account names have at most ${max} characters: a letter, then letters, digits, '.', '_' or '-'. Email accounts get a mailbox; Full accounts also get shell and web access. Our staff create the accounts and write to you when they are ready.`,
  newAccounts: 'New accounts',
  accountName: 'Account name',
  alias: 'Alias',
  type: 'Type',
  typeEmail: 'Email',
  typeFull: 'Full',
  accountNameN: (n: number) => `Account name ${n}`,
  firstNameN: (n: number) => `First name ${n}`,
  lastNameN: (n: number) => `Last name ${n}`,
  aliasN: (n: number) => `Alias ${n}`,
  typeN: (n: number) => `Type ${n}`,
  requestingAccount: 'Requesting account',
  emailWhenReady: 'Email when ready',
  requestAccounts: 'Request Accounts',
  requestMarkedDone: (id: number, email: string) => `Request #${id} marked done; ${email} has been told.`,
  pendingRequestsStaff: 'Pending requests (staff)',
  noPendingRequests: 'No pending requests.',
  pendingRequests: 'Pending requests',
  notify: 'Notify',
  requested: 'Requested',
  markDone: 'Mark done',
} as const;
