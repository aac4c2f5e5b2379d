import type { Deps } from '../../app.ts';
import { countIntegrationErrors } from '../../http/metrics.ts';
import {
  createRegistrar,
  type Registrar,
  registrarConfigFromEnv,
} from '../../integrations/registrar/index.ts';
import {
  createWhoisClient,
  type WhoisClient,
  whoisOptionsFromConfig,
} from '../../integrations/whois/index.ts';

export interface DomainServices {
  registrar: Registrar;
  whois: WhoisClient;
}

const byApp = new WeakMap<Deps, DomainServices>();

/**
 * The registrar and whois client of one app, made once from its configuration: the routes and
 * the renewal worker share them (the registrar's idempotency memo and the whois cache live here).
 */
export function domainServices(deps: Deps): DomainServices {
  let s = byApp.get(deps);
  if (!s) {
    s = {
      registrar: countIntegrationErrors(
        'registrar',
        createRegistrar(registrarConfigFromEnv(deps.config)),
        deps.metrics,
      ),
      whois: createWhoisClient(whoisOptionsFromConfig(deps.config)),
    };
    byApp.set(deps, s);
  }
  return s;
}
