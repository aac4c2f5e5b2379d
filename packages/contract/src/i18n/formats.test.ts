import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './formats.ts';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    const long = { dateStyle: 'long', timeZone: 'America/Chicago' } as const;
    expect(dateFormat('en-US', long)).toBe(dateFormat('en-US', { ...long }));
    expect(dateFormat('es-US', long)).not.toBe(dateFormat('en-US', long));
    expect(dateFormat('en-US', { ...long, timeZone: 'UTC' })).not.toBe(dateFormat('en-US', long));
    expect(numberFormat('es-US', { style: 'currency', currency: 'USD' })).toBe(
      numberFormat('es-US', { style: 'currency', currency: 'USD' }),
    );
  });

  it('formats as a new Intl formatter does', () => {
    const at = new Date('2026-11-28T06:39:00Z');
    const options = { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' } as const;
    expect(dateFormat('es-US', options).format(at)).toBe(
      new Intl.DateTimeFormat('es-US', options).format(at),
    );
    expect(numberFormat('es-US', { style: 'currency', currency: 'USD' }).format(89.95)).toBe(
      new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(89.95),
    );
  });

  it('refuses a zone Intl does not know, as Intl does', () => {
    expect(() => dateFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
