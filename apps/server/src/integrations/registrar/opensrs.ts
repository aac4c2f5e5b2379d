import { errorText } from '../../lib/error-text.ts';
import { normalizeDomain } from '../whois/domain.ts';
import { checkRenewInput, outcomeMemo } from './common.ts';
import { addYears, datePart } from './expiration.ts';
import { type Registrar, RegistrarError, type RenewInput, type RenewOutcome } from './types.ts';
import {
  buildRequest,
  parseResponse,
  signature,
  type XcpInput,
  XcpParseError,
  type XcpResponse,
} from './xcp.ts';

/**
 * OpenSRS (Tucows) reseller API, XCP protocol: one HTTPS POST per command to the reseller
 * endpoint (live https://rr-n1-tor.opensrs.net:55443/, test https://horizon.opensrs.net:55443/),
 * body an OPS_envelope, headers X-Username (reseller name) and X-Signature
 * (md5(md5(body + key) + key)). The caller's IP must be on the reseller's API allow list.
 *
 * Commands used:
 *  - RENEW DOMAIN, attributes { auto_renew: 0, currentexpirationyear, domain, handle: process,
 *    period }. The reply's "registration expiration date" ("YYYY-MM-DD hh:mm:ss") is the new
 *    expiration; a successful reply without it (the order was queued at the registry) is
 *    reported as pending.
 *  - GET DOMAIN, attributes { type: all_info }, with the domain as a top-level `domain` item
 *    instead of a `cookie`: the reseller-authenticated form of GET, which needs no end-user
 *    (reg_username/reg_password) cookie. The reply's `expiredate` is read.
 *
 * Repeats: XCP has no idempotency key. `currentexpirationyear` is the registry's own guard: a
 * renewal repeated after the first one went through names a year that is no longer current
 * and is refused. When a renewal is refused, the client asks GET DOMAIN; if the expiration is
 * already the old date plus the requested years, the earlier attempt succeeded and the
 * outcome is `done`. A caller may therefore retry a renewal that timed out with the same
 * input without renewing twice. Within one process, the same idempotencyKey also returns the
 * first call's outcome without a second request.
 */

export interface OpenSrsConfig {
  /** The XCP endpoint URL. */
  endpoint: string;
  /** Reseller username (X-Username). */
  username: string;
  /** Reseller private key (signs each request; never sent). */
  key: string;
  /** Deadline per command, request and reply together (default 30 s). */
  timeoutMs?: number;
  /** Largest reply read (default 1 MiB). */
  maxResponseBytes?: number;
}

export interface OpenSrsClient {
  call(
    object: string,
    action: string,
    attributes: Record<string, XcpInput>,
    extra?: Record<string, XcpInput>,
  ): Promise<XcpResponse>;
}

export function createOpenSrsClient(cfg: OpenSrsConfig): OpenSrsClient {
  const timeoutMs = cfg.timeoutMs ?? 30_000;
  const maxBytes = cfg.maxResponseBytes ?? 1024 * 1024;
  const endpoint = new URL(cfg.endpoint).toString();

  return {
    async call(object, action, attributes, extra) {
      const body = buildRequest({ action, object, attributes, extra });
      const what = `OpenSRS ${action} ${object}`;
      let res: Response;
      let text: string;
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'text/xml',
            'X-Username': cfg.username,
            'X-Signature': signature(body, cfg.key),
          },
          body,
          redirect: 'error',
          signal,
        });
        text = await readCapped(res, maxBytes, what);
      } catch (err) {
        if (err instanceof RegistrarError) throw err;
        if (signal.aborted)
          throw new RegistrarError('timeout', `${what}: no answer within ${timeoutMs} ms`, { cause: err });
        throw new RegistrarError('network', `${what}: ${errorText(err, { cause: true })}`, { cause: err });
      }
      if (res.status === 401 || res.status === 403) {
        throw new RegistrarError('auth', `${what}: HTTP ${res.status}`);
      }
      if (res.status !== 200) throw new RegistrarError('http', `${what}: HTTP ${res.status}`);
      let reply: XcpResponse;
      try {
        reply = parseResponse(text);
      } catch (err) {
        if (err instanceof XcpParseError)
          throw new RegistrarError('protocol', `${what}: ${err.message}`, { cause: err });
        throw err;
      }
      if (
        !reply.isSuccess &&
        (reply.responseCode === 401 ||
          (reply.responseCode === 400 && /authenticat/i.test(reply.responseText)))
      ) {
        throw new RegistrarError('auth', `${what}: ${reply.responseCode} ${reply.responseText}`);
      }
      return reply;
    },
  };
}

async function readCapped(res: Response, maxBytes: number, what: string): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new RegistrarError('protocol', `${what}: reply larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createOpenSrsRegistrar(cfg: OpenSrsConfig): Registrar {
  const client = createOpenSrsClient(cfg);
  const once = outcomeMemo();

  async function getExpiration(input: string): Promise<string | null> {
    let domain: string;
    try {
      domain = normalizeDomain(input);
    } catch {
      return null;
    }
    const reply = await client.call('DOMAIN', 'GET', { type: 'all_info' }, { domain });
    if (!reply.isSuccess) return null; // not in this reseller's account
    return datePart(reply.attributes.expiredate) ?? datePart(reply.attributes.registry_expiredate);
  }

  async function renew(input: RenewInput): Promise<RenewOutcome> {
    const checked = checkRenewInput(input);
    if ('message' in checked) return { outcome: 'failed', message: checked.message };
    const { domain, year } = checked;
    const reply = await client.call('DOMAIN', 'RENEW', {
      auto_renew: 0,
      currentexpirationyear: year,
      domain,
      handle: 'process',
      period: input.years,
    });
    if (reply.isSuccess) {
      const newExpiration = datePart(reply.attributes['registration expiration date']);
      return newExpiration ? { outcome: 'done', newExpiration } : { outcome: 'pending' };
    }
    // Refused: if an earlier attempt of this same renewal went through, say so.
    const expected = addYears(input.currentExpiration, input.years);
    try {
      if ((await getExpiration(domain)) === expected) return { outcome: 'done', newExpiration: expected };
    } catch {
      // the refusal stands
    }
    return {
      outcome: 'failed',
      message: reply.responseText || `Renewal refused (${reply.responseCode})`,
      code: reply.responseCode,
    };
  }

  return {
    name: 'opensrs',
    delayMs: 0,
    renew: (input) => once(input.idempotencyKey, () => renew(input)),
    getExpiration,
  };
}
