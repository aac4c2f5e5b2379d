// Compiles the server and the contract package to JavaScript (npm run build): production runs
// `node apps/server/dist/main.js`, with no TypeScript compiler at run time. The server's and the
// contract's sources are bundled into apps/server/dist/bundle/ (step 3); each keeps the place of the
// file it had when every source became one .js file at the same place under dist/
// (apps/server/src/x.ts → apps/server/dist/x.js), so the paths the code finds relative to itself
// (migrations, demo data, the SPA, texts) stay the same.
// A few ESM packages made of hundreds of small files are bundled into apps/server/dist/vendor/
// (VENDORED below): Node resolves, opens and compiles each file of a package at every start, and
// these were a third of the server's module loading (docs/decisions/082-start-up-template.md).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
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

// 1. Which files the two entry points reach (server and contract sources; packages stay imports),
// and which packages they import.
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

// 2. The vendored packages' entry points the sources import, bundled together (shared code split
// into chunks, so a class is one class for all of them) with their dependencies, except those that
// must stay files of their own (STAY_EXTERNAL: native addons, PGlite's WebAssembly found next to
// its module, pg shared with the server's own code). An ESM package is re-exported as it is; a CommonJS one as Node imports it
// (default: module.exports; named: its own properties).
const VENDORED_ESM = ['@simplewebauthn/server', 'drizzle-orm', 'zod', 'jose', 'nodemailer'];
const VENDORED_CJS = [
  'fastify',
  '@fastify/static',
  '@fastify/helmet',
  '@fastify/cookie',
  '@fastify/compress',
  'prom-client',
];
const VENDORED = [...VENDORED_ESM, ...VENDORED_CJS];
const STAY_EXTERNAL = /^(node:|@node-rs\/|@electric-sql\/pglite|pg$|pg\/|pg-native)/;
const vendoredPackage = (spec) => VENDORED.find((p) => spec === p || spec.startsWith(`${p}/`));
const requireFromServer = createRequire(join(SERVER, 'package.json'));
/** The entry module of a vendored specifier. */
async function vendorEntry(spec) {
  if (VENDORED_ESM.includes(vendoredPackage(spec))) {
    const lines = [`export * from '${spec}';`];
    if ('default' in (await import(spec))) lines.push(`export { default } from '${spec}';`);
    return lines.join('\n');
  }
  const exported = requireFromServer(spec);
  const names = Object.keys(exported).filter(
    (k) =>
      /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default' && !Object.getOwnPropertyDescriptor(exported, k)?.get,
  );
  return `const m = require('${spec}');\nexport default m;\nexport const { ${names.join(', ')} } = m;`;
}
const vendorSpecs = [
  ...new Set(
    Object.values(scan.metafile.inputs).flatMap((i) =>
      i.imports.filter((imp) => imp.external && vendoredPackage(imp.path)).map((imp) => imp.path),
    ),
  ),
].sort();
const VENDOR = join(SERVER, 'dist/vendor');
const vendorFile = (spec) => join(VENDOR, `${spec.replace(/^@/, '').replace(/\//g, '__')}.js`);

