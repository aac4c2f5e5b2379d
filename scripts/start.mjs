// npm start: builds the web app when it is missing or older than its sources, then runs the server
// (from the TypeScript sources; production runs the compiled server directly, docs/operations.md).
// Signals are passed on to the server, and this wrapper exits with it: stopping the wrapper (or npm)
// by its process id never leaves the server running on its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const dist = 'apps/web/dist/index.html';
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
    const p = join(dir, e.name);
    return Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
const sources = Math.max(newest('apps/web/src'), newest('packages/contract/src'));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  // Ctrl-C reaches the server too (same process group); it stops once either way.
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
