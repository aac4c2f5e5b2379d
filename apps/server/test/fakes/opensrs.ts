import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { addYears, parseDate } from '../../src/integrations/registrar/expiration.ts';
import {
  buildEnvelope,
  isAssoc,
  parseEnvelope,
  signature,
  type XcpInput,
  type XcpValue,
} from '../../src/integrations/registrar/xcp.ts';

/**
 * A stand-in for the OpenSRS XCP endpoint on loopback (127.0.0.1, free port), for tests and
 * local development. It checks X-Username and X-Signature, parses the envelope and answers
 * RENEW DOMAIN and GET DOMAIN (type all_info, domain as a top-level item) from an in-memory
 * domain table, the way OpenSRS shapes its replies. It records every request and can stall
 * (read the request, never answer) or fail the next command with a chosen code.
 *
 * Reply codes: 200 success; 400 "Authentication Error." (bad username or signature) or
 * "Invalid command"; 465 "Domain not renewable" (unknown domain, renewable: false or a period
 * outside 1–10); 480 when currentexpirationyear is not the domain's expiration year (a
 * repeated renewal); 465 "Domain not found" for GET of a domain not in the table.
 */

export interface FakeDomain {
  /** YYYY-MM-DD */
  expiration: string;
  /** Default true. */
  renewable?: boolean;
  /** Renewals are accepted but queued at the registry: no new date in the reply. */
  queued?: boolean;
}

export interface FakeOpenSrsRequest {
  action: string;
  object: string;
  /** Top-level domain item (GET), if any. */
  domain?: string;
  attributes: Record<string, XcpValue>;
  username: string;
  signatureOk: boolean;
  body: string;
}

export interface FakeOpenSrsOptions {
  username?: string;
  key?: string;
  /** domain → expiration date or details. */
  domains?: Record<string, string | FakeDomain>;
  stall?: boolean;
}

export interface FakeOpenSrs {
  /** The endpoint URL to configure (http://127.0.0.1:port/). */
  readonly url: string;
  readonly username: string;
  readonly key: string;
  readonly requests: FakeOpenSrsRequest[];
  readonly domains: Map<string, FakeDomain>;
  stall(on: boolean): void;
  /** The next command (after authentication) is answered with this failure. */
  failNext(code: number, text: string): void;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

export async function startFakeOpenSrs(opts: FakeOpenSrsOptions = {}): Promise<FakeOpenSrs> {
  const username = opts.username ?? 'reseller';
  const key = opts.key ?? 'fake0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab';
  const domains = new Map<string, FakeDomain>(
    Object.entries(opts.domains ?? {}).map(([d, v]) => [
      d.toLowerCase(),
      typeof v === 'string' ? { expiration: v } : { ...v },
    ]),
  );
  const requests: FakeOpenSrsRequest[] = [];
  let stalled = opts.stall ?? false;
  let nextFailure: { code: number; text: string } | undefined;
  let orderId = 3_100_000;

  const reply = (
    res: ServerResponse,
    code: number,
    text: string,
    attributes: Record<string, XcpInput> = {},
  ) => {
    const body = buildEnvelope({
      protocol: 'XCP',
      action: 'REPLY',
      object: 'DOMAIN',
      is_success: code >= 200 && code < 300 ? 1 : 0,
      response_code: code,
      response_text: text,
      attributes,
    });
    res.writeHead(200, { 'Content-Type': 'text/xml', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const user = String(req.headers['x-username'] ?? '');
    const sig = String(req.headers['x-signature'] ?? '');
    const expected = signature(body, key);
    const signatureOk =
      user === username &&
      sig.length === expected.length &&
      timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
    let data: XcpValue;
    try {
      data = parseEnvelope(body);
    } catch {
      requests.push({ action: '', object: '', attributes: {}, username: user, signatureOk, body });
      reply(res, 400, 'Invalid XML');
      return;
    }
    const top = isAssoc(data) ? data : {};
    const str = (v: XcpValue | undefined) => (typeof v === 'string' ? v : '');
    const attributes = isAssoc(top.attributes) ? top.attributes : {};
    const record: FakeOpenSrsRequest = {
      action: str(top.action).toUpperCase(),
      object: str(top.object).toUpperCase(),
      domain: typeof top.domain === 'string' ? top.domain : undefined,
      attributes,
      username: user,
      signatureOk,
      body,
    };
    requests.push(record);
    if (stalled) return; // never answered; the client's timeout must fire
    if (!signatureOk) return reply(res, 400, 'Authentication Error.');
    if (nextFailure) {
      const f = nextFailure;
      nextFailure = undefined;
      return reply(res, f.code, f.text);
    }
    if (str(top.protocol) !== 'XCP' || record.object !== 'DOMAIN') return reply(res, 400, 'Invalid command');

    if (record.action === 'RENEW') {
      const name = str(attributes.domain).toLowerCase();
      const d = domains.get(name);
      const period = Number(str(attributes.period));
      if (!d || d.renewable === false) return reply(res, 465, 'Domain not renewable');
      if (!Number.isInteger(period) || period < 1 || period > 10)
        return reply(res, 465, 'Domain not renewable: invalid period');
      if (str(attributes.currentexpirationyear) !== d.expiration.slice(0, 4)) {
        return reply(res, 480, 'Renewal failed: currentexpirationyear does not match the expiration year');
      }
      d.expiration = addYears(d.expiration, period);
      const id = String(++orderId);
      return reply(res, 200, 'Command completed successfully', {
        admin_email: 'hostmaster@example.net',
        auto_renew: str(attributes.auto_renew) || '0',
        id,
        order_id: id,
        queue_request_id: d.queued ? String(orderId + 500_000) : '',
        ...(d.queued ? {} : { 'registration expiration date': `${d.expiration} 00:00:00` }),
      });
    }
    if (record.action === 'GET') {
      const name = (record.domain ?? str(attributes.domain)).toLowerCase();
      if (!record.domain && typeof top.cookie === 'string') return reply(res, 415, 'Authentication failed');
      const d = domains.get(name);
      if (!d) return reply(res, 465, 'Domain not found');
      if (str(attributes.type) !== 'all_info') return reply(res, 400, 'Invalid command: unsupported type');
      return reply(res, 200, 'Query Successful', {
        auto_renew: '0',
        expiredate: `${d.expiration} 00:00:00`,
        registry_expiredate: `${d.expiration} 00:00:00`,
        sponsoring_rsp: '1',
        let_expire: '0',
      });
    }
    return reply(res, 400, 'Invalid command');
  };

  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('fake OpenSRS: no address');

  for (const d of domains.values()) {
    if (!parseDate(d.expiration)) throw new Error(`fake OpenSRS: bad date ${d.expiration}`);
  }

  return {
    url: `http://127.0.0.1:${addr.port}/`,
    username,
    key,
    requests,
    domains,
    stall(on) {
      stalled = on;
    },
    failNext(code, text) {
      nextFailure = { code, text };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
