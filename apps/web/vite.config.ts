import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROUTES } from '../../packages/contract/src/routes.ts';

/**
 * Each Mantine component brings its own stylesheet (the `@layer mantine` edition of
 * `@mantine/core/styles/<Component>.layer.css`), imported from the component's class-name module.
 * A screen's chunk then carries the CSS of exactly the components it renders, in import order (a
 * component's sheet after those of the components it builds on), instead of the full 200 KB sheet;
 * a component added to a screen later brings its CSS without anyone listing it. −19.6 KB on the
 * login screen, −13.9 KB on the phone's home (the full sheet instead: bench:bundle 2026-11-29).
 */
function mantineComponentCss(): Plugin {
  const suffix = '.module.css.mjs';
  return {
    name: 'portal:mantine-component-css',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(suffix) || mantinePath(id)?.[0] !== 'esm') return null;
      const component = basename(id, suffix);
      return { code: `import '@mantine/core/styles/${component}.layer.css';\n${code}`, map: null };
    },
  };
}

/** The path of a file inside the `@mantine/core` package, as its parts; null for any other file. */
function mantinePath(id: string): string[] | null {
  const parts = id.replaceAll('\\', '/').split('/');
  const at = parts.lastIndexOf('core');
  return at > 0 && parts[at - 1] === '@mantine' ? parts.slice(at + 1) : null;
}

/**
 * The Mantine component a file of `@mantine/core` is part of: `Select` for its code
 * (`esm/components/Select/…`) and for its sheet (`styles/Select.layer.css`); null otherwise.
 */
function mantineComponentOf(id: string): string | null {
  const path = mantinePath(id);
  if (path?.[0] === 'styles' && path.length === 2 && path[1].endsWith('.layer.css'))
    return basename(path[1], '.layer.css');
  if (path?.[0] === 'esm' && path[1] === 'components' && path.length > 3) return path[2];
  return null;
}

/**
 * Mantine's ScrollArea (under every Table, for Table.ScrollContainer) merges two refs with Floating
 * UI's `useMergeRefs`: one import that made every screen with a table download the pop-over code
 * (the `overlays` chunk, Floating UI's module whole). Here it merges them with Mantine's own
 * `useMergedRef`, which does the same (a callback ref setting each of them); the build stops if
 * that line of the package changes. −23.3 KB on the phone's Account Info (bench:bundle 2026-11-29;
 * the domain list and Make Payment draw plain tables and gain nothing).
 */
function scrollAreaOwnRefs(): Plugin {
  const from = "import { useMergeRefs } from '@floating-ui/react';";
  return {
    name: 'portal:scroll-area-own-refs',
    enforce: 'pre',
    transform(code, id) {
      if (mantinePath(id)?.join('/') !== 'esm/components/ScrollArea/ScrollArea.mjs') return null;
      if (!code.includes(from)) return this.error(`${id}: its import of useMergeRefs has changed`);
      const to =
        "import { useMergedRef } from '@mantine/hooks';\n" +
        'const useMergeRefs = (refs) => useMergedRef(...refs);';
      return { code: code.replace(from, to), map: null };
    },
  };
}

/**
 * Brotli (best quality) and gzip copies of every text file of the build, next to it (`x.js.br`,
 * `x.js.gz`): the server sends them as they are (@fastify/static `preCompressed`), 15 % smaller
 * than compressing on the fly at the fast setting, and without spending CPU on each request:
 * −21.9 KB sent for the login screen, −29.8 KB for the phone's home (bench:bundle 2026-11-29, its
 * brotli columns).
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'portal:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const path = join(dir, f);
          const raw = await readFile(path);
          const [b, g] = await Promise.all([
            br(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: 9 }),
          ]);
          if (b.length < raw.length) await writeFile(`${path}.br`, b);
          if (g.length < raw.length) await writeFile(`${path}.gz`, g);
        }),
      );
    },
  };
}

/**
 * Runs in the page, from assets/preload-*.js: applies a stored light or dark choice; signed in, asks at once for the files of the signed-in
 * shell and of the address's screen (`<link rel="modulepreload">`, stylesheets `rel="preload"`), so
 * they download alongside the entry instead of after it has been downloaded and run. Plain
 * JavaScript once built (its source text is the script); any failure leaves the app to load them.
 */
