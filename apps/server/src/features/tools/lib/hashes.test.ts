import { verify } from '@node-rs/bcrypt';
import { describe, expect, it } from 'vitest';
import { bcryptHash, hashText, md5Hex, parseHashKind, sha1Hex } from './hashes.ts';
import { HASH_INPUT_MAX_BYTES, ToolText } from '@portal/contract/tools/messages';

describe('hashes', () => {
  it('gives the known MD5 and SHA-1 digests', () => {
    expect(md5Hex('abc')).toEqual({ ok: true, value: '900150983cd24fb0d6963f7d28e17f72' });
    expect(sha1Hex('abc')).toEqual({ ok: true, value: 'a9993e364706816aba3e25717850c26c9cd0d89d' });
    expect(md5Hex('')).toEqual({ ok: true, value: 'd41d8cd98f00b204e9800998ecf8427e' });
    expect(sha1Hex('')).toEqual({ ok: true, value: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' });
  });

  it('hashes the UTF-8 bytes of the text', () => {
    // "é" is c3 a9 in UTF-8
    expect(md5Hex('é')).toEqual(md5Hex(Buffer.from([0xc3, 0xa9]).toString('utf8')));
    expect(sha1Hex('Grüße, 日本 🎉')).toEqual({ ok: true, value: expect.stringMatching(/^[0-9a-f]{40}$/) });
  });

  it('makes bcrypt hashes (cost 10) that verify', async () => {
    const r = await bcryptHash('correct horse');
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    expect(await verify('correct horse', r.value)).toBe(true);
    expect(await verify('correct horsf', r.value)).toBe(false);
    const again = await bcryptHash('correct horse');
    expect(again.ok && again.value).not.toBe(r.value); // salted
    const exact = await bcryptHash('x'.repeat(72));
    expect(exact.ok).toBe(true);
  });

  it('refuses bcrypt input beyond 72 bytes, counting UTF-8 bytes', async () => {
    expect(await bcryptHash('x'.repeat(73))).toEqual({ ok: false, error: ToolText.bcryptTooLong(73) });
    expect(await bcryptHash('日'.repeat(25))).toEqual({ ok: false, error: ToolText.bcryptTooLong(75) });
    expect(ToolText.bcryptTooLong(73)).toBe(
      'bcrypt uses at most 72 bytes of input; this text is 73 bytes in UTF-8. Shorten it, or use MD5 or SHA-1',
    );
  });

  it('limits the input to 64 KiB and refuses non-text', async () => {
    expect(md5Hex('a'.repeat(HASH_INPUT_MAX_BYTES)).ok).toBe(true);
    expect(md5Hex('a'.repeat(HASH_INPUT_MAX_BYTES + 1))).toEqual({
      ok: false,
      error: ToolText.tooLong(HASH_INPUT_MAX_BYTES),
    });
    expect(ToolText.tooLong(HASH_INPUT_MAX_BYTES)).toBe(
      'The text is too long: at most 64 KiB (65,536 bytes of UTF-8)',
    );
    expect(sha1Hex(42)).toEqual({ ok: false, error: ToolText.notText });
    expect(sha1Hex('\uD800')).toEqual({ ok: false, error: ToolText.brokenText });
    expect(await bcryptHash(null)).toEqual({ ok: false, error: ToolText.notText });
  });

  it('dispatches by kind', async () => {
    expect(parseHashKind('SHA-1')).toBe('sha1');
    expect(parseHashKind('MD5')).toBe('md5');
    expect(parseHashKind('sha256')).toBeNull();
    expect(await hashText('md5', 'abc')).toEqual(md5Hex('abc'));
    expect(await hashText('sha1', 'abc')).toEqual(sha1Hex('abc'));
    expect((await hashText('bcrypt', 'abc')).ok).toBe(true);
    expect(await hashText('crc32', 'abc')).toEqual({ ok: false, error: ToolText.unknownHashKind });
  });
});
