import { must } from '@portal/contract/must';
import type { Server } from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { isNewDataDir } from './db/pglite-template.ts';
import { startWorkerListener } from './http/metrics.ts';
import { accounts } from './db/schema.ts';
import { importDocument } from './lib/import.ts';
import { DEMO_LOGINS, hashedDemo } from './lib/demo.ts';
import { activatedSocket } from './lib/socket-activation.ts';
import { registerWorkers } from './workers.ts';

export type Role = 'web' | 'worker' | 'all';

/** Opens the database, loads the demo data into an empty one when asked, and builds the app. */
export async function startServer(
  config: Config,
  role: Role = config.PORTAL_ROLE,
): Promise<{ app: FastifyInstance; demoLoaded: boolean }> {
  const dataDir = config.embedded ? `${config.DATA_DIR}/pglite` : undefined;
  // A new embedded database is empty, so the demo will be loaded into it: its passwords are hashed
  // (argon2id, on the thread pool) while the main thread copies and opens the database.
  const early = config.demo && dataDir !== undefined && isNewDataDir(dataDir) ? hashedDemo() : undefined;
  early?.catch(() => {}); // awaited below when the database opened; not an unhandled rejection if it did not
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir, poolMax: config.PG_POOL_MAX });
  let demoLoaded = false;
  if (config.demo) {
    const [counted] = await database.db.select({ n: count() }).from(accounts);
    const { n } = must(counted, 'the account count');
    if (n === 0) {
      await importDocument(database.db, await (early ?? hashedDemo()));
      demoLoaded = true;
    }
  }
  const app = await buildApp(config, { database, processMetrics: true });
  registerWorkers(app);
  // A worker serves no API; its health and metrics get a small listener of their own.
  const listener =
    role === 'worker' && config.PORTAL_WORKER_PORT !== undefined
      ? await startWorkerListener(app, {
          host: config.HOST,
          port: config.PORTAL_WORKER_PORT,
          token: config.PORTAL_METRICS_TOKEN,
        })
      : undefined;
  app.addHook('onClose', async () => {
    await listener?.close();
    await app.deps.jobs.stop();
    await database.close();
  });
  if (role !== 'web') app.deps.jobs.start();
  if (role !== 'worker') await app.listen(listenOn(config));
  return { app, demoLoaded };
}

/** The socket systemd passed (deploy/systemd/portal-web@.socket), else HOST:PORT. */
function listenOn(config: Config): FastifyListenOptions & { fd?: number } {
  const fd = activatedSocket(process.env, process.pid);
  if (fd === undefined) return { port: config.PORT, host: config.HOST };
  // Node ignores the host for a socket already bound (fastify would bind a second address for
  // 'localhost'). Node listens again with its own backlog: the kernel's most (net.core.somaxconn),
  // as systemd's, since the connections of a whole restart may wait there.
  return { fd, host: '127.0.0.1', backlog: 4096 };
}

/**
 * Stops a process without cutting a request (docs/decisions/122-stop-listening-first.md):
 * 1. `/readyz` answers 503 for `delayMs` while everything else is served as before, kept-alive
 *    connections too: a balancer that checks health moves on; nginx's connections stay in use, so
 *    it opens almost no new ones.
 * 2. It stops listening but keeps the connections it has accepted (not `server.close()`, which
 *    also cuts the idle ones: a connection nginx has just opened, its request on the way, is idle
 *    until that request is read). A new connection is refused, which nginx sends on to the next
 *    process, a POST too, as nothing was sent. Every answer now closes its connection; nginx
 *    closes its idle ones itself (keepalive_timeout 1s), so they end, waited for up to `delayMs`.
 * 3. `app.close()`: the requests in flight finish, the jobs stop (a running job completes), the
 *    database closes.
 */
export async function drainAndClose(app: FastifyInstance, delayMs: number): Promise<void> {
  app.deps.lifecycle.draining = true;
  if (delayMs > 0) await sleep(delayMs);
  app.deps.lifecycle.closing = true;
  if (app.server.listening) await connectionsEnded(app.server, delayMs);
  await app.close();
}

/** Stops `server` listening, keeping its connections; resolves when they have ended or after `ms`. */
function connectionsEnded(server: Server, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    net.Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function printLogins(
  log: (line: string) => void,
  staffMfa: 'required' | 'optional' = 'required',
): void {
  log('Demo logins (account / password):');
  for (const l of DEMO_LOGINS) log(`  ${l.logname.padEnd(10)} ${l.password.padEnd(16)} ${l.what}`);
  // PORTAL_STAFF_MFA=required (the default): the demo's staff meet the setup screen first.
  if (staffMfa === 'required')
    log('  staff and admin set up an authenticator app (a second factor) at their first sign-in.');
}
