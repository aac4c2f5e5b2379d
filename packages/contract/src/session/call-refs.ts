/**
 * Method, path and token rule of the session calls made at start (the portal's title and links,
 * the user's display mode, the account's role that many screens wait for) and of the signed-in
 * shell's staff search, without their schemas: the first screen and the shell make them without
 * loading zod. calls.ts builds the full definitions from these.
 */

export const URLS = { method: 'GET', path: '/api/urls', token: false } as const;
export const USER_MODE = { method: 'GET', path: '/api/usermode/:operator', token: true } as const;
/** The account's language (docs/languages.md): the top bar's and the account screen's picker. */
export const SET_LANGUAGE = { method: 'POST', path: '/api/set-language', token: true } as const;
export const ACCOUNT_ROLE = { method: 'GET', path: '/api/account-role/:account', token: true } as const;
export const CUSTOMER = { method: 'GET', path: '/api/customer/:logname', token: true } as const;
/** Home's Breaking News (read by home's first data, without zod). */
export const NETWORK_STATUS = { method: 'GET', path: '/api/networkstatus', token: true } as const;
export const POPUP_NOTE = { method: 'GET', path: '/api/get-popup-note/:logname', token: true } as const;
export const LOOKUP_LOGNAME_UID = {
  method: 'GET',
  path: '/api/lookup-logname-uid/:text',
  token: true,
} as const;

/** Beyond the spec: staff find accounts by name, email or domain, not only logname or uid. */
export const SEARCH_ACCOUNTS = { method: 'GET', path: '/api/search-accounts/:text', token: true } as const;
/** The most accounts a staff search answers; a longer list asks for a narrower search. */
export const ACCOUNT_SEARCH_LIMIT = 20;

/**
 * The scopes of the access policy's account rules (apps/server/src/auth/policy.ts says what each
 * lets through). The account-role answer lists those the account's own screens may use, and the
 * menus offer a screen only when its scope is among them (docs/decisions/039-menus-from-the-policy.md).
 */
export const ACCOUNT_SCOPES = [
  'self',
  'read',
  'info',
  'billing',
  'primary',
  'statement',
  'own',
  'staff',
] as const;
export type AccountScope = (typeof ACCOUNT_SCOPES)[number];
