import type { REG_TYPES } from './calls.ts';

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

/**
 * The texts of the domains area's help screens: Domain Help, Domain Registration Help and the
 * Domain FAQ. A module apart from `domainText` (messages.ts): a screen's chunk carries each module
 * it imports whole, and the domain list need not download these pages' prose
 * (docs/decisions/123-catalogues-with-their-screens.md).
 */
export const domainHelpText = {
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
