import * as C from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { InvalidDomainError, WhoisError } from '../../integrations/whois/index.ts';
import { AppError, invalid } from '../../lib/errors.ts';

/** Whois lookup: any signed-in caller, any domain; a port-43 client with a cache. */
export function whoisRoutes(app: FastifyInstance): void {
  route(app, C.whois, {
    access: 'user',
    limit: 'whois',
    transaction: false,
    audit: false,
    handler: async ({ body, req }) => {
      try {
        const result = await app.deps.whois.lookup(body.domain, { trim: body.trim !== 0 });
        return { domain: body.domain.trim().toLowerCase(), whois: result.text, server: result.server };
      } catch (err) {
        if (err instanceof InvalidDomainError)
          throw invalid(domainText.whoisInvalid, { domain: domainText.whoisInvalid });
        if (err instanceof WhoisError) {
          req.log.warn({ err, domain: body.domain }, 'whois lookup failed');
          throw new AppError('unavailable', domainText.whoisUnavailable);
        }
        throw err;
      }
    },
  });
}
