import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Each Mantine component brings its own stylesheet (the `@layer mantine` edition of
 * `@mantine/core/styles/<Component>.layer.css`), imported from the component's class-name module.
 * A screen's chunk then carries the CSS of exactly the components it renders, in import order (a
 * component's sheet after those of the components it builds on), instead of the full 200 KB sheet;
 * a component added to a screen later brings its CSS without anyone listing it.
 */
function mantineComponentCss(): Plugin {
  const classModule = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.css\.mjs$/;
  return {
    name: 'portal:mantine-component-css',
    enforce: 'pre',
    transform(code, id) {
      const m = classModule.exec(id);
      if (!m) return null;
      return { code: `import '@mantine/core/styles/${m[1]}.layer.css';\n${code}`, map: null };
    },
  };
}

/**
 * Brotli (best quality) and gzip copies of every text file of the build, next to it (`x.js.br`,
 * `x.js.gz`): the server sends them as they are (@fastify/static `preCompressed`), 15 % smaller
 * than compressing on the fly at the fast setting, and without spending CPU on each request.
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

/** Mantine's inputs beyond the login form's (their code and sheets), for forms and the table's pager. */
const FORM_INPUT_NAMES = [
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
].join('|');
const FORM_INPUTS = new RegExp(
  `@mantine[\\\\/]core[\\\\/](esm[\\\\/]components[\\\\/](${FORM_INPUT_NAMES})[\\\\/]|styles[\\\\/](${FORM_INPUT_NAMES})\\.layer\\.css)|react-number-format|react-textarea-autosize`,
);
/** TanStack Table and the shared data table: list screens only. */
const TABLE = /@tanstack[\\/](react-)?table|table-core|src[\\/]ui[\\/]data-table/;

export default defineConfig({
  base: '/portal/',
  plugins: [mantineComponentCss(), react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A few chunks instead of a hundred: every file is a request, and on a slow link the
        // browser fetches six at a time. The first screen is one file; the signed-in shell one more;
        // a screen then needs its own chunk and at most the three shared ones it uses.
        codeSplitting: {
          groups: [
            // Everything the first screen runs, in two files that the browser compiles side by side
            // (one file of half a megabyte is compiled in one long task): React, and the rest
            // (the router, Mantine's core, TanStack Query, the app's shell and login).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 11,
            },
            { name: 'app', tags: ['$initial'], priority: 10 },
            // The signed-in layout with what it needs (menus, accordion, floating UI, zod).
            { name: 'shell', test: /src[\\/]app[\\/]signed-in-shell/, priority: 5 },
            // Libraries shared by two screens or more, except the inputs and the table below.
            {
              name: 'ui',
              test: (id) =>
                /node_modules/.test(id) && !FORM_INPUTS.test(id) && !TABLE.test(id) && !/dompurify/.test(id),
              priority: 4,
              minShareCount: 2,
            },
            { name: 'forms', test: FORM_INPUTS, priority: 3, minShareCount: 2 },
            // Only the table itself: its other dependencies stay in the groups above.
            { name: 'table', test: TABLE, priority: 2, includeDependenciesRecursively: false },
            { name: 'common', test: /src[\\/]ui[\\/](page|form)\.tsx?$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
