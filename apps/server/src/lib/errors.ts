import type { FailureCode } from '@portal/contract/http';
import { commonText } from '@portal/contract/messages';

/** The one error model of the API: a code maps to an HTTP status and an envelope (docs/api.md). */
export type ErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'bad_credentials'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'refused'
  | 'too_many'
  | 'unavailable';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  /** A failed sign-in: 401 with status 0 (not the expired-token answer). */
  bad_credentials: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
  too_many: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;
  readonly specific?: FailureCode;
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

/** The failure envelope of an error: 'expired_token' for a refused token, else status 0. */
export function envelopeOf(err: AppError): Record<string, unknown> {
  if (err.code === 'unauthenticated')
    return { status: 'expired_token', message: err.message, code: failureCode(err) };
  return {
    status: 0,
    message: err.message,
    code: failureCode(err),
    ...(err.errors ? { errors: err.errors } : {}),
  };
}

/** A 429 that tells the client when to try again (the Retry-After header, in seconds). */
export class RateLimited extends AppError {
  readonly retryAfterSeconds: number;
  constructor(
    retryAfterSeconds: number,
    message: string = commonText.tooManyRequests(retryAfterSeconds),
    specific?: FailureCode,
  ) {
    super('too_many', message, undefined, specific);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
export const rateLimited = (retryAfterSeconds: number) => new RateLimited(retryAfterSeconds);
