import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { commonText } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';

/** The SPA under /portal/: hashed assets cached for a year, deep links fall back to index.html. */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/portal/',
      // Files are looked up per request, so a rebuild while the server runs is served too.
      wildcard: true,
      index: false,
      // The build writes brotli and gzip copies of its files (apps/web/vite.config.ts): sent as
      // they are when the browser accepts them, compressed on the fly (@fastify/compress) otherwise.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The entry page on a route of its own, not only as the not-found fallback, so that it gets
    // the compression every route has.
    app.get('/portal/', (_req, reply) => reply.sendFile('index.html'));
  }
  app.get('/', (_req, reply) => reply.redirect('/portal/'));
  app.setNotFoundHandler((req, reply) => {
    const [path = ''] = req.url.split('?');
    if (path.startsWith('/api/') || path === '/api') {
      return reply.code(404).send({ status: 0, message: commonText.notFound, code: 'not_found' });
    }
    if (path.startsWith('/portal') && hasWeb && req.method === 'GET' && !path.startsWith('/portal/assets/')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (path.startsWith('/portal')) return reply.code(404).type('text/plain').send('Not found');
    return reply.redirect('/portal/');
  });
}
