import type { FailureCode } from '@portal/contract/http';

/**
 * Failed calls, as every screen reads them: the error the HTTP client throws and the text shown
 * for it. Screens branch on `kind` and the envelope's `code`, never on the wording of `message`.
 * No session or React here: the areas' pure failure rules (and their unit tests) import it.
 */

/**
 * What the HTTP client (api.ts) throws. A refusal with status 0 (4xx) and a failed call (network,
 * 5xx) are distinct, because the spec shows them differently (warning vs serious modals).
 */
export class ApiError extends Error {
  /** 'refused': the server answered status 0; 'failed': no usable answer; 'expired': token refused. */
  readonly kind: 'refused' | 'failed' | 'expired';
  readonly httpStatus: number;
  readonly errors: Record<string, string>;
  /** The envelope's code (contract FAILURE_CODES); '' when there was no envelope (network, proxy). */
  readonly code: FailureCode | '';

  // Fields assigned in the body, not parameter properties: erasable syntax only (tsconfig).
  constructor(
    kind: ApiError['kind'],
    message: string,
    httpStatus: number,
    errors: Record<string, string> = {},
    code: FailureCode | '' = '',
  ) {
    super(message);
    this.kind = kind;
    this.httpStatus = httpStatus;
    this.errors = errors;
    this.code = code;
  }
}

/**
 * How a failed call's field errors (`errors`) are told beside its message:
 * - 'message': the message only (it names the field already: "amount: Required");
 * - 'fields': the fields' texts, once each, instead of the message, which repeats one of them behind
 *   the field's raw name ("src_user: …") that tells a customer nothing (the mail screens);
 * - 'message-and-fields': "message: field; field" unless the message is one of them (the site screens);
 * - 'first-field': the first field's text, else the message (the tools' answer boxes).
 */
export type FieldErrorsShown = 'message' | 'fields' | 'message-and-fields' | 'first-field';

/** The text of a failed call: the one helper of every screen (what the server said, or why there is no answer). */
export function failureText(err: unknown, fields: FieldErrorsShown = 'message'): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const texts = [...new Set(Object.values(err.errors))];
  if (!texts.length || fields === 'message') return err.message;
  if (fields === 'first-field') return texts[0];
  if (fields === 'fields') return texts.join('; ');
  return texts.includes(err.message) ? err.message : `${err.message}: ${texts.join('; ')}`;
}
