import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

const owner = () =>
  text('owner')
    .notNull()
    .references(() => accounts.logname, { onDelete: 'cascade' });

export const websites = pgTable(
  'websites',
  {
    vid: integer('vid').primaryKey(),
    owner: owner(),
    virtname: text('virtname').notNull(),
    phpVersion: text('php_version').notNull().default(''),
    ssl: integer('ssl').notNull().default(0),
    errorLogs: integer('error_logs').notNull().default(0),
    docroot: text('docroot').notNull().default(''),
    lastGenconf: timestamp('last_genconf', { withTimezone: true }),
    /** The web server (agent name in PORTAL_AGENT_TOKENS) that serves the site; null = any agent. */
    server: text('server'),
  },
  (t) => [index('websites_owner_idx').on(t.owner)],
);

/** Error-log lines per site; (vid, id) makes "rows newer than id" an index range scan at any size. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vid: integer('vid')
      .notNull()
      .references(() => websites.vid, { onDelete: 'cascade' }),
    msg: text('msg').notNull(),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_vid_id_idx').on(t.vid, t.id)],
);

export const devsites = pgTable(
  'devsites',
  {
    vid: integer('vid').primaryKey(),
    owner: owner(),
    domain: text('domain').notNull(),
    virtname: text('virtname').notNull(),
    docroot: text('docroot').notNull().default(''),
    ssl: integer('ssl').notNull().default(0),
    setupDate: text('setup_date').notNull().default(''),
  },
  (t) => [index('devsites_owner_idx').on(t.owner)],
);

export const databases = pgTable(
  'databases',
  {
    id: serial('id').primaryKey(),
    owner: owner(),
    name: text('name').notNull(),
    pmaUrl: text('pma_url').notNull().default(''),
  },
  (t) => [uniqueIndex('databases_owner_name_idx').on(t.owner, t.name)],
);

export const webapps = pgTable('webapps', {
  aid: integer('aid').primaryKey(),
  appname: text('appname').notNull(),
  urlext: text('urlext').notNull().default(''),
  needsSuphp: integer('needs_suphp').notNull().default(0),
  wfVersions: text('wf_versions').notNull().default(''),
  version: text('version').notNull().default(''),
});

export const phpVersions = pgTable('php_versions', {
  version: text('version').primaryKey(),
  sort: integer('sort').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
});

/** The change queue read by the web servers' agent: PHP versions, log toggles, installs, devsite requests. */
export const hostingChanges = pgTable(
  'hosting_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    owner: owner(),
    vid: integer('vid'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('queued'),
    /** The web server that must apply it (the site's server at queue time); null = any agent. */
    server: text('server'),
    agent: text('agent'),
    /** The agent's last progress text, or the outcome (the error of a failed change). */
    result: text('result'),
    operator: text('operator').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('hosting_changes_vid_state_idx').on(t.vid, t.state),
    index('hosting_changes_state_idx').on(t.state, t.id),
    index('hosting_changes_owner_kind_idx').on(t.owner, t.kind, t.state),
  ],
);
