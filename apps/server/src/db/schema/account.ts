import { sql } from 'drizzle-orm';
import { index, integer, pgTable, pgView, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

/**
 * Mail/unix password changes waiting for their propagation delay (about ten
 * minutes). The queued job `account.apply-mail-password` copies `hash` into
 * accounts.mail_password_hash when `apply_at` is reached. While a change is `pending` a new
 * one is refused ("Password change already pending"); a reset through a mailed link supersedes it.
 */
export const mailPasswordChanges = pgTable(
  'mail_password_changes',
  {
    id: serial('id').primaryKey(),
    owner: text('owner')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade' }),
    /** Dovecot scheme-prefixed hash ({ARGON2ID}…); never the password itself. */
    hash: text('hash').notNull(),
    /** pending | applied | superseded */
    status: text('status').notNull().default('pending'),
    /** Who asked: the account itself, its primary, staff, or 'reset-link'. */
    operator: text('operator').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    applyAt: timestamp('apply_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('mail_password_changes_owner_idx').on(t.owner, t.status)],
);

/**
 * What Dovecot's SQL passdb reads (docs/mail-servers-passwords.md): one row per account that has
 * a mail/unix password, the hash in Dovecot's scheme-prefixed form.
 */
export const mailPasswords = pgView('mail_passwords', {
  username: text('username').notNull(),
  password: text('password').notNull(),
  uid: integer('uid').notNull(),
}).as(
  sql`select logname as username, mail_password_hash as password, uid from accounts where mail_password_hash is not null`,
);
