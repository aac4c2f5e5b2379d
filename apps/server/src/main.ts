import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { privateDataDir, privateUmask } from './lib/data-dir.ts';
import { drainAndClose, printLogins, type Role, startServer } from './server.ts';

const { values } = parseArgs({ options: { role: { type: 'string' } } });

// Files 0600 and directories 0700, whatever the umask (lib/data-dir.ts).
privateUmask();

try {
  const config = loadConfig();
  const role = (values.role ?? config.PORTAL_ROLE) as Role;
  if (!['web', 'worker', 'all'].includes(role))
    throw new ConfigError(`--role must be web, worker or all (got ${role})`);
  privateDataDir(config.DATA_DIR);
  const { app, demoLoaded } = await startServer(config, role);
  // Again once the embedded database is copied from its template, which keeps the template's modes.
  const shared = privateDataDir(config.DATA_DIR);
  if (shared.length)
    app.log.warn({ paths: shared.slice(0, 10) }, 'data directory: could not make these private');
  const storage = `${config.embedded ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}, ${config.SMTP_URL ? 'SMTP' : 'mail kept in the outbox'}`;
  if (role !== 'worker') {
    const where = `http://localhost:${config.PORT}/portal/`;
    console.log(`Members Portal ready at ${where} (${storage})`);
  } else {
    console.log(`Members Portal worker running background jobs (${storage})`);
  }
  if (demoLoaded || config.demo) printLogins((l) => console.log(l), config.PORTAL_STAFF_MFA);
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
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
