import { must } from '../../test/support/must.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A fresh clone passes its own tests: no source, test, script or benchmark reaches for a file
 * outside the repository by a relative path (the spec's tables live in docs/spec/). `.ci/run` proves
 * the same end to end by running the suite in a copy of the checkout in an empty directory.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
// Walks the folders rather than asking git: CI runs this in an exported copy that has no .git.
const tracked = ['apps', 'packages', 'e2e', 'scripts', 'bench', '.ci']
  .flatMap((dir) =>
    readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
  )
  .filter((f) => !/(^|\/)(node_modules|dist|data)\//.test(f))
  .filter((f) => /\.(ts|tsx|mts|mjs|js|sh)$/.test(f) || f === '.ci/run');
// A relative path in a string or template literal: one or more '../' segments and what follows.
const RELATIVE = /['"`]((?:\.\.\/)+[^'"`$\s]*)/g;

function escapes(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(resolve(root, file), 'utf8').matchAll(RELATIVE)) {
    const target = relative(root, resolve(root, dirname(file), must(m[1], 'm[1]')));
    if (target.startsWith('..')) out.push(`${file}: ${m[1]}`);
  }
  return out;
}

describe('the repository is self-contained', () => {
  it('finds the tracked files it checks', () => {
    expect(tracked).toContain('apps/server/src/http/coverage.test.ts');
  });

  it('has no relative path that leaves the repository', () => {
    expect(tracked.flatMap(escapes)).toEqual([]);
  });
});
