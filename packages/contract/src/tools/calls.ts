import { z } from 'zod';
import { defineCall } from '../http.ts';
import { text } from '../rules.ts';
import { toolsText } from './messages.ts';

/**
 * Calls of the utility tools. Every one needs a signed-in caller.
 *
 * The text tools take `item, cleartext`: `cleartext` is the text to hash, encode or decode and
 * `item` names the operation ('md5', 'sha1', 'bcrypt', 'encode', 'decode'); the path already
 * says which, so `item` may be left out, but when sent it must agree (docs/areas/tools.md).
 * The breach check takes the password as `item`.
 */

/** Longest password the breach check accepts (the body limit would refuse far more anyway). */
export const PWNED_MAX_CHARS = 1024;

export type TextOperation = 'md5' | 'sha1' | 'bcrypt' | 'encode' | 'decode';

/** 'MD5', 'SHA-1', 'sha1', 'encode-base64' … → the operation; anything else stays as given. */
export function normaliseItem(item: string): string {
  const k = item
    .trim()
    .toLowerCase()
    .replace(/-base64$/, '');
  return k === 'sha-1' ? 'sha1' : k;
}

const textBody = (operation: TextOperation) =>
  z.object({
    item: z
      .string({ error: toolsText.wrongItem(operation) })
      .optional()
      .refine((v) => v === undefined || normaliseItem(v) === operation, {
        error: toolsText.wrongItem(operation),
      }),
    // Length and encoding limits are the tool's own (features/tools/lib), with their own texts.
    cleartext: z.string({ error: toolsText.textRequired }),
  });

const TextResult = z.object({ result: z.string() });

export const md5 = defineCall({ method: 'POST', path: '/api/md5', body: textBody('md5'), data: TextResult });
export const sha1 = defineCall({
  method: 'POST',
  path: '/api/sha1',
  body: textBody('sha1'),
  data: TextResult,
});
export const bcrypt = defineCall({
  method: 'POST',
  path: '/api/bcrypt',
  body: textBody('bcrypt'),
  data: TextResult,
});
export const encodeBase64 = defineCall({
  method: 'POST',
  path: '/api/encode-base64',
  body: textBody('encode'),
  data: TextResult,
});
export const decodeBase64 = defineCall({
  method: 'POST',
  path: '/api/decode-base64',
  body: textBody('decode'),
  data: TextResult,
});

export const BreachCheck = z.object({
  hacked: z.boolean(),
  /** Times seen in breaches; 0 when not found (1 when found in the built-in list, which has no counts). */
  count: z.number().int().min(0),
  /** The password as sent, nothing else. */
  password: z.string(),
  /** Reads (local index) or probes (built-in list) the lookup took. */
  tries: z.number().int().min(0),
  /** 'local index' or 'built-in list'. */
  place: z.string(),
  /** SHA-1 of the password, upper-case hexadecimal. */
  hash: z.string(),
});
export type BreachCheck = z.infer<typeof BreachCheck>;

export const pwned = defineCall({
  method: 'POST',
  path: '/api/pwned',
  body: z.object({
    item: text({ error: toolsText.passwordRequired })
      .min(1, { error: toolsText.passwordRequired })
      .max(PWNED_MAX_CHARS, { error: toolsText.passwordTooLong(PWNED_MAX_CHARS) }),
  }),
  data: BreachCheck,
});

export const unixtime = defineCall({
  method: 'GET',
  path: '/api/unixtime/:seconds_offset',
  params: z.object({ seconds_offset: text({ error: toolsText.offsetRequired }) }),
  data: z.object({ unixtime: z.number().int() }),
});

export const humantime = defineCall({
  method: 'GET',
  path: '/api/humantime/:timestamp',
  params: z.object({ timestamp: text({ error: toolsText.timestampRequired }) }),
  data: z.object({ datetime: z.string() }),
});

const Passwords = z.object({ passwords: z.array(z.string()) });
/** The count is checked by the generator: default 8, at most 28 (larger counts are clamped, and the message says so). */
const count = text();

export const genWordPass = defineCall({
  method: 'GET',
  path: '/api/genwordpass/:count/:use_numbers',
  params: z.object({ count, use_numbers: z.enum(['0', '1'], { error: toolsText.useNumbersInvalid }) }),
  data: Passwords,
});
export const genSoftPass = defineCall({
  method: 'GET',
  path: '/api/gensoftpass/:count',
  params: z.object({ count }),
  data: Passwords,
});
export const genPass = defineCall({
  method: 'GET',
  path: '/api/genpass/:count',
  params: z.object({ count }),
  data: Passwords,
});
