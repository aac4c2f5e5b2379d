import type { CallRef } from '../http.ts';

/**
 * What the login page needs of the staff directory's sign-in without zod (it stays off the first
 * screen's bundle): the texts and the calls by reference. calls.ts has the schemas.
 */

/** The texts of a refused directory sign-in, by the code the callback hands the login page. */
export const staffSignInText = {
  notConfigured: 'Signing in with the staff directory is not set up on this portal.',
  state:
    'The sign-in with the staff directory could not be matched to this browser (its state did not match). Start again from the login page.',
  idToken:
    'The staff directory’s answer could not be trusted (its ID token was expired, or for another sign-in). Start again from the login page.',
  directory:
    'The staff directory refused the sign-in or could not be reached. Start again from the login page, or ask the directory’s administrators.',
  notStaff:
    'Your directory account is not in the portal’s staff group, so it cannot sign in to the portal as staff. Customers sign in with their account name and password.',
  taken:
    'Your directory account’s user name belongs to a portal account that is not linked to the directory, so it cannot sign in. Ask an administrator to rename or remove that local account.',
  handoff: 'This sign-in link was already used or has expired. Start again from the login page.',
  localOff: 'Staff sign in with the staff directory on this portal; local staff passwords are switched off.',
} as const;

export const STAFF_SIGN_IN_ERRORS = ['state', 'id_token', 'directory', 'not_staff', 'taken'] as const;
export type StaffSignInError = (typeof STAFF_SIGN_IN_ERRORS)[number];

/** The login page's text for the callback's `#staff-sign-in-error=<code>`. */
const ERROR_KEYS: Record<StaffSignInError, keyof typeof staffSignInText> = {
  state: 'state',
  id_token: 'idToken',
  directory: 'directory',
  not_staff: 'notStaff',
  taken: 'taken',
};

/** The login page's text for a refused directory sign-in, from `text` (staffSignInText in a language). */
export const staffSignInErrorText = (text: typeof staffSignInText, error: StaffSignInError): string =>
  text[ERROR_KEYS[error] ?? 'directory'];

export const STAFF_SIGN_IN_OPTIONS = {
  method: 'GET',
  path: '/api/staff-sign-in/options',
  token: false,
} as const satisfies CallRef;
export const STAFF_SIGN_IN_FINISH = {
  method: 'POST',
  path: '/api/staff-sign-in/finish',
  token: false,
} as const satisfies CallRef;

/** Where the browser goes to sign in with the directory; the start call answers 302 to it. */
export const STAFF_SIGN_IN_START = '/api/staff-sign-in/start';
