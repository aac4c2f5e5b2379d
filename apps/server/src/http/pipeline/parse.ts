import { commonText } from '@portal/contract/messages';
import type { CallDef } from '@portal/contract/http';
import { fieldErrors } from '@portal/contract/rules';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalid } from '../../lib/errors.ts';
import type { Parsed } from './context.ts';

/**
 * Stage 4, the input: path parameters, query string and (on a POST) the body, each by the call's
 * schema. The first wrong field is the message (400, `invalid`), every one is in `errors`.
 */
export function parseInput<C extends CallDef>(
  call: C,
  req: Pick<FastifyRequest, 'params' | 'query' | 'body'>,
): Parsed<C> {
  const params = parse<C['params']>(call.params, req.params ?? {});
  const body = call.method === 'POST' ? parse<C['body']>(call.body, req.body ?? {}) : undefined;
  const query = parse<C['query']>(call.query, req.query ?? {});
  return { params, query, body: body as z.output<C['body']> };
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // With the input, a field that was sent with the wrong type is told so, not called missing.
  const errors = fieldErrors(result.error, value);
  const [field, text] = Object.entries(errors)[0] ?? ['_', commonText.invalidInput];
  throw invalid(field === '_' ? text : `${field}: ${text}`, errors);
}
