import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A new embedded database is a copy of a migrated empty one (docs/decisions/082-start-up-template.md).
 * PGlite's initdb runs in WebAssembly: seconds of CPU and a second instance of several hundred MB.
 * It runs once, in a child process, and its result is kept as a template under
 * node_modules/.cache/members-portal/, named by a hash of what made it (PGlite's version, the start
 * parameters, the migrations); every later new data directory is a file copy of it.
 */

const CHILD = fileURLToPath(new URL('./make-pglite-database.mjs', import.meta.url));
/** The repository's (or the installed server's) node_modules/.cache: both src/db and dist/db are 4 levels down. */
const CACHE = fileURLToPath(new URL('../../../../node_modules/.cache/members-portal', import.meta.url));
const run = promisify(execFile);

/** Whether `dir` holds no database yet (absent, or an empty directory). */
export function isNewDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** The installed PGlite's version (its package.json is not among the package's exports). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/** sha256 over PGlite's version, the start parameters and every migration file (names and contents). */
function templateKey(migrationsFolder: string, startParams: string[]): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion()).update('\0');
  hash.update(JSON.stringify(startParams)).update('\0');
  const add = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = join(dir, name.name);
      if (name.isDirectory()) add(p);
      else
        hash
          .update(`${p.slice(migrationsFolder.length)}\0`)
          .update(readFileSync(p))
          .update('\0');
    }
  };
  add(migrationsFolder);
  return hash.digest('hex').slice(0, 24);
}

/** A new migrated database in `dir`, made by the child process. */
async function makeDatabase(dir: string, migrationsFolder: string, startParams: string[]): Promise<void> {
  await run(process.execPath, [CHILD, dir, migrationsFolder, JSON.stringify(startParams)], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Fills `target` through a sibling directory renamed into place: a crash never leaves half a database.
 * An existing empty `target` (made by an operator, perhaps a mount point) is kept: the entries are
 * moved into it, PG_VERSION (which marks a database) last.
 */
async function fillAtomically(target: string, fill: (dir: string) => Promise<void> | void): Promise<void> {
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await fill(partial);
    if (!existsSync(target)) {
      renameSync(partial, target);
      return;
    }
    const entries = readdirSync(partial).sort(
      (a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'),
    );
    for (const name of entries) renameSync(join(partial, name), join(target, name));
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** The template for today's migrations, made when missing; null when the cache cannot be written. */
async function template(migrationsFolder: string, startParams: string[]): Promise<string | null> {
  const dir = join(CACHE, `pglite-${templateKey(migrationsFolder, startParams)}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  try {
    mkdirSync(CACHE, { recursive: true });
    const partial = `${dir}.partial-${process.pid}`;
    try {
      await makeDatabase(partial, migrationsFolder, startParams);
      renameSync(partial, dir);
    } catch (err) {
      // Another process made it at the same time: theirs is as good.
      if (!existsSync(join(dir, 'PG_VERSION'))) throw err;
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
    return dir;
  } catch {
    return null;
  }
}

/**
 * Creates the migrated empty database in `dataDir` (which must be new, isNewDataDir): a copy of the
 * template, or, where node_modules cannot be written, made in place by the child process.
 */
export async function createDatabase(dataDir: string, migrationsFolder: string, startParams: string[]) {
  mkdirSync(dirname(dataDir), { recursive: true });
  const from = await template(migrationsFolder, startParams);
  await fillAtomically(dataDir, (dir) =>
    from ? cpSync(from, dir, { recursive: true }) : makeDatabase(dir, migrationsFolder, startParams),
  );
}
