import type { NoticeCategory } from './categories.ts';

/** Texts of the notification preferences and the one-click unsubscribe (docs/decisions/055-notification-preferences.md). */
export const noticeText = {
  title: 'Notifications',
  intro: 'Choose where the portal mails you about each subject.',
  categories: {
    billing: 'Billing',
    domains: 'Domains',
    mail: 'Mail and aliases',
    security: 'Security',
    news: 'Service news',
  } satisfies Record<NoticeCategory, string>,
  sendTo: {
    bill: 'Bill email',
    own: 'Account email',
    both: 'Both',
    off: 'Off',
  },
  securityAlways:
    'Security notices always go to the bill email and every confirmed recovery address; they cannot be turned off.',
  receiptsAlways: 'Payment receipts are always sent to the bill email.',
  securityLocked: 'Security notices cannot be turned off or moved',
  saved: (category: string) => `Notifications for ${category} saved`,
  unchanged: 'Nothing to change: the setting is already so',
  /** The Notifications screen's button and its failure title. */
  save: 'Save Notifications',
  notSaved: 'Notifications not saved',
  /** The choice `bill` or `own` when the account has no such address. */
  noAddress: 'no address on file',
  /** The plain line at the foot of every mail that can be unsubscribed from. */
  unsubscribeLine: (category: string, url: string) =>
    `To stop these ${category.toLowerCase()} mails, open ${url} or change Notifications in the Members Portal.`,
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: (category: string, logname: string) =>
    `Stop ${category.toLowerCase()} mails for account ${logname}? Press the button to unsubscribe.`,
  unsubscribed: (category: string, logname: string) =>
    `${category} mails for account ${logname} are turned off. Turn them on again under Notifications in the Members Portal.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
