import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

const owner = () =>
  text('owner')
    .notNull()
    .references(() => accounts.logname, { onDelete: 'cascade' });

export const circuits = pgTable(
  'circuits',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    uid: integer('uid').notNull(),
    locName: text('loc_name').notNull(),
    addr1: text('addr1').notNull().default(''),
    addr2: text('addr2').notNull().default(''),
    provider: text('provider').notNull().default(''),
    speed: text('speed').notNull().default(''),
    activeDate: text('active_date').notNull().default(''),
  },
  (t) => [uniqueIndex('circuits_owner_loc_idx').on(t.owner, t.locName)],
);

export const busAccounts = pgTable(
  'bus_accounts',
  {
    account: text('account').primaryKey(),
    owner: owner(),
    uid: integer('uid').notNull(),
    plan: text('plan').notNull().default(''),
    totalQuota: integer('total_quota').notNull().default(0),
    percentUsed: integer('percent_used').notNull().default(0),
    activeFiles: integer('active_files').notNull().default(0),
    retainedFiles: integer('retained_files').notNull().default(0),
    comment: text('comment').notNull().default(''),
  },
  (t) => [index('bus_accounts_owner_idx').on(t.owner)],
);

export const contacts = pgTable(
  'contacts',
  {
    tcid: serial('tcid').primaryKey(),
    owner: owner(),
    contact: text('contact').notNull(),
    contactInfo: text('contact_info').notNull().default(''),
    restricted: text('restricted').notNull().default('0'),
    technical: text('technical').notNull().default('0'),
    billing: text('billing').notNull().default('0'),
    restriction: text('restriction').notNull().default(''),
  },
  (t) => [index('contacts_owner_idx').on(t.owner)],
);

/** Secondary-account requests, processed by hand: pending until staff mark them done. */
export const secondaryRequests = pgTable(
  'secondary_requests',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    email: text('email').notNull(),
    rows: jsonb('rows').$type<Array<Record<string, string>>>().notNull(),
    status: text('status').notNull().default('pending'),
    operator: text('operator').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('secondary_requests_owner_idx').on(t.owner)],
);
