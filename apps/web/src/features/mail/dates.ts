import { dateFormat } from '@portal/contract/i18n/formats';
import type { Language } from '@portal/contract/i18n/languages';
import dayjs from 'dayjs';

/**
 * Dates of the temporary email screens, in the browser's time zone: in English as the spec shows
 * them, in another language through `Intl` in that language (docs/languages.md).
 */
export const formatWhen = (iso: string, language: Language = 'en'): string =>
  language === 'en'
    ? dayjs(iso).format('MMM D, YYYY h:mm A')
    : dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** An expiry choice: its label and the date it stands for. */
export const expiryLabel = (o: { date: string; label: string }, language: Language = 'en'): string =>
  `${o.label} — ${formatWhen(o.date, language)}`;
