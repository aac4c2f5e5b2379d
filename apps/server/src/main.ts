import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { printLogins, type Role, startServer } from './server.ts';

const { values } = parseArgs({ options: { role: { type: 'string' } } });

try {
  const config = loadConfig();
  const role = (values.role ?? config.PORTAL_ROLE) as Role;
  if (!['web', 'worker', 'all'].includes(role))
    throw new ConfigError(`--role must be web, worker or all (got ${role})`);
  const { app, demoLoaded } = await startServer(config, role);
  const storage = `${config.embedded ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}, ${config.SMTP_URL ? 'SMTP' : 'mail kept in the outbox'}`;
  if (role !== 'worker') {
    const where = `http://localhost:${config.PORT}/portal/`;
    console.log(`Members Portal ready at ${where} (${storage})`);
  } else {
    console.log(`Members Portal worker running background jobs (${storage})`);
  }
  if (demoLoaded || config.demo) printLogins((l) => console.log(l));
  const stop = async () => {
    await app.close();
    process.exit(0);
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
