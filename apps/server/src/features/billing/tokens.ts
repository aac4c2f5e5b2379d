import { readFileSync } from 'node:fs';
import * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { acceptJsHosts, type PaymentGateway, type SandboxGateway } from '../../integrations/gateway/index.ts';
import { AppError, invalid } from '../../lib/errors.ts';

/**
 * Card tokens (docs/decisions/019-card-tokens.md): the card forms tokenise in the browser through
 * the gateway's own script, and the API then takes only the token (`opaque_data`).
 *
 * - GET /api/card-tokenizer tells the forms which script: Authorize.Net's Accept.js from its own
 *   host with the public client key, or the sandbox's (/sandbox-gateway/accept.js, same origin).
 * - POST /api/sandbox/tokenize is the sandbox gateway's own tokenising endpoint: what its script
 *   calls in place of Authorize.Net's. It exists only with the sandbox gateway.
 */

/** The sandbox's browser script: the same Accept.dispatchData call as Authorize.Net's Accept.js. */
export const SANDBOX_SCRIPT_PATH = '/sandbox-gateway/accept.js';
const SANDBOX_SCRIPT = readFileSync(new URL('./sandbox-accept.js', import.meta.url), 'utf8');

type Tokenizer = PaymentGateway & Pick<SandboxGateway, 'tokenize'>;
const canTokenize = (g: PaymentGateway): g is Tokenizer =>
  typeof (g as Partial<Tokenizer>).tokenize === 'function';

export function tokenRoutes(app: FastifyInstance): void {
  const { config } = app.deps;
  const gateway = app.deps.gateway;

  route(app, C.cardTokenizer, {
    access: 'user',
    handler: async () => {
      if (canTokenize(gateway)) return { kind: 'sandbox' as const, script: SANDBOX_SCRIPT_PATH };
      // The public client key only: the transaction key never leaves the server.
      if (!config.AUTHNET_CLIENT_KEY || !config.AUTHNET_LOGIN_ID) {
        throw new AppError('unavailable', billingText.tokenizeFailed);
      }
      return {
        kind: 'accept-js' as const,
        script: acceptJsHosts(config.AUTHNET_ENDPOINT).script,
        api_login_id: config.AUTHNET_LOGIN_ID,
        client_key: config.AUTHNET_CLIENT_KEY,
      };
    },
  });

  if (!canTokenize(gateway)) return;

  route(app, C.sandboxTokenize, {
    // The token is made for this account: add-card and single-payment of another refuse it.
    access: { account: ({ body }) => body.account, scope: 'billing' },
    transaction: false,
    // Nothing is stored, and the card fields are secrets (never in the audit log or request log).
    audit: false,
    handler: async ({ body, account }) => {
      const made = gateway.tokenize({
        account: account.logname,
        number: body.ccnumber,
        expdate: body.expdate,
        cvv: body.cvv,
      });
      if (!made.ok) throw invalid(`${billingText.tokenizeFailed}: ${made.message}`);
      return { opaque_data: made.opaqueData };
    },
  });

  app.get(SANDBOX_SCRIPT_PATH, (_req, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/javascript; charset=utf-8')
      .send(SANDBOX_SCRIPT),
  );
}
