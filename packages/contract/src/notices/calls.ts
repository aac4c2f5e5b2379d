import { z } from 'zod';
import { defineCall } from '../http.ts';
import { logname } from '../rules.ts';

/**
 * What needs the customer now (docs/decisions/107-home-notices.md): Home's notices, and the same
 * list for integrators. Each notice says what needs doing and gives the one action that does it (a
 * portal address, relative to /portal/).
 */
export const NOTICE_KINDS = [
  'billing.retrying',
  'billing.retry-stopped',
  'billing.invoice-overdue',
  'billing.card-expiring',
  'domains.expiring',
] as const;

export const Notice = z.object({
  kind: z.enum(NOTICE_KINDS),
  text: z.string(),
  action: z.object({ label: z.string(), to: z.string() }),
});
export type Notice = z.infer<typeof Notice>;
export type NoticeKind = Notice['kind'];

/** The account's notices, most pressing first (retries, overdue invoices, the card, domains). */
export const getNotices = defineCall({
  method: 'GET',
  path: '/api/notices/:logname',
  params: z.object({ logname }),
  data: z.array(Notice),
});
