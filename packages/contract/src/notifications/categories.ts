/**
 * What a mail to a customer is about. Each has its own preference (where it goes, whether it is
 * sent at all); `security` cannot be turned off. Receipts are billing mail that is always sent.
 */
export const NOTICE_CATEGORIES = ['billing', 'domains', 'mail', 'security', 'news'] as const;

export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
