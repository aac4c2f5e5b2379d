/** The languages of the portal (docs/languages.md): English, as the spec writes it, and Spanish. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, as the picker shows it (in that language, whatever the page's). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale each language writes numbers, money and dates in (Intl), as a US customer reads them. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** Each language's name in English (the activity record's sentences). */
export const LANGUAGE_ENGLISH_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

/**
 * The pseudo-locale's tag (docs/decisions/118-pseudo-locale.md): English made accented and longer
 * from the English catalogues, for the tests that look for texts left outside them. Not a language
 * of the portal: never in `LANGUAGES`, never offered, never stored for an account; the API speaks it
 * only where its operator turned it on (PORTAL_PSEUDO_LOCALE, apps/server/src/http/language.ts).
 */
export const PSEUDO_LANGUAGE = 'en-XA';
/** A language the texts of an answer can be written in: one of the portal's, or the pseudo-locale. */
export type TextLanguage = Language | typeof PSEUDO_LANGUAGE;

/** The locale numbers, money and dates are written in for `language` (the pseudo-locale's: English's). */
export const localeOf = (language: TextLanguage): string =>
  language === PSEUDO_LANGUAGE ? LOCALES.en : LOCALES[language];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first language of the portal a browser asks for: an `Accept-Language` header
 * (`es-MX,es;q=0.9,en;q=0.8`, weights honoured) or `navigator.languages` (in order). Null when it
 * asks for none of ours (the caller then keeps English, or the account's own).
 */
export function pickLanguage(asked: string | readonly string[] | null | undefined): Language | null {
  for (const range of rangesOf(asked)) {
    const primary = range.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** Whether the pseudo-locale (`en-XA`) comes before any language of ours in what a caller asks for. */
export function asksPseudo(asked: string | readonly string[] | null | undefined): boolean {
  for (const range of rangesOf(asked)) {
    if (range.toLowerCase() === PSEUDO_LANGUAGE.toLowerCase()) return true;
    if (isLanguage(range.toLowerCase().split('-')[0])) return false;
  }
  return false;
}

/** The language ranges asked for, the most wanted first (weights honoured, `q=0` left out). */
function rangesOf(asked: string | readonly string[] | null | undefined): readonly string[] {
  if (!asked) return [];
  if (typeof asked !== 'string') return asked;
  return asked
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((r) => r.tag);
}
