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
  /** A copy naming what is not the account's own Secondary or confirmed recovery address. */
  copySecondaryUnknown: 'Not a Secondary account of this account',
  copyRecoveryUnknown: 'Not a confirmed recovery address of this account',
  /** The screen's copy field. */
  copyLabel: 'Copy to',
  copyNone: 'No copy',
  copySecondary: (logname: string, address: string) => `Secondary ${logname} (${address || 'no bill email'})`,
  copyRecovery: (address: string) => `Recovery address ${address}`,
  /** The activity list's words for a copy set. */
  copySummary: (to: string) => `Copy to ${to}.`,
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
