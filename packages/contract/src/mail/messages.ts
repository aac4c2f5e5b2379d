/** Message texts of the mail tools and messages (the spec's mailing lists). Exact where the spec gives them. */
export const mailText = {
  // send authenticated message
  invalidEmailAddress: 'Invalid Email Address',
  sendFailedTitle: 'Sorry, something has failed',
  sendFailedBody: 'The message was not sent',
  sentTitle: 'Thanks!',
  sentBody: 'Your message has been sent to the help desk',

  // newsletter
  subscribeFailedTitle: 'Sorry, something has gone wrong.',
  subscribeFailedBody: 'Your subscription was not added',
  subscribedTitle: 'Welcome to the Portal!',
  confirmSent: (email: string) =>
    `We have sent a message to ${email}: please follow its link to confirm your subscription.`,
  alreadySubscribed: (email: string) => `${email} is already subscribed to the Portal.`,
  confirmResent: (email: string) =>
    `${email} is waiting for confirmation: we have sent the confirmation link again.`,
  subscriptionConfirmed: (email: string) => `${email} is now subscribed to the Portal.`,
  confirmLinkInvalid: 'This confirmation link is not valid any more.',
  /**
   * The page a confirmation link opens: opening it changes nothing (mail scanners open links), its
   * button confirms (docs/decisions/035-links-confirm-by-post.md).
   */
  confirmSubscriptionTitle: 'Confirm your subscription',
  confirmSubscriptionAsk: (email: string) => `Press the button to subscribe ${email} to the Portal.`,
  confirmButton: 'Confirm',

  // auto-responder
  datesNotSetTitle: 'Dates not set',
  datesNotSetBody: 'Please set a start and end date',
  endAfterStart: 'The end must be after the start',
  endInPast: 'The end must be in the future',
  autoResponderFailed: 'The request was not sent',
  autoResponderSent: 'Your request has been sent',

  // disk usage
  diskUsageFailed: 'Get Disk Usage',

  // email aliases
  catchAll: "You can't change a catch-all alias.",
  /** A role address (docs/decisions/034-role-addresses.md) asked for on the temporary-alias domain. */
  roleAddressReserved: (name: string) =>
    `${name} is reserved: role addresses such as postmaster, abuse and webmaster cannot be temporary aliases`,
  /** A role address on a customer's domain, made or changed by someone other than its owner. */
  roleAddressOwnerOnly: (address: string) =>
    `${address} is a role address: only the domain's owner can set it`,
  added: (address: string) => `Added ${address}`,
  updated: (address: string) => `Updated ${address}`,
  deleted: 'Deleted',
  additionFailed: 'Addition Failed',
  failedUpdate: 'Failed update',
  deleteFailed: 'Delete Failed',
  notFoundAlias: 'Not Found',
  recoveryNotFound: 'Recovery email not found',
  aliasExists: (address: string) => `${address} already exists`,
  invalidAliasName: 'An alias name may use letters, digits and . _ - + only',
  /** A whole address typed where only the name before the @ belongs (alias and temporary names). */
  nameWithDomain: 'Leave out the @ part: type only the name before the @ (the domain is added for you)',
  targetsRequired: 'Enter at least one target address',
  badTarget: (line: number, text: string) => `Line ${line}: "${text}" is not a valid email address`,
  tooManyTargets: (max: number) => `At most ${max} target addresses`,
  aliasToItself: (address: string) => `${address} cannot forward to itself`,
  noDomains: 'No domains found',

  // temporary email
  noAliasFound: 'No Alias Found',
  noTempEmails: 'No Temp Emails Found',
  failed: 'Failed',
  success: 'Success',
  updatedTemp: (address: string) => `Updated ${address}`,
  addedTemp: (address: string) => `Added ${address}`,
  tempLimit: (max: number) =>
    `You already have ${max} active temporary aliases; let one expire or change its date first`,
  tempNameTaken: (address: string) => `${address} is not available; please choose another name`,
  invalidTempName:
    'Use 3 to 40 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit',
  tempForwardLoop: 'A temporary alias cannot forward to the temporary domain',
  expiresInPast: 'Choose an expiry date in the future',
  expiresTooFar: 'An alias can be set to expire at most one year ahead',

  // recovery contacts
  noRecovery: 'No Recovery Addresses Found',
  recoveryExists: (email: string) => `${email} is already a recovery address`,
  recoveryLimit: (max: number) => `At most ${max} recovery addresses`,
  /** Added, pending: resets go to it only once its link is followed. Starts with the spec's text. */
  recoveryAddedPending: (email: string) =>
    `Added ${email}: it receives password resets once the link we have sent to it is followed`,
  recoveryPending: '(waiting for confirmation)',
  /** An address staff added: shown in the list until its cooling-off period is over. */
  recoveryCoolingOff: (date: string) => `added by staff: no resets before ${date} (remove it to cancel)`,
  /** The customer's notice of an address staff added, and how to cancel it. */
  recoveryStaffAdded: (days: number) =>
    `Because staff added it, no reset link goes to it for ${days} days. If you did not ask for this, remove it under Recovery Contacts before then:`,

  // confirmation links of recovery addresses and auto-responder reply addresses
  addressConfirmedTitle: 'Address confirmed',
  confirmAddressTitle: 'Confirm your address',
  confirmAddressAsk: (email: string) => `Press the button to confirm ${email}.`,
  recoveryConfirmed: (email: string) => `${email} is confirmed: password resets may be sent to it.`,
  replyToConfirmed: (email: string) => `${email} is confirmed: the auto-responder will answer from it.`,
  /** The auto-responder's reply_to is not one of the account's own addresses. */
  replyToPending: (email: string) =>
    `Your request has been sent. Vacation replies are sent from your own addresses only; ${email} is not one of them, so the auto-responder waits until the link we have sent to ${email} is followed.`,
  addFailed: 'Add Failed',
  deletionFailed: 'Deletion Failed',

  // mailing lists
  unknownListType: (value: string) => `Unknown-${value}`,

  /** A temporary alias's expiry choices, by their number of days from now (the API's list). */
  expiryChoices: {
    1: '1 day',
    3: '3 days',
    7: '1 week',
    14: '2 weeks',
    30: '1 month',
    91: '3 months',
    182: '6 months',
    365: '1 year',
  },
  /** The choice that keeps an alias's expiry as it is. */
  expiryUnchanged: 'Unchanged',
} as const;

