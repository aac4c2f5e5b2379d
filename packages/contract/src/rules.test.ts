import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BAD_CHARACTERS,
  fieldErrors,
  idNumber,
  isCleanText,
  minChars,
  newPassword,
  optionalEmail,
  optionalText,
  required,
  requiredEmail,
  text,
  textId,
} from './rules.ts';

const firstError = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : fieldErrors(r.error)._;
};

describe('text rules: control characters and broken Unicode', () => {
  it('accepts any real text, tabs and line breaks included', () => {
    for (const v of [
      '',
      'Anderson Design, LLC',
      'line one\r\nline two\tcolumn',
      '𝔘𝔫𝔦😀👩‍👩‍👧‍👦',
      'مرحبا \u202Eevil\u202C',
      'Ze\u0301\u0351 a\u200B\uFEFF',
      "' OR '1'='1' --",
      '<script>alert(1)</script>',
    ])
      expect(isCleanText(v), JSON.stringify(v)).toBe(true);
  });

  it('refuses NUL and the other control characters, and lone surrogates', () => {
    for (const v of [
      '\u0000',
      'a\u0000b',
      '\u0001',
      '\u001B[31m',
      'x\u007F',
      '\u000B',
      '\uD800',
      'a\uDC00b',
      '\uDBFF',
    ])
      expect(isCleanText(v), JSON.stringify(v)).toBe(false);
  });

  it('every text rule answers the same clear message', () => {
    expect(firstError(text(), 'a\u0000b')).toBe(BAD_CHARACTERS);
    expect(firstError(required(), 'Acme\u0000')).toBe(BAD_CHARACTERS);
    expect(firstError(optionalText(), 'note\u001B')).toBe(BAD_CHARACTERS);
    expect(firstError(optionalEmail(), 'a\u0000b@example.com')).toBe(BAD_CHARACTERS);
    expect(firstError(requiredEmail(), 'a\u0000b@example.com')).toBe(BAD_CHARACTERS);
    expect(firstError(newPassword, 'long-enough\u0000')).toBe(BAD_CHARACTERS);
    expect(firstError(minChars(3), 'ab\uD800')).toBe(BAD_CHARACTERS);
  });

  it('keeps the spec messages first and the rules otherwise unchanged', () => {
    expect(firstError(required(), '   ')).toBe('Required');
    expect(required().parse('  Acme  ')).toBe('Acme');
    expect(optionalText().parse(null)).toBe('');
    expect(optionalEmail().parse(' a@example.com ')).toBe('a@example.com');
    expect(firstError(requiredEmail(), 'not-an-address')).toBe('This field must be a valid email address');
    expect(required().max(5).safeParse('toolong').success).toBe(false);
  });
});

describe('a wrong type is not "Required"', () => {
  it('the rule builders tell a value of the wrong type from a missing one', () => {
    expect(firstError(required(), 5)).toBe('Must be text');
    expect(firstError(required(), undefined)).toBe('Required');
    expect(firstError(required(), null)).toBe('Required');
    expect(firstError(text(), false)).toBe('Must be text');
    expect(firstError(idNumber, 'abc')).toBe('Must be a number');
    expect(firstError(idNumber, undefined)).toBe('Required');
    expect(idNumber.parse('12')).toBe(12);
    expect(idNumber.parse(12)).toBe(12);
    expect(textId(64).parse(20261101)).toBe('20261101');
    expect(textId(64).parse(' 2026-A ')).toBe('2026-A');
    expect(firstError(textId(64), 1.5)).toBe('Must be text');
  });

  it('fieldErrors, given the input, never calls a sent field missing', () => {
    const schema = z.object({
      a: required(),
      n: z.coerce.number({ error: 'Required' }),
      e: z.enum(['x'], { error: 'Required' }),
    });
    const errors = (input: unknown) => {
      const r = schema.safeParse(input);
      return r.success ? {} : fieldErrors(r.error, input);
    };
    expect(errors({ a: 1, n: 'x', e: 2 })).toEqual({
      a: 'Must be text',
      n: 'Must be a number',
      e: 'Invalid',
    });
    expect(errors({ a: ' ', e: null })).toEqual({ a: 'Required', n: 'Required', e: 'Required' });
  });
});
