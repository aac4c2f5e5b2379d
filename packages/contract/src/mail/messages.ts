/** Message texts of the mail tools and messages (spec 002 mailing lists). Exact where the spec gives them. */
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
} as const;
