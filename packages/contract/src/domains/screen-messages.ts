import type { REG_TYPES, WEBSITE_OPTIONS } from './calls.ts';
import { yearLabel } from './messages.ts';

/**
 * The labels of the domain screens beyond the domain list: the Register or Transfer form, renewal
 * with its review, edit, a domain's permissions, Remove Permissions, whois and Domain Summary. A
 * module apart from `domainText` (messages.ts: the API's texts, which the server writes, and the
 * list's), so that the domain list does not download them
 * (docs/decisions/123-catalogues-with-their-screens.md).
 */
export const domainScreenText = {
  noDomainsUsage: 'No domains found',
  // registration
  cantFindIt: "Can't find it",
  notATld: (tld: string) => `${tld} isn't a TLD that we can register`,
  mustAgree: "We can't register your domain unless you agree to the terms",
  registrationSubmitted: 'Domain Registration Submitted',
  errorSending: 'Error sending registration',
  signatureFailed: 'Signature Failed',
  registerAnother: 'Register another domain',
  // the Register or Transfer form
  registrationTitle: 'Register or Transfer a Domain',
  domainPlaceholder: 'example.com',
  domainDescription: 'The name to register or transfer',
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
  /** A website option's name in the form's list (domains/calls.ts WEBSITE_OPTIONS). */
  websiteOption: (option: (typeof WEBSITE_OPTIONS)[number]) => option,
  registrationAgreement: 'Registration agreement',
  readAgreement: 'Read the registration agreement',
  dontAgree: "I don't agree",
  submitRequest: 'Submit Request',
  agreementTitle: 'Registration Agreement',
  /** The thank-you page's sentence: {domain} shown in bold. */
  requestSent: 'Your request for {domain} has been sent to the help desk and the hostmaster.',
  agreementSigned: (stamp: string) => `Registration agreement signed ${stamp}.`,
  // renewal and edit
  cannotRenew: 'Cannot renew domain',
  renewalQueued: (domain: string, years: number, newExpiration: string) =>
    `Your renewal of ${domain} for ${years} ${yearLabel(years)} is pending: the new expiration date will be ${newExpiration}. The charge will appear on your next invoice.`,
  notAuthorized: (domain: string) => `Not authorized to edit ${domain}`,
  cantGetStatus: (domain: string) => `Can't get status for ${domain}`,
  contactPlaceholder: "leave blank to use the primary account's email address",
  // permissions
  noAdmins: 'No Additional Admin Accounts for the domain',
  // the renewal and edit screens
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
  reviewTitle: 'Review the renewal',
  /** The review's sentence: {domain}, {price} and {account} shown in bold, {period} as it is. */
  reviewRenewal:
    'Renew {domain} for {period} at {price}, charged to the account {account} on its next invoice.',
  confirmRenewal: 'Confirm renewal',
  editTitle: (domain: string) => `Edit ${domain}`,
  autoRenewYearly: 'Auto Renew Yearly',
  letDomainExpire: 'Let Domain Expire',
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
  // Permissions for one domain
  permissionsTitle: (domain: string) => `Permissions for ${domain}`,
  permissionsIntro: (domain: string) =>
    `These accounts may manage ${domain} and its email aliases, besides its owner. Only the owner may add or remove them.`,
  adminAccounts: 'Admin accounts',
  columnAccount: 'Account',
  scopeThis: 'This domain',
  addAdminTitle: 'Add an Admin',
  addAdminIntro:
    'Give another account the right to manage this domain, or all your domains, including their email aliases. The account logs in with its own name and password.',
  thisDomainOnly: 'This Domain Only',
  allMyDomains: 'All My Domains',
} as const;
