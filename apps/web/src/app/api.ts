import { callUrl } from '@portal/contract/call-url';
import type { CallDef, CallRef, DataOf, FailureCode, OkEnvelope } from '@portal/contract/http';
import type { z } from 'zod';
import { ApiError } from './failures.ts';
import { session } from './session.ts';

// The failures module holds what every screen reads of a failed call; imported from here as before.
export { ApiError, type FieldErrorsShown, failureText } from './failures.ts';

/**
 * The HTTP client of every screen: failures are thrown as ApiError (failures.ts). An
 * 'expired_token' answer runs the session-expired action here, once, for every call.
 */
export interface CallInput<C extends CallDef> {
  params?: z.input<C['params']>;
  body?: z.input<C['body']>;
}

export async function request(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token = true,
): Promise<Response> {
  const jwt = session.get().jwt;
  const headers: Record<string, string> = { accept: 'application/json' };
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

/**
 * Makes a call of the contract. `def` is its full definition, or its reference (method, path,
 * token) with the definition's type given, `call<typeof S.urls>(URLS)`: only those three are used.
 */
export async function call<C extends CallDef>(
  def: C | CallRef,
  input: CallInput<C> = {},
): Promise<OkEnvelope<DataOf<C>>> {
  const url = callUrl(def.path, (input.params ?? {}) as Record<string, unknown>);
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
