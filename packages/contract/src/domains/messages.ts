import type { REG_TYPES, WEBSITE_OPTIONS } from './calls.ts';
import type { DomainStatus } from './status.ts';

const REG_TYPE_EXPLAINED: Record<(typeof REG_TYPES)[number], (product: string) => string> = {
  'New Domain': () =>
    'The name is not registered yet. We register it for you through our registrar partner, host its DNS, and it appears in your domain list.',
  '{product}/OpenSRS will be Registrar Only': () =>
    'The domain is registered elsewhere and you move the registration to us (through OpenSRS). Its DNS stays where it is. You need the transfer authorisation code from the current registrar.',
  '{product} will be DNS Host Only': (product) =>
    `The registration stays with the current registrar; you point the domain's name servers at ours and ${product} hosts its DNS.`,
  '{product} will be Registrar & DNS Host': () =>
    'You transfer the registration to us and we host its DNS too: everything about the domain is managed here.',
  '{product} will be Web/Email Host Only': () =>
    'The registration and DNS stay where they are; you point the website and mail records at our servers and we host the website and email.',
};

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

  // whois, Domain Summary, Domain FAQ
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
  // Domain Help (its sentences with links have {name} places: fill.tsx)
  helpTitle: 'Domain Help',
  helpSection: 'The domain section',
  helpSectionText:
    '{edit}, {renew} and {permissions} list your domains, and the domains other accounts have let you manage. Click a row to edit, renew or manage the permissions of that domain; the Whois button shows the public registration record. Only domains registered through our registrar partner can be renewed or edited here; the others show the expiration date UNKNOWN.',
  helpExpiration: 'Expiration date (ExD)',
  helpExpirationText: 'The day the registration runs out unless it is renewed.',
  helpAutoRenew: 'Auto renew yearly (A/R)',
  helpAutoRenewText:
    'With Auto Renew, we renew the domain for one year about 45 days before its anniversary and the charge appears on your next invoice.',
  helpAbandon: 'Let expire (L/E)',
  helpAbandonText:
    'Let Domain Expire means you do not want the domain any more: we do not renew it and it is released after it expires. Auto Renew and Let Domain Expire cannot both be Yes; the system complains if you set both.',
  helpContact: 'Contact email',
  helpContactText:
    "Where renewal notices for the domain go. Leave it blank to use the primary account's email address.",
  helpRenewals: 'Renewals (R/P)',
  helpRenewalsText: (days: number) =>
    `A domain without Auto Renew can be renewed by hand from ${days} days before it expires. Choose the number of years and Renew Domain: you receive a notice by email, the charge appears on your next invoice, and the domain shows Renewal Pending until the registry confirms, generally within an hour. The expiration date then moves by the years chosen.`,
  helpPermissions: 'Permissions',
  helpPermissions1: 'By default only the primary account holder may change a domain and its email aliases.',
  helpPermissions2:
    "To add an admin, open Domain Permissions, click the domain, type the other account's name and choose This Domain Only or All My Domains.",
  helpPermissions3:
    "To remove an admin from one domain, use its Delete button on the domain's permissions page; to remove an admin from all your domains at once, use {remove}.",
  removePermissions: 'Remove Permissions',

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
  // Domain Registration Help ({product} in a type is the product's name)
  registrationHelpTitle: 'Domain Registration Help',
  registrationHelpIntro: 'The Type field of Register or Transfer says what we should do for the domain:',
  /** What a registration type means (domains/calls.ts REG_TYPES). */
  regTypeExplained: (type: (typeof REG_TYPES)[number], product: string) => REG_TYPE_EXPLAINED[type](product),
  whoisPrivacyNote: (perYear: string) =>
    `Whois privacy hides your contact details from the public whois record where the registry allows it, for ${perYear} per year.`,
  faqTitle: 'Domain FAQ',
  faqQ1: 'Who can change my domains and their email aliases?',
  faqA1:
    'Only you, the primary account holder, unless you grant admin access to another account. Our staff can also make changes for you when you ask the help desk.',
  faqQ2: 'How do I let someone else manage the email aliases of my domain?',
  faqA2:
    'Open Domain Permissions, click the domain and add the other account as an admin, for this domain only or for all your domains. The admin then sees the domain in its own domain list and in the email alias manager, and may add, change and delete its aliases.',
  faqQ3: 'Can a secondary account of mine manage my domains?',
  faqA3:
    'Not by itself: secondary accounts do not see your domains. Log in with your primary account and add the secondary account as an admin on the domains it should manage.',
  faqQ4: 'How do I take the permission away again?',
  faqA4:
    "Use the Delete button next to the admin on the domain's permissions page to remove it from that domain, or Remove Permissions to remove it from all your domains at once. The change takes effect immediately.",
} as const;

/** 'year' for 1, 'years' otherwise. */
export function yearLabel(n: number): string {
  return n === 1 ? 'year' : 'years';
}
