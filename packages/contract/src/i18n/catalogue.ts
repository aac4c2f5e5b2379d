import { isLanguage, type Language, type TextLanguage } from './languages.ts';

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
const byEnglishText = new Map<TextLanguage, Map<string, string>>();

/**
 * Languages made from the English catalogue itself rather than translated: the pseudo-locale
 * (packages/contract/src/i18n/pseudo.ts), registered by `speakMade` only where it is spoken (the
 * API, behind its setting), so the web's login bundle carries none of it.
 */
const madeLanguages = new Map<TextLanguage, <T extends object>(english: T) => T>();

/** Makes `language`'s texts by `make` from each English catalogue (the pseudo-locale's `pseudoCatalogue`). */
export function speakMade(language: TextLanguage, make: <T extends object>(english: T) => T): void {
  madeLanguages.set(language, make);
  byEnglishText.delete(language);
  byEnglishPattern.delete(language);
}

/** The catalogue `english` in `language`, when that language has it: registered or made. */
function translationOf(english: object, language: TextLanguage): object | undefined {
  const make = madeLanguages.get(language);
  if (make) return make(english);
  return isLanguage(language) ? registry.get(english)?.[language] : undefined;
}

/** Makes `texts` the `language` version of the English catalogue `english` (the `register.<lang>.ts` files). */
export function register<T extends object>(english: T, language: Language, texts: Catalogue<T>): void {
  const entry = registry.get(english) ?? {};
  entry[language] = texts;
  registry.set(english, entry);
  // A made language's lookups go through every registered catalogue: they are made again too.
  byEnglishText.clear();
  byEnglishPattern.clear();
}

/** Per language, the registered texts made by a function, as patterns that find their values. */
const byEnglishPattern = new Map<TextLanguage, TextPattern[]>();

type TextFunction = (...args: unknown[]) => string;
interface TextPattern {
  english: TextFunction;
  translated: TextFunction;
  /** The English text with each argument's place a group, e.g. /^Must be at least (.+?) characters$/. */
  pattern: RegExp;
  /** Which argument each group holds, in the order the groups come. */
  order: number[];
}

/** A value in the place of argument `i`: a private-use character (no text holds one) around its number. */
const mark = (i: number) => `\uE000${i}\uE000`;

/**
 * The pattern of an English text function: called with a mark in each argument's place. Functions
 * that do more with an argument than write it (a sum, a date) throw or lose the mark, and get none.
 */
function patternOf(english: TextFunction, translated: TextFunction): TextPattern | null {
  let sample: string;
  try {
    sample = english(...Array.from({ length: english.length }, (_, i) => mark(i)));
  } catch {
    return null;
  }
  if (typeof sample !== 'string') return null;
  const order: number[] = [];
  let source = '';
  for (const part of sample.split(/(\uE000\d+\uE000)/)) {
    const arg = /^\uE000(\d+)\uE000$/.exec(part);
    if (arg) {
      order.push(Number(arg[1]));
      source += '(.+?)';
    } else source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const literal = sample.replace(/\uE000\d+\uE000/g, '');
  if (order.length !== english.length || new Set(order).size !== order.length || literal.length < 10)
    return null;
  return { english, translated, pattern: new RegExp(`^${source}$`, 's'), order };
}

function patternsOf(language: TextLanguage): TextPattern[] {
  let patterns = byEnglishPattern.get(language);
  if (!patterns) {
    patterns = [];
    for (const english of registry.keys()) {
      const translation = translationOf(english, language) as Record<string, unknown> | undefined;
      if (!translation) continue;
      for (const [key, value] of Object.entries(english)) {
        const translated = translation[key];
        if (typeof value !== 'function' || typeof translated !== 'function') continue;
        const pattern = patternOf(value as TextFunction, translated as TextFunction);
        if (pattern) patterns.push(pattern);
      }
    }
    byEnglishPattern.set(language, patterns);
  }
  return patterns;
}

/**
 * A text a function made, in `language`: the function whose pattern it fits is found, its values
 * read back, and the translation called with them, but only where the English function called with
 * those values writes the text again, letter for letter (a count read back as a number).
 */
function translateMade(text: string, language: TextLanguage): string | null {
  for (const p of patternsOf(language)) {
    const found = p.pattern.exec(text);
    if (!found) continue;
    const args: unknown[] = [];
    p.order.forEach((arg, group) => {
      const value = found[group + 1] ?? '';
      args[arg] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    });
    try {
      if (p.english(...args) === text) return p.translated(...args);
    } catch {}
  }
  return null;
}

/**
 * An English text already written (an answer's message, a field's error) in `language`: looked up
 * by the text itself among the registered catalogues' plain texts, as gettext looks up its msgid,
 * else among the texts their functions make (`Must be at least 8 characters`, which a schema wrote
 * before any request, comes back from `minChars(8)`). A text not translated yet stays as it is.
 * `made: false` looks up the plain texts only: for a text that may hold more than one catalogue
 * text (an answer's message, "cleartext: …"), which a pattern could misread.
 */
export function translateText(text: string, language: TextLanguage, o: { made?: boolean } = {}): string {
  if (language === 'en') return text;
  let texts = byEnglishText.get(language);
  if (!texts) {
    texts = new Map();
    for (const english of registry.keys()) {
      const translation = translationOf(english, language) as Record<string, unknown> | undefined;
      if (!translation) continue;
      for (const [key, value] of Object.entries(english)) {
        const translated = translation[key];
        if (typeof value === 'string' && typeof translated === 'string' && !texts.has(value))
          texts.set(value, translated);
      }
    }
    byEnglishText.set(language, texts);
  }
  return texts.get(text) ?? (o.made === false ? null : translateMade(text, language)) ?? text;
}

/**
 * The catalogue `english` in `language`: its registered translation, or the English itself while
 * that language is not loaded or the area not translated yet (docs/languages.md lists the areas done).
 */
export function inLanguage<T extends object>(english: T, language: TextLanguage): T {
  if (language === 'en') return english;
  return (translationOf(english, language) as T | undefined) ?? english;
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
export function plural(language: TextLanguage, n: number, forms: { one: string; other: string }): string {
  return new Intl.PluralRules(language).select(n) === 'one' ? forms.one : forms.other;
}
