import { must } from '../../../../test/support/must.ts';
import { describe, expect, it } from 'vitest';
import { PASSWORD_COUNT_MAX, ToolText } from '@portal/contract/tools/messages';
import {
  effWords,
  genMixedPasswords,
  genSoftPasswords,
  genWordPasswords,
  MIXED_DIGITS,
  MIXED_LOWER,
  MIXED_SYMBOLS,
  MIXED_UPPER,
  parseCount,
} from './passwords.ts';

const passwords = (r: { ok: true; value: string[] } | { ok: false; error: string }): string[] => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('password counts', () => {
  it('defaults to 8, accepts 1–28, clamps above 28 saying so', () => {
    expect(parseCount(undefined)).toEqual({ ok: true, value: { count: 8 } });
    expect(parseCount('')).toEqual({ ok: true, value: { count: 8 } });
    expect(parseCount('1')).toEqual({ ok: true, value: { count: 1 } });
    expect(parseCount(28)).toEqual({ ok: true, value: { count: 28 } });
    expect(parseCount('29')).toEqual({ ok: true, value: { count: 28, clampedFrom: '29' } });
    expect(parseCount('99999999999999999999')).toEqual({
      ok: true,
      value: { count: 28, clampedFrom: '99999999999999999999' },
    });
  });

  it('refuses non-numbers and counts below 1', () => {
    for (const bad of ['abc', '2.5', '1e3', 'ten', 2.5, {}, true])
      expect(parseCount(bad), String(bad)).toEqual({ ok: false, error: ToolText.countNotNumber });
    for (const bad of ['0', '-3', 0, -1])
      expect(parseCount(bad), String(bad)).toEqual({ ok: false, error: ToolText.countTooSmall });
    expect(ToolText.countNotNumber).toBe('The number of passwords must be a whole number from 1 to 28');
  });
});

describe('generators', () => {
  it('word-based: four capitalised EFF words joined with "-"', () => {
    const words = new Set(effWords());
    expect(words.size).toBe(7776);
    const r = genWordPasswords('8', '0');
    expect(r).toMatchObject({ ok: true, message: '8 word-based passwords' });
    const list = passwords(r);
    expect(list).toHaveLength(8);
    for (const pw of list) {
      // A few EFF words contain a hyphen themselves (T-shirt, yo-yo): segment into list words.
      const parts = segment(pw, words);
      expect(parts).toHaveLength(4);
      for (const p of parts) {
        expect(p[0]).toBe(must(p[0], 'p[0]').toUpperCase());
        expect(words.has(p.toLowerCase())).toBe(true);
      }
      expect(pw).not.toMatch(/\d/);
    }
    expect(new Set(list).size).toBe(8);
  });

  it('word-based with numbers: one word carries a digit', () => {
    const words = new Set(effWords());
    for (const pw of passwords(genWordPasswords(28, true))) {
      expect(pw.match(/\d/g)).toHaveLength(1);
      // The digit ends one word; without it the password is four list words.
      expect(pw).toMatch(/\d(-|$)/);
      const parts = segment(pw.replace(/\d/, ''), words);
      expect(parts).toHaveLength(4);
      for (const p of parts) expect(words.has(p.toLowerCase())).toBe(true);
    }
    expect(passwords(genWordPasswords(3, '1')).every((pw) => /\d/.test(pw))).toBe(true);
  });

  it('mixed: 14–16 characters with every class and no look-alikes', () => {
    const r = genMixedPasswords('28');
    expect(r).toMatchObject({ ok: true, message: '28 mixed-character passwords' });
    const lengths = new Set<number>();
    const allowed = new Set(MIXED_UPPER + MIXED_LOWER + MIXED_DIGITS + MIXED_SYMBOLS);
    for (const pw of passwords(r)) {
      lengths.add(pw.length);
      expect(pw.length).toBeGreaterThanOrEqual(14);
      expect(pw.length).toBeLessThanOrEqual(16);
      for (const set of [MIXED_UPPER, MIXED_LOWER, MIXED_DIGITS, MIXED_SYMBOLS])
        expect([...pw].some((c) => set.includes(c))).toBe(true);
      expect([...pw].every((c) => allowed.has(c))).toBe(true);
      expect(pw).not.toMatch(/[0O1lIo|'"`\\()[\]{}<>]/);
    }
    for (let i = 0; i < 10 && lengths.size < 3; i++)
      for (const pw of passwords(genMixedPasswords(28))) lengths.add(pw.length);
    expect([...lengths].sort()).toEqual([14, 15, 16]);
  });

  it('soft: consonant-vowel syllables and two digits', () => {
    const r = genSoftPasswords(undefined);
    expect(r).toMatchObject({ ok: true, message: '8 soft passwords' });
    for (const pw of passwords(r))
      expect(pw).toMatch(/^[BDFGHJKMNPRSTVZ][aeiou]([bdfghjkmnprstvz][aeiou]){5}[2-9]{2}$/);
  });

  it('clamps large counts and reports errors for every kind', () => {
    for (const gen of [(c: string) => genWordPasswords(c, false), genMixedPasswords, genSoftPasswords]) {
      const r = gen('100');
      expect(r).toMatchObject({ ok: true, message: ToolText.clamped('100') });
      expect(passwords(r)).toHaveLength(PASSWORD_COUNT_MAX);
      expect(gen('1')).toMatchObject({ ok: true, message: expect.stringMatching(/^1 [a-z-]+ password$/) });
      expect(gen('x')).toEqual({ ok: false, error: ToolText.countNotNumber });
      expect(gen('0')).toEqual({ ok: false, error: ToolText.countTooSmall });
    }
    expect(ToolText.clamped('100')).toBe('At most 28 passwords at a time: showing 28 instead of 100');
  });
});

/** Splits "Word-Word-T-shirt-Word" into list words, preferring the fewest words. */
function segment(pw: string, words: Set<string>): string[] {
  const tokens = pw.split('-');
  const best: Array<string[] | null> = Array(tokens.length + 1).fill(null);
  best[0] = [];
  for (let i = 0; i < tokens.length; i++) {
    const prefix = best[i];
    if (!prefix) continue;
    for (let j = i + 1; j <= Math.min(tokens.length, i + 3); j++) {
      const word = tokens.slice(i, j).join('-');
      const next = [...prefix, word];
      const known = best[j];
      if (words.has(word.toLowerCase()) && (!known || known.length > next.length)) best[j] = next;
    }
  }
  return best[tokens.length] ?? tokens;
}
