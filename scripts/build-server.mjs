// Compiles the server and the contract package to JavaScript (npm run build): production runs
// `node apps/server/dist/main.js`, with no TypeScript compiler at run time. Each source file becomes
// one .js file at the same place under dist/ (apps/server/src/x.ts → apps/server/dist/x.js), so the
// paths the code finds relative to itself (migrations, demo data, the SPA, texts) stay the same;
// imports of .ts files and of @portal/contract/* are rewritten to the compiled files.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SERVER = join(ROOT, 'apps/server');
const CONTRACT = join(ROOT, 'packages/contract');
const ENTRIES = ['src/main.ts', 'src/cli/main.ts'].map((f) => join(SERVER, f));
const contractSpecifier = /^@portal\/contract\/(.+)$/;

/** apps/server/src/a/b.ts → apps/server/dist/a/b.js (and the same for the contract). */
const outputOf = (source) => {
  for (const pkg of [SERVER, CONTRACT]) {
    const rel = relative(join(pkg, 'src'), source);
    if (!rel.startsWith('..')) return join(pkg, 'dist', rel.replace(/\.ts$/, '.js'));
  }
  throw new Error(`${source} is outside the server and contract sources`);
};

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };

// 1. Which files the two entry points reach (server and contract sources; packages stay imports).
const scan = await build({
  ...common,
  entryPoints: ENTRIES,
  outdir: join(ROOT, '.build-scan'),
  write: false,
  metafile: true,
  plugins: [
    {
      name: 'packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          contractSpecifier.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
const sources = Object.keys(scan.metafile.inputs)
  .map((f) => resolve(ROOT, f))
  .filter((f) => f.endsWith('.ts'));

// 2. Each of them compiled on its own, every import kept as an import of the compiled file.
for (const pkg of [SERVER, CONTRACT]) rmSync(join(pkg, 'dist'), { recursive: true, force: true });
await build({
  ...common,
  entryPoints: sources.map((s) => ({ in: s, out: relative(ROOT, outputOf(s)).replace(/\.js$/, '') })),
  outdir: ROOT,
  sourcemap: 'linked',
  plugins: [
    {
      name: 'one-file-each',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          const from = dirname(outputOf(args.importer));
          const contract = contractSpecifier.exec(args.path);
          if (contract) {
            const target = outputOf(join(CONTRACT, 'src', `${contract[1]}.ts`));
            return { path: `./${relative(from, target)}`.replace(/^\.\/\.\.\//, '../'), external: true };
          }
          if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
          return { path: args.path, external: true };
        });
      },
    },
  ],
});

// 3. Files the code reads next to itself (e.g. features/domains/texts/*.html).
const copyAssets = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) copyAssets(p);
    else if (!p.endsWith('.ts')) cpSync(p, join(SERVER, 'dist', relative(join(SERVER, 'src'), p)));
  }
};
copyAssets(join(SERVER, 'src'));
console.log(`Compiled ${sources.length} files into apps/server/dist and packages/contract/dist`);
