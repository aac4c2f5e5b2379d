/** The languages of the portal (docs/languages.md): English, as the spec writes it, and Spanish. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, as the picker shows it (in that language, whatever the page's). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale each language writes numbers, money and dates in (Intl), as a US customer reads them. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** Each language's name in English (the activity record's sentences). */
export const LANGUAGE_ENGLISH_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first language of the portal a browser asks for: an `Accept-Language` header
 * (`es-MX,es;q=0.9,en;q=0.8`, weights honoured) or `navigator.languages` (in order). Null when it
 * asks for none of ours (the caller then keeps English, or the account's own).
 */
export function pickLanguage(asked: string | readonly string[] | null | undefined): Language | null {
  if (!asked) return null;
  const ranges =
    typeof asked === 'string'
      ? asked
          .split(',')
          .map((part, order) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
            const weight = q ? Number(q.slice(2)) : 1;
            return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, order };
          })
          .filter((r) => r.weight > 0)
          .sort((a, b) => b.weight - a.weight || a.order - b.order)
          .map((r) => r.tag)
      : asked;
  for (const range of ranges) {
    const primary = range.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}
