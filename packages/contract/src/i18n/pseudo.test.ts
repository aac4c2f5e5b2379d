import { describe, expect, it } from 'vitest';
import { mailText } from '../mail/messages.ts';
import { commonText } from '../messages.ts';
import { commonTextEs } from '../messages.es.ts';
import { inLanguage, speakMade, translateText } from './catalogue.ts';
import { asksPseudo, PSEUDO_LANGUAGE, pickLanguage } from './languages.ts';
import { pseudoCatalogue, pseudoText } from './pseudo.ts';
import './es.ts';

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

  it('is a language where it is spoken: catalogues, plain texts and texts made with values', () => {
    // Unspoken (the web's login bundle, an API with PORTAL_PSEUDO_LOCALE off): English as it is.
    expect(inLanguage(commonText, PSEUDO_LANGUAGE)).toBe(commonText);
    expect(translateText(commonText.required, PSEUDO_LANGUAGE)).toBe(commonText.required);
    speakMade(PSEUDO_LANGUAGE, pseudoCatalogue);
    expect(inLanguage(commonText, PSEUDO_LANGUAGE)).toBe(pseudoCatalogue(commonText));
    expect(translateText(commonText.required, PSEUDO_LANGUAGE)).toBe(pseudoText(commonText.required));
    expect(translateText(commonText.minChars(8), PSEUDO_LANGUAGE)).toBe(pseudoText(commonText.minChars(8)));
    // A value a text is made with is data: kept as it is.
    const reserved = translateText(mailText.roleAddressReserved('abuse'), PSEUDO_LANGUAGE);
    expect(reserved).toBe(pseudoText(mailText.roleAddressReserved('abuse'), ['abuse']));
    expect(reserved).toContain('abuse');
    // Spanish is unchanged by it; a text of no catalogue stays as it is.
    expect(translateText(commonText.required, 'es')).toBe(commonTextEs.required);
    expect(translateText('Turn on notifications for alice', PSEUDO_LANGUAGE)).toBe(
      'Turn on notifications for alice',
    );
  });

  it('is asked for by its tag before any language of ours, never picked as one', () => {
    expect(asksPseudo('en-XA')).toBe(true);
    expect(asksPseudo('en-xa,en;q=0.8')).toBe(true);
    expect(asksPseudo('es,en-XA;q=0.5')).toBe(false);
    expect(asksPseudo('en-US,en-XA')).toBe(false);
    expect(asksPseudo(undefined)).toBe(false);
    expect(pickLanguage('en-XA')).toBe('en');
  });
});
