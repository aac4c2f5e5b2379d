import { z } from 'zod';
import { defineCall } from '../http.ts';

/** Calls of staff tools that are not screens of the specification (the outbox, viewable by staff). */

/** Outbox states: `queued` (waiting or being retried), `sent` (SMTP accepted it), `stored` (written as .eml). */
export const OutboxStatus = z.enum(['queued', 'sent', 'stored']);
/** Messages per page of the outbox list. */
export const OUTBOX_PAGE_SIZE = 50;

/**
 * One outbound message as staff see it. The body is left out on purpose: reset and confirmation
 * mails carry single-use links, which are secrets (docs/decisions/000-foundation.md).
 */
export const OutboxMessage = z.object({
  id: z.number(),
  created: z.string(),
  kind: z.string(),
  account: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** Staff: the outbox, newest first, optionally one status only (`all` for every status); pages from 1. */
export const listOutbox = defineCall({
  method: 'GET',
  path: '/api/staff/outbox/:status/:page?',
  params: z.object({
    status: z.union([z.literal('all'), OutboxStatus]),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  data: z.object({
    messages: z.array(OutboxMessage),
    page: z.number(),
    page_size: z.number(),
    has_more: z.boolean(),
  }),
});
