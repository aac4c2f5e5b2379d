import { z } from 'zod';
import { M } from './messages.ts';

/** Validation rules of spec 000 §5, as zod building blocks shared by server and client forms. */

/** The answer to text with a control character (NUL, ESC, …) or broken Unicode (a lone surrogate). */
export const BAD_CHARACTERS = 'Must not contain control characters or invalid Unicode';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Text that can be stored and shown: no C0 control character but tab, line feed and carriage return,
 * no DEL, and valid UTF-16 (no lone surrogate). PostgreSQL cannot store NUL in text or JSON at all,
 * and the other controls have no business in a name, an address or a message.
 */
export function isCleanText(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return false;
  }
  return !LONE_SURROGATE.test(v);
}
/** Any text field: refuses control characters and broken Unicode (see isCleanText). */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isCleanText, { error: BAD_CHARACTERS });

/** required: non-blank text. */
export const required = (message: string = M.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine(isCleanText, { error: BAD_CHARACTERS });

/** Optional text: absent, null and '' all become ''. */
export const optionalText = (max = 1000) =>
  z
    .string()
    .max(max)
    .refine(isCleanText, { error: BAD_CHARACTERS })
    .nullish()
    .transform((v) => v ?? '');

/** min(n): if non-empty, at least n characters after trimming. */
export const minChars = (n: number) =>
  text().refine((v) => v.trim().length === 0 || v.trim().length >= n, { error: M.minChars(n) });

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,6}$/;
/** email: if non-empty, must look like an address. */
export function isEmail(v: string): boolean {
  return EMAIL.test(v);
}
export const optionalEmail = (message: string = M.invalidEmail) =>
  z
    .string()
    .trim()
    .max(254)
    .refine(isCleanText, { error: BAD_CHARACTERS })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isEmail(v), { error: message });
export const requiredEmail = (message: string = M.invalidEmail) =>
  required().max(254).refine(isEmail, { error: message });

/** Luhn checksum over digits; spaces and dashes allowed. */
export function validCcn(value: string): boolean {
  if (!/^[\d -]+$/.test(value)) return false;
  const digits = value.replace(/[ -]/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MMYY (a slash is ignored), month 1-12. */
export function parseExpdate(value: string): { month: number; year: number } | null {
  const v = value.replace('/', '');
  if (!/^\d{4}$/.test(v)) return null;
  const month = Number(v.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(v.slice(2)) };
}
export function expdateInPast(value: string, now: Date = new Date()): boolean {
  const p = parseExpdate(value);
  if (!p) return true;
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  return p.year < y || (p.year === y && p.month < m);
}

/** Account names (lognames): lower-case letters, digits, '.', '_' and '-', at most 12 characters. */
export const LOGNAME_MAX = 12;
export const logname = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: M.required })
  .max(32)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'Invalid account name' });

/** Numeric id in a path or body (accepts "12" or 12). */
export const idNumber = z.coerce
  .number({ error: M.invalid })
  .int({ error: M.invalid })
  .positive({ error: M.invalid })
  .max(2_147_483_647);

/** A domain name. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: M.required })
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/, {
    error: 'Invalid domain name',
  });

/**
 * The caller's current panel password, sent with a call that hands lasting access to someone else
 * (add-recovery-email, addadmin, update-admins). Optional in the schema because staff working on an
 * account are not asked; the server answers a customer's call without it with a 400
 * (M.grantPasswordRequired), with a wrong one a 403 (M.grantPasswordWrong).
 */
export const grantPassword = text().max(1024).optional();

export const MIN_PASSWORD = 8;
/** A new password: required, at least 8 characters, at most 128. */
export const newPassword = required().pipe(
  z
    .string()
    .min(MIN_PASSWORD, { error: M.minChars(MIN_PASSWORD) })
    .max(128, { error: 'Password is too long' }),
);

/** confirmed: `confirmField` must equal `field`. */
export function confirmed<T extends z.ZodObject>(schema: T, field: string, confirmField: string) {
  return schema.refine((v: Record<string, unknown>) => v[field] === v[confirmField], {
    error: M.passwordsMustMatch,
    path: [confirmField],
  });
}

/** Turns zod issues into {field: text}, first issue per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
