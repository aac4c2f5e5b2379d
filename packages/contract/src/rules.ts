import { z } from 'zod';
import { commonText } from './messages.ts';

/** Validation rules, as zod building blocks shared by server and client forms. */

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
/**
 * A value of the wrong type is told so, never called missing: `"invoice": 20261101` to a text field
 * answers "Must be text", not "Required" (docs/decisions/094-wrong-type-messages.md). The spec's texts stay for
 * what is absent (undefined or null).
 */
export const MUST_BE_TEXT = 'Must be text';
export const MUST_BE_NUMBER = commonText.mustBeNumber;
const WRONG_TYPE: Record<string, string> = {
  string: MUST_BE_TEXT,
  number: MUST_BE_NUMBER,
  int: MUST_BE_NUMBER,
  bigint: MUST_BE_NUMBER,
  boolean: 'Must be true or false',
  array: 'Must be a list',
  object: 'Must be an object',
};
/** The answer to a value sent with the wrong type. */
export const wrongType = (expected: string | undefined): string =>
  WRONG_TYPE[expected ?? ''] ?? commonText.invalid;
const wasSent = (input: unknown) => input !== undefined && input !== null;
/** A type check's message: `missing` when nothing was sent, what the value must be when something else was. */
export const typeError =
  (missing: string) =>
  (issue: { code?: string; input?: unknown; expected?: string }): string =>
    issue.code === 'invalid_type' && wasSent(issue.input) ? wrongType(issue.expected) : missing;

/** Any text field: refuses control characters and broken Unicode (see isCleanText). */
export const text = (params?: { error?: string }) =>
  z
    .string({ error: typeError(params?.error ?? MUST_BE_TEXT) })
    .refine(isCleanText, { error: BAD_CHARACTERS });

/** required: non-blank text. */
export const required = (message: string = commonText.required) =>
  z
    .string({ error: typeError(message) })
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
  text().refine((v) => v.trim().length === 0 || v.trim().length >= n, { error: commonText.minChars(n) });

/**
 * The one e-mail address rule, for every address the portal stores or mails (recovery addresses,
 * statement delivery, reset requests, alias targets, temporary forwards, contacts). Stricter than
 * the spec's client rule (which refuses `.photography` and lets `,` `;` `<` `"` through): the local
 * part is a dot-atom (RFC 5322 atext, dots between, at most 64), one `@`, a domain of
 * letter-digit-hyphen labels and a top-level domain of 2–63 letters or an `xn--` label. No comma,
 * space, quote or bracket can pass, so Postfix, which splits a lookup result on commas and
 * whitespace, reads every accepted address as exactly one recipient (docs/decisions/090-one-email-rule.md).
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*$`);
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|[Xx][Nn]--[A-Za-z0-9-]{0,58}[A-Za-z0-9])$/;
export const EMAIL_MAX = 254;
/** email: one address by the rule above. */
export function isEmail(v: string): boolean {
  if (v.length > EMAIL_MAX) return false;
  const at = v.indexOf('@');
  if (at < 1 || at !== v.lastIndexOf('@')) return false;
  const local = v.slice(0, at);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = v.slice(at + 1).split('.');
  const top = labels.pop() ?? '';
  return labels.length > 0 && labels.every((l) => LABEL.test(l)) && TOP_LEVEL.test(top);
}
export const optionalEmail = (message: string = commonText.invalidEmail) =>
  z
    .string()
    .trim()
    .refine(isCleanText, { error: BAD_CHARACTERS })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isEmail(v), { error: message });
export const requiredEmail = (message: string = commonText.invalidEmail) =>
  required().refine(isEmail, { error: message });

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
  .min(1, { error: commonText.required })
  .max(32)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'Invalid account name' });

/** A digit string (an id in a path, or sent as text) becomes its number; anything else is checked as it is. */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v);
/** Numeric id in a path or body (accepts "12" or 12). */
export const idNumber = z.preprocess(
  digitsToNumber,
  z
    .number({ error: typeError(commonText.required) })
    .int({ error: commonText.invalid })
    .positive({ error: commonText.invalid })
    .max(2_147_483_647, { error: commonText.invalid }),
);
/**
 * An id kept as text that the spec's data has as a number (an invoice number, a transaction id):
 * a whole number is taken as its digits.
 */
export const textId = (max: number, message: string = commonText.required) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
    required(message).max(max),
  );

/** A domain name. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: commonText.required })
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
    .min(MIN_PASSWORD, { error: commonText.minChars(MIN_PASSWORD) })
    .max(128, { error: 'Password is too long' }),
);

/** confirmed: `confirmField` must equal `field`. */
export function confirmed<T extends z.ZodObject>(schema: T, field: string, confirmField: string) {
  return schema.refine((v: Record<string, unknown>) => v[field] === v[confirmField], {
    error: commonText.passwordsMustMatch,
    path: [confirmField],
  });
}

/**
 * Turns zod issues into {field: text}, first issue per field. Given the input that was parsed, a
 * field that was sent is never answered "Required": a value of the wrong type says what it must be
 * ("Must be text", "Must be a number"), a value of the right type that is not one of the allowed
 * ones is "Invalid". Only what is absent, null or blank keeps the spec's "Required".
 */
export function fieldErrors(error: z.ZodError, input?: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (key in out) continue;
    out[key] = input === undefined ? issue.message : messageFor(issue, valueAt(input, issue.path));
  }
  return out;
}

function messageFor(issue: z.core.$ZodIssue, value: unknown): string {
  if (!wasSent(value) || (typeof value === 'string' && value.trim() === '')) return issue.message;
  if (issue.code === 'invalid_type') return wrongType(issue.expected);
  return issue.message === commonText.required ? commonText.invalid : issue.message;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}
