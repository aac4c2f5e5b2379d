import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

const owner = () =>
  text('owner')
    .notNull()
    .references(() => accounts.logname, { onDelete: 'cascade' });

/** Domains; expiration is null for domains not registered through our registrar ("UNKNOWN"). */
export const domains = pgTable(
  'domains',
  {
    domain: text('domain').primaryKey(),
    owner: owner(),
    expirationDate: date('expiration_date', { mode: 'string' }),
    autoRenew: integer('auto_renew').notNull().default(0),
    abandon: integer('abandon').notNull().default(0),
    renewalPending: integer('renewal_pending').notNull().default(0),
    contactEmail: text('contact_email').notNull().default(''),
    registrarManaged: boolean('registrar_managed').notNull().default(true),
    website: integer('website').notNull().default(0),
    docroot: text('docroot').notNull().default(''),
  },
  (t) => [
    index('domains_owner_idx').on(t.owner),
    // Staff search by part of a domain (`ilike '%…%'`): a trigram index (pg_trgm; migration 0012,
    // docs/decisions/050-staff-search-trigram-index.md).
    index('domains_domain_trgm').using('gin', t.domain.op('gin_trgm_ops')),
  ],
);

/** Admin rights granted by an owner to another account, on one domain or (domain null) on all. */
export const domainGrants = pgTable(
  'domain_grants',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    admin: text('admin')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade' }),
    domain: text('domain').references(() => domains.domain, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_grants_admin_idx').on(t.admin),
    unique('domain_grants_unique').on(t.owner, t.admin, t.domain).nullsNotDistinct(),
  ],
);

export const tldPrices = pgTable(
  'tld_prices',
  {
    tld: text('tld').notNull(),
    id: integer('id').notNull(),
    item: text('item').notNull(),
    baseprice: integer('baseprice_cents').notNull(),
    price: integer('price_cents').notNull(),
  },
  (t) => [uniqueIndex('tld_prices_pk').on(t.tld, t.id)],
);

/**
 * Registration agreements signed: one row per account, domain and agreement text,
 * so a repeated submission keeps the first signature and its time stamp.
 */
export const domainAgreements = pgTable(
  'domain_agreements',
  {
    id: serial('id').primaryKey(),
    account: text('account')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    agreement: text('agreement').notNull(),
    signedBy: text('signed_by').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('domain_agreements_account_idx').on(t.account),
    unique('domain_agreements_unique').on(t.account, t.domain, t.agreement),
  ],
);
