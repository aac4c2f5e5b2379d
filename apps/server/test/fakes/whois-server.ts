import { createServer, type Socket } from 'node:net';

/**
 * A whois server on loopback for tests and local development: 127.0.0.1, a free port, canned
 * answers. It records every query line it receives, can answer with a referral to another
 * instance, and can stall (accept, read, never answer) to exercise timeouts.
 *
 * Lookup keys are the domain part of the query: "domain example.com" (Verisign style) and
 * "-T dn,ace example.de" (DENIC style) are both looked up as the last word, lower-cased.
 */
export type WhoisAnswer = string | ((query: string) => string | Buffer);

export interface WhoisTestServerOptions {
  answers?: Record<string, WhoisAnswer>;
  /** Answer for queries with no entry (default: a "No match" line). */
  notFound?: WhoisAnswer;
  stall?: boolean;
  /** Wait this long before answering (ms). */
  delayMs?: number;
}

export interface WhoisTestServer {
  readonly host: string;
  readonly port: number;
  /** "127.0.0.1:port", usable as a servers-map value. */
  readonly address: string;
  /** Raw query lines received (without CRLF), oldest first. */
  readonly queries: string[];
  set(domain: string, answer: WhoisAnswer): void;
  /** Answers `domain` with `text` plus a referral line naming `target` ("host[:port]"). */
  refer(domain: string, target: string, text?: string, field?: string): void;
  stall(on: boolean): void;
  close(): Promise<void>;
}

export async function startWhoisTestServer(opts: WhoisTestServerOptions = {}): Promise<WhoisTestServer> {
  const answers = new Map<string, WhoisAnswer>(
    Object.entries(opts.answers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const queries: string[] = [];
  const sockets = new Set<Socket>();
  let stalled = opts.stall ?? false;

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buf = '';
    socket.on('data', (chunk) => {
      if (buf.includes('\n')) return;
      buf += chunk.toString('latin1');
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      const line = buf.slice(0, nl).replace(/\r$/, '');
      queries.push(line);
      if (stalled) return;
      const key = (line.trim().split(/\s+/).pop() ?? '').toLowerCase();
      const answer = answers.get(key) ?? opts.notFound ?? `No match for "${key.toUpperCase()}".\r\n`;
      const body = typeof answer === 'function' ? answer(line) : answer;
      const send = () => socket.end(body);
      if (opts.delayMs) setTimeout(send, opts.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('whois test server: no address');
  const port = addr.port;

  return {
    host: '127.0.0.1',
    port,
    address: `127.0.0.1:${port}`,
    queries,
    set(domain, answer) {
      answers.set(domain.toLowerCase(), answer);
    },
    refer(
      domain,
      target,
      text = `Domain Name: ${domain.toUpperCase()}\r\n`,
      field = 'Registrar WHOIS Server',
    ) {
      answers.set(domain.toLowerCase(), `${text}${field}: ${target}\r\n`);
    },
    stall(on) {
      stalled = on;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
