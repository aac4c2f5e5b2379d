import { z } from 'zod';

/** One API call of the spec: method, path (Fastify style, `:param`), whether it needs the bearer token, and its schemas. */
export interface CallDef<
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  token: boolean;
  params: P;
  body: B;
  data: D;
  /**
   * Fields of a success answer that stand at the top level next to `data`, where the spec's table
   * reads them there (DESIGN.md §2: `references[]`, the login's `id_token`); empty for most calls.
   */
  top: z.ZodType;
}

/**
 * What a client needs to make a call: its method, path and whether it sends the token, without
 * the schemas (no zod). A call's full definition is one; a `*-refs.ts` file of an area holds these
 * for the calls a first screen makes, and its calls.ts builds the full definitions from them.
 */
export type CallRef = Pick<CallDef, 'method' | 'path' | 'token'>;

export const NoParams = z.object({});
export const NoBody = z.object({}).optional();
export const NoTop = z.object({});

export function defineCall<P extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(def: {
  method: 'GET' | 'POST';
  path: string;
  token?: boolean;
  params?: P;
  body?: B;
  data: D;
  top?: z.ZodType;
}): CallDef<P, B, D> {
  return {
    method: def.method,
    path: def.path,
    token: def.token ?? true,
    params: (def.params ?? NoParams) as P,
    body: (def.body ?? NoBody) as B,
    data: def.data,
    top: def.top ?? NoTop,
  };
}

export type ParamsOf<C extends CallDef> = z.input<C['params']>;
export type BodyOf<C extends CallDef> = z.input<C['body']>;
export type DataOf<C extends CallDef> = z.output<C['data']>;

/** The response envelope of DESIGN.md §2. */
export interface OkEnvelope<D> {
  status: 1;
  message: string;
  data: D;
  [top: string]: unknown;
}
export interface FailEnvelope {
  status: 0 | 'expired_token';
  message: string;
  errors?: Record<string, string>;
  request_id?: string;
}
export type Envelope<D> = OkEnvelope<D> | FailEnvelope;

export { callUrl } from './call-url.ts';
