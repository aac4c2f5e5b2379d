import { z } from 'zod';
import { defineCall } from '../http.ts';

/**
 * The API's own description: an OpenAPI 3.1 document of every registered call, generated from the
 * contract's schemas (apps/server/src/http/openapi.ts). It is the one answer that is not in the
 * envelope: OpenAPI tools read the document itself.
 */
export const openApiDocument = defineCall({
  method: 'GET',
  path: '/api/openapi.json',
  token: false,
  envelope: false,
  data: z.looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  }),
});