for (const pkg of [SERVER, CONTRACT]) rmSync(join(pkg, 'dist'), { recursive: true, force: true });
const entryOf = (spec) => `vendor:${spec}`;
await build({
  ...common,
  entryPoints: Object.fromEntries(
    vendorSpecs.map((spec) => [relative(VENDOR, vendorFile(spec)).replace(/\.js$/, ''), entryOf(spec)]),
  ),
  outdir: VENDOR,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS code inside the bundle (e.g. @peculiar/asn1-*) requires Node's built-ins.
  banner: {
    js: "import { createRequire as __vendorRequire } from 'node:module'; const require = __vendorRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'vendor-entries',
      setup(b) {
        b.onResolve({ filter: /^vendor:/ }, (args) => ({ path: args.path.slice(7), namespace: 'vendor' }));
        b.onLoad({ filter: /.*/, namespace: 'vendor' }, async (args) => ({
          contents: await vendorEntry(args.path),
          resolveDir: SERVER,
          loader: 'js',
        }));
        // @fastify/static calls `glob` only to make a route per file (wildcard: false); app/web.ts
        // serves the SPA through one wildcard route, so glob (with minimatch, path-scurry, lru-cache)
        // is loaded from node_modules with its first call instead of evaluated at every start
        // (docs/decisions/116-server-bundle.md).
        b.onResolve({ filter: /^glob$/ }, (args) => {
          if (args.namespace === 'lazy-glob') return { path: 'glob', external: true };
          if (args.importer.includes('/node_modules/@fastify/static/'))
            return { path: 'glob', namespace: 'lazy-glob' };
          return undefined;
        });
        b.onLoad({ filter: /.*/, namespace: 'lazy-glob' }, () => ({
          contents: "module.exports = { glob: (...args) => require('glob').glob(...args) };",
          loader: 'js',
        }));
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          STAY_EXTERNAL.test(args.path) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

// 3. The server's and the contract's own modules bundled too (docs/decisions/116-server-bundle.md):
// Node resolved, read and compiled the ~250 files one by one at every start. Both entry points go
// into dist/bundle/ with the modules they share split into chunks there; what the code imports
// with `await import()` (the OpenAPI generator, the PDF renderer, …) stays a chunk of its own,
// loaded with its first use. dist/main.js and dist/cli/main.js stay where they were, as one-line
// modules importing the bundle. Every chunk sits in dist/bundle/, so a source's `import.meta.url`
// is rewritten to the URL its own compiled file had (dist/x/y.js): the files it finds relative to
// itself (migrations, demo data, the SPA, texts, build-info.json) stay where they were.
const BUNDLE = join(SERVER, 'dist/bundle');
const ownSource = /\/(apps\/server|packages\/contract)\/src\/.*\.ts$/;
const fromBundle = (target) => {
  const rel = relative(BUNDLE, target);
  return rel.startsWith('.') ? rel : `./${rel}`;
};
await build({
  ...common,
  entryPoints: { main: join(SERVER, 'src/main.ts'), cli: join(SERVER, 'src/cli/main.ts') },
  outdir: BUNDLE,
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  plugins: [
    {
      name: 'server-bundle',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (contractSpecifier.test(args.path)) return undefined;
          if (vendorSpecs.includes(args.path))
            return { path: fromBundle(vendorFile(args.path)), external: true };
          return { path: args.path, external: true };
        });
        b.onLoad({ filter: ownSource }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const url = `new URL(${JSON.stringify(fromBundle(outputOf(args.path)))}, import.meta.url).href`;
          return { contents: source.replace(/\bimport\.meta\.url\b/g, url), loader: 'ts' };
        });
      },
    },
  ],
});
const entryStub = (file, target) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `import '${relative(dirname(file), target).replace(/^(?!\.)/, './')}';\n`);
};
entryStub(join(SERVER, 'dist/main.js'), join(BUNDLE, 'main.js'));
entryStub(join(SERVER, 'dist/cli/main.js'), join(BUNDLE, 'cli.js'));

// 4. Files the code reads next to itself (e.g. features/domains/texts/*.html).
const copyAssets = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) copyAssets(p);
    else if (!p.endsWith('.ts')) cpSync(p, join(SERVER, 'dist', relative(join(SERVER, 'src'), p)));
  }
};
copyAssets(join(SERVER, 'src'));

// 5. The commit built, for /healthz, `portal --version` and portal_build_info (lib/build-info.ts):
// the built server may be copied where there is no .git. "unknown" when this is no checkout.
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
} catch {}
mkdirSync(join(SERVER, 'dist/lib'), { recursive: true });
writeFileSync(join(SERVER, 'dist/lib/build-info.json'), `${JSON.stringify({ commit })}\n`);
console.log(`Bundled ${sources.length} source files into apps/server/dist/bundle`);
