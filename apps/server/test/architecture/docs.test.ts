import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository's documents: every relative link leads to a file a reader can open, and every
// decision record has a number of its own (docs/decisions/049-one-shape-per-area.md says why).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : filesUnder(rel, ending);
    return ending.test(e.name) ? [rel] : [];
  });
}

/** Relative link targets of a markdown text: `[text](target)`, without #anchors, outside code spans and blocks. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const links: string[] = [];
  for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    const path = target.split('#')[0] ?? '';
    if (path) links.push(decodeURI(path));
  }
  return links;
}

/**
 * Citations a reader cannot open: the specification's documents by their number, the design
 * document that lives beside the repository, and issue numbers. A comment or a document cites a
 * decision record, docs/spec/README.md's tables, a doc section or a test file instead.
 */
export function unopenableCitations(text: string): string[] {
  return [...text.matchAll(/\bspec 00\d\b|\bDESIGN\.md\b|\bissues? #?\d+/gi)].map((m) => m[0]);
}

describe('documents', () => {
  const files = ['README.md', ...filesUnder('docs', /\.md$/)];
  const sources = ['apps', 'packages', 'e2e', 'scripts']
    .flatMap((dir) => filesUnder(dir, /\.(ts|tsx|js|mjs|sh|md)$/))
    .filter((file) => !file.endsWith('architecture/docs.test.ts'));

  it('finds the links it checks', () => {
    expect(relativeLinks('see [a](docs/a.md#x), [b](https://x.org), `[c](no.md)`, [d](#here)')).toEqual([
      'docs/a.md',
    ]);
    expect(files.length).toBeGreaterThan(10);
  });

  it('finds the citations a reader cannot open, and only those', () => {
    // Written in parts, so that this file cites nothing itself.
    const [issue17, spec002, design, issues9, issue21] = [
      ['issue', '17'],
      ['spec', '002'],
      ['DESIGN', 'md'],
      ['Issues', '9'],
      ['issue', '#21'],
    ].map(([a, b]) => (b === 'md' ? `${a}.${b}` : `${a} ${b}`));
    expect(
      unopenableCitations(`as ${issue17} asked, see ${spec002} and ${design}; ${issues9} and 17; ${issue21}`),
    ).toEqual([issue17, spec002, design, issues9, issue21]);
    expect(
      unopenableCitations("an issue with the cache; RFC 6238 §5.2; the spec's tables; issues in docs"),
    ).toEqual([]);
  });

  it('no document or comment cites what a reader cannot open', () => {
    const cited = [...files, ...sources].flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => unopenableCitations(line).map((c) => `${file}:${i + 1} ${c}`)),
    );
    expect(cited).toEqual([]);
  });

  it('every relative link resolves to a file in the repository', () => {
    const broken = files.flatMap((file) =>
      relativeLinks(readFileSync(join(root, file), 'utf8'))
        .filter((target) => !existsSync(resolve(root, dirname(file), target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('every docs/ file named in a document or a comment exists', () => {
    const named = [...files, ...sources].flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\bdocs\/[\w./-]+\.md\b/g)]
        .map((m) => m[0])
        .filter((path) => !existsSync(join(root, path)))
        .map((path) => `${file} → ${path}`),
    );
    expect(named).toEqual([]);
  });

  it('no two decision records share a number', () => {
    const byNumber = new Map<string, string[]>();
    for (const name of readdirSync(join(root, 'docs/decisions'))) {
      const number = /^(\d{3})-/.exec(name)?.[1];
      if (number) byNumber.set(number, [...(byNumber.get(number) ?? []), name]);
    }
    const shared = [...byNumber.values()].filter((names) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('every decision record is numbered and has its context, decision and consequences, or points on', () => {
    const misshapen = readdirSync(join(root, 'docs/decisions'))
      .filter((name) => name.endsWith('.md'))
      .filter((name) => {
        const text = readFileSync(join(root, 'docs/decisions', name), 'utf8');
        const split = /each now has its own record/.test(text);
        const shaped = ['Context', 'Decision', 'Consequences'].every((h) =>
          new RegExp(`^## ${h}\\b`, 'm').test(text),
        );
        return !/^\d{3}-/.test(name) || !(split || shaped);
      });
    expect(misshapen).toEqual([]);
  });
});
