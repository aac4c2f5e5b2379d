import { callUrl } from '@portal/contract/call-url';
import type { CallDef, DataOf, FailureCode, OkEnvelope } from '@portal/contract/http';
import type { Ref } from '@portal/contract/ref';
import type { z } from 'zod';
import { ApiError } from './failures.ts';
import { language } from './language.ts';
import { session } from './session.ts';

// The failures module holds what every screen reads of a failed call; imported from here as before.
export { ApiError, type FieldErrorsShown, failureText } from './failures.ts';

/**
 * The HTTP client of every screen: failures are thrown as ApiError (failures.ts). An
 * 'expired_token' answer runs the session-expired action here, once, for every call.
 */

/**
 * The login answered `status: "mfa_required"`: the password was right and the account
 * has a second factor. Not a failure, and not a session yet: the sign-in form asks for the code.
 */
export class SecondFactorNeeded extends Error {
  readonly mfaToken: string;
  readonly methods: string[];
  constructor(message: string, mfaToken: string, methods: string[]) {
    super(message);
    this.mfaToken = mfaToken;
    this.methods = methods;
  }
}

export interface CallInput<C extends CallDef> {
  params?: z.input<C['params']>;
  body?: z.input<C['body']>;
  /** The query string of a GET call (a search and a page); empty values are left out. */
  query?: z.input<C['query']>;
}

export async function request(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token = true,
): Promise<Response> {
  const jwt = session.get().jwt;
  // The page's language (docs/languages.md): the API's failure messages come in it.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language.asked() };
  if (token && jwt) headers.authorization = `Bearer ${jwt}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  try {
    return await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError('failed', 'Network error - please check your connection', 0);
  }
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/**
 * Makes a call of the contract. `def` is its full definition, or its typed reference (an area's
 * `typed-refs.ts`: method, path and token, carrying the definition's type), `call(URLS)`: only
 * those three are used.
 */
export async function call<C extends CallDef>(
  def: C | Ref<C>,
  input: CallInput<C> = {},
): Promise<OkEnvelope<DataOf<C>>> {
  const url = withQuery(
    callUrl(def.path, (input.params ?? {}) as Record<string, unknown>),
    input.query as Record<string, unknown> | undefined,
  );
  const res = await request(def.method, url, input.body, def.token);
  let body: {
    status?: unknown;
    message?: string;
    code?: FailureCode;
    errors?: Record<string, string>;
  } | null = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (body?.status === 'expired_token') {
    if (def.token) session.expire();
    throw new ApiError('expired', body.message ?? 'Session expired', res.status, {}, body.code ?? '');
  }
  if (res.ok && body?.status === 'mfa_required') {
    const data = (body as { data?: { mfa_token?: string; methods?: string[] } }).data;
    throw new SecondFactorNeeded(body.message ?? '', data?.mfa_token ?? '', data?.methods ?? []);
  }
  if (res.ok && body?.status === 1) return body as OkEnvelope<DataOf<C>>;
  if (body && body.status === 0 && res.status < 500) {
    throw new ApiError(
      'refused',
      body.message ?? 'Request refused',
      res.status,
      body.errors ?? {},
      body.code ?? '',
    );
  }
  throw new ApiError(
    'failed',
    body?.message ?? `Server failure: ${res.status}`,
    res.status,
    {},
    body?.code ?? '',
  );
}
