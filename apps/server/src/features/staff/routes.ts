import * as C from '@portal/contract/staff/calls';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema.ts';
import { route } from '../../http/route.ts';

/** Routes of the staff area. */
export function staffRoutes(app: FastifyInstance): void {
  route(app, C.listOutbox, {
    access: 'staff',
    handler: async ({ db, params }) => {
      const size = C.OUTBOX_PAGE_SIZE;
      // Newest first by the primary key (and the status index when filtered); one row more tells
      // whether a next page exists without counting the whole table. Bodies are never selected.
      const rows = await db
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
        .where(params.status === 'all' ? undefined : eq(outbox.status, params.status))
        .orderBy(desc(outbox.id))
        .limit(size + 1)
        .offset((params.page - 1) * size);
      return {
        messages: rows.slice(0, size).map((r) => ({
          id: r.id,
          created: r.createdAt.toISOString(),
          kind: r.kind,
          account: r.account,
          to: r.toAddr,
          subject: r.subject,
          status: r.status,
          attempts: r.attempts,
          last_error: r.lastError,
          sent_at: r.sentAt?.toISOString() ?? null,
        })),
        page: params.page,
        page_size: size,
        has_more: rows.length > size,
      };
    },
  });
}
