import { z } from 'zod';
import { defineCall } from '../http.ts';
import { logname, text } from '../rules.ts';
import { SIGN_IN_METHODS, SIGN_IN_RESULTS } from './sign-in-texts.ts';

export {
  SIGN_IN_METHOD_TEXT,
  SIGN_IN_METHODS,
  SIGN_IN_RESULT_TEXT,
  SIGN_IN_RESULTS,
} from './sign-in-texts.ts';

/**
 * The account's sessions and sign-in attempts (docs/decisions/018-session-list.md).
 * A session is named by its public id, never by the secret its token carries; addresses are
 * prefixes (an IPv4 /24, an IPv6 /64), never a whole address.
 */

export const SignInMethod = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof SignInMethod>;

export const SignInResult = z.enum(SIGN_IN_RESULTS);
export type SignInResult = z.infer<typeof SignInResult>;

/** Sign-in attempts are kept this long (the housekeeping job deletes older ones). */
export const SIGN_IN_RETENTION_DAYS = 90;

export const SessionItem = z.object({
  /** The session's public id (not its secret). */
  id: z.string(),
  /** The session of this request ("this browser"). */
  current: z.boolean(),
  created: z.string(),
  last_seen: z.string(),
  /** Browser and system, read from the user agent ("Firefox 128 on Windows 10"); '' when unknown. */
  device: z.string(),
  /** The address's prefix at sign-in ("192.0.2.0/24"); '' when unknown. */
  address: z.string(),
  method: SignInMethod,
});
export type SessionItem = z.infer<typeof SessionItem>;

export const listSessions = defineCall({
  method: 'GET',
  path: '/api/sessions/:logname',
  params: z.object({ logname }),
  data: z.object({ sessions: z.array(SessionItem) }),
});

/** A session's public id: a UUID. */
const sessionId = text({ error: 'Unknown session' })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: 'Unknown session' });

export const endSession = defineCall({
  method: 'POST',
  path: '/api/end-session',
  body: z.object({ logname, id: sessionId }),
  data: z.object({ ended: z.number() }),
});

export const endOtherSessions = defineCall({
  method: 'POST',
  path: '/api/end-other-sessions',
  body: z.object({ logname }),
  data: z.object({ ended: z.number() }),
});

export const SignInItem = z.object({
  time: z.string(),
  result: SignInResult,
  method: SignInMethod,
  device: z.string(),
  address: z.string(),
});
export type SignInItem = z.infer<typeof SignInItem>;

export const listSignIns = defineCall({
  method: 'GET',
  path: '/api/sign-ins/:logname',
  params: z.object({ logname }),
  data: z.object({ sign_ins: z.array(SignInItem) }),
});
