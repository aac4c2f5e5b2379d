import { sql } from 'drizzle-orm';
import { index, integer, pgTable, pgView, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';
import { recoveryEmails } from './mail.ts';

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
 * a mail/unix password, the hash in Dovecot's scheme-prefixed form. An account whose owner requires
 * app passwords for mail (mail_app_password_settings) has no row: its main password stops working,
 * also for mail servers still configured as before app passwords (the view keeps its columns).
 */
export const mailPasswords = pgView('mail_passwords', {
  username: text('username').notNull(),
  password: text('password').notNull(),
  uid: integer('uid').notNull(),
}).as(
  sql`select a.logname as username, a.mail_password_hash as password, a.uid from accounts a where a.mail_password_hash is not null and not exists (select 1 from mail_app_password_settings s where s.owner = a.logname and s.app_passwords_only)`,
);

/**
 * The live app passwords for mail (docs/mail-servers-passwords.md): Dovecot's first passdb picks
 * the row by user, the password's first four letters (`lookup`) and the service asking
 * (`services`: imap and pop3 for the scope imap, smtp for smtp, all three for all). Revoked ones
 * have no row, so a revocation holds at the next login (Dovecot's auth cache off or short).
 */
export const mailAppPasswordsLive = pgView('mail_app_passwords_live', {
  username: text('username').notNull(),
  lookup: text('lookup').notNull(),
  password: text('password').notNull(),
  services: text('services').array().notNull(),
  uid: integer('uid').notNull(),
  /** Added last (a view only gains columns at its end): returned to Dovecot as the userdb field its last_login plugin keys by. */
  appPasswordId: text('app_password_id').notNull(),
}).as(
  sql`select p.owner as username, p.lookup, p.hash as password, case p.scope when 'imap' then array['imap','pop3'] when 'smtp' then array['smtp'] else array['imap','pop3','smtp'] end as services, a.uid, p.id as app_password_id from mail_app_passwords p join accounts a on a.logname = p.owner where p.revoked_at is null`,
);

/**
 * Where the customer mails of one category go (packages/contract/src/notifications/calls.ts): the
 * bill address, the account's own mailbox, both, or nowhere. No row: the bill address. Security
 * notices and receipts ignore it (docs/decisions/055-notification-preferences.md).
 */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    owner: text('owner')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    /** bill | own | both | off */
    sendTo: text('send_to').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A copy of the category to one of the account's Secondary accounts (its bill address), or none
     * (docs/decisions/106-customer-mail-routing.md). Gone with the Secondary.
     */
    copySecondary: text('copy_secondary').references(() => accounts.logname, { onDelete: 'set null' }),
    /** A copy to one of the account's confirmed recovery addresses, or none. Gone with the address. */
    copyRecovery: integer('copy_recovery').references(() => recoveryEmails.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.owner, t.category] })],
);
