import { type Language, LOCALES } from '@portal/contract/i18n/languages';
import dayjs from 'dayjs';

/**
 * A moment in words, in a language other than English (Intl, docs/languages.md): "29 nov 2026,
 * 12:56:04 a.m."; with `utc`, in UTC and saying so; without `seconds`, to the minute ("29 nov 2026,
 * 12:56 a.m."). English screens keep the spec's own formats.
 */
export function momentIn(
  at: number | string,
  language: Exclude<Language, 'en'>,
  { utc = false, seconds = true } = {},
): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: utc ? 'long' : seconds ? 'medium' : 'short',
    ...(utc ? { timeZone: 'UTC' } : {}),
  }).format(new Date(at));
}

/**
 * A moment to the minute in `language`: the spec's "Nov 21, 2026 2:10 PM" in English (Home's
 * Breaking News), Intl's "21 nov 2026, 2:10 p.m." otherwise.
 */
export function minuteIn(at: number | string, language: Language): string {
  return language === 'en'
    ? dayjs(at).format('MMM D, YYYY h:mm A')
    : momentIn(at, language, { seconds: false });
}
