import { inLanguage } from '@portal/contract/i18n/catalogue';
import { isLanguage, type Language, PSEUDO_LANGUAGE, pickLanguage } from '@portal/contract/i18n/languages';
import { useSyncExternalStore } from 'react';

/**
 * The page's language (docs/languages.md): the signed-in account's (kept here once known, so a
 * reload shows it at once), else the browser's (`navigator.languages`), else English. A language
 * other than English loads its catalogues as a chunk of their own before the page shows it.
 */
const KEY = 'language';
let current: Language = 'en';
/**
 * The language being shown or, while its catalogues load, about to be: what the API is asked to
 * answer in. A signed-in reload asks for the screen's data before the catalogues have loaded, and
 * those answers (a payment's "paid for", its date) must come in the page's language.
 */
let wanted: Language = 'en';
const listeners = new Set<() => void>();

/**
 * The pseudo-locale's switch (docs/decisions/118-pseudo-locale.md): only the browser test
 * e2e/pseudo-locale.e2e.ts sets it in the page's storage; no screen offers it. Its catalogues are
 * made from the English ones by a chunk loaded only then, so real users load nothing more.
 */
const PSEUDO_KEY = 'pseudo-locale';
let pseudo: (<T extends object>(english: T) => T) | null = null;
/** The pseudo-locale's switch as read at start (its catalogue may still be loading). */
let pseudoAsked = false;

/** The catalogue `english` in the page's language. */
export function t<T extends object>(english: T): T {
  const texts = inLanguage(english, current);
  return pseudo ? pseudo(texts) : texts;
}

function stored(): Language | null {
  const v = localStorage.getItem(KEY);
  return isLanguage(v) ? v : null;
}

async function load(language: Language): Promise<void> {
  if (language === 'es') await import('@portal/contract/i18n/es');
}

/** Shows the page in `language`: loads it, then every screen renders again in it. */
export async function showLanguage(language: Language, { keep = true } = {}): Promise<void> {
  wanted = language;
  await load(language);
  if (keep) localStorage.setItem(KEY, language);
  if (language === current) return;
  current = language;
  document.documentElement.lang = language;
  for (const l of listeners) l();
}

/**
 * The language at start, loaded before the first render (nothing to load for English). Calls made
 * from the moment this returns ask for it, before it has loaded.
 */
export async function startLanguage(): Promise<void> {
  const language = stored() ?? pickLanguage(navigator.languages) ?? 'en';
  wanted = language;
  pseudoAsked = localStorage.getItem(PSEUDO_KEY) === 'on';
  if (pseudoAsked) pseudo = (await import('@portal/contract/i18n/pseudo')).pseudoCatalogue;
  return showLanguage(language, { keep: false });
}

export const language = {
  get: (): Language => current,
  /**
   * What the API is asked to answer in (`Accept-Language`): the page's language, or the
   * pseudo-locale's tag while its switch is on, so that a portal started with PORTAL_PSEUDO_LOCALE
   * writes its own texts (refusals, notices, activity) in it too.
   */
  asked: (): string => (pseudoAsked ? PSEUDO_LANGUAGE : wanted),
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useLanguage(): Language {
  return useSyncExternalStore(language.subscribe, language.get);
}
