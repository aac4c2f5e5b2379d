import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { raiseWasmTieringBudget } from './db/wasm-tiering.ts';
import { buildInfo } from './lib/build-info.ts';
import { errorField, logLine, portInUse } from './lib/process-log.ts';
import { privateDataDir, privateUmask } from './lib/data-dir.ts';
import { drainAndClose, printLogins, type Role, startServer } from './server.ts';

/** The address the web process listens on: HOST:PORT, or the socket systemd passed. */
function listening(app: FastifyInstance): string {
  const address = app.server.address();
  return typeof address === 'object' && address !== null
    ? `${address.address}:${address.port}`
    : String(address);
}

// Every line this process writes is JSON (docs/operations.md, "Logs"): the app's logger once it
// exists, lib/process-log.ts before it does or when it could not start.
const { values } = parseArgs({ options: { role: { type: 'string' } } });
// For the line of a process that could not start, before the configuration is known to be valid.
const roleAsked = values.role ?? process.env.PORTAL_ROLE ?? 'all';

// Files 0600 and directories 0700, whatever the umask (lib/data-dir.ts).
privateUmask();

try {
  const config = loadConfig();
  const role = (values.role ?? config.PORTAL_ROLE) as Role;
  if (!['web', 'worker', 'all'].includes(role))
    throw new ConfigError(`--role must be web, worker or all (got ${role})`);
  privateDataDir(config.DATA_DIR);
  // Before PGlite compiles PostgreSQL: its start-up code is not worth optimising (db/wasm-tiering.ts).
  if (config.embedded) raiseWasmTieringBudget();
  const { app, demoLoaded } = await startServer(config, role);
  // Again once the embedded database is copied from its template, which keeps the template's modes.
  const shared = privateDataDir(config.DATA_DIR);
  if (shared.length)
    app.log.warn({ paths: shared.slice(0, 10) }, 'data directory: could not make these private');
  const storage = `${config.embedded ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}, ${config.SMTP_URL ? 'SMTP' : `mail written to ${config.mailDir}`}`;
  const release = buildInfo();
  if (role !== 'worker') {
    // The address users reach (PORTAL_PUBLIC_URL), not the port behind the proxy.
    const url = `${config.publicUrl}/portal/`;
    app.log.info(
      { role, url, listen: listening(app), storage, ...release },
      `Members Portal ready at ${url} (${storage})`,
    );
  } else {
    app.log.info({ role, storage, ...release }, `Members Portal worker running background jobs (${storage})`);
  }
  if (demoLoaded || config.demo) printLogins((l) => app.log.info(l), config.PORTAL_STAFF_MFA);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM comes from systemd or an operator (a rolling restart): give the balancer time to move
    // on. Ctrl-C (SIGINT) on a terminal stops at once, still letting requests in flight finish.
    const delay = signal === 'SIGTERM' && role !== 'worker' ? config.PORTAL_SHUTDOWN_DELAY_MS : 0;
    app.log.info({ signal, delay }, 'stopping: not ready, finishing the requests in flight');
    try {
      await drainAndClose(app, delay);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'stopping failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  if (err instanceof ConfigError) {
    logLine('fatal', err.message);
    process.exit(2);
  }
  const inUse = portInUse(err, roleAsked);
  if (inUse) {
    logLine('fatal', inUse);
    process.exit(1);
  }
  logLine('fatal', 'Members Portal could not start', { err: errorField(err) });
  process.exit(1);
}
