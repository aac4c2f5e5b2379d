/**
 * The default per-TLD whois server map (port 43). A TLD that is not listed is asked of
 * whois.iana.org, whose answer names the registry's server on its `refer:` line; the map only
 * saves that first hop for the TLDs our customers use most. Override or extend it with
 * WHOIS_SERVERS="tld=host[:port],…" (see docs/integrations/domains.md).
 */
export const IANA_WHOIS = 'whois.iana.org';

export const DEFAULT_WHOIS_SERVERS: Readonly<Record<string, string>> = Object.freeze({
  // generic
  com: 'whois.verisign-grs.com',
  net: 'whois.verisign-grs.com',
  org: 'whois.publicinterestregistry.org',
  info: 'whois.nic.info',
  biz: 'whois.nic.biz',
  name: 'whois.nic.name',
  mobi: 'whois.nic.mobi',
  edu: 'whois.educause.edu',
  gov: 'whois.dotgov.gov',
  xyz: 'whois.nic.xyz',
  online: 'whois.nic.online',
  site: 'whois.nic.site',
  store: 'whois.nic.store',
  tech: 'whois.nic.tech',
  app: 'whois.nic.google',
  dev: 'whois.nic.google',
  page: 'whois.nic.google',
  // country codes
  us: 'whois.nic.us',
  ca: 'whois.cira.ca',
  co: 'whois.nic.co',
  io: 'whois.nic.io',
  me: 'whois.nic.me',
  tv: 'whois.nic.tv',
  cc: 'ccwhois.verisign-grs.com',
  ai: 'whois.nic.ai',
  uk: 'whois.nic.uk',
  eu: 'whois.eu',
  de: 'whois.denic.de',
  fr: 'whois.nic.fr',
  nl: 'whois.domain-registry.nl',
  ch: 'whois.nic.ch',
  li: 'whois.nic.ch',
  it: 'whois.nic.it',
  se: 'whois.iis.se',
  nu: 'whois.iis.nu',
  au: 'whois.auda.org.au',
  nz: 'whois.irs.net.nz',
  jp: 'whois.jprs.jp',
  in: 'whois.registry.in',
});

/**
 * The query line a server expects for a domain. Most take the bare name. Verisign's servers
 * match name servers and registrars too unless the query says "domain"; DENIC gives the full
 * record only for "-T dn,ace" (d'Itri's whois client sends the same).
 */
export function queryFor(host: string, domain: string): string {
  const h = host.toLowerCase();
  if (h === 'whois.verisign-grs.com' || h === 'ccwhois.verisign-grs.com' || h === 'whois.nic.tv') {
    return `domain ${domain}`;
  }
  if (h === 'whois.denic.de') return `-T dn,ace ${domain}`;
  return domain;
}

export interface ServerAddress {
  host: string;
  port: number;
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Parses "host" or "host:port" (port defaults to 43); null if it is not a plain host name. */
export function parseServer(value: string, defaultPort = 43): ServerAddress | null {
  const m = /^([^:\s]+)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  const name = m?.[1];
  if (!m || name === undefined) return null;
  const host = name.replace(/\.$/, '');
  if (!HOST.test(host) && !IPV4.test(host)) return null;
  const port = m[2] === undefined ? defaultPort : Number(m[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host, port };
}

export function formatServer(s: ServerAddress): string {
  return s.port === 43 ? s.host : `${s.host}:${s.port}`;
}

/**
 * Parses the WHOIS_SERVERS setting: "tld=host[:port]" pairs separated by commas (spaces
 * allowed). A leading dot on the TLD is ignored. Throws on a malformed entry, so a typo
 * stops the server at start-up instead of silently sending lookups elsewhere.
 */
export function parseWhoisServers(value: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    const tld = (eq < 0 ? '' : entry.slice(0, eq)).trim().toLowerCase().replace(/^\./, '');
    const server = eq < 0 ? '' : entry.slice(eq + 1).trim();
    if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld) || !parseServer(server)) {
      throw new Error(`WHOIS_SERVERS: "${entry}" is not tld=host[:port]`);
    }
    out[tld] = server.toLowerCase();
  }
  return out;
}
