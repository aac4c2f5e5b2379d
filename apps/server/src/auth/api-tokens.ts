import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX } from '@portal/contract/api-tokens/calls';
import { isStaffRole } from '@portal/contract/constants';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { accounts, apiTokens } from '../db/schema.ts';
import { accountColumns } from './policy.ts';
import { TOUCH_MS } from './sessions.ts';
import type { Caller } from './tokens.ts';

/**
 * Personal access tokens (docs/decisions/079-api-tokens.md): `mpt_<id>_<secret>`, where `id` is 64
 * random bits in hex that find the row and `secret` 256 random bits. Only the SHA-256 of the whole
 * token is stored: the token is random, not chosen by a person, so a fast hash is as strong as a
 * slow one (nobody can guess 2^256 values) and costs microseconds on every request, where argon2
 * would cost 19 MiB and tens of milliseconds.
 */

export interface NewApiToken {
  id: string;
  token: string;
  hash: string;
}

export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newApiToken(): NewApiToken {
  const id = randomBytes(8).toString('hex');
  const token = `${API_TOKEN_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  return { id, token, hash: hashApiToken(token) };
}

/** A bearer value that looks like a personal access token (else it is a session's JWT). */
export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

/**
 * The caller a personal access token stands for, or null: malformed, unknown, wrong secret, revoked,
 * expired, or its account is now staff. A token never carries staff power: its caller's role is
 * always `customer`, and a staff account's tokens are refused outright. One query, which also reads
 * the account (as the session check does); `last_used` is written at most once a minute.
 */
export async function apiTokenCaller(db: Db, bearer: string, now: Date): Promise<Caller | null> {
  const tokenId = API_TOKEN_PATTERN.exec(bearer)?.[1];
  if (tokenId === undefined) return null;
  const [row] = await db
    .select({
      ...accountColumns,
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      tokenHash: apiTokens.tokenHash,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.logname, apiTokens.owner))
    .where(eq(apiTokens.id, tokenId))
    .limit(1);
  if (!row || !sameHash(row.tokenHash, hashApiToken(bearer))) return null;
  if (row.revokedAt || row.expiresAt <= now || isStaffRole(row.role)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_MS)
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  const { id, name, scope, tokenHash, expiresAt, revokedAt, lastUsedAt, ...self } = row;
  return {
    username: self.logname,
    altuser: self.primary ?? self.logname,
    role: 'customer',
    jti: id,
    // Not a session: session calls (logout, the staff search) find no session of this id.
    sid: `token:${id}`,
    exp: Math.floor(expiresAt.getTime() / 1000),
    self,
    token: { id, name, scope: scope === 'full' ? 'full' : 'read' },
  };
}

function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(computed, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
