import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { BASE64_INPUT_MAX_BYTES, ToolText } from '@portal/contract/tools/messages';

const value = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('base64', () => {
  it('encodes and decodes known values', () => {
    expect(encodeBase64('')).toEqual({ ok: true, value: '' });
    expect(encodeBase64('abc')).toEqual({ ok: true, value: 'YWJj' });
    expect(encodeBase64('ab')).toEqual({ ok: true, value: 'YWI=' });
    expect(encodeBase64('a')).toEqual({ ok: true, value: 'YQ==' });
    expect(decodeBase64('YWJj')).toEqual({ ok: true, value: 'abc' });
    expect(decodeBase64('YWI=')).toEqual({ ok: true, value: 'ab' });
    expect(decodeBase64('YWI')).toEqual({ ok: true, value: 'ab' }); // padding optional
    expect(decodeBase64('')).toEqual({ ok: true, value: '' });
  });

  it('round-trips non-ASCII text exactly', () => {
    for (const text of [
      'Grüße, 日本 🎉',
      '\uFEFFstarts with a BOM',
      'line\r\nbreaks\tand\0nul',
      '𝕏'.repeat(100),
    ]) {
      const encoded = value(encodeBase64(text));
      expect(encoded).toBe(Buffer.from(text, 'utf8').toString('base64'));
      expect(value(decodeBase64(encoded))).toBe(text);
    }
    expect(value(encodeBase64('Grüße, 日本 🎉'))).toBe('R3LDvMOfZSwg5pel5pysIPCfjok=');
  });

  it('round-trips any well-formed text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(value(decodeBase64(value(encodeBase64(text))))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('ignores white space from wrapped lines', () => {
    expect(decodeBase64('  R3LDvMOfZSwg\r\n5pel5pysIPCf\njok=\n')).toEqual({
      ok: true,
      value: 'Grüße, 日本 🎉',
    });
  });

  it('refuses invalid characters, naming them and their position', () => {
    expect(decodeBase64('YW*j')).toEqual({ ok: false, error: ToolText.base64InvalidCharacter('*', 3) });
    expect(ToolText.base64InvalidCharacter('*', 3)).toBe(
      'Not valid Base64: the character "*" at position 3 is not allowed (use A–Z, a–z, 0–9, + and /, with = only as padding at the end)',
    );
    expect(decodeBase64('YWJj-_')).toEqual({ ok: false, error: ToolText.base64InvalidCharacter('-', 5) }); // base64url alphabet
    expect(decodeBase64('YWé')).toEqual({ ok: false, error: ToolText.base64InvalidCharacter('é', 3) });
    expect(decodeBase64('🎉')).toEqual({ ok: false, error: ToolText.base64InvalidCharacter('🎉', 1) });
  });

  it('refuses bad padding and lengths', () => {
    for (const bad of ['YW=J', 'YQ=', 'YQ===', '=YWJ', 'YWJj=', 'YWJjYQ=', 'YQ==YQ==']) {
      expect(decodeBase64(bad), bad).toEqual({ ok: false, error: ToolText.base64BadPadding });
    }
    expect(decodeBase64('YWJjY')).toEqual({ ok: false, error: ToolText.base64BadLength });
    expect(decodeBase64('YR==')).toEqual({ ok: false, error: ToolText.base64NotCanonical }); // 'a' is YQ==
    expect(decodeBase64('YWK=')).toEqual({ ok: false, error: ToolText.base64NotCanonical }); // 'ab' is YWI=
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(decodeBase64(Buffer.from([0xff, 0xfe, 0x41]).toString('base64'))).toEqual({
      ok: false,
      error: ToolText.base64NotUtf8,
    });
    expect(decodeBase64(Buffer.from([0xc3]).toString('base64'))).toEqual({
      ok: false,
      error: ToolText.base64NotUtf8,
    });
    expect(decodeBase64(Buffer.from([0xed, 0xa0, 0x80]).toString('base64'))).toEqual({
      ok: false,
      error: ToolText.base64NotUtf8,
    }); // a surrogate
    expect(ToolText.base64NotUtf8).toBe('The decoded bytes are not valid UTF-8 text');
  });

  it('limits the size and refuses non-text', () => {
    expect(encodeBase64('a'.repeat(BASE64_INPUT_MAX_BYTES)).ok).toBe(true);
    expect(encodeBase64('a'.repeat(BASE64_INPUT_MAX_BYTES + 1))).toEqual({
      ok: false,
      error: ToolText.tooLong(BASE64_INPUT_MAX_BYTES),
    });
    expect(decodeBase64('YWFh'.repeat(30_000))).toEqual({
      ok: false,
      error: ToolText.tooLong(BASE64_INPUT_MAX_BYTES),
    });
    expect(encodeBase64('\uDC00x')).toEqual({ ok: false, error: ToolText.brokenText });
    expect(encodeBase64(undefined)).toEqual({ ok: false, error: ToolText.notText });
    expect(decodeBase64(12)).toEqual({ ok: false, error: ToolText.notText });
  });
});
