export {
  createWhoisClient,
  findReferral,
  WHOIS_DEFAULTS,
  type WhoisClient,
  type WhoisClientOptions,
  type WhoisLookupOptions,
  type WhoisResult,
} from './client.ts';
export { normalizeDomain, tldOf } from './domain.ts';
export { InvalidDomainError, WhoisConnectionError, WhoisError, WhoisTimeoutError } from './errors.ts';
export { DEFAULT_WHOIS_SERVERS, IANA_WHOIS, parseWhoisServers, queryFor } from './servers.ts';
export { BOILERPLATE_MARKERS, normalizeWhoisText, trimWhois } from './trim.ts';

import type { WhoisClientOptions } from './client.ts';
import { parseWhoisServers } from './servers.ts';

/** Client options from the validated configuration (WHOIS_TIMEOUT_MS, WHOIS_SERVERS). */
export function whoisOptionsFromConfig(cfg: {
  WHOIS_TIMEOUT_MS: number;
  WHOIS_SERVERS?: string;
}): WhoisClientOptions {
  return { timeoutMs: cfg.WHOIS_TIMEOUT_MS, servers: parseWhoisServers(cfg.WHOIS_SERVERS) };
}
