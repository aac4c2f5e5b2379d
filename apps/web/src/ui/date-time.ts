import { type Language, LOCALES } from '@portal/contract/i18n/languages';

/**
 * A moment in words, in a language other than English (Intl, docs/languages.md): "29 nov 2026,
 * 12:56:04 a.m."; with `utc`, in UTC and saying so. English screens keep the spec's own formats.
 */
export function momentIn(
  at: number | string,
  language: Exclude<Language, 'en'>,
  { utc = false } = {},
): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: utc ? 'long' : 'medium',
    ...(utc ? { timeZone: 'UTC' } : {}),
  }).format(new Date(at));
}
