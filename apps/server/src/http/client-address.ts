import ipaddr from 'ipaddr.js';

/**
 * Client addresses as the limits and the session rows count them (docs/decisions/017-sessions.md).
 * An IPv6 host usually holds a whole /64, so per-address limits count IPv6 clients by /64; an
 * IPv4-mapped IPv6 address is its IPv4 address.
 */
function parse(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(ip);
  } catch {
    return null;
  }
}

/** The key of one client for the limits: an IPv4 address, or an IPv6 address's /64. */
export function clientKey(ip: string): string {
  const a = parse(ip);
  if (!a) return ip;
  if (a instanceof ipaddr.IPv4) return a.toString();
  return `${prefix(a, 64)}/64`;
}

/** What a session row keeps of the client's address: its /24 (IPv4) or /64 (IPv6), never the host. */
export function clientPrefix(ip: string): string {
  const a = parse(ip);
  if (!a) return '';
  if (a instanceof ipaddr.IPv4) return `${a.octets.slice(0, 3).join('.')}.0/24`;
  return `${prefix(a, 64)}/64`;
}

function prefix(a: ipaddr.IPv6, bits: number): string {
  const parts = a.parts.map((p, i) => (i * 16 < bits ? p : 0));
  return new ipaddr.IPv6(parts).toString();
}

/** Fastify's `trustProxy`: which hops of X-Forwarded-For to believe (`hop` 0 is the socket's peer). */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY (docs/operations.md): off; a number of proxy hops (`1`: the one proxy in front, so
 * the client is the right-most X-Forwarded-For entry; `true` means `1`); or the proxies' addresses
 * and CIDR ranges, comma-separated, the safer form: a hop count also believes a client that reaches
 * the portal directly. Trusting every hop (the left-most entry, which the client writes) is not offered.
 */
export function trustProxy(value: false | number | string[]): TrustProxy {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}

export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim().toLowerCase();
  if (!v || ['0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of list) {
    const ok = item.includes('/') ? isCidr(item) : ipaddr.isValid(item);
    if (!ok) throw new Error(`"${item}" is not an address or a CIDR range`);
  }
  return list;
}

function isCidr(s: string): boolean {
  try {
    ipaddr.parseCIDR(s);
    return true;
  } catch {
    return false;
  }
}
