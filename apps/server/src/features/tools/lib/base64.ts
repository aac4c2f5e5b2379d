import { must } from '@portal/contract/must';
import { BASE64_INPUT_MAX_BYTES, ToolText } from '@portal/contract/tools/messages';
import { fail, isWellFormedText, ok, type ToolResult } from './result.ts';

/**
 * Base64 (/bas64) of UTF-8 text, standard alphabet (RFC 4648 §4) with padding.
 *
 * Encoding then decoding gives back exactly the same text, including a leading byte order mark
 * (text with an unpaired surrogate has no UTF-8 form and is refused).
 *
 * Decoding is strict: ASCII white space (line breaks of wrapped Base64) is ignored; any other
 * character outside A–Z a–z 0–9 + / is refused with its position; padding is optional, but "="
 * may only end the text, at most twice, and must make the length a multiple of 4; unused bits
 * in the last character must be zero (so every accepted input is the canonical encoding of its
 * bytes); the bytes must be valid UTF-8. Input is limited to 64 KiB.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;
const WHITESPACE = /[ \t\r\n\f\v]/g;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function encodeBase64(text: unknown, t: typeof ToolText = ToolText): ToolResult<string> {
  if (typeof text !== 'string') return fail(t.notText);
  if (!isWellFormedText(text)) return fail(t.brokenText);
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > BASE64_INPUT_MAX_BYTES) return fail(t.tooLong(BASE64_INPUT_MAX_BYTES));
  return ok(bytes.toString('base64'));
}

export function decodeBase64(encoded: unknown, t: typeof ToolText = ToolText): ToolResult<string> {
  if (typeof encoded !== 'string') return fail(t.notText);
  if (encoded.length > Math.ceil((BASE64_INPUT_MAX_BYTES * 4) / 3) + 4096)
    return fail(t.tooLong(BASE64_INPUT_MAX_BYTES));
  // positions refer to the text as given
  let data = '';
  let firstPad = -1;
  for (let i = 0; i < encoded.length; i++) {
    const ch = encoded.charAt(i);
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n' || ch === '\f' || ch === '\v') continue;
    if (ch === '=') {
      if (firstPad === -1) firstPad = data.length;
      data += ch;
      continue;
    }
    const code = ch.charCodeAt(0);
    if (code >= 128 || (VALUE[code] ?? -1) < 0) {
      // outside the table: not a base64 character
      const cp = encoded.codePointAt(i) ?? code;
      return fail(t.base64InvalidCharacter(String.fromCodePoint(cp), i + 1));
    }
    if (firstPad !== -1) return fail(t.base64BadPadding);
    data += ch;
  }
  let body = data;
  if (firstPad !== -1) {
    const pads = data.length - firstPad;
    if (pads > 2 || data.length % 4 !== 0) return fail(t.base64BadPadding);
    body = data.slice(0, firstPad);
  }
  const rest = body.length % 4;
  if (rest === 1) return fail(t.base64BadLength);
  if (firstPad !== -1 && rest === 0) return fail(t.base64BadPadding);
  if (rest !== 0) {
    const last = must(VALUE[body.charCodeAt(body.length - 1)], 'the value of a checked base64 character');
    const unused = rest === 2 ? 0x0f : 0x03; // bits of the last character that encode nothing
    if ((last & unused) !== 0) return fail(t.base64NotCanonical);
  }
  const bytes = Buffer.from(body.replace(WHITESPACE, ''), 'base64');
  if (bytes.length > BASE64_INPUT_MAX_BYTES) return fail(t.tooLong(BASE64_INPUT_MAX_BYTES));
  try {
    return ok(utf8.decode(bytes));
  } catch {
    return fail(t.base64NotUtf8);
  }
}
