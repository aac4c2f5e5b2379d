import { z } from 'zod';
import { defineCall } from '../http.ts';
import { logname, text } from '../rules.ts';
import { NOTICE_CATEGORIES } from './categories.ts';
import { noticeText } from './messages.ts';

/**
 * Notification preferences (docs/decisions/055-notification-preferences.md): per category of
 * customer mail, where it goes. `bill`: the bill email (the default); `own`: the account's mailbox
 * (logname@ the mailbox domain); `both`; `off`: not sent. `security` is always `bill` and is also
 * sent to every confirmed recovery address; receipts are always sent.
 */
export const NOTICE_SEND_TO = ['bill', 'own', 'both', 'off'] as const;
export const NoticeSendTo = z.enum(NOTICE_SEND_TO, {
  error: 'Choose the bill email, the account email, both or off',
});
export type NoticeSendTo = z.infer<typeof NoticeSendTo>;

export const NoticeCategorySchema = z.enum(NOTICE_CATEGORIES, { error: 'Not a notification category' });

/** The categories whose mails cannot be turned off or moved. */
export const LOCKED_CATEGORIES: ReadonlySet<string> = new Set(['security']);

export const NoticePreference = z.object({
  category: NoticeCategorySchema,
  send_to: NoticeSendTo,
  /** The category cannot be changed (security). */
  locked: z.boolean(),
  /** A Secondary account whose bill address gets a copy, or none (docs/decisions/106-customer-mail-routing.md). */
  copy_secondary: z.string().nullable(),
  /** The id of a confirmed recovery address that gets a copy, or none. */
  copy_recovery: z.number().int().nullable(),
});
export type NoticePreference = z.infer<typeof NoticePreference>;

export const NoticePreferences = z.object({
  preferences: z.array(NoticePreference),
  /** The addresses `bill` and `own` stand for ('' when the account has no bill email). */
  addresses: z.object({ bill: z.string(), own: z.string() }),
  /** What a copy may name: the account's Secondary accounts and its confirmed recovery addresses. */
  copy_targets: z.object({
    secondaries: z.array(z.object({ logname: z.string(), address: z.string() })),
    recovery: z.array(z.object({ id: z.number().int(), address: z.string() })),
  }),
});
export type NoticePreferences = z.infer<typeof NoticePreferences>;

export const getNoticePreferences = defineCall({
  method: 'GET',
  path: '/api/notice-preferences/:logname',
  params: z.object({ logname }),
  data: NoticePreferences,
});

/**
 * Changes one category; `security` is refused (noticeText.securityLocked) and nothing changes.
 * The copies are optional (left as they are when absent; null removes one) and must name the
 * account's own Secondary or confirmed recovery address, else nothing changes.
 */
export const setNoticePreference = defineCall({
  method: 'POST',
  path: '/api/set-notice-preference',
  body: z.object({
    logname,
    category: NoticeCategorySchema,
    send_to: NoticeSendTo,
    copy_secondary: logname.nullable().optional(),
    copy_recovery: z
      .number({ error: noticeText.copyRecoveryUnknown })
      .int({ error: noticeText.copyRecoveryUnknown })
      .positive({ error: noticeText.copyRecoveryUnknown })
      .nullable()
      .optional(),
  }),
  data: NoticePreferences,
});

/** The token of a one-click unsubscribe link: account, category and a keyed signature. */
const unsubscribeToken = z.object({
  token: text().regex(
    /^[A-Za-z0-9_-]{1,200}\.[a-z]{1,20}\.[A-Za-z0-9_-]{16,200}$/,
    noticeText.unsubscribeInvalid,
  ),
});

/**
 * The link in a mail's List-Unsubscribe header and body: opening it (GET, as mail scanners do)
 * only shows a page with a button; nothing changes.
 */
export const unsubscribePage = defineCall({
  method: 'GET',
  path: '/api/unsubscribe/:token',
  token: false,
  params: unsubscribeToken,
  data: z.object({ category: z.string() }),
});

/**
 * RFC 8058 one-click unsubscribe (`List-Unsubscribe=One-Click` form post, or the page's button):
 * turns off the token's category for the token's account, nothing else; answers a page.
 */
export const unsubscribe = defineCall({
  method: 'POST',
  path: '/api/unsubscribe/:token',
  token: false,
  params: unsubscribeToken,
  data: z.object({ category: z.string() }),
});
