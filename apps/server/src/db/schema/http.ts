import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

/**
 * Idempotency-Key header of signed-in POST calls (http/idempotency.ts): the first answer to a key,
 * kept 24 hours per account, replayed to a retry. `fingerprint` is an HMAC of the request (never
 * the request itself: bodies may carry card numbers or passwords).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** 'running' while the first request runs, 'done' once its answer is kept. */
    state: text('state').$type<'running' | 'done'>().notNull(),
    httpStatus: integer('http_status'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
