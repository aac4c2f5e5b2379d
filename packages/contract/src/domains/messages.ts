import type { REG_TYPES, WEBSITE_OPTIONS } from './calls.ts';
import type { DomainStatus } from './status.ts';

const STATUS_WORDS: Record<DomainStatus, string> = {
  'renewal-pending': 'renewal pending',
  'will-expire': 'will expire',
  'renews-automatically': 'renews automatically',
  'renew-by-hand': 'renew by hand',
  'not-here': 'registered elsewhere',
};

/** Message texts of the domains area. Texts of the spec are exact. */
export const domainText = {
  // list screens
  headingEdit: 'Edit Domains',
  headingRenew: 'Renew Domains',
  headingPermissions: 'Domain Permissions',
  noDomains: 'No Domains Found',
  noDomainsUsage: 'No domains found',
  unknown: 'unknown',
  failed: 'Failed',
  /** Shown for domains not registered through our registrar partner. */
  expirationUnknown: 'UNKNOWN',
  /** Beside the spec's columns (domains/status.ts): days left, a plain status, a Renew action. */
  daysLeftHeader: 'Days left',
  statusHeader: 'Status',
  renewHeader: 'Renew',
  renewAction: 'Renew',
  /** Home notice of a domain expiring soon that is not renewed automatically (nor left to expire). */
  expiringNotice: (domain: string, expires: string) =>
    `${domain} expires on ${expires} and is not set to renew automatically.`,
  renewActionLabel: (domain: string) => `Renew ${domain}`,
  daysLeft: (days: number | null) =>
    days === null
      ? '—'
      : days === 0
        ? 'expires today'
        : days > 0
          ? `${days} ${days === 1 ? 'day' : 'days'}`
          : `expired ${-days} ${days === -1 ? 'day' : 'days'} ago`,
  /** A domain's plain status (domains/status.ts). */
  status: (status: DomainStatus) => STATUS_WORDS[status],
  expiresSoon: 'Expires soon',

  // registration
  cantFindIt: "Can't find it",
  notATld: (tld: string) => `${tld} isn't a TLD that we can register`,
  mustAgree: "We can't register your domain unless you agree to the terms",
  selectYears: 'Please select number of years for the registration',
  registrationSubmitted: 'Domain Registration Submitted',
  errorSending: 'Error sending registration',
  problems: 'Problems with Registration',
  signatureFailed: 'Signature Failed',
  registerAnother: 'Register another domain',
  unknownAgreement: 'No such text',
  // the Register or Transfer form
  registrationTitle: 'Register or Transfer a Domain',
  domainPlaceholder: 'example.com',
  domainDescription: 'The name to register or transfer',
  organization: 'Organization',
  contactEmailPlaceholder: "leave blank to use the primary account's email address",
  enterDomainFirst: 'Enter a domain first',
  yearOption: (years: number, price: string) => `${years} ${yearLabel(years)} – ${price}`,
  estimatedTotal: 'Estimated total',
  includesPrivacy: (perYear: string) => `includes whois privacy ${perYear}/year`,
  regType: 'Type',
  /** A registration type's name in the form's list ({product} is the product's name). */
  regTypeName: (type: (typeof REG_TYPES)[number], product: string) => type.replace('{product}', product),
  whatsThis: "What's this?",
  whoisPrivacy: 'Whois privacy',
  yesPerYear: (perYear: string) => `Yes (+${perYear}/year)`,
  organizationType: 'Organization type',
  profit: 'Profit',
  nonprofit: 'Non-profit',
  website: 'Website',
  /** A website option's name in the form's list (domains/calls.ts WEBSITE_OPTIONS). */
  websiteOption: (option: (typeof WEBSITE_OPTIONS)[number]) => option,
  instructions: 'Instructions',
  registrationAgreement: 'Registration agreement',
  readAgreement: 'Read the registration agreement',
  agree: 'I agree',
  dontAgree: "I don't agree",
  submitRequest: 'Submit Request',
  agreementTitle: 'Registration Agreement',
  /** The thank-you page's sentence: {domain} shown in bold. */
  requestSent: 'Your request for {domain} has been sent to the help desk and the hostmaster.',
  agreementSigned: (stamp: string) => `Registration agreement signed ${stamp}.`,

  // renewal
  cannotRenew: 'Cannot renew domain',
  renewalPending: 'Renewal is Pending',
  renewalFailed: 'Renewal Failed',
  notRegistrarManaged: (domain: string) =>
    `${domain} is not registered through our registrar partner, so it cannot be renewed or edited here`,
  onAutoRenew: (domain: string) =>
    `${domain} renews automatically about 45 days before it expires; turn Auto Renew off to renew it by hand`,
  tooEarly: (domain: string, days: number) => `${domain} can be renewed from ${days} days before it expires`,
  tooLate: (domain: string) =>
    `${domain} expired too long ago to be renewed here; please contact the help desk`,
  alreadyPending: (domain: string, years: number) =>
    `A renewal of ${domain} for ${years} ${yearLabel(years)} is already pending`,
  noPriceForYears: (years: number) =>
    `${years} ${yearLabel(years)} is not a renewal period we offer for this domain`,
  priceChanged: 'The price has changed: please reload the page and check the new price',
  renewalQueued: (domain: string, years: number, newExpiration: string) =>
    `Your renewal of ${domain} for ${years} ${yearLabel(years)} is pending: the new expiration date will be ${newExpiration}. The charge will appear on your next invoice.`,
  renewNoticeSubject: (domain: string) => `Renewal of ${domain}`,

  // edit
  updated: (domain: string) => `${domain} is updated`,
  notAuthorized: (domain: string) => `Not authorized to edit ${domain}`,
  cantGetStatus: (domain: string) => `Can't get status for ${domain}`,
  bothSet: 'Auto Renew Yearly and Let Domain Expire cannot both be Yes: choose one',
  contactPlaceholder: "leave blank to use the primary account's email address",

  // permissions
  noAdmins: 'No Additional Admin Accounts for the domain',
  ownerOnly: 'Only the owner of the domain may change its permissions',
  /**
   * Any name that cannot be made an admin: one answer, which does not say whether an
   * account of that name exists.
   */
  cannotGrant: (logname: string) => `${logname} cannot be made an admin - check the account name`,
  ownerAlready: (logname: string) => `${logname} owns the domain already`,
  adminAdded: (logname: string, n: number) =>
    `${logname} may now manage ${n} ${n === 1 ? 'domain' : 'domains'}`,
  notAdmin: (logname: string, domain: string) => `${logname} is not an admin of ${domain}`,
  adminRemoved: (logname: string, domain: string) => `${logname} was removed from ${domain}`,
  noGrants: (logname: string) => `${logname} has no permissions on your domains`,
  removedFromAll: (logname: string, n: number) =>
    `${logname} was removed from ${n} ${n === 1 ? 'domain' : 'domains'}`,
  additionFailed: 'Addition Failed',
  deleteFailed: 'Delete Failed',
  deletionFailed: 'Deletion Failed',
  deleted: 'Deleted',

  // whois
  whoisInvalid: 'Invalid domain name',
  whoisUnavailable: 'The whois service did not answer: please try again in a minute',

  // screen labels (the list, renewal and edit screens)
  yes: 'Yes',
  no: 'No',
  loading: 'Loading…',
  cancel: 'Cancel',
  columnDomain: 'Domain',
  columnExpiration: 'ExD',
  columnAutoRenew: 'A/R',
  columnAbandon: 'L/E',
  columnPending: 'R/P',
  columnContact: 'Contact Email',
  whois: 'Whois',
  whoisOf: (domain: string) => `Whois ${domain}`,
  legend: 'Legend',
  legendExpiration: 'expiration date',
  legendAutoRenew: 'auto renew yearly',
  legendPending: 'renewal pending',
  legendAbandon: 'let expire (abandon)',
  renewTitle: (domain: string) => `Renew ${domain}`,
  fieldDomain: 'Domain',
  fieldExpiration: 'Expiration date',
  fieldAutoRenew: 'Auto renew',
  fieldPending: 'Renewal pending',
  pendingYears: (years: number) => `Yes (${years} ${yearLabel(years)})`,
  yearsLabel: 'Years',
  yearsPlaceholder: 'Select',
  yearsCount: (years: number) => `${years} ${yearLabel(years)}`,
  backToRenew: 'Back to Renew Domains',
  renewDomain: 'Renew Domain',
  reviewTitle: 'Review the renewal',
  /** The review's sentence: {domain}, {price} and {account} shown in bold, {period} as it is. */
  reviewRenewal:
    'Renew {domain} for {period} at {price}, charged to the account {account} on its next invoice.',
  back: 'Back',
  close: 'Close',
  confirmRenewal: 'Confirm renewal',
  editTitle: (domain: string) => `Edit ${domain}`,
  autoRenewYearly: 'Auto Renew Yearly',
  letDomainExpire: 'Let Domain Expire',
  contactEmail: 'Contact email',
  update: 'Update',

  // whois, Domain Summary
  whoisTitle: 'Whois Info',
  whoisLookup: 'Lookup',
  whoisFailed: 'Whois lookup failed',
  usageTitle: 'Domain Summary',
  usageWebsite: 'Website?',
  usageDocroot: 'Docroot or Alias',
  usageAliases: 'Number of Email Aliases',
  usageAlias: 'Alias',
  addWebHosting: 'Add Web Hosting',
  defineAliases: 'Define Email Aliases',
  editWebsites: 'Edit Websites',
  // Remove an Admin from all domains
  removeTitle: 'Remove an Admin from all domains',
  warning: 'Warning',
  removeWarning:
    'The account loses its admin rights on every one of your domains, and with them the right to change their email aliases. It keeps its own account and domains.',
  accountName: 'Account name',
  delete: 'Delete',
  // Permissions for one domain
  permissionsTitle: (domain: string) => `Permissions for ${domain}`,
  permissionsIntro: (domain: string) =>
    `These accounts may manage ${domain} and its email aliases, besides its owner. Only the owner may add or remove them.`,
  adminAccounts: 'Admin accounts',
  columnAccount: 'Account',
  scope: 'Scope',
  scopeAll: 'All domains',
  scopeThis: 'This domain',
  deleteAdmin: (logname: string) => `Delete ${logname}`,
  addAdminTitle: 'Add an Admin',
  addAdminIntro:
    'Give another account the right to manage this domain, or all your domains, including their email aliases. The account logs in with its own name and password.',
  thisDomainOnly: 'This Domain Only',
  allMyDomains: 'All My Domains',
  currentPassword: 'Your current password',
  addAdmin: 'Add Admin',
} as const;

/** 'year' for 1, 'years' otherwise. */
export function yearLabel(n: number): string {
  return n === 1 ? 'year' : 'years';
}
