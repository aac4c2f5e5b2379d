/**
 * The sign-in methods and results, and their words for the screens: without zod, so the Spanish
 * catalogues (i18n/es.ts), which a Spanish login screen loads, do not bring the schema library with
 * them. session-calls.ts builds the calls' schemas on these lists.
 */

/**
 * How a session was opened (and a sign-in attempted): password, password + authenticator code,
 * password + passkey (the passkey as the second step), passkey alone, staff.
 */
export const SIGN_IN_METHODS = [
  'password',
  'password+code',
  'password+passkey',
  'passkey',
  'staff',
  'directory',
  'directory+mfa',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * What became of a sign-in attempt: signed in; wrong password; refused by the sign-in limits before
 * the password was checked; the password was right and the second factor is awaited; the second
 * factor was wrong; the second factor was awaited and its sign-in's time ran out.
 *
 * A two-step sign-in is one row: written `code_pending` after the password, it becomes `success`
 * when the second factor is given, and reads `code_expired` once its time
 * (MFA_TOKEN_MINUTES) has run out without it. `code_expired` is only ever answered, never stored.
 */
export const SIGN_IN_RESULTS = [
  'success',
  'bad_password',
  'throttled',
  'code_pending',
  'code_failed',
  'code_expired',
] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/** Words for the screens. */
export const SIGN_IN_METHOD_TEXT: Record<SignInMethod, string> = {
  password: 'Password',
  'password+code': 'Password and authenticator code',
  'password+passkey': 'Password and passkey',
  passkey: 'Passkey',
  staff: 'Staff',
  directory: 'Staff directory',
  'directory+mfa': 'Staff directory with a second factor',
};
export const SIGN_IN_RESULT_TEXT: Record<SignInResult, string> = {
  success: 'Signed in',
  bad_password: 'Wrong password',
  throttled: 'Refused: too many attempts',
  code_pending: 'Waiting for the code',
  code_failed: 'Wrong code',
  code_expired: 'Code not given in time',
};
