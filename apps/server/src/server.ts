import { must } from '@portal/contract/must';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { isNewDataDir } from './db/pglite-template.ts';
import { startWorkerListener } from './http/metrics.ts';
import { accounts } from './db/schema.ts';
import { importDocument } from './lib/import.ts';
import { DEMO_LOGINS, hashedDemo } from './lib/demo.ts';
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
  if (role !== 'worker') await app.listen({ port: config.PORT, host: config.HOST });
  return { app, demoLoaded };
}

/**
 * Stops a process without cutting a request: `/readyz` turns 503 and every answer closes its
 * connection, for `delayMs` while it still serves (a balancer's health check or a proxy's next
 * request moves on); then it stops listening, lets the requests in flight finish, stops the jobs
 * (a running job completes) and closes the database.
 */
export async function drainAndClose(app: FastifyInstance, delayMs: number): Promise<void> {
  app.deps.lifecycle.draining = true;
  if (delayMs > 0) await sleep(delayMs);
  await app.close();
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
