import { connect } from 'node:net';
import { commonText } from '@portal/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** What a process needs to do its work, as `/readyz` names it in `down` (docs/operations.md, "Readiness"). */
export type Dependency = 'database' | 'smtp' | 'gateway';

export interface Probe {
  name: Dependency;
  /** Resolves when the dependency answers; rejects when it does not. */
  check: () => Promise<void>;
}

/** How long a probe waits for an answer before it counts the dependency as down. */
const PROBE_TIMEOUT_MS = 3000;

/**
 * Resolves once a TCP connection to the URL's host and port opens (the connection is closed at
 * once); rejects when it is refused or has not opened within the timeout.
 */
export function reachable(address: string, defaultPort: number, timeoutMs = PROBE_TIMEOUT_MS): Promise<void> {
  const url = new URL(address);
  const port = Number(url.port) || defaultPort;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`${host}:${port}: no answer in ${timeoutMs / 1000} s`));
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/**
 * The dependencies of a process: the database always; the card gateway when a real one is set
 * (web processes take card payments, the worker charges renewals); the SMTP relay for the worker,
 * which delivers the outbox (web processes only write to it).
 */
export function probesFor(role: 'web' | 'worker', config: Config, ping: () => Promise<void>): Probe[] {
  const probes: Probe[] = [{ name: 'database', check: ping }];
  if (role === 'worker' && config.SMTP_URL) {
    const smtp = config.SMTP_URL;
    probes.push({ name: 'smtp', check: () => reachable(smtp, smtp.startsWith('smtps:') ? 465 : 25) });
  }
  if (config.PORTAL_GATEWAY === 'authorize-net') {
    const endpoint = config.AUTHNET_ENDPOINT;
    probes.push({
      name: 'gateway',
      check: () => reachable(endpoint, endpoint.startsWith('http:') ? 80 : 443),
    });
  }
  return probes;
}

/** The dependencies that do not answer, all probed at once, in the order of `probes`. */
export async function downOf(probes: Probe[]): Promise<Dependency[]> {
  const answers = await Promise.all(
    probes.map((p) =>
      p.check().then(
        () => null,
        () => p.name,
      ),
    ),
  );
  return answers.filter((name) => name !== null);
}

/**
 * `GET /readyz`: 200 `{ready: true, down: []}` when every dependency answers; 503 with the ones
 * that do not (`{ready: false, down: ["smtp"]}`), or while the process stops (`stopping: true`).
 * `?only=database` (a comma-separated list) probes only those: the units' start wait and the
 * rolling restart ask for the database only, so a relay or gateway that is down does not stop a
 * process from starting.
 */
export function readyzHandler(probes: Probe[], draining: () => boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (draining())
      return reply.code(503).send({
        status: 0,
        message: commonText.unavailable,
        code: 'unavailable',
        data: { ready: false, down: [], stopping: true },
      });
    const only = (req.query as { only?: unknown }).only;
    const names = typeof only === 'string' ? only.split(',') : undefined;
    const down = await downOf(names ? probes.filter((p) => names.includes(p.name)) : probes);
    if (down.length === 0) return { status: 1, message: '', data: { ready: true, down } };
    return reply.code(503).send({
      status: 0,
      message: commonText.unavailable,
      code: 'unavailable',
      data: { ready: false, down },
    });
  };
}
