import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.ts';

/**
 * Release directories as docs/operations.md ("Release directories") lays them out, made from this
 * checkout's build: `/srv/portal/releases/<version>-<commit>` with the compiled server
 * (apps/server/dist) and the SPA (apps/web/dist) copied in, so that a process started through the
 * `current` symlink serves that release's own SPA (Node resolves the symlink at start, and the
 * server finds the SPA next to its own files). The rest (node_modules, the contract, migrations,
 * vendored data) is linked, being the same in both.
 *
 * `nextBuild` stands for the following release's build: every SPA asset gets another file name
 * (as a new content hash would), in the files and in every reference to it, and the pre-compressed
 * copies are left out. A page of one release then asks for chunks the other does not have.
 */
export function makeRelease(releases: string, name: string, nextBuild: boolean): string {
  const dir = join(releases, name);
  mkdirSync(join(dir, 'apps/server'), { recursive: true });
  mkdirSync(join(dir, 'apps/web'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const linked of ['node_modules', 'packages']) symlinkSync(join(ROOT, linked), join(dir, linked));
  for (const linked of ['drizzle', 'vendor', 'demo', 'package.json'])
    symlinkSync(join(ROOT, 'apps/server', linked), join(dir, 'apps/server', linked));
  cpSync(join(ROOT, 'apps/server/dist'), join(dir, 'apps/server/dist'), { recursive: true });
  cpSync(join(ROOT, 'apps/web/dist'), join(dir, 'apps/web/dist'), { recursive: true });
  if (nextBuild) renameAssets(join(dir, 'apps/web/dist'));
  return dir;
}

/** The SPA asset files of a release (`apps/web/dist/assets`), without the compressed copies. */
export function assetsOf(release: string): string[] {
  return readdirSync(join(release, 'apps/web/dist/assets')).filter((f) => !/\.(gz|br)$/.test(f));
}

function renameAssets(dist: string): void {
  const assets = join(dist, 'assets');
  for (const f of readdirSync(dist)) if (/\.(gz|br)$/.test(f)) rmSync(join(dist, f));
  for (const f of readdirSync(assets)) if (/\.(gz|br)$/.test(f)) rmSync(join(assets, f));
  const names = readdirSync(assets);
  const renamed = new Map(names.map((n) => [n, n.replace(/(\.[A-Za-z0-9]+)$/, '-next$1')]));
  const escaped = [...renamed.keys()]
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // A name is referred to after a slash or a quote (`assets/x.js`, `"./x.js"`) and ends there.
  const reference = new RegExp(`(?<=[/"'\`])(?:${escaped.join('|')})(?![A-Za-z0-9_.-])`, 'g');
  for (const file of [join(dist, 'index.html'), ...names.map((n) => join(assets, n))]) {
    if (!/\.(js|css|html)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const next = text.replace(reference, (m) => renamed.get(m) ?? m);
    if (next !== text) writeFileSync(file, next);
  }
  for (const [from, to] of renamed) renameSync(join(assets, from), join(assets, to));
}
