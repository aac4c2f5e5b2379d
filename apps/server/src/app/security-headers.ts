import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { acceptJsHosts } from '../integrations/gateway/index.ts';

/**
 * The headers every answer carries: helmet's (http/security-headers.ts) with the portal's content
 * security policy, HSTS over HTTPS, and `Cache-Control: no-store` on every /api/ answer.
 */
export function useSecurityHeaders(app: FastifyInstance, config: Config): void {
  // With Authorize.Net, the card forms load Accept.js from its own host, which posts the card to
  // Authorize.Net's API from the browser: exactly those two hosts are added (019-card-tokens.md).
  const acceptJs = config.PORTAL_GATEWAY === 'authorize-net' ? acceptJsHosts(config.AUTHNET_ENDPOINT) : null;
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(acceptJs ? [acceptJs.scriptOrigin] : [])],
        // Mantine sets CSS variables through style elements and attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(acceptJs ? [acceptJs.apiOrigin] : [])],
        frameSrc: [new URL(config.LINK_WIKI_SEARCH).origin, ...(acceptJs ? [acceptJs.scriptOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // TLS is the proxy's business; on plain HTTP (a trial on localhost) upgrading would break loads.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Set per request below: only when served over HTTPS.
    strictTransportSecurity: false,
  });
  // HSTS only on an answer that went out over HTTPS (TLS at the proxy: X-Forwarded-Proto from a
  // trusted proxy): sent over plain HTTP it would be a promise about a scheme not in use.
  const hsts = 'max-age=31536000; includeSubDomains';
  // helmet's headers, worked out once (http/security-headers.ts), on every answer; a callback hook,
  // not an async one: no promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (req.protocol === 'https') reply.header('strict-transport-security', hsts);
    // API answers carry sign-in tokens, new API tokens, authenticator secrets and account data: no
    // browser, proxy or shared cache may keep one, success or error (docs/security.md).
    if (req.url.startsWith('/api/') || req.url === '/api') reply.header('cache-control', 'no-store');
    done();
  });
}