function preloadSignedIn(table: {
  base: string;
  files: string[];
  shell: number[];
  routes: Array<[string, number[]]>;
}) {
  try {
    // A light or dark choice shows from the first paint (main.tsx sets it again, with 'system').
    const mode = localStorage.getItem('mode');
    if (mode === 'light' || mode === 'dark')
      document.documentElement.setAttribute('data-mantine-color-scheme', mode);
    if (localStorage.getItem('logged_in') !== 'true' || !localStorage.getItem('id_token')) return;
    const base = table.base.replace(/\/$/, '');
    const path = location.pathname.slice(base.length) || '/';
    const route = table.routes.find(([pattern]) => new RegExp(pattern, 'i').test(path));
    for (const file of table.shell.concat(route ? route[1] : []).map((i) => table.files[i])) {
      const link = document.createElement('link');
      const css = file.endsWith('.css');
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      // As the app's own requests for them (Vite's loader, the entry's `crossorigin`), so the
      // browser reuses these answers.
      link.crossOrigin = '';
      link.href = table.base + file;
      document.head.appendChild(link);
    }
  } catch {
    // No storage (private mode) or an old browser: the app loads the files itself, as before.
  }
}

/** A node of the ESTree (TypeScript) syntax tree `this.parse` gives, read structurally. */
type AstNode = { type: string } & Record<string, unknown>;
const isNode = (v: unknown): v is AstNode =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
/** An expression without its TypeScript wrapper (`x satisfies T`, `x as T`). */
const TS_WRAPPERS = new Set(['TSSatisfiesExpression', 'TSAsExpression']);
const unwrap = (v: unknown): AstNode | null =>
  !isNode(v) ? null : TS_WRAPPERS.has(v.type) ? unwrap(v.expression) : v;
const keyOf = (p: AstNode): string | null => {
  const k = p.key;
  if (!isNode(k)) return null;
  if (k.type === 'Identifier' && !p.computed) return String(k.name);
  return k.type === 'Literal' && typeof k.value === 'string' ? k.value : null;
};
const propertiesOf = (o: AstNode | null): AstNode[] =>
  o?.type === 'ObjectExpression' && Array.isArray(o.properties) ? o.properties.filter(isNode) : [];

/** The module a screen of the manifest loads: `{ load: () => import('./x-page.tsx'), … }` → './x-page.tsx'. */
function loadedModule(entry: AstNode | null): string | null {
  const load = propertiesOf(entry).find((p) => p.type === 'Property' && keyOf(p) === 'load');
  const fn = unwrap(load?.value);
  const body = fn?.type === 'ArrowFunctionExpression' ? unwrap(fn.body) : null;
  const source = body?.type === 'ImportExpression' ? unwrap(body.source) : null;
  return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : null;
}

/**
 * The screens an area's manifest lists (features/<area>/screens.ts, typed `Screens` of
 * app/screen.ts), route name → module, read from its syntax tree: every exported object's
 * properties, each a screen written in place or a constant of the module holding one.
 */
function screensOf(program: unknown): Map<string, string> | string {
  const body = isNode(program) && Array.isArray(program.body) ? program.body.filter(isNode) : [];
  const consts = new Map<string, { init: AstNode | null; exported: boolean }>();
  for (const statement of body) {
    const exported = statement.type === 'ExportNamedDeclaration';
    const decl = exported ? statement.declaration : statement;
    if (!isNode(decl) || decl.type !== 'VariableDeclaration' || !Array.isArray(decl.declarations)) continue;
    for (const d of decl.declarations.filter(isNode))
      if (isNode(d.id) && d.id.type === 'Identifier')
        consts.set(String(d.id.name), { init: unwrap(d.init), exported });
  }
  const screens = new Map<string, string>();
  for (const [name, { init, exported }] of consts) {
    if (!exported) continue;
    for (const p of propertiesOf(init)) {
      const key = p.type === 'Property' ? keyOf(p) : null;
      const value = unwrap(p.value);
      const entry = value?.type === 'Identifier' ? (consts.get(String(value.name))?.init ?? null) : value;
      const module = loadedModule(entry);
      if (!key || !module) return `${name}: a screen that is not { load: () => import('…') }`;
      screens.set(key, module);
    }
  }
  return screens;
}

/**
 * The preload script and its table: which files the signed-in shell (with the screen manifest) and
 * each route's screen need beyond the first screen's, read from the build's chunks. The route →
 * screen module pairs come from the areas' manifests (`features/<area>/screens.ts`, read from their
 * syntax trees: screensOf) and the paths from the contract's route table; the build fails if a
 * route is left without files, so a change of either form is noticed here rather than in the
 * scores. The script is loaded `async` from index.html (the CSP allows no inline script).
 * It costs 3.9 KB on every page (bench:bundle 2026-11-29) and buys time, not bytes: the shell's and
 * the screen's requests start with the entry's (docs/decisions/119-build-tricks-measured.md).
 */
