import * as C from '@portal/contract/reference/calls';
import type { FastifyInstance } from 'fastify';
import type { openApiDocument } from '../../http/openapi.ts';
import { route } from '../../http/route.ts';
import { VERSION } from '../../lib/version.ts';

/** The API's description (GET /api/openapi.json): public, so tools and integrators can read it. */
export function referenceRoutes(app: FastifyInstance): void {
  // Generated on the first request, when every route is registered; the routes never change after.
  // The generator (and openapi-sampler) is loaded then too: no start pays for it (docs/performance.md,
  // "Start-up under a second").
  let document: ReturnType<typeof openApiDocument> | undefined;
  route(app, C.openApiDocument, {
    access: 'public',
    // Like every /api/ answer, `Cache-Control: no-store` (app/security-headers.ts).
    handler: async () => {
      document ??= (await import('../../http/openapi.ts')).openApiDocument(app.deps.calls, {
        version: VERSION,
      });
      return document;
    },
  });
}
