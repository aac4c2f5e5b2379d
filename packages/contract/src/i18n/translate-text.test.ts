import { describe, expect, it } from 'vitest';
import { mailText } from '../mail/messages.ts';
import { mailTextEs } from '../mail/messages.es.ts';
import { commonText } from '../messages.ts';
import { commonTextEs } from '../messages.es.ts';
import { translateText } from './catalogue.ts';
import './es.ts';

/**
 * A text already written in English reaches a Spanish reader translated (docs/languages.md): a plain
 * catalogue text by itself, a text a catalogue function made (a schema's "Must be at least 8
 * characters", written before any request) by reading its values back and calling the Spanish
 * function with them; anything else unchanged.
 */
describe('translateText', () => {
  it('translates a plain catalogue text', () => {
    expect(translateText(commonText.required, 'es')).toBe(commonTextEs.required);
    expect(commonTextEs.required).not.toBe(commonText.required);
  });

  it('translates a text a catalogue function made, with its values (a count as a number)', () => {
    expect(translateText(commonText.minChars(8), 'es')).toBe(commonTextEs.minChars(8));
    expect(translateText(commonText.minChars(1), 'es')).toBe('Debe tener al menos 1 carácter');
    expect(translateText(mailText.roleAddressReserved('abuse'), 'es')).toBe(
      mailTextEs.roleAddressReserved('abuse'),
    );
  });

  it('leaves a text no catalogue wrote, and English, as they are', () => {
    expect(translateText('Turn on notifications for alice', 'es')).toBe('Turn on notifications for alice');
    expect(translateText('Must be at least eight characters long, please', 'es')).toBe(
      'Must be at least eight characters long, please',
    );
    expect(translateText(commonText.minChars(8), 'en')).toBe(commonText.minChars(8));
    // An answer's message may hold more than one text ("cleartext: …"): plain texts only.
    expect(translateText(commonText.minChars(8), 'es', { made: false })).toBe(commonText.minChars(8));
  });
});
