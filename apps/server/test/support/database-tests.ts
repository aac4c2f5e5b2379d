// The test files that open a database: the ones `npm test` runs a second time on PostgreSQL
// (scripts/test.sh, docs/decisions/108-what-runs-where.md). A test file opens a database when the
// modules it imports (relative imports, followed transitively; type-only imports left out) reach
// one that opens or names one: the database module, the test helper, the pg or PGlite drivers, or
// TEST_DATABASE_URL. Everything else (contract, web, pure server helpers) runs once, on PGlite.
// vitest.config.ts runs this selection when TEST_SELECTION=database.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where the unit and API tests live (vitest.config.ts includes these trees). */
export const TEST_ROOTS = ['packages', 'apps/server/src', 'apps/server/test', 'apps/web/src'];
const TEST_FILE = /\.test\.tsx?$/;

/** Packages that connect to a database. */
const DRIVERS = new Set(['pg', '@electric-sql/pglite', 'drizzle-orm/node-postgres', 'drizzle-orm/pglite']);
/** Modules that open one. */
const OPENERS = new Set(['apps/server/src/db/index.ts', 'apps/server/test/support/helper.ts']);

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEST_FILE.test(name)) out.push(relative(ROOT, path));
  }
  return out;
}

/** Every unit and API test file, relative to the repository, sorted. */
export function allTestFiles(): string[] {
  return TEST_ROOTS.flatMap((r) => walk(join(ROOT, r), [])).sort();
}

const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) if (!m[1] && m[2]) out.push(m[2]);
  for (const m of source.matchAll(DYNAMIC)) if (m[1]) out.push(m[1]);
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(join(ROOT, from)), spec);
  const tries = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.m?js$/, '.ts'), join(base, 'index.ts')];
  for (const t of tries) if (existsSync(t) && statSync(t).isFile()) return relative(ROOT, t);
  return null;
}

const parsed = new Map<string, { opens: boolean; imports: string[] }>();
/** The file's own marks: whether it opens or names a database, and the local modules it imports. */
function marks(file: string): { opens: boolean; imports: string[] } {
  let m = parsed.get(file);
  if (!m) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const specs = specifiers(source);
    m = {
      opens: OPENERS.has(file) || source.includes('TEST_DATABASE_URL') || specs.some((s) => DRIVERS.has(s)),
      imports: specs
        .filter((s) => s.startsWith('.'))
        .map((s) => resolveLocal(file, s))
        .filter((t): t is string => t !== null),
    };
    parsed.set(file, m);
  }
  return m;
}

/** Whether the file, or a module it reaches through its imports, opens a database. */
export function opensDatabase(file: string): boolean {
  const seen = new Set([file]);
  const toRead = [file];
  while (toRead.length > 0) {
    const m = marks(toRead.pop() ?? file);
    if (m.opens) return true;
    for (const t of m.imports) {
      if (seen.has(t)) continue;
      seen.add(t);
      toRead.push(t);
    }
  }
  return false;
}

/** The test files of the PostgreSQL run. */
export function databaseTestFiles(): string[] {
  return allTestFiles().filter((f) => opensDatabase(f));
}
