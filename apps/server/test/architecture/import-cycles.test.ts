import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No module of the server imports itself round a circle, type imports included: a reader can
// follow each import downwards (docs/decisions/049-one-shape-per-area.md).
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [path] : [];
  });
}

/** The modules of src/ that `file` imports (relative specifiers only). */
export function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)]
    .map((m) => resolve(dirname(file), m[1] ?? ''))
    .filter((path) => path.startsWith(src) && existsSync(path));
}

/** Every circle of the graph, each once, as a list of modules starting at its smallest. */
export function circles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const walk = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const circle = path.slice(at);
        const start = circle.indexOf([...circle].sort()[0] ?? '');
        const turned = [...circle.slice(start), ...circle.slice(0, start)];
        found.set(turned.join(' → '), turned);
      } else if (!done.has(next)) walk(next, [...path, next]);
    }
    done.add(node);
  };
  const done = new Set<string>();
  for (const node of graph.keys()) if (!done.has(node)) walk(node, [node]);
  return [...found.values()];
}

describe('imports', () => {
  it('finds a circle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
    expect(importsOf(join(src, 'x.ts'), "import type { A } from './config.ts';\n")).toEqual([
      join(src, 'config.ts'),
    ]);
  });

  it('no module of apps/server/src imports itself round a circle', () => {
    const graph = new Map(modules(src).map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
    const found = circles(graph).map((circle) => circle.map((f) => relative(src, f)).join(' → '));
    expect(found).toEqual([]);
  });
});
