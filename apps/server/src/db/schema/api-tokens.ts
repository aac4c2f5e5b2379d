import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

/**
 * Personal access tokens (docs/decisions/079-api-tokens.md). The token itself is shown once and
 * never stored: only its SHA-256. `id` is the public part of the token (`mpt_<id>_<secret>`), so a
 * request finds its row by primary key and compares one hash. Revoked rows stay (revoked_at) so the
 * audit entries made with the token keep a name; they go with their account.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    /** 16 hex digits (64 random bits): the lookup id, also the id the API lists and revokes by. */
    id: text('id').primaryKey(),
    owner: text('owner')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    /** read | full */
    scope: text('scope').notNull(),
    /** SHA-256 of the whole token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request made with the token, written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who revoked it: the account itself or a staff operator. */
    revokedBy: text('revoked_by'),
    /** When the mail "expires in seven days" was queued: it is sent once. */
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_owner_idx').on(t.owner), index('api_tokens_expires_idx').on(t.expiresAt)],
);
