import { z } from 'zod';
import { defineCall } from '../http.ts';
import { LoginData } from '../session/calls.ts';
import { STAFF_SIGN_IN_FINISH, STAFF_SIGN_IN_OPTIONS, STAFF_SIGN_IN_START, staffSignInText } from './refs.ts';

export * from './refs.ts';

/**
 * Staff sign in with the ISP's own directory over OpenID Connect (docs/decisions/052-staff-directory-sign-in.md).
 * `start` and `callback` are the browser's: they answer with redirects, not the envelope. `finish`
 * trades the one-time hand-off of the callback for what /api/miglogin answers (or `mfa_required`).
 */

/** Whether the login form offers "Sign in with <name>" (PORTAL_STAFF_OIDC_*), public. */
export const staffSignInOptions = defineCall({
  ...STAFF_SIGN_IN_OPTIONS,
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
  ...STAFF_SIGN_IN_FINISH,
  secret: true,
  // The hand-off is 32 random bytes in base64url (auth/staff-directory.ts makeHandoff): nothing else is one.
  body: z.object({ handoff: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, { error: staffSignInText.handoff }) }),
  data: LoginData,
  top: LoginData,
});
