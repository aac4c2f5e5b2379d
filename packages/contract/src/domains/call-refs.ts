/**
 * Method, path and token rule of the domains area's reads (the domain list, usage, prices, the
 * agreement text, a domain's status, renewal status and admins), without their schemas: the
 * area's fetchers make them without loading zod, so the domain list shows without it.
 * calls.ts builds the full definitions from these.
 */

export const DOMAINS = { method: 'GET', path: '/api/domains/:account', token: true } as const;
export const DOMAIN_USAGE = { method: 'GET', path: '/api/domain-usage/:account', token: true } as const;
export const TLD_PRICE_LIST = { method: 'GET', path: '/api/tldpricelist/:tld', token: true } as const;
export const GET_TEXT = { method: 'POST', path: '/api/gettext', token: false } as const;
export const DOMAIN_RENEWAL_STATUS = {
  method: 'GET',
  path: '/api/domain-renewal-status/:domain',
  token: true,
} as const;
export const DOMAIN_STATUS = { method: 'GET', path: '/api/domain-status/:domain', token: true } as const;
export const DOMAIN_ADMINS = { method: 'GET', path: '/api/domainadmins/:domain', token: true } as const;

/** The texts gettext may return, by name (files shipped with the server). */
export const AGREEMENT_TEXT = 'registration-agreement';
