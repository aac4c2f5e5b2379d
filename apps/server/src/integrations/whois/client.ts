import { lookup } from 'node:dns/promises';
import { connect as netConnect, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { normalizeDomain, tldOf } from './domain.ts';
import { WhoisConnectionError, WhoisError, WhoisTimeoutError } from './errors.ts';
import {
  DEFAULT_WHOIS_SERVERS,
  formatServer,
  IANA_WHOIS,
  parseServer,
  queryFor,
  type ServerAddress,
} from './servers.ts';
import { normalizeWhoisText, trimWhois } from './trim.ts';

/**
 * A whois client (RFC 3912): open TCP port 43, send one query line ending in CRLF, read until
 * the server closes. The first server comes from the per-TLD map (unknown TLDs ask IANA);
 * referral lines (`refer:`, `whois:`, `Registrar WHOIS Server:`, `ReferralServer:`) are
 * followed up to `maxReferrals` hops, never to a server already asked. If a referral fails
 * (refused, timed out, empty) the last good answer is returned rather than an error.
 *
 * Limits: one deadline for the whole lookup (`timeoutMs`, referrals included), a shorter
 * connect timeout per hop, and a size cap per answer (the connection is closed at the cap
 * and the answer marked truncated). Answers are cached per domain (LRU with TTL), and
 * concurrent lookups of the same domain share one network round.
 */

export interface WhoisClientOptions {
  /** tld → "host[:port]"; merged over DEFAULT_WHOIS_SERVERS unless useDefaultServers is false. */
  servers?: Record<string, string>;
  useDefaultServers?: boolean;
  /** Server for TLDs not in the map (default whois.iana.org). */
  defaultServer?: string;
  /** Deadline for a whole lookup, referrals included (default 8000 ms). */
  timeoutMs?: number;
  /** Deadline for each TCP connect (default 3000 ms, never more than what is left of timeoutMs). */
  connectTimeoutMs?: number;
  /** Largest answer kept from one server (default 256 KiB). */
  maxBytes?: number;
  /** How long an answer is reused (default 15 minutes; 0 disables the cache). */
  cacheTtlMs?: number;
  /** Most domains kept in the cache (default 500; least recently used go first). */
  cacheSize?: number;
  /** Referral hops followed after the first server (default 3). */
  maxReferrals?: number;
  /**
   * Follow referrals that name a port other than 43 (default false: such referrals are ignored,
   * so a whois answer cannot make the portal connect to arbitrary services). Tests enable it.
   */
  allowReferralPorts?: boolean;
  /**
   * Follow referrals to loopback, link-local, private and other non-public addresses (default
   * false: a whois answer cannot make the portal reach its own network). Tests on loopback enable it.
   */
  allowPrivateReferrals?: boolean;
  /** Resolves a referral's host name to its addresses (default dns.lookup, every address). */
  resolveHost?: (host: string) => Promise<string[]>;
  /** Opens the TCP connection (default net.connect); tests route names to loopback with it. */
  connect?: (host: string, port: number) => Socket;
}

export interface WhoisLookupOptions {
  /** Remove legal boilerplate, comment lines and blank-line runs (see trim.ts). */
  trim?: boolean;
}

export interface WhoisResult {
  /** The server whose answer this is ("host" or "host:port"). */
  server: string;
  text: string;
  /** Every server asked, in order. */
  chain: string[];
  /** True when the answer reached maxBytes and was cut. */
  truncated: boolean;
  /** True when served from the cache. */
  cached: boolean;
}

export interface WhoisClient {
  lookup(domain: string, opts?: WhoisLookupOptions): Promise<WhoisResult>;
  clearCache(): void;
}

interface Answer {
  server: string;
  raw: string;
  chain: string[];
  truncated: boolean;
}

export const WHOIS_DEFAULTS = {
  timeoutMs: 8000,
  connectTimeoutMs: 3000,
  maxBytes: 256 * 1024,
  cacheTtlMs: 15 * 60_000,
  cacheSize: 500,
  maxReferrals: 3,
} as const;

export function createWhoisClient(opts: WhoisClientOptions = {}): WhoisClient {
  const timeoutMs = opts.timeoutMs ?? WHOIS_DEFAULTS.timeoutMs;
  const connectTimeoutMs = opts.connectTimeoutMs ?? WHOIS_DEFAULTS.connectTimeoutMs;
  const maxBytes = opts.maxBytes ?? WHOIS_DEFAULTS.maxBytes;
  const cacheTtlMs = opts.cacheTtlMs ?? WHOIS_DEFAULTS.cacheTtlMs;
  const cacheSize = opts.cacheSize ?? WHOIS_DEFAULTS.cacheSize;
  const maxReferrals = opts.maxReferrals ?? WHOIS_DEFAULTS.maxReferrals;
  const allowReferralPorts = opts.allowReferralPorts ?? false;
  const allowPrivateReferrals = opts.allowPrivateReferrals ?? false;
  const resolveHost =
    opts.resolveHost ??
    (async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address));
  const connect = opts.connect ?? ((host: string, port: number) => netConnect({ host, port }));

  const servers = new Map<string, ServerAddress>();
  const map = { ...(opts.useDefaultServers === false ? {} : DEFAULT_WHOIS_SERVERS), ...opts.servers };
  for (const [tld, value] of Object.entries(map)) {
    const addr = parseServer(value);
    if (!addr) throw new Error(`whois: invalid server "${value}" for .${tld}`);
    servers.set(tld.toLowerCase().replace(/^\./, ''), addr);
  }
  const parsedFallback = parseServer(opts.defaultServer ?? IANA_WHOIS);
  if (!parsedFallback) throw new Error(`whois: invalid default server "${opts.defaultServer}"`);
  const fallback: ServerAddress = parsedFallback;

  const cache = new Map<string, { answer: Answer; expires: number }>();
  const inflight = new Map<string, Promise<Answer>>();

  function fromCache(domain: string): Answer | undefined {
    const hit = cache.get(domain);
    if (!hit) return undefined;
    cache.delete(domain);
    if (hit.expires <= Date.now()) return undefined;
    cache.set(domain, hit); // most recently used goes last
    return hit.answer;
  }

  function remember(domain: string, answer: Answer): void {
    if (cacheTtlMs <= 0 || cacheSize <= 0) return;
    cache.delete(domain);
    cache.set(domain, { answer, expires: Date.now() + cacheTtlMs });
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
  }

  async function resolve(domain: string): Promise<Answer> {
    const deadline = Date.now() + timeoutMs;
    const asked = new Set<string>();
    const chain: string[] = [];
    let server: ServerAddress = servers.get(tldOf(domain)) ?? fallback;
    let last: Answer | undefined;
    // The first server is the operator's (the map); a referral's host is the checked address it resolved to.
    let connectTo: string = server.host;
    for (let hop = 0; ; hop++) {
      const name = formatServer(server);
      asked.add(`${server.host}:${server.port}`);
      chain.push(name);
      let got: { raw: string; truncated: boolean };
      try {
        got = await ask(server, connectTo, queryFor(server.host, domain), deadline);
      } catch (err) {
        if (last && err instanceof WhoisError) return last;
        throw err;
      }
      if (last && got.raw.trim() === '') return last;
      last = { server: name, raw: got.raw, chain: [...chain], truncated: got.truncated };
      if (hop >= maxReferrals || Date.now() >= deadline) return last;
      const next = findReferral(got.raw, allowReferralPorts);
      if (!next || asked.has(`${next.host}:${next.port}`)) return last;
      const address = allowPrivateReferrals ? next.host : await publicAddress(next.host);
      if (!address) return last;
      server = next;
      connectTo = address;
    }
  }

  /** The address to connect to for a referral's host, or null when any of its addresses is not public. */
  async function publicAddress(host: string): Promise<string | null> {
    let addresses: string[];
    try {
      addresses = ipaddr.isValid(host) ? [host] : await resolveHost(host);
    } catch {
      return null;
    }
    const [first] = addresses;
    if (first === undefined || !addresses.every(isPublic)) return null;
    // Connect to the address checked, not the name again: a second lookup could answer otherwise.
    return first;
  }

  function ask(
    server: ServerAddress,
    host: string,
    query: string,
    deadline: number,
  ): Promise<{ raw: string; truncated: boolean }> {
    const name = formatServer(server);
    return new Promise((resolvePromise, reject) => {
      const left = deadline - Date.now();
      if (left <= 0) {
        reject(new WhoisTimeoutError(name, 'total'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      let connected = false;
      let settled = false;
      let socket: Socket;

      const finish = (err?: WhoisError) => {
        if (settled) return;
        settled = true;
        clearTimeout(totalTimer);
        clearTimeout(connectTimer);
        socket?.destroy();
        // A server that stops sending (or resets) after giving data still gave an answer.
        if (err && size === 0) reject(err);
        else resolvePromise({ raw: decode(Buffer.concat(chunks, size), truncated), truncated });
      };
      const totalTimer = setTimeout(() => finish(new WhoisTimeoutError(name, 'total')), left);
      const connectTimer = setTimeout(
        () => {
          if (!connected) finish(new WhoisTimeoutError(name, 'connect'));
        },
        Math.min(connectTimeoutMs, left),
      );

      try {
        socket = connect(host, server.port);
      } catch (err) {
        finish(new WhoisConnectionError(name, err));
        return;
      }
      const onConnect = () => {
        connected = true;
        clearTimeout(connectTimer);
        // RFC 3912: the query, then CRLF. The write side stays open; the server closes.
        socket.write(`${query}\r\n`);
      };
      socket.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = maxBytes - size;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = chunk.length > room || truncated;
          if (chunk.length > room) {
            finish();
            return;
          }
        } else {
          chunks.push(chunk);
          size += chunk.length;
        }
      });
      socket.on('end', () => finish());
      socket.on('close', () =>
        finish(connected ? undefined : new WhoisConnectionError(name, 'connection closed')),
      );
      socket.on('error', (err) => finish(new WhoisConnectionError(name, err)));
      if (!socket.pending)
        onConnect(); // an already connected socket (connect hook)
      else socket.once('connect', onConnect);
    });
  }

  return {
    async lookup(input, lookupOpts = {}) {
      const domain = normalizeDomain(input);
      let answer = fromCache(domain);
      const cached = answer !== undefined;
      if (!answer) {
        let pending = inflight.get(domain);
        if (!pending) {
          pending = resolve(domain).finally(() => inflight.delete(domain));
          inflight.set(domain, pending);
        }
        answer = await pending;
        remember(domain, answer);
      }
      return {
        server: answer.server,
        text: lookupOpts.trim ? trimWhois(answer.raw) : normalizeWhoisText(answer.raw),
        chain: answer.chain,
        truncated: answer.truncated,
        cached,
      };
    },
    clearCache() {
      cache.clear();
    },
  };
}

