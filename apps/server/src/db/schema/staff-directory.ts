import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

/**
 * Staff who sign in with the ISP's directory over OpenID Connect (docs/decisions/052-staff-directory-sign-in.md):
 * one row per directory user, keyed by the directory's issuer and the user's `sub`, linked to the
 * portal account made for it. The refresh token (sealed by auth/secret-box.ts) lets the portal ask
 * the directory again, every PORTAL_STAFF_OIDC_RECHECK_SECONDS, whether the user is still staff.
 */
export const staffIdentities = pgTable(
  'staff_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    account: text('account')
      .notNull()
      .unique()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The refresh token of the last sign-in, sealed for the account; null when the directory gave none. */
    refreshToken: text('refresh_token'),
    /** When the directory last said the user is staff (a sign-in or a re-check). */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** Set when the directory said the user is no longer staff; cleared by a later sign-in as staff. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] })],
);

/**
 * The callback's one-time hand-off to the login page (stored as its SHA-256): traded once, within a
 * minute, by POST /api/staff-sign-in/finish for the session. `mfa` says the directory's `amr`/`acr`
 * showed a second factor.
 */
export const staffSignInHandoffs = pgTable(
  'staff_sign_in_handoffs',
  {
    tokenHash: text('token_hash').primaryKey(),
    account: text('account')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    epoch: integer('epoch').notNull(),
    mfa: boolean('mfa').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_sign_in_handoffs_expires_idx').on(t.expiresAt)],
);
