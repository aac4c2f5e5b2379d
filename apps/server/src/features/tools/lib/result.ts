/** The outcome of a tool function: a value (with an optional message) or an error text for the screen. */
export type ToolResult<T> = { ok: true; value: T; message?: string } | { ok: false; error: string };

export const ok = <T>(value: T, message?: string): ToolResult<T> =>
  message === undefined ? { ok: true, value } : { ok: true, value, message };
export const fail = <T = never>(error: string): ToolResult<T> => ({ ok: false, error });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string has no unpaired surrogate, i.e. it converts to UTF-8 and back unchanged. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
