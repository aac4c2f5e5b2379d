// npm start: builds the web app and the server only when their sources changed since the last build
// (a hash of the sources kept next to the build), then runs the compiled server as production does
// (apps/server/dist/main.js, docs/operations.md): loading it takes a fraction of compiling the
// TypeScript sources at every start (docs/decisions/081-start-up.md).
// Signals are passed on to the server, and this wrapper exits with it: stopping the wrapper (or npm)
// by its process id never leaves the server running on its own.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildChanged } from './build-if-changed.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';

// PORTAL_START_NO_BUILD=1: run what is built, as it is (a harness that built it already).
if (process.env.PORTAL_START_NO_BUILD !== '1') buildChanged();
const server = spawn(
  process.execPath,
  [...serverNodeFlags(process.env), 'apps/server/dist/main.js', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  // Ctrl-C reaches the server too (same process group); it stops once either way.
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
