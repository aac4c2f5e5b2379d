import type { Language } from '../i18n/languages.ts';
import type { NoticeCategory } from './categories.ts';
import { noticeText } from './messages.ts';
import { notices } from './notices.ts';
import { noticesEs } from './notices.es.ts';

/**
 * The texts `mailCustomer` (apps/server/src/lib/notify.ts) adds to a customer's mail itself, in
 * English: the unsubscribe line at the foot of a mail that can be turned off. Its Spanish is in
 * `mails.es.ts`; the mail goes in the account's language (docs/decisions/117-mails-in-the-account-language.md).
 */
export const customerMailText = {
  unsubscribeLine: (category: NoticeCategory, url: string) =>
    noticeText.unsubscribeLine(noticeText.categories[category], url),
};

/** The reminders' texts (`notices.ts`) in `language`. */
export const noticesIn = (language: Language): typeof notices => (language === 'es' ? noticesEs : notices);
