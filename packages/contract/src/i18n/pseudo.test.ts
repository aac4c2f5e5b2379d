import { describe, expect, it } from 'vitest';
import { pseudoCatalogue, pseudoText } from './pseudo.ts';

describe('the pseudo-locale', () => {
  it('accents every letter, marks the text and makes it about 30 % longer', () => {
    const text = 'Make a Payment';
    const pseudo = pseudoText(text);
    expect(pseudo.startsWith('⟦')).toBe(true);
    expect(pseudo.endsWith('⟧')).toBe(true);
    expect(pseudo).not.toMatch(/[A-Za-z]/);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil(text.length * 1.3));
    expect(pseudo).toBe('⟦Ṁáķé á Þáýɱéñţ ·····⟧');
  });

  it('keeps {places} and the values a text is made with, and leaves a blank text alone', () => {
    expect(pseudoText('Renew {domain} for {years}')).toMatch(/^⟦Ŕéñéŵ \{domain\} ƒóŕ \{years\} /);
    expect(pseudoText('Account Summary for alice', ['alice'])).toMatch(/^⟦Áççóúñţ Šúɱɱáŕý ƒóŕ alice /);
    expect(pseudoText(' ')).toBe(' ');
  });

  it('makes a catalogue of the same keys: texts, functions and groups, each made once', () => {
    const english = {
      title: 'Domains',
      renew: (domain: string, years: number) => `Renew ${domain} for ${years} years`,
      kinds: { new: 'New', transfer: 'Transfer' },
    };
    const pseudo = pseudoCatalogue(english);
    expect(Object.keys(pseudo)).toEqual(Object.keys(english));
    expect(pseudo.title).toBe(pseudoText('Domains'));
    expect(pseudo.renew('example.com', 2)).toBe(pseudoText('Renew example.com for 2 years', ['example.com']));
    expect(pseudo.renew('example.com', 2)).toContain('example.com');
    expect(pseudo.kinds.transfer).toBe(pseudoText('Transfer'));
    expect(pseudoCatalogue(english)).toBe(pseudo);
  });
});
