import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';
import { domains } from './domains.ts';

const owner = () =>
  text('owner')
    .notNull()
    .references(() => accounts.logname, { onDelete: 'cascade' });

/** Virtual aliases of a domain; src '*' is the catch-all. */
export const emailAliases = pgTable(
  'email_aliases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domain: text('domain')
      .notNull()
      .references(() => domains.domain, { onDelete: 'cascade' }),
    src: text('src').notNull(),
    dstList: text('dst_list').array().notNull(),
  },
  (t) => [
    uniqueIndex('email_aliases_domain_src_idx').on(t.domain, t.src),
    // Postfix looks aliases up by full address through mail_virtual_aliases; this indexes the
    // view's address expression so each lookup is an index scan, not a scan of every alias.
    index('email_aliases_address_idx').on(
      sql`(case when ${t.src} = '*' then '@' || ${t.domain} else ${t.src} || '@' || ${t.domain} end)`,
    ),
  ],
);

/** Temporary aliases on the fixed temporary domain; names stay reserved 6 months after they fade. */
export const tempEmails = pgTable(
  'temp_emails',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    name: text('name').notNull().unique(),
    forwardsTo: text('forwards_to').notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the expiry job once it has told the owner; cleared when the alias is extended. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
  },
  (t) => [index('temp_emails_owner_idx').on(t.owner), index('temp_emails_expires_idx').on(t.expires)],
);

export const recoveryEmails = pgTable(
  'recovery_emails',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    contactInfo: text('contact_info').notNull(),
    /**
     * When the address confirmed it is reachable and wanted, by the link mailed to it; null while
     * pending: a pending address receives no reset links. Rows from before (and imported ones,
     * which come from the back office) count as confirmed.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).defaultNow(),
    /** SHA-256 of the confirmation link's token while pending. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /**
     * An address staff put on a customer's account receives no reset link before this time, the
     * cooling-off period the customer is told of and may cancel by removing the address
     * (docs/decisions/032-staff-made-recovery-addresses.md); null: usable once confirmed.
     */
    usableAfter: timestamp('usable_after', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_emails_owner_contact_idx').on(t.owner, t.contactInfo)],
);

export const mailingLists = pgTable(
  'mailing_lists',
  {
    listname: text('listname').primaryKey(),
    owner: owner(),
    listType: text('list_type').notNull().default('MM'),
  },
  (t) => [index('mailing_lists_owner_idx').on(t.owner)],
);

/** Disk usage per account, in KB. */
export const diskUsage = pgTable('disk_usage', {
  owner: owner().primaryKey(),
  currQuota: integer('curr_quota').notNull().default(0),
  currUsage: integer('curr_usage').notNull().default(0),
});

/** Subscriptions to the Portal newsletter; confirmed by a link mailed to the address (double opt-in). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** The account that asked for the subscription. */
    owner: owner(),
    email: text('email').notNull().unique(),
    /** SHA-256 of the confirmation token; null once confirmed. */
    tokenHash: text('token_hash').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_subscriptions_owner_idx').on(t.owner)],
);

/** Auto-responder (vacation) requests; the newest one whose window is open is the account's active rule. */
export const autoResponders = pgTable(
  'auto_responders',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    message: text('message').notNull(),
    instructions: text('instructions').notNull().default(''),
    replyTo: text('reply_to').notNull(),
    /** Who made the request (staff may request for a customer). */
    operator: text('operator').notNull(),
    /**
     * When the reply_to address was accepted: at once for the account's own addresses, by the
     * link mailed to it for any other; null while pending, and a pending rule is not live
     * (mail_vacation_rules leaves it out). Rows from before count as confirmed.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).defaultNow(),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auto_responders_owner_idx').on(t.owner, t.endAt)],
);

/*
 * Views read by the mail servers (Postfix pgsql: lookup tables, the vacation responder); see
 * docs/mail-servers.md. They are the contract with the mail servers: change them only together
 * with that document and the queries it contains.
 */

/** Postfix virtual_alias_maps: `user@domain` and the catch-all `@domain`, targets comma-separated. */
export const mailVirtualAliases = pgView('mail_virtual_aliases', {
  address: text('address').notNull(),
  goto: text('goto').notNull(),
}).as(
  sql`select case when src = '*' then '@' || domain else src || '@' || domain end as address, array_to_string(dst_list, ',') as goto from email_aliases`,
);

/** Postfix virtual_alias_domains: the domains that have aliases. */
export const mailAliasDomains = pgView('mail_alias_domains', {
  domain: text('domain').notNull(),
}).as(sql`select distinct domain from email_aliases`);

/** Active temporary aliases only: an alias stops resolving at its expiry time, with no job involved. */
export const mailTempAliases = pgView('mail_temp_aliases', {
  name: text('name').notNull(),
  forwardsTo: text('forwards_to').notNull(),
  expires: timestamp('expires', { withTimezone: true }).notNull(),
}).as(sql`select name, forwards_to, expires from temp_emails where expires > now()`);

/** The vacation responder's rules: per account, the newest confirmed request whose window is open now. */
export const mailVacationRules = pgView('mail_vacation_rules', {
  logname: text('logname').notNull(),
  replyFrom: text('reply_from').notNull(),
  body: text('body').notNull(),
  activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
  activeUntil: timestamp('active_until', { withTimezone: true }).notNull(),
}).as(
  sql`select distinct on (owner) owner as logname, reply_to as reply_from, message as body, start_at as active_from, end_at as active_until from auto_responders where confirmed_at is not null and start_at <= now() and end_at > now() order by owner, created_at desc, id desc`,
);
