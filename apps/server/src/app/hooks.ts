import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { instrumentRequests } from '../http/metrics.ts';
import { redactUrl } from '../http/redact.ts';

/**
 * The hooks that come first: the request metrics (so they time the whole request) and the
 * breached-password check's start and stop with the server.
 */
export function useLifecycleHooks(app: FastifyInstance): void {
  instrumentRequests(app, app.deps.metrics);
  app.addHook('onClose', () => app.deps.breach.close());
  // A listening server prepares the built-in list (about a second) before the first check;
  // injected test requests never listen, so tests do not pay for it.
  app.addHook('onListen', () => {
    app.deps.breach
      .warm()
      .catch((err) => app.log.error({ err }, 'breached-password check: preparing failed'));
  });
}

/** Around every request, after its headers: the request log, compression, draining, cookies. */
export async function useRequestHooks(app: FastifyInstance): Promise<void> {
  requestLog(app);
  await app.register(compress, { threshold: 1024 });
  // Once a stopping process no longer listens, every answer closes its connection: a proxy's
  // kept-alive connections to it end with the request they carried, none is left to be cut.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (app.deps.lifecycle.closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Only the known-device cookie of the sign-in limits (auth/devices.ts); the API is authorised by bearer tokens.
  await app.register(cookie);
}

/**
 * The request log: one line when a request is answered, at debug level its arrival too (a request
 * that never completes still leaves a line). Hooks only for the levels the logger writes: at `warn`
 * a request costs no hook for them.
 */
function requestLog(app: FastifyInstance): void {
  const logs = (level: string) =>
    (app.log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? false;
  if (logs('debug'))
    app.addHook('onRequest', (req, _reply, done) => {
      req.log.debug({ method: req.method, url: redactUrl(req.url) }, 'incoming request');
      done();
    });
  if (logs('info'))
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        {
          method: req.method,
          url: redactUrl(req.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          ip: req.ip,
        },
        'request',
      );
      done();
    });
}
