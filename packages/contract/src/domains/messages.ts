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

  // registration (the API's refusals, and labels its form shares with them)
  selectYears: 'Please select number of years for the registration',
  problems: 'Problems with Registration',
  unknownAgreement: 'No such text',
  organization: 'Organization',
  profit: 'Profit',
  nonprofit: 'Non-profit',
  website: 'Website',
  instructions: 'Instructions',
  agree: 'I agree',

  // renewal
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
  renewNoticeSubject: (domain: string) => `Renewal of ${domain}`,
  // edit
  updated: (domain: string) => `${domain} is updated`,
  bothSet: 'Auto Renew Yearly and Let Domain Expire cannot both be Yes: choose one',

  // permissions
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
  // screen labels (the list's, and those other screens share with it: domainScreenText has the rest)
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
  renewDomain: 'Renew Domain',
  back: 'Back',
  close: 'Close',
  contactEmail: 'Contact email',
  update: 'Update',
  warning: 'Warning',
  removeWarning:
    'The account loses its admin rights on every one of your domains, and with them the right to change their email aliases. It keeps its own account and domains.',
  accountName: 'Account name',
  delete: 'Delete',
  scope: 'Scope',
  scopeAll: 'All domains',
  deleteAdmin: (logname: string) => `Delete ${logname}`,
  currentPassword: 'Your current password',
  addAdmin: 'Add Admin',
} as const;

/** 'year' for 1, 'years' otherwise. */
export function yearLabel(n: number): string {
  return n === 1 ? 'year' : 'years';
}
