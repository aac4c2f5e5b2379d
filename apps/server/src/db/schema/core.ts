import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts: customers (Primary and Secondary) and staff. `role` is the token role. */
export const accounts = pgTable(
  'accounts',
  {
    logname: text('logname').primaryKey(),
    uid: integer('uid').notNull().unique(),
    billUid: integer('bill_uid'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull().default('customer'),
    accountRole: text('account_role').notNull().default('Primary'),
    primary: text('primary_logname').references((): AnyPgColumn => accounts.logname, { onDelete: 'cascade' }),
    dashboardAdmin: boolean('dashboard_admin').notNull().default(false),
    company: text('company').notNull().default(''),
    addr1: text('addr1').notNull().default(''),
    addr2: text('addr2').notNull().default(''),
    billEmail: text('bill_email').notNull().default(''),
    homePhone: text('home_phone').notNull().default(''),
    workPhone: text('work_phone').notNull().default(''),
    pricingPlan: text('pricing_plan').notNull().default(''),
    accountType: text('account_type').notNull().default(''),
    billingCode: text('billing_code').notNull().default(''),
    autoBill: text('auto_bill').notNull().default('N'),
    realm: text('realm').notNull().default(''),
    atCode: integer('at_code').notNull().default(0),
    popupNote: text('popup_note').notNull().default(''),
    popupNoteLastmod: timestamp('popup_note_lastmod', { withTimezone: true }),
    // 'system': follow the device's dark setting until the user picks light or dark.
    mode: text('mode').notNull().default('system'),
    /** The account's language ('en' | 'es', docs/languages.md); null until chosen or first taken from a sign-in's Accept-Language. */
    language: text('language'),
    passwordHash: text('password_hash'),
    /** Mail/unix password in a scheme the mail servers verify (Dovecot `{ARGON2ID}`). */
    mailPasswordHash: text('mail_password_hash'),
    balanceCents: integer('balance_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The account's session cut-off, as a generation: a session is live only while it carries the
     * account's current value. A password change, a reset by mail and a role change raise it
     * (auth/sessions.ts); a counter, unlike a time, cannot tie with a session made in the same instant.
     */
    sessionEpoch: integer('session_epoch').notNull().default(0),
  },
  (t) => [
    index('accounts_primary_idx').on(t.primary),
    // Staff search by part of a name or billing email (`ilike '%…%'`): trigram indexes (pg_trgm;
    // docs/decisions/050-staff-search-trigram-index.md). The name's expression is the search's own,
    // features/session/routes.ts, accountName.
    index('accounts_name_trgm').using(
      'gin',
      sql`(trim(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`,
    ),
    index('accounts_bill_email_trgm').using('gin', t.billEmail.op('gin_trgm_ops')),
  ],
);

/** Account and billing addresses (kind 'account' | 'bill'). */
export const addresses = pgTable(
  'addresses',
  {
    owner: text('owner')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    country: text('country').notNull().default('US'),
    phone: text('phone').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.kind] })],
);

/** Failed sign-in counters per account and per client address (shared by every process). */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Request counters of the rate limits (http/rate-limit.ts): one row per limit and key (an account
 * or a client address), counted in a fixed window that starts with the first request. Shared by
 * every process; stale rows are removed by the housekeeping job.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Server-side sessions (docs/decisions/017-sessions.md): every token names one (claim `sid`), and a
 * request is accepted only while its row is live (auth/sessions.ts). Rows go with their account.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** 128 random bits, base64url: the token's secret `sid`, never shown. */
    id: text('id').primaryKey(),
    /** The id the session list shows and end-session names: it proves nothing. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** The signed-in account: its role, password and existence decide whether the session lives. */
    account: text('account')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Last request, written at most once a minute (the idle timeout counts from it). */
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    /** The absolute end: the token's own expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout | idle (written when noticed) */
    endReason: text('end_reason'),
    /** accounts.session_epoch when the session was made (or re-proved by a password change). */
    epoch: integer('epoch').notNull(),
    /** The client's network: an IPv4 address's /24, an IPv6 address's /64. */
    clientPrefix: text('client_prefix').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** How the session was authenticated: password | password+code | password+passkey | passkey | staff (SIGN_IN_METHODS). */
    method: text('method').notNull().default('password'),
    /** For staff: the customer account the operator works on (set by the staff account search). */
    workingOn: text('working_on'),
  },
  (t) => [
    index('sessions_account_idx').on(t.account),
    index('sessions_working_on_idx').on(t.workingOn),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_idx').on(t.publicId),
  ],
);

/**
 * Sign-in attempts on an account (docs/decisions/018-session-list.md): kept 90 days (the
 * housekeeping job), plus each account's last success, which tells a new device from a first sign-in.
 * Only the address's prefix is kept, never the address.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** success | bad_password | throttled | code_pending | code_failed (SIGN_IN_RESULTS) */
    result: text('result').notNull(),
    /** password | password+code | password+passkey | passkey | staff (SIGN_IN_METHODS) */
    method: text('method').notNull(),
    /** An IPv4 address's /24, an IPv6 address's /64. */
    clientPrefix: text('client_prefix').notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sign_ins_account_idx').on(t.account, t.at), index('sign_ins_at_idx').on(t.at)],
);

/** Every change made by staff: who, on which account, what. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operator: text('operator').notNull(),
    account: text('account'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_account_idx').on(t.account, t.at)],
);

/** Outbound mail, written in the same transaction as the change that caused it. */
/** A document attached to an outbox message, by reference; made when the message is delivered. */
export type MailAttachmentRef =
  | { kind: 'invoice-pdf'; owner: string; invoice: string }
  | { kind: 'receipt-pdf'; owner: string; transId: string; private: boolean };

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    account: text('account'),
    fromAddr: text('from_addr').notNull(),
    toAddr: text('to_addr').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /** Plain text only in rows queued by a release before 0011; '' since (docs/decisions/045-secrets-at-rest.md). */
    body: text('body').notNull(),
    /** The body sealed with the portal's secret box; cleared once the message is sent. */
    sealedBody: text('sealed_body'),
    /** A keyed hash of kind, address, subject and body: "the same message again?" without the body. */
    bodyMac: text('body_mac'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: text('message_id'),
    /**
     * What to attach, by reference ({kind: 'invoice-pdf', …}): the document is made at delivery
     * time, so none sits in the database (docs/decisions/056-papers-as-pdf.md). Null: none.
     */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>(),
    /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post), name → value; null for none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [index('outbox_account_idx').on(t.account), index('outbox_status_idx').on(t.status)],
);

/** Background jobs; claimed with FOR UPDATE SKIP LOCKED so several workers never run one twice. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey).where(sql`unique_key is not null`),
  ],
);

/** Password-reset tokens: only a SHA-256 of the token is stored; single use, 30 minutes. */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: serial('id').primaryKey(),
    owner: text('owner')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reset_tokens_owner_idx').on(t.owner)],
);

export const networkStatus = pgTable('network_status', {
  id: integer('id').primaryKey(),
  subject: text('subject').notNull(),
  modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  report: text('report').notNull().default(''),
  level: integer('level').notNull().default(1),
});

export const quickRefs = pgTable('quick_refs', {
  refName: text('ref_name').primaryKey(),
  refValue: text('ref_value').notNull(),
  refRole: text('ref_role').notNull().default(''),
});
