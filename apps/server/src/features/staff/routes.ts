import * as C from '@portal/contract/staff/calls';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { outboxPage } from './repository.ts';

/** Routes of the staff area. */
export function staffRoutes(app: FastifyInstance): void {
  route(app, C.listOutbox, {
    access: 'staff',
    handler: async ({ db, params }) => {
      const size = C.OUTBOX_PAGE_SIZE;
      // One row more than a page tells whether a next page exists.
      const rows = await outboxPage(db, params.status, params.page, size);
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
