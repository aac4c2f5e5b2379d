import { z } from 'zod';

/** One API call of the spec: method, path (Fastify style, `:param`), whether it needs the bearer token, and its schemas. */
export interface CallDef<
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  token: boolean;
  /** False for the one call answered without the envelope (the API document). */
  envelope: boolean;
  params: P;
  body: B;
  data: D;
  /**
   * Fields of a success answer that stand at the top level next to `data`, where the spec's table
   * reads them there (`references[]`, the login's `id_token`); empty for most calls.
   */
  top: z.ZodType;
  /** The query string of a GET call (a search and a page); empty for most calls. */
  query: Q;
  /**
   * The answer carries a secret shown once (a token, an authenticator secret, recovery codes, a
   * signed link): it is never kept for a replay, so the call refuses the Idempotency-Key header.
   */
  secret: boolean;
  /**
   * The media type of a success answer: JSON (the envelope, or the document itself) for most calls;
   * a call that answers a file says which (the invoice and receipt PDFs). The API document reads it.
   */
  media: ResponseMedia;
}

/** The media type of a PDF paper. */
export const PDF_MEDIA = 'application/pdf';
/** The media types a call's success answer may have. */
export type ResponseMedia = 'application/json' | typeof PDF_MEDIA;

/**
 * What a client needs to make a call: its method, path and whether it sends the token, without
 * the schemas (no zod). A call's full definition is one; a `*-refs.ts` file of an area holds these
 * for the calls a first screen makes, and its calls.ts builds the full definitions from them.
 */
export type CallRef = Pick<CallDef, 'method' | 'path' | 'token'>;

export const NoParams = z.object({});
export const NoBody = z.object({}).optional();
export const NoTop = z.object({});
export const NoQuery = z.object({});

export function defineCall<
  P extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  Q extends z.ZodType = typeof NoQuery,
  const Path extends string = string,
>(def: {
  method: 'GET' | 'POST';
  path: Path;
  token?: boolean;
  envelope?: boolean;
  params?: P;
  body?: B;
  data: D;
  top?: z.ZodType;
  query?: Q;
  secret?: boolean;
  media?: ResponseMedia;
}): CallDef<P, B, D, Q> & { path: Path } {
  return {
    method: def.method,
    path: def.path,
    token: def.token ?? true,
    envelope: def.envelope ?? true,
    params: (def.params ?? NoParams) as P,
    body: (def.body ?? NoBody) as B,
    data: def.data,
    top: def.top ?? NoTop,
    query: (def.query ?? NoQuery) as Q,
    secret: def.secret ?? false,
    media: def.media ?? 'application/json',
  };
}

export type ParamsOf<C extends CallDef> = z.input<C['params']>;
export type BodyOf<C extends CallDef> = z.input<C['body']>;
export type QueryOf<C extends CallDef> = z.input<C['query']>;
export type DataOf<C extends CallDef> = z.output<C['data']>;

/** The response envelope (docs/api.md). */
export interface OkEnvelope<D> {
  status: 1;
  message: string;
  data: D;
  [top: string]: unknown;
}
export interface FailEnvelope {
  status: 0 | 'expired_token';
  message: string;
  /** What went wrong, for programs: clients branch on it, never on the message text. */
  code: FailureCode;
  errors?: Record<string, string>;
  request_id?: string;
}

/**
 * The machine-readable `code` of every failure envelope, with the HTTP status it comes with and
 * what it means. Broad codes name the kind of failure; the specific ones below them name a refusal
 * a client handles on its own (they come with the broad code's HTTP status).
 */
