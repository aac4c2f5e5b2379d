import { z } from 'zod';
import { defineCall } from '../http.ts';
import { LoginData } from '../session/calls.ts';

/**
 * Staff sign in with the ISP's own directory over OpenID Connect (docs/decisions/052-staff-directory-sign-in.md).
 * `start` and `callback` are the browser's: they answer with redirects, not the envelope. `finish`
 * trades the one-time hand-off of the callback for what /api/miglogin answers (or `mfa_required`).
 */

/** The texts of a refused directory sign-in, by the code the callback hands the login page. */
export const staffSignInText = {
  notConfigured: 'Signing in with the staff directory is not set up on this portal.',
  state: 'The sign-in with the staff directory could not be matched to this browser (its state did not match). Start again from the login page.',
  idToken: 'The staff directory’s answer could not be trusted (its ID token was expired, or for another sign-in). Start again from the login page.',
  directory: 'The staff directory refused the sign-in or could not be reached. Start again from the login page, or ask the directory’s administrators.',
  notStaff: 'Your directory account is not in the portal’s staff group, so it cannot sign in to the portal as staff. Customers sign in with their account name and password.',
  taken: 'Your directory account’s user name belongs to a portal account that is not linked to the directory. Ask an administrator to link it.',
  handoff: 'This sign-in link was already used or has expired. Start again from the login page.',
  localOff: 'Staff sign in with the staff directory on this portal; local staff passwords are switched off.',
} as const;

export const STAFF_SIGN_IN_ERRORS = ['state', 'id_token', 'directory', 'not_staff', 'taken'] as const;
export type StaffSignInError = (typeof STAFF_SIGN_IN_ERRORS)[number];

/** The login page's text for the callback's `#staff-sign-in-error=<code>`. */
export const STAFF_SIGN_IN_ERROR_TEXT: Record<StaffSignInError, string> = {
  state: staffSignInText.state,
  id_token: staffSignInText.idToken,
  directory: staffSignInText.directory,
  not_staff: staffSignInText.notStaff,
  taken: staffSignInText.taken,
};

/** Where the browser goes to sign in with the directory; the start call answers 302 to it. */
export const STAFF_SIGN_IN_START = '/api/staff-sign-in/start';

/** Whether the login form offers "Sign in with <name>" (PORTAL_STAFF_OIDC_*), public. */
export const staffSignInOptions = defineCall({
  method: 'GET',
  path: '/api/staff-sign-in/options',
  token: false,
  data: z.object({
    enabled: z.boolean(),
    /** PORTAL_STAFF_OIDC_NAME: "Sign in with <name>". */
    name: z.string(),
    start_url: z.string(),
  }),
});

/** 302 to the directory's authorization endpoint (a state cookie set); 404 when not set up. */
export const staffSignInStart = defineCall({
  method: 'GET',
  path: STAFF_SIGN_IN_START,
  token: false,
  envelope: false,
  data: z.null(),
});

/** The directory's redirect back: 303 to the login page with a hand-off, or with an error code. */
export const staffSignInCallback = defineCall({
  method: 'GET',
  path: '/api/staff-sign-in/callback',
  token: false,
  envelope: false,
  query: z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    iss: z.string().max(2000).optional(),
    session_state: z.string().max(2000).optional(),
  }),
  data: z.null(),
});

/** The hand-off of the callback, once, within a minute: the login answer (or `mfa_required`). */
export const staffSignInFinish = defineCall({
  method: 'POST',
  path: '/api/staff-sign-in/finish',
  token: false,
  secret: true,
  body: z.object({ handoff: z.string().min(1, { error: staffSignInText.handoff }).max(200) }),
  data: LoginData,
  top: LoginData,
});
