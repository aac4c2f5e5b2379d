import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JOBS } from '../../src/workers.ts';

/**
 * One shape per area (docs/decisions/049-one-shape-per-area.md): every folder under
 * src/features/ has its routes.ts, its queries in its repository.ts, an access rule on every
 * route, and its jobs declared in its workers.ts and collected by the registry (src/workers.ts).
 */
const features = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/features');
const areas = readdirSync(features, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** The area's source files (not tests), as paths relative to src/features/. */
function sourcesOf(area: string, dir = area): string[] {
  return readdirSync(join(features, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourcesOf(area, rel);
    return /\.(ts|js)$/.test(e.name) && !e.name.includes('.test.') ? [rel] : [];
  });
}
const read = (rel: string) => readFileSync(join(features, rel), 'utf8');

/** A query issued by the code itself: a query builder or raw SQL on a database or transaction. */
const QUERY =
  /\b(?:tx|db|trx|raw)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\b|\bsql`|\bsql\.raw\(/;

describe('the shape of an area', () => {
  it('finds the areas and the queries it checks', () => {
    expect(areas).toEqual(expect.arrayContaining(['account', 'billing', 'domains', 'hosting', 'mail']));
    expect(QUERY.test('const [d] = await tx\n  .select()\n  .from(domains)')).toBe(true);
    expect(QUERY.test('await db.execute(sql`select 1`)')).toBe(true);
    expect(QUERY.test('const rows = await aliasesOf(db, domain.domain);')).toBe(false);
  });

  it.each(areas)('%s has a routes.ts that registers its calls', (area) => {
    expect(existsSync(join(features, area, 'routes.ts'))).toBe(true);
    expect(read(`${area}/routes.ts`)).toMatch(/export function \w+Routes\(app: FastifyInstance\)/);
  });

  it.each(areas)('%s issues its queries in its repository.ts only', (area) => {
    const querying = sourcesOf(area).filter((f) => QUERY.test(read(f)));
    const outside = querying.filter((f) => !f.endsWith('/repository.ts'));
    expect(outside).toEqual([]);
  });

  it.each(areas)('every route of %s names its access rule', (area) => {
    const unruled = sourcesOf(area).flatMap((f) =>
      [...read(f).matchAll(/\broute\(\s*\w+,\s*[\w.]+,\s*\{([\s\S]*?)\bhandler\b/g)]
        .filter((m) => !/\baccess\s*:/.test(m[1] ?? ''))
        .map((m) => `${f}: ${m[0].slice(0, 60)}`),
    );
    expect(unruled).toEqual([]);
  });

  it.each(areas)('the jobs %s defines are declared in its workers.ts and registered', async (area) => {
    const kinds = sourcesOf(area).flatMap((f) =>
      [...read(f).matchAll(/defineJob\(\s*'([^']+)'/g)].map((m) => ({ file: f, kind: m[1] ?? '' })),
    );
    if (!existsSync(join(features, area, 'workers.ts'))) {
      expect(kinds).toEqual([]);
      return;
    }
    const workers: { JOBS?: readonly { kind: string }[]; registerWorkers?: unknown } = await import(
      join(features, area, 'workers.ts')
    );
    expect(typeof workers.registerWorkers).toBe('function');
    const declared = (workers.JOBS ?? []).map((j) => j.kind).sort();
    expect(kinds.map((k) => k.kind).sort()).toEqual(declared);
    const registry = new Set<string>(JOBS.map((j) => j.kind));
    expect(declared.filter((kind) => !registry.has(kind))).toEqual([]);
  });
});