export const FAILURE_CODES = {
  invalid: {
    http: 400,
    means: 'The request is malformed or a field breaks a rule; `errors` names the fields.',
  },
  unauthenticated: {
    http: 401,
    means: "No token, or the token is invalid, expired or revoked (`status: 'expired_token'`).",
  },
  bad_credentials: { http: 401, means: 'Sign-in refused: wrong account name or password.' },
  forbidden: {
    http: 403,
    means: 'The caller may not act on this account or object (the same answer whether it exists or not).',
  },
  not_found: { http: 404, means: 'No such call or object.' },
  conflict: {
    http: 409,
    means: 'The request conflicts with the current state (already pending, taken since).',
  },
  names_taken: {
    http: 409,
    means: 'Account names were taken since they were checked; the message lists them.',
  },
  already_pending: {
    http: 409,
    means: 'A change of the same kind is still queued for this account (a password change); wait for it.',
  },
  payment_in_progress: {
    http: 409,
    means: 'The payment of this Idempotency-Key is still being confirmed; it is not charged again.',
  },
  payment_key_reused: {
    http: 409,
    means: 'The Idempotency-Key belongs to a payment with another amount or card; nothing was done.',
  },
  idempotency_in_progress: {
    http: 409,
    means: 'A request with this Idempotency-Key is still being processed; retry it later.',
  },
  too_large: { http: 413, means: 'The request body is too large.' },
  refused: {
    http: 422,
    means: 'A business rule refuses the request (cannot renew, limit reached, declined).',
  },
  card_not_stored: {
    http: 422,
    means: 'The gateway would not store the card; nothing was charged.',
  },
  breached_password: {
    http: 422,
    means: 'The new password appears in breached-password data; choose another.',
  },
  wrong_password: { http: 422, means: "The caller's own password, asked for to confirm the call, is wrong." },
  idempotency_mismatch: {
    http: 422,
    means: 'This Idempotency-Key was used with another request; use a new key for a new request.',
  },
  wrong_code: {
    http: 422,
    means:
      'The second factor is wrong: an authenticator or recovery code wrong or used already, or a passkey not accepted.',
  },
  mfa_expired: {
    http: 422,
    means: 'The `mfa_token` of a sign-in is unknown, used or older than five minutes: sign in again.',
  },
  passkey_expired: {
    http: 401,
    means:
      'A passkey sign-in answered a request that is unknown, expired or used already: ask the passkey again.',
  },
  mfa_setup_required: {
    http: 403,
    means: 'A staff account must set up a second factor before any other call (PORTAL_STAFF_MFA=required).',
  },
  rate_limited: { http: 429, means: 'Too many attempts; wait before trying again.' },
  hashing_busy: {
    http: 429,
    means:
      "Every password check of the server is busy and its queue is full (a burst of sign-ins); nothing was checked or counted: retry after Retry-After's seconds.",
  },
  internal: { http: 500, means: 'An unexpected failure; `request_id` finds it in the server log.' },
  unavailable: {
    http: 503,
    means: 'A service the call needs (database, gateway, whois) is unavailable; try again later.',
  },
  not_charged: {
    http: 503,
    means: 'The gateway failed or refused the charge: nothing was charged, a new attempt is a new payment.',
  },
} as const satisfies Record<string, { http: number; means: string }>;
export type FailureCode = keyof typeof FAILURE_CODES;

/** The answers of the Idempotency-Key header (signed-in POST calls that change something). */
export const IDEMPOTENCY_TEXT = {
  malformed: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  mismatch: 'This Idempotency-Key was already used with another request',
  inProgress: 'A request with this Idempotency-Key is still being processed',
  secretAnswer:
    'This call answers with a secret shown once, which is never kept for a replay: send it without an Idempotency-Key',
} as const;

/** The failure envelope as a schema (the API document describes every failure with it). */
export const FailEnvelopeSchema = z.object({
  status: z.union([z.literal(0), z.literal('expired_token')]),
  message: z.string(),
  code: z.enum(Object.keys(FAILURE_CODES) as [FailureCode, ...FailureCode[]]),
  errors: z.record(z.string(), z.string()).optional(),
  request_id: z.string().optional(),
});
export type Envelope<D> = OkEnvelope<D> | FailEnvelope;

export { callUrl } from './call-url.ts';
