import { dateFormat } from './formats.ts';
import { type Language, LOCALES } from './languages.ts';

/**
 * A moment in UTC in words, as a mail in a language other than English writes it (Intl):
 * "29 de noviembre de 2026 a las 4:21:57 a.m. UTC". English mails keep `Date.toUTCString()`.
 */
export const utcMoment = (language: Exclude<Language, 'en'>, at: Date): string =>
  dateFormat(LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(at);
