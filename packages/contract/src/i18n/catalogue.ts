import type { Language } from './languages.ts';

/**
 * A catalogue is an area's message object in one language (docs/decisions/115-languages.md): the
 * English one is the area's `messages.ts` itself (the spec's exact texts), another language's is
 * `messages.<lang>.ts` beside it, of this type: the same keys, each text a string or a function
 * of the same arguments (a group of texts, such as a list's names, an object of the same keys). The compiler refuses a missing key, an extra one or a wrong argument.
 */
export type Catalogue<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Catalogue<T[K]>;
};

const registry = new Map<object, Partial<Record<Language, object>>>();
/** Per language, each registered English text (a string, not a function) and its translation. */
const byEnglishText = new Map<Language, Map<string, string>>();

/** Makes `texts` the `language` version of the English catalogue `english` (the `register.<lang>.ts` files). */
export function register<T extends object>(english: T, language: Language, texts: Catalogue<T>): void {
  const entry = registry.get(english) ?? {};
  entry[language] = texts;
  registry.set(english, entry);
  byEnglishText.delete(language);
}

/**
 * An English text already written (an answer's message, a field's error) in `language`: looked up
 * by the text itself among the registered catalogues' plain texts, as gettext looks up its msgid.
 * A text made by a function (it holds a value) or not translated yet stays as it is.
 */
export function translateText(text: string, language: Language): string {
  if (language === 'en') return text;
  let texts = byEnglishText.get(language);
  if (!texts) {
    texts = new Map();
    for (const [english, entry] of registry) {
      const translation = entry[language] as Record<string, unknown> | undefined;
      if (!translation) continue;
      for (const [key, value] of Object.entries(english)) {
        const translated = translation[key];
        if (typeof value === 'string' && typeof translated === 'string' && !texts.has(value))
          texts.set(value, translated);
      }
    }
    byEnglishText.set(language, texts);
  }
  return texts.get(text) ?? text;
}

/**
 * The catalogue `english` in `language`: its registered translation, or the English itself while
 * that language is not loaded or the area not translated yet (docs/languages.md lists the areas done).
 */
export function inLanguage<T extends object>(english: T, language: Language): T {
  if (language === 'en') return english;
  return (registry.get(english)?.[language] as T | undefined) ?? english;
}

/** Every English catalogue with a translation in `language`, and that translation (for the parity test). */
export function translated(language: Language): [object, object][] {
  const out: [object, object][] = [];
  for (const [english, entry] of registry) {
    const texts = entry[language];
    if (texts) out.push([english, texts]);
  }
  return out;
}

/** Chooses the plural form of `n` in `language` (Intl.PluralRules): `one`, or `other` for every other count. */
export function plural(language: Language, n: number, forms: { one: string; other: string }): string {
  return new Intl.PluralRules(language).select(n) === 'one' ? forms.one : forms.other;
}
