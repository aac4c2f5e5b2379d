import { describe, expect, it } from 'vitest';
import { translated } from './catalogue.ts';
import { LANGUAGES, pickLanguage } from './languages.ts';
import './es.ts';

/** Every translated catalogue has exactly the English one's keys, each of the same kind (docs/languages.md). */
describe('catalogues', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const pairs = translated(language);
    it(`${language} has catalogues registered`, () => {
      expect(pairs.length).toBeGreaterThan(0);
    });
    it(`${language} has the English keys, no more and no fewer, each text of the same kind`, () => {
      for (const [english, texts] of pairs) {
        const shape = (o: object) =>
          Object.fromEntries(
            Object.entries(o).map(([k, v]) => [k, typeof v === 'function' ? v.length : 'text']),
          );
        expect(shape(texts)).toEqual(shape(english));
        for (const v of Object.values(texts)) if (typeof v === 'string') expect(v.trim()).not.toBe('');
      }
    });
  }
});

describe('pickLanguage', () => {
  it('takes the first language of ours by weight, then order', () => {
    expect(pickLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLanguage('de,es;q=0.5,en;q=0.4')).toBe('es');
    expect(pickLanguage('es;q=0.4, en;q=0.9')).toBe('en');
    expect(pickLanguage(['fr-FR', 'es-419'])).toBe('es');
    expect(pickLanguage('es;q=0')).toBeNull();
    expect(pickLanguage('de-DE')).toBeNull();
    expect(pickLanguage('')).toBeNull();
    expect(pickLanguage(undefined)).toBeNull();
  });
});
