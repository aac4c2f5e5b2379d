import { dateFormat } from '@portal/contract/i18n/formats';
import { type Language, LOCALES } from '@portal/contract/i18n/languages';

/**
 * The spec's English formats ("Nov 21, 2026", "Nov 21, 2026 2:10 PM"), written here rather than
 * through dayjs (as before): home and the other screens on a phone's first load then do without
 * the library (docs/decisions/123-catalogues-with-their-screens.md). Read as dayjs reads a moment:
 * a day (YYYY-MM-DD) is local midnight, a moment with its offset or `Z` is that instant, one
 * without is local time. The month names are the format's, not a text: another language goes
 * through Intl.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function localDate(at: number | string): Date {
  const day = typeof at === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(at) : null;
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(at);
}

/** A day as the spec writes it in English: "Nov 1, 2026" (dayjs's 'MMM D, YYYY'). */
export function specDay(at: number | string): string {
  const d = localDate(at);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${String(d.getFullYear()).padStart(4, '0')}`;
}

/** A moment to the minute as the spec writes it in English: "Nov 21, 2026 2:10 PM" ('MMM D, YYYY h:mm A'). */
export function specMinute(at: number | string): string {
  const d = localDate(at);
  const hour = d.getHours();
  const minute = String(d.getMinutes()).padStart(2, '0');
  return `${specDay(d.getTime())} ${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

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
  return dateFormat(LOCALES[language], {
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
  return language === 'en' ? specMinute(at) : momentIn(at, language, { seconds: false });
}
