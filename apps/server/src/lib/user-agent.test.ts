import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agent.ts';
// The Spanish catalogues, as the server registers them at start (apps/server/src/http/language.ts).
import '@portal/contract/i18n/es';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('describeDevice', () => {
  it('names the browser and its system in English: "Chrome 126 on Linux"', () => {
    expect(describeDevice(CHROME, 'en')).toBe('Chrome 126 on Linux');
    expect(describeDevice(FIREFOX, 'en')).toBe('Firefox 128 on Windows 10');
  });

  it('joins them in Spanish for a Spanish caller: "Chrome 126 en Linux"', () => {
    expect(describeDevice(CHROME, 'es')).toBe('Chrome 126 en Linux');
    expect(describeDevice(FIREFOX, 'es')).toBe('Firefox 128 en Windows 10');
  });

  it('answers nothing for no user agent, and the unknown browser in the language for one it cannot read', () => {
    expect(describeDevice('  ', 'es')).toBe('');
    expect(describeDevice('\u0001', 'en')).toBe('Unknown browser');
    expect(describeDevice('\u0001', 'es')).toBe('Navegador desconocido');
  });
});
