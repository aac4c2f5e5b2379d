import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

/**
 * An account's authenticator app (TOTP, RFC 6238; docs/decisions/075-second-factor.md). The secret is
 * kept encrypted (auth/secret-box.ts), never in the clear. A row without `confirmed_at` is a setup
 * in progress: it does not count as a second factor until its first right code.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  account: text('account')
    .primaryKey()
    .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
  /** The base32 secret, AES-256-GCM with a key derived from the portal's secret (`v1.` iv.tag.data). */
  secretEnc: text('secret_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step (unix time / 30 s) of the last accepted code: no code of it or before works again. */
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Single-use recovery codes, stored as keyed hashes (HMAC-SHA-256); shown once when made. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    account: text('account')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_account_idx').on(t.account)],
);

/**
 * A sign-in waiting for its second factor (auth/mfa.ts): the `mfa_token` given after the password,
 * stored as its SHA-256, lives five minutes and is used once.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    account: text('account')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** accounts.session_epoch at the password: a password change in between voids the challenge. */
    epoch: integer('epoch').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('mfa_challenges_account_idx').on(t.account),
    index('mfa_challenges_expires_idx').on(t.expiresAt),
  ],
);
