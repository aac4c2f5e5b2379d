import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's response headers for `options`, worked out once.
 *
 * @fastify/helmet built helmet's middleware from the options at every request (the CSP directives
 * parsed and checked again each time): 6 % of the time of a `GET /api/customer`
 * (docs/performance.md). With options that are plain values — no nonces, no directive computed per
 * request — the middleware sets the same headers on every answer, so helmet runs once here against
 * a recording response and the server sets what it recorded (docs/decisions/083-request-pipeline.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  // A directive computed per request (a nonce) cannot be worked out once.
  if (
    directives.some(
      (d) => typeof d === 'function' || (Array.isArray(d) && d.some((v) => typeof v === 'function')),
    )
  )
    throw new Error('securityHeaders: a CSP directive computed per request needs helmet per request');
  // A response that is never sent (no socket writes): helmet sets its headers on it, they are read back.
  const recorder = new ServerResponse(new IncomingMessage(new Socket()));
  let failed: unknown;
  helmet(options)(recorder.req, recorder, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorder.getHeaders()))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return headers;
}
