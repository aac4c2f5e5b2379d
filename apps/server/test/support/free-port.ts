import { createServer } from 'node:net';

/**
 * A TCP port free on loopback right now, for a server a test or benchmark starts as a separate
 * process (one that cannot be told to listen on port 0 and report back). The fault tests, the
 * browser tests and the benchmarks share this one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
