import type { TextLanguage } from '@portal/contract/i18n/languages';
import type { SessionItem, SignInMethod } from '@portal/contract/security/session-calls';
import type { EndReason } from '../../auth/sessions.ts';
import type { Db } from '../../db/index.ts';
import { describeDevice } from '../../lib/user-agent.ts';
import { endLiveSessionsExcept, endSession, liveSessionsOf, sessionOfAccount } from './repository.ts';

/**
 * The account's live sessions as its owner sees them. A session is shown and named by its
 * public id; its secret id (the token's `sid`) never leaves the server, and `current` is worked out
 * here by comparing it with the caller's. Each device is named in `language`, the caller's.
 */

export async function listSessions(
  db: Db,
  account: string,
  now: Date,
  idleMs: number,
  callerSid: string | undefined,
  language: TextLanguage,
): Promise<SessionItem[]> {
  const rows = await liveSessionsOf(db, account, now, idleMs);
  return rows.map((r) => ({
    id: r.publicId,
    current: r.id === callerSid,
    created: r.createdAt.toISOString(),
    last_seen: r.lastSeen.toISOString(),
    device: describeDevice(r.userAgent, language),
    address: r.clientPrefix,
    method: r.method as SignInMethod,
  }));
}

/**
 * Ends one session of `account`, named by its public id and looked up with its owner: null when the
 * account has no such session (another account's id looks the same as one that does not exist).
 * Ending a session that already ended changes nothing and is not an error.
 */
export async function endSessionById(
  db: Db,
  account: string,
  publicId: string,
  now: Date,
  reason: EndReason,
): Promise<number | null> {
  const row = await sessionOfAccount(db, account, publicId);
  if (!row) return null;
  if (row.endedAt) return 0;
  return endSession(db, row.id, now, reason);
}

/** Ends every live session of `account` except `keep` (the caller's own, when it is the account's). */
export const endOtherSessions = endLiveSessionsExcept;