function preloadScript(): Plugin {
  const screenOf = new Map<string, string>();
  const srcDir = resolve(import.meta.dirname, 'src');
  const isAreaManifest = (id: string) =>
    basename(id) === 'screens.ts' &&
    basename(dirname(dirname(id))) === 'features' &&
    id.startsWith(srcDir + sep);
  let base = '/';
  return {
    name: 'portal:preload-script',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transform: {
      order: 'pre',
      handler(code, id) {
        if (!isAreaManifest(id)) return null;
        const screens = screensOf(this.parse(code, { lang: 'ts' }));
        if (typeof screens === 'string') return this.error(`preload table: ${id}: ${screens}`);
        for (const [name, module] of screens) screenOf.set(name, resolve(dirname(id), module));
        return null;
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const cssOf = (c: (typeof chunks)[number]) => [...(c.viteMetadata?.importedCss ?? [])];
      /** A chunk's file, its static imports' (transitively) and their stylesheets. */
      const closure = (file: string, into = new Set<string>()) => {
        const c = byFile.get(file);
        if (!c || into.has(file)) return into;
        into.add(file);
        for (const css of cssOf(c)) into.add(css);
        for (const i of c.imports) closure(i, into);
        return into;
      };
      const initial = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c.fileName, initial);
      const filesOf = (moduleId: string) => {
        const c =
          chunks.find((x) => x.facadeModuleId === moduleId) ??
          chunks.find((x) => x.moduleIds.includes(moduleId));
        if (!c) return null;
        return [...closure(c.fileName)].filter((f) => !initial.has(f));
      };
      const shell = filesOf(join(srcDir, 'app', 'signed-in-shell.tsx'));
      const manifest = filesOf(join(srcDir, 'app', 'screens.ts'));
      if (!shell) return this.error('preload table: no chunk holds the signed-in shell');
      if (!manifest) return this.error('preload table: no chunk holds the screen manifest');
      for (const f of manifest) if (!shell.includes(f)) shell.push(f);
      const routes: Array<[string, string[]]> = [];
      for (const { name, path } of ROUTES) {
        const module = screenOf.get(name);
        const files = module && filesOf(module);
        if (!files) return this.error(`preload table: no screen chunk for the route '${name}'`);
        const pattern = path
          .replace(/[.*+^${}()|[\]\\]/g, '\\$&')
          .replace(/\/:\w+\?/g, '(?:/[^/]+)?')
          .replace(/:\w+/g, '[^/]+');
        routes.push([`^${pattern.replace(/\/$/, '')}/?$`, files.filter((f) => !shell.includes(f))]);
      }
      // Each file named once, routes and shell listing their positions: the table is a third of
      // the size it was with the names repeated for every route (it is on the login screen's path).
      const files = [...new Set([...shell, ...routes.flatMap(([, f]) => f)])];
      const at = (f: string) => files.indexOf(f);
      const table = {
        base,
        files,
        shell: shell.map(at),
        routes: routes.map(([pattern, f]): [string, number[]] => [pattern, f.map(at)]),
      };
      const ref = this.emitFile({
        type: 'asset',
        name: 'preload.js',
        source: `(${preloadSignedIn.toString()})(${JSON.stringify(table)});\n`,
      });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('preload table: index.html is not in the bundle');
      const tag = `<script async src="${base}${this.getFileName(ref)}"></script>`;
      html.source = String(html.source).replace(
        /(\s*)<script type="module"/,
        `$1${tag}$1<script type="module"`,
      );
    },
  };
}

/**
 * Mantine's inputs beyond the login form's (their code and sheets) with the libraries they build
 * on, and the form library (`@mantine/form` with its two helpers), which the login form no longer
 * uses (docs/performance.md, "Languages"): kept out of `ui` below, so that home and the domain
 * list, which have no form, do not download them. The form library alone: −4.5 and −4.4 KB on
 * the phone's home and domain list (bench:bundle 2026-11-29;
 * docs/decisions/123-catalogues-with-their-screens.md).
 */
const INPUT_NAMES = new Set([
  'Checkbox',
  'CheckIcon',
  'Combobox',
  'InlineInput',
  'InputsGroupFieldset',
  'NativeSelect',
  'NumberInput',
  'Pagination',
  'Radio',
  'Select',
  'Switch',
  'Textarea',
]);
const INPUT_PACKAGES = [
  'react-number-format',
  'react-textarea-autosize',
  '@mantine/form',
  'klona',
  'fast-deep-equal',
];
/** Mantine's components that float over a screen, with what they build on (code and sheets). */
const OVERLAY_NAMES = new Set([
  'Popover',
  'Tooltip',
  'Floating',
  'Modal',
  'ModalBase',
  'Overlay',
  'FocusTrap',
  'Portal',
]);
/** Mantine's Table and the ScrollArea its scroll container builds on (code and sheets). */
const TABLE_NAMES = new Set(['Table', 'ScrollArea']);
const inNodeModule = (id: string, name: string) =>
  id.replaceAll('\\', '/').includes(`/node_modules/${name}/`);
