import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { countIntegrationErrors, type Metrics } from '../http/metrics.ts';
import { createGateway, gatewayConfigFromEnv, type PaymentGateway } from './gateway/index.ts';
import { createRegistrar, type Registrar, registrarConfigFromEnv } from './registrar/index.ts';
import { createWhoisClient, type WhoisClient, whoisOptionsFromConfig } from './whois/index.ts';

/** The outside services an app talks to, made once per app (they live in its `deps`). */
export interface Integrations {
  /**
   * The card gateway, shared by the billing routes and workers (the sandbox keeps its idempotency
   * keys, charges and card tokens in memory).
   */
  gateway: PaymentGateway;
  /** The domain registrar, shared by the domain routes and the renewal worker (its idempotency memo). */
  registrar: Registrar;
  /** The whois client and its cache. */
  whois: WhoisClient;
}

/**
 * The integrations of one app, from its configuration; errors of the gateway and the registrar are
 * counted in the app's metrics. A `gateway` given is used as it is: the API tests' two instances
 * of one deployment share one sandbox, as processes share the one real gateway.
 */
export function createIntegrations(
  config: Config,
  opts: { metrics: Metrics; logger: FastifyBaseLogger; now: () => Date; gateway?: PaymentGateway },
): Integrations {
  const { metrics } = opts;
  return {
    gateway:
      opts.gateway ??
      countIntegrationErrors(
        'gateway',
        // The sandbox's clock is the app's (token expiry follows the tests' clock).
        createGateway(gatewayConfigFromEnv(config), { logger: opts.logger, now: opts.now }),
        metrics,
      ),
    registrar: countIntegrationErrors('registrar', createRegistrar(registrarConfigFromEnv(config)), metrics),
    whois: createWhoisClient(whoisOptionsFromConfig(config)),
  };
}
