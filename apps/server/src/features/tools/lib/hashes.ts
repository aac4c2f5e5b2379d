import { createHash } from 'node:crypto';
import { BCRYPT_MAX_BYTES, HASH_INPUT_MAX_BYTES, ToolText } from '@portal/contract/tools/messages';
import { fail, isWellFormedText, ok, type ToolResult } from './result.ts';

/**
 * The hash generator (/md5): MD5, SHA-1 (lower-case hex) and bcrypt of UTF-8 text.
 *
 * Limits: at most HASH_INPUT_MAX_BYTES (64 KiB) of UTF-8. bcrypt only ever uses the first 72
 * bytes of its input, so a longer text is refused with a message saying so, rather than giving
 * a hash that silently ignores the rest. bcrypt uses cost 10 and the $2b$ variant.
 * Empty text is allowed (its digests are well defined). Text with an unpaired surrogate is
 * refused: it has no UTF-8 form.
 */
export type HashKind = 'md5' | 'sha1' | 'bcrypt';
export const BCRYPT_COST = 10;

function checkText(text: unknown, t: typeof ToolText): string | null {
  if (typeof text !== 'string') return t.notText;
  if (!isWellFormedText(text)) return t.brokenText;
  if (Buffer.byteLength(text, 'utf8') > HASH_INPUT_MAX_BYTES) return t.tooLong(HASH_INPUT_MAX_BYTES);
  return null;
}

function digest(algorithm: 'md5' | 'sha1', text: unknown, t: typeof ToolText = ToolText): ToolResult<string> {
  const error = checkText(text, t);
  if (error) return fail(error);
  return ok(
    createHash(algorithm)
      .update(text as string, 'utf8')
      .digest('hex'),
  );
}

export const md5Hex = (text: unknown, t: typeof ToolText = ToolText): ToolResult<string> =>
  digest('md5', text, t);
export const sha1Hex = (text: unknown, t: typeof ToolText = ToolText): ToolResult<string> =>
  digest('sha1', text, t);

export async function bcryptHash(text: unknown, t: typeof ToolText = ToolText): Promise<ToolResult<string>> {
  const error = checkText(text, t);
  if (error) return fail(error);
  const bytes = Buffer.byteLength(text as string, 'utf8');
  if (bytes > BCRYPT_MAX_BYTES) return fail(t.bcryptTooLong(bytes));
  // The native addon is loaded with the first bcrypt asked for, not at every start (docs/performance.md).
  const { hash: bcrypt } = await import('@node-rs/bcrypt');
  return ok(await bcrypt(text as string, { cost: BCRYPT_COST, rejectLongPasswords: true }));
}

/** 'md5', 'sha1' / 'sha-1', 'bcrypt' in any case (as in the /api/md5, /api/sha1, /api/bcrypt routes). */
export function parseHashKind(kind: unknown): HashKind | null {
  const k = typeof kind === 'string' ? kind.trim().toLowerCase().replace('-', '') : '';
  return k === 'md5' || k === 'sha1' || k === 'bcrypt' ? k : null;
}

export async function hashText(
  kind: unknown,
  text: unknown,
  t: typeof ToolText = ToolText,
): Promise<ToolResult<string>> {
  const k = parseHashKind(kind);
  if (!k) return fail(t.unknownHashKind);
  return k === 'bcrypt' ? bcryptHash(text, t) : digest(k, text, t);
}
