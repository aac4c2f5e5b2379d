import { describe, expect, it } from 'vitest';
import { phpEndOfLife } from './php-support.ts';

describe('phpEndOfLife', () => {
  const today = new Date('2026-11-26T12:00:00Z');
  it('names the date of a branch past its end of life, patch releases included', () => {
    expect(phpEndOfLife('7.4', today)).toBe('2022-11-28');
    expect(phpEndOfLife('8.1.27', today)).toBe('2025-12-31');
  });
  it('warns of nothing for a supported, unknown or disabled version', () => {
    expect(phpEndOfLife('8.2', today)).toBeNull();
    expect(phpEndOfLife('9.9', today)).toBeNull();
    expect(phpEndOfLife('Disabled', today)).toBeNull();
  });
});