const INPUTS = (id: string) =>
  INPUT_NAMES.has(mantineComponentOf(id) ?? '') || INPUT_PACKAGES.some((p) => inNodeModule(id, p));
/**
 * dayjs, which the mail screens and the thank-you page still format dates with; home writes the
 * spec's formats itself (ui/date-time.ts) and, with dayjs out of `ui`, no screen of a phone's first
 * load downloads it (−2.7 to −2.9 KB there, bench:bundle 2026-11-29).
 */
const DATES = (id: string) => inNodeModule(id, 'dayjs');
/** TanStack Table and the shared data table: list screens only. */
const TABLE = /@tanstack[\\/](react-)?table|table-core|src[\\/]ui[\\/]data-table\.tsx$/;

export default defineConfig({
  base: '/portal/',
  plugins: [mantineComponentCss(), scrollAreaOwnRefs(), react(), preloadScript(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A few chunks instead of a hundred: every file is a request, and on a slow link the
        // browser fetches six at a time. Each group is here for what bench:bundle measured without
        // it (docs/performance.md, "Build tricks, what each buys"; 2026-11-29).
        codeSplitting: {
          groups: [
            // Everything the first screen runs, in two files: React, and the rest (the router, Mantine's
            // core, TanStack Query, the app's shell and login). Without any group the login screen
            // fetches 58 files instead of 6 and 19.9 KB more; React in a file of its own saves
            // 0.3–0.5 KB on every page, which keeps the phone's Make Payment under its 200 KB
            // (bench:bundle 2026-11-29).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 11,
            },
            { name: 'app', tags: ['$initial'], priority: 10 },
            // The sanitiser of server markup (ui/safe-html.tsx), on its own: a file that stays cached
            // while the app changes, and that the XSS test names as the source of the CSP reports
            // DOMPurify's own parsing raises. With zod below: −24.5 KB on the phone's home, −35.6 KB
            // on its domain list and Make Payment (bench:bundle 2026-11-29, the two groups off).
            { name: 'dompurify', test: /node_modules[\\/]dompurify[\\/]/, priority: 6 },
            // zod, on its own: the forms validate with the contract's schemas, while the shell and the
            // screens that only show data make their calls by reference (`call-refs.ts`) without it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 6 },
            // What floats over a screen (Floating UI with Popover and Tooltip, Modal and what it builds
            // on): home and the forms' text inputs use none of it, and it was half of the shared chunk
            // below, which home needs. Only these modules: what they build on stays with the
            // screens' other parts. −29.5 KB on the phone's home, domain list and Make Payment
            // (bench:bundle 2026-11-29).
            {
              name: 'overlays',
              test: (id) =>
                /node_modules[\\/]@floating-ui[\\/]/.test(id) ||
                OVERLAY_NAMES.has(mantineComponentOf(id) ?? ''),
              priority: 5,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            // Mantine's Table with its ScrollArea: the screens that show one (the data table and the
            // cards on file draw plain tables, ui/plain-table.css), which with scrollAreaOwnRefs
            // above no longer need the overlays for it. Not ScrollArea's `toInt`,
            // which FloatingIndicator (in `ui`, on home) imports: with it here, home would load this
            // chunk for one line (as it once loaded the overlays, 29.7 KB of 223.6 on a phone).
            // −6.0 KB on the phone's home and domain list, −5.9 KB on its Make Payment (bench:bundle
            // 2026-11-29).
            {
              name: 'mantine-table',
              test: (id) => TABLE_NAMES.has(mantineComponentOf(id) ?? '') && !id.endsWith('to-int.mjs'),
              priority: 5,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            // The signed-in shell, the screen manifest and the page frame every screen draws in, with
            // what they import (beyond the groups above): one file, which every signed-in screen
            // loads, instead of three that imported each other's exports by name. −1.1 KB on the
            // phone's home, domain list and Make Payment, two files fewer (bench:bundle 2026-11-29;
            // docs/decisions/123-catalogues-with-their-screens.md).
            {
              name: 'signed-in-shell',
              test: /src[\\/](app[\\/](signed-in-shell\.tsx|screens\.ts)|ui[\\/]page\.tsx)$/,
              priority: 3,
            },
            // The navigation's names stay a file of their own: the Spanish catalogues (i18n/es.ts)
            // register them, and in the shell's file the Spanish login screen would download the
            // whole signed-in shell with them (+37 KB there, bench:bundle 2026-11-29).
            { name: 'nav-messages', test: /contract[\\/]src[\\/]shell[\\/]nav-messages\.ts$/, priority: 4 },
            // Libraries shared by two screens or more, except the inputs, TanStack Table and dayjs.
            {
              name: 'ui',
              test: (id) => /node_modules/.test(id) && !INPUTS(id) && !TABLE.test(id) && !DATES(id),
              priority: 4,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
