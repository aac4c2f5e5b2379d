import { dateFormat, numberFormat } from '@portal/contract/i18n/formats';
import { type Language, LOCALES } from '@portal/contract/i18n/languages';

/**
 * The billing screens' money, dates and times in the page's language: English as the spec writes
 * them ("$89.95", YYYY-MM-DD), other languages through Intl; Spanish money as es-US writes it
 * (docs/decisions/112-billing-money-in-spanish.md). The one place billing formats these.
 */

/** $ amounts with cents: 89.95 → "$89.95", -10 → "-$10.00". */
export function dollars(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${Math.abs(amount).toFixed(2)}`;
}

/** An amount in dollars in `language`: "$89.95" in English, Intl's USD currency otherwise. */
export function money(amount: number, language: Language): string {
  if (language === 'en') return dollars(amount);
  return numberFormat(LOCALES[language], { style: 'currency', currency: 'USD' }).format(amount);
}

/** YYYYMMDD → YYYY-MM-DD (other text unchanged). */
export function ymd(value: string): string {
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
}

/** A day (YYYYMMDD or YYYY-MM-DD) in `language`: YYYY-MM-DD in English, "28 nov 2026" in Spanish. */
export function day(value: string, language: Language): string {
  const iso = ymd(value);
  if (language === 'en') return iso;
  const d = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(d.getTime())) return iso;
  return dateFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** ISO date-time → YYYY-MM-DD HH:mm in the browser's zone in English; Intl's short form otherwise. */
export function dateTime(iso: string, language: Language = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (language !== 'en') {
    return dateFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
