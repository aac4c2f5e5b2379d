// The build step of `npm start` (scripts/start.mjs): builds the web app and the server only when their
// sources changed since the last build (a hash of the sources kept next to the build). Run on its
// own (`node scripts/build-if-changed.mjs`) it builds what changed and exits (bench/startup.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** sha256 over the paths and contents of the files under `paths` (directories walked in name order). */
function sourceHash(paths) {
  const hash = createHash('sha256');
  const add = (p) => {
    if (!existsSync(p)) return;
    if (!statSync(p).isDirectory()) {
      hash.update(`${p}\0`).update(readFileSync(p)).update('\0');
      return;
    }
    for (const name of readdirSync(p).sort()) add(join(p, name));
  };
  for (const p of paths) add(p);
  return hash.digest('hex');
}

/** Runs `build` when the hash of `sources` differs from the one stamped in `stamp` by the last build. */
function buildWhenChanged(what, stamp, output, sources, build) {
  const hash = sourceHash(sources);
  const built = existsSync(output) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
  if (built) return;
  console.log(`Building the ${what}…`);
  const r = spawnSync(build[0], build.slice(1), { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, `${hash}\n`);
}

const shared = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

/** Builds the web app and the server where their sources changed (paths relative to the repository). */
export function buildChanged() {
  buildWhenChanged(
    'web app',
    'apps/web/dist/.source-hash',
    'apps/web/dist/index.html',
    ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...shared],
    ['bash', 'scripts/build-web.sh'],
  );
  buildWhenChanged(
    'server',
    'apps/server/dist/.source-hash',
    'apps/server/dist/main.js',
    ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...shared],
    ['bash', 'scripts/build-server.sh'],
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildChanged();