const REFERRAL = /^\s*(?:refer|whois|whois server|registrar whois server|referralserver)\s*:[ \t]*(\S+)/i;

/** The first usable referral line of an answer, or null. */
export function findReferral(text: string, allowPorts = false): ServerAddress | null {
  for (const line of text.split(/\r?\n/)) {
    let value = REFERRAL.exec(line)?.[1];
    if (value === undefined) continue;
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value);
    if (scheme) {
      if (scheme[1]?.toLowerCase() !== 'whois') continue; // web pages, rwhois: not port-43 whois
      value = value.slice(scheme[0].length);
    }
    value = value.replace(/\/.*$/, '');
    const addr = parseServer(value);
    if (!addr) continue;
    if (addr.port !== 43 && !allowPorts) continue;
    return addr;
  }
  return null;
}

/** A public unicast address: not loopback, link-local, private, unique-local, reserved or the like. */
export function isPublic(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** UTF-8 when the bytes are UTF-8 (most servers), Latin-1 otherwise; a cut character is dropped. */
function decode(buf: Buffer, truncated: boolean): string {
  const bytes = truncated ? buf.subarray(0, utf8Boundary(buf)) : buf;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** Length of `buf` without a trailing incomplete UTF-8 sequence. */
function utf8Boundary(buf: Buffer): number {
  for (let i = buf.length - 1, back = 0; i >= 0 && back < 4; i--, back++) {
    const b = buf.readUInt8(i);
    if ((b & 0xc0) === 0x80) continue; // continuation byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return back + 1 >= need ? buf.length : i;
  }
  return buf.length;
}
