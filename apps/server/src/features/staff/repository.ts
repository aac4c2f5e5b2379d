import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { outbox } from '../../db/schema.ts';

/** Queries of the staff area. */

/**
 * One page of the outbox, newest first by the primary key (and the status index when filtered),
 * with one row more than `size` when a next page exists, so the whole table is never counted;
 * `status` 'all' for every status. Bodies are never selected.
 */
export function outboxPage(db: Db, status: string, page: number, size: number) {
  return db
    .select({
      id: outbox.id,
      createdAt: outbox.createdAt,
      kind: outbox.kind,
      account: outbox.account,
      toAddr: outbox.toAddr,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(status === 'all' ? undefined : eq(outbox.status, status))
    .orderBy(desc(outbox.id))
    .limit(size + 1)
    .offset((page - 1) * size);
}