/**
 * The labels, headings and help texts of the mail screens (apps/web/src/features/mail), kept here so
 * that each language has them (docs/languages.md). The English is the screens' own, unchanged.
 */
export const mailScreenText = {
  loading: 'Loading…',
  cancel: 'Cancel',
  back: 'Back',
  delete: 'Delete',
  yes: 'Yes',

  // email aliases
  aliasesTitle: 'Email Aliases',
  colSource: 'Source',
  catchAllSource: '* (catch-all)',
  colDestList: 'Dest List',
  moreTargets: (first: string, more: number) => `${first} (+${more} more)`,
  colEdit: 'Edit',
  edit: 'Edit',
  editAlias: (src: string) => `Edit ${src}`,
  colDelete: 'Delete',
  deleteAlias: (src: string) => `Delete ${src}`,
  domainLabel: 'Domain',
  addAnAlias: 'Add an Alias',
  catchAllNote: (domain: string) =>
    `The catch-all (*) receives mail for every address of ${domain} that has no alias of its own.`,
  noAliases: 'No aliases for this domain',
  aliasesCaption: (domain: string) => `Email aliases of ${domain}`,
  deleteAliasTitle: 'Delete alias',
  deleteAliasAsk: (address: string) => `Delete ${address}? Mail to it will no longer be delivered.`,

  // add and change an alias
  addAliasTitle: 'Add an Alias',
  aliasName: 'Alias name',
  targetsLabel: 'Targets (one email address per line)',
  addAlias: 'Add Alias',
  changeAliasTitle: 'Change Alias',
  change: 'Change',

  // disk usage
  diskUsageTitle: 'Disk Usage',
  diskUsageCaption: (account: string) => `Disk usage of ${account}`,
  colLogname: 'Logname',
  colUid: 'UID',
  colQuota: 'Quota',
  colDiskUsage: 'Disk Usage',
  colPercentUsed: 'Percent Used',
  noDiskUsage: 'No disk usage recorded',

  // mailing lists
  mailingListsTitle: 'Mailing Lists',
  colListName: 'List Name',
  colListLink: 'List Link',
  colListType: 'List Type',
  listAdminLink: (listname: string) => `${listname} (Mailman admin page, opens in a new tab)`,
  noMailingLists: 'No Mailing Lists Found',
  mailingListsCaption: 'Mailing lists',

  // recovery contacts
  recoveryTitle: 'Recovery Contacts',
  recoveryIntro:
    'A password reset link can be sent to any of these addresses. Use addresses outside this account, so that you can still receive the link when you cannot sign in to your mail.',
  recoveryEmail: 'Recovery email',
  addEmail: 'Add Email',
  colId: 'ID',
  colRecoveryAddress: 'Recovery Address',
  colConfirmed: 'Confirmed',
  recoveryCaption: 'Recovery addresses',

  // auto-responder
  autoResponderTitle: 'Set up Auto-Responder Message',
  autoResponderIntro:
    'While you are away, mail to your account is answered with your message. The help desk receives the request too, and applies any special instructions (for example other addresses to cover).',
  start: 'Start',
  end: 'End',
  vacationMessage: 'Vacation message',
  specialInstructions: 'Special instructions',
  replyTo: 'Reply-to',
  requestAutoResponder: 'Request Auto Responder',
  hourOf: (label: string) => `${label} hour`,
  minuteOf: (label: string) => `${label} minute`,
  halfOf: (label: string) => `${label} AM or PM`,

  // send authenticated message
  sendAuthTitle: 'Send Authenticated Message',
  callHelpDesk: (phone: string, email: string) =>
    `Please call the help desk at ${phone} or write to ${email}.`,
  whyNeeded: 'Why do we need this?',
  whyForged:
    'Anyone can forge the sender of an email, so the help desk cannot act on account changes asked for by plain mail. A message sent from here is authenticated: you signed in to send it, and it reaches the help desk marked with your account name.',
  whyUse:
    "Use it to ask for changes that need the account holder's consent. Replies go to the reply-to address below, or to the account's email address when you leave it empty.",
  subject: 'Subject',
  message: 'Message',
  replyToOptional: "Reply-to (leave empty for the account's address)",
  accountEmailPlaceholder: 'the account email address',
  sendMessage: 'Send Message',

  // subscribe
  subscribeTitle: 'Subscribe to The Portal',
  subscribeIntro:
    'The Portal is our monthly newsletter: network news and planned maintenance, new services, and tips for getting the most out of your email, domains and websites. One message a month, never shared with anyone.',
  pastNewsletters: 'Read past newsletters',
  emailAddress: 'Email address',
  subscribeNote:
    'We will send a confirmation link to this address; the subscription starts when you open it.',
  subscribe: 'Subscribe',

  // temporary email
  tempTitle: 'Temporary Email',
  tempIntro:
    'A temporary alias forwards mail to your address until it expires; give it out where you expect spam.',
  tempFaqLink: 'Temporary Email FAQ',
  colAlias: 'Alias',
  forwardsTo: 'Forwards to',
  colExpires: 'Expires',
  expired: '(expired)',
  colFades: 'Fades',
  notes: 'Notes',
  expiresAt: 'Expires at',
  addNewAlias: 'Add New Alias',
  activeCount: (active: number, max: number) => `${active} of ${max} active`,
  yourTempAliases: 'Your temporary aliases',
  tempCaption: 'Temporary aliases',
  editTempTitle: 'Edit Temporary Email',
  updateTemp: 'Update Temp Email',

  // temporary email FAQ
  faqTitle: 'Temporary Email FAQ',
  theTempDomain: 'the temporary domain',
  faqWhatQ: 'What is a temporary email alias?',
  faqWhatA: (domain: string) =>
    `An address such as shop-2026@${domain} that forwards mail to your real address until the date you choose. Give it to a shop or a sign-up form; when it expires, mail to it is refused and your real address stays private.`,
  faqHowManyQ: 'How many can I have?',
  faqHowManyA: (max: number) => `Up to ${max} active aliases per account. Expired aliases do not count.`,
  faqExpiresQ: 'What happens when an alias expires?',
  faqExpiresA: (days: number) =>
    `Mail to it stops being forwarded at the expiry time, and we send you a notice. For ${days} days it stays in your list, shown in another colour, and you can give it a new date. After that it fades from the list.`,
  faqReuseQ: 'Can I use the name again later?',
  faqReuseA:
    'A used name is reserved for 6 months after its alias fades, for everyone, so that mail meant for you never reaches another customer. After that anyone may choose it.',
  faqNamesQ: 'Which names can I use?',
  faqNamesA:
    'Between 3 and 40 lower-case letters, digits, dots, dashes or underscores, starting with a letter or a digit.',
  backToTemp: 'Back to Temporary Email',
} as const;
