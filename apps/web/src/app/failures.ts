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
  if (fields === 'first-field') return texts[0] ?? err.message;
  if (fields === 'fields') return texts.join('; ');
  return texts.includes(err.message) ? err.message : `${err.message}: ${texts.join('; ')}`;
}

/**
 * A failed call as a form shows it — the one mapping of every form: each field's error beside its
 * field, once, and a form error only for what belongs to no field the form shows (the message, or
 * the texts of fields it lacks). Screens then switch on `code`, never on an HTTP status.
 */
export interface FormFailure {
  /** Field name (the form's) → its text, for the form's setErrors. */
  fieldErrors: Record<string, string>;
  /** What no field of the form shows, for a pop-up or an alert; null when every error is beside a field. */
  formError: string | null;
  /** The envelope's code ('' without one: network, proxy). */
  code: FailureCode | '';
}

export interface FormFailureOptions {
  /** The fields the form shows; every field of `errors` when not given. */
  fields?: readonly string[];
  /** The API's field name → the form's, where they differ (`save_status` → `card_status`). */
  rename?: Readonly<Record<string, string>>;
  /**
   * The field a refusal's code is about, where it names none (`wrong_password` → `password`): its
   * message goes beside that field when the form shows it.
   */
  codeFields?: Readonly<Partial<Record<FailureCode, string>>>;
}

export function formFailure(
  err: unknown,
  { fields, rename = {}, codeFields = {} }: FormFailureOptions = {},
): FormFailure {
  if (!(err instanceof ApiError)) return { fieldErrors: {}, formError: failureText(err), code: '' };
  const codeField = err.code === '' ? undefined : codeFields[err.code];
  if (codeField && (!fields || fields.includes(codeField)) && Object.keys(err.errors).length === 0)
    return { fieldErrors: { [codeField]: err.message }, formError: null, code: err.code };
  const fieldErrors: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [apiName, text] of Object.entries(err.errors)) {
    const name = rename[apiName] ?? apiName;
    if (!fields || fields.includes(name)) fieldErrors[name] ??= text;
    else if (!elsewhere.includes(text)) elsewhere.push(text);
  }
  if (Object.keys(fieldErrors).length === 0)
    return { fieldErrors, formError: failureText(err, 'message-and-fields'), code: err.code };
  return { fieldErrors, formError: elsewhere.length ? elsewhere.join('; ') : null, code: err.code };
}
