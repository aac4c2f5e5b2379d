import { commonText } from '@portal/contract/messages';
import { BAD_CHARACTERS } from '@portal/contract/rules';
import type { FastifyInstance } from 'fastify';
import { callerLanguage } from '../http/language.ts';
import { AppError, envelopeOf, httpStatusOf, RateLimited } from '../lib/errors.ts';

/**
 * Every failure's answer: a refusal (AppError) as its envelope and status, fastify's own client
 * errors as `invalid` or `too_large`, input the database cannot store as 400, a lost database as
 * 503, anything else as 500 with the request id (and a log line).
 */
export function useErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(httpStatusOf(err)).send(envelopeOf(err, callerLanguage(req)));
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status: 0, message: commonText.tooLarge, code: 'too_large' });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, unsupported media type and the like: fastify's own client errors.
      return reply.code(e.statusCode).send({ status: 0, message: commonText.invalidInput, code: 'invalid' });
    }
    const badText = unstorableText(err);
    if (badText) {
      // A backstop: the contract's text rules refuse such input first (BAD_CHARACTERS in rules.ts);
      // a field without them must still get a 400, not a 500. Logged, so the field can be fixed.
      req.log.warn({ err }, 'input the database cannot store');
      return reply.code(400).send({ status: 0, message: badText, code: 'invalid' });
    }
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .send({ status: 0, message: commonText.unavailable, code: 'unavailable', request_id: req.id });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: 0, message: commonText.internalError, code: 'internal', request_id: req.id });
  });
}

/**
 * Input PostgreSQL refuses to store, found in the cause chain (Drizzle wraps driver errors): NUL in
 * text (22021) or in JSON (22P05), and text that is not a valid value of its type, e.g. a lone
 * surrogate in JSON (22P02). The answer's message, or null for any other error.
 */
export function unstorableText(err: unknown): string | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === '22021' || code === '22P05') return BAD_CHARACTERS;
    if (code === '22P02')
      return /surrogate|unicode/i.test(String(detail)) ? BAD_CHARACTERS : commonText.invalidInput;
  }
  return null;
}

const DB_DOWN_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
];
const DB_DOWN_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|not queryable|timeout exceeded when trying to connect|the database system is (shutting down|starting up|in recovery mode)/;

/**
 * The database server cannot be reached or dropped the connection. Drizzle wraps driver errors
 * (DrizzleQueryError, with the pg error as `cause`), so the whole cause chain is looked at.
 */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.includes(code)) return true;
    if (DB_DOWN_MESSAGE.test(String((e as Error).message))) return true;
  }
  return false;
}
