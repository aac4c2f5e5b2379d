import { FAILURE_CODES, type FailureCode } from '@portal/contract/http';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { TextLanguage } from '@portal/contract/i18n/languages';
import { commonText } from '@portal/contract/messages';

/**
 * The one error model of the API (docs/api.md): an error's kind is one of the contract's general
 * failure codes; its envelope's code is that kind or a more specific code (`specific`), and its HTTP
 * status is the one the contract's FAILURE_CODES table gives that envelope code (`httpStatusOf`).
 */
export type ErrorCode =
  | Extract<
      FailureCode,
      | 'invalid'
      | 'unauthenticated'
      | 'bad_credentials'
      | 'forbidden'
      | 'not_found'
      | 'conflict'
      | 'refused'
      | 'unavailable'
    >
  | 'too_many';

/**
 * A refusal's text made with a value where no request is at hand (a limit deep in a helper): the
 * error handler writes it in the caller's language (docs/languages.md). Where the request is at
 * hand, `textsFor(req, catalogue)` writes the text in its language at once.
 */
export type TextIn = (language: TextLanguage) => string;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;
  readonly specific?: FailureCode;
  /** The message in another language, when it holds a value (`message` is its English). */
  textIn?: TextIn;
  constructor(
    code: ErrorCode,
    message: string,
    errors?: Record<string, string>,
    /** A specific code for the envelope (contract FAILURE_CODES), when a client must tell this refusal apart. */
    specific?: FailureCode,
  ) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.specific = specific;
  }
}

/** The envelope's `code` of an error: its specific code, else the code of its kind. */
export function failureCode(err: AppError): FailureCode {
  if (err.specific) return err.specific;
  return err.code === 'too_many' ? 'rate_limited' : err.code;
}

/** The HTTP status of an error: the contract's, for the code its envelope carries (one table). */
export function httpStatusOf(err: AppError): number {
  return FAILURE_CODES[failureCode(err)].http;
}

export const invalid = (message: string, errors?: Record<string, string>) =>
  new AppError('invalid', message, errors);
export const forbidden = (message: string = commonText.permissionDenied) =>
  new AppError('forbidden', message);
export const notFound = (message: string = commonText.notFound) => new AppError('not_found', message);
export const conflict = (message: string, specific?: FailureCode) =>
  new AppError('conflict', message, undefined, specific);
export const refused = (message: string, specific?: FailureCode) =>
  new AppError('refused', message, undefined, specific);
export const expired = () => new AppError('unauthenticated', commonText.sessionExpired);

/**
 * The failure envelope of an error: 'expired_token' for a refused token, else status 0; its message
 * in `language` when it was made with a value (a plain text is translated on the way out, in
 * http/language.ts).
 */
export function envelopeOf(err: AppError, language: TextLanguage = 'en'): Record<string, unknown> {
  const message = err.textIn && language !== 'en' ? err.textIn(language) : err.message;
  if (err.code === 'unauthenticated') return { status: 'expired_token', message, code: failureCode(err) };
  return {
    status: 0,
    message,
    code: failureCode(err),
    ...(err.errors ? { errors: err.errors } : {}),
  };
}

/** A 429 that tells the client when to try again (the Retry-After header, in seconds). */
export class RateLimited extends AppError {
  readonly retryAfterSeconds: number;
  constructor(
    retryAfterSeconds: number,
    /** The text from the shared catalogue, in whichever language the caller asks for. */
    text: (texts: typeof commonText) => string = (texts) => texts.tooManyRequests(retryAfterSeconds),
    specific?: FailureCode,
  ) {
    super('too_many', text(commonText), undefined, specific);
    this.retryAfterSeconds = retryAfterSeconds;
    this.textIn = (language) => text(inLanguage(commonText, language));
  }
}
export const rateLimited = (retryAfterSeconds: number) => new RateLimited(retryAfterSeconds);
