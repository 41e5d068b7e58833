import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import { BUILD_STAMP, spaInputsHash } from './src/server/spa-build.ts';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const bffPort = process.env.PORT ?? '8080';

/**
 * What every page needs (React, the router and react-query) travels in one long-lived vendor
 * chunk: a deploy that touches only our code does not invalidate it, and one chunk compresses
 * better than several. react-hook-form and zod are left out: the sign-in page checks its two fields
 * without a form library, and its contract schemas (contract/session, zod/mini) load beside the
 * requests that need them (features/auth/api/session-contract), so zod comes after the first paint. MUI is deliberately not grouped
 * either, so each component comes with the lazy route that first uses it and the sign-in page
 * does not pay for the tables, drawers and menus of the signed-in pages. `npm run build` is
 * followed by scripts/report-bundle.mjs, which holds the first page to its budget.
 */
const vendor =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@tanstack[\\/]react-query|@tanstack[\\/]query-core)[\\/]/;

/**
 * react-query's modules of the hooks only signed-in pages use (several reads at once, pages of a
 * list loaded one after another, the state of other components' writes): a group takes every
 * module its test matches, used by the first page or not, so these come with the lazy pages that
 * use them instead (1.2 KB gzip off the first page). Another hook the first page starts to use
 * still works: it then travels in the entry chunk.
 */
const laterQueryHooks =
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useQueries|queriesObserver|useIsFetching|useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions|useMutationState)\.js$/;
const isVendor = (id: string) => vendor.test(id) && !laterQueryHooks.test(id);

/**
 * react-router's package exports send every bundler to its development build; a production
 * bundle takes the production build instead (same code, without the development warnings).
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br and a .gz next to every text file of the build, at the highest levels (the build
 * pays once; the BFF sends them as they are, see serveSpa in src/server/app.ts). Twenty lines of
 * node:zlib instead of a plugin dependency.
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      // The stamp that lets `npm start` skip the build while the inputs are unchanged.
      await writeFile(path.join(dir, BUILD_STAMP), `${spaInputsHash()}\n`);
      await Promise.all(
        Object.values(bundle)
          .filter((item) => /\.(js|css|html|svg)$/.test(item.fileName))
          .map(async (item) => {
            const source = item.type === 'chunk' ? item.code : item.source;
            const file = path.join(dir, item.fileName);
            const [br, gz] = await Promise.all([
              brotli(Buffer.from(source), {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
              }),
              gzip(Buffer.from(source), { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

/**
 * Our own modules that the entry imports statically (the shell, the router, the sign-in page and
 * what they import). They run at every start anyway, so they travel in the entry chunk together
 * with the library code they need: left to itself the bundler cuts that set into eight small
 * chunks wherever a lazy page shares a module, and each cut costs its own compression dictionary
 * and import glue (the first page went from 152.6 to 149.8 KB gzip). A shared module used there
 * travels whole, with every export a later page uses: one that also draws with MUI would bring MUI
 * and Emotion back to the first page, which is drawn without them (app/mui-theme.tsx). Filled from
 * the module graph at the end of the build, before the chunks are cut.
 */
const shellModules = new Set<string>();
const isShellModule = (id: string) => shellModules.has(id) && !id.includes('node_modules');

function collectShellModules(): Plugin {
  return {
    name: 'portal-shell-modules',
    apply: 'build',
    buildStart() {
      shellModules.clear();
    },
    buildEnd() {
      const visit = (id: string) => {
        if (shellModules.has(id)) return;
        shellModules.add(id);
        for (const child of this.getModuleInfo(id)?.importedIds ?? []) visit(child);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
    },
  };
}

/**
 * MUI's createTheme imports two builders and calls the CSS-variables one only when a theme asks
 * for `cssVariables`; src/web/app/theme.ts does not, and neither does MUI's default theme. The
 * package exports no path to the other builder alone, so the build swaps this one for a stub
 * that says why it is missing: about 4 KB gzip off every page drawn with MUI (off the first page
 * too, until the sign-in page did without MUI: docs/benchmarks.md).
 */
const themeWithVarsStub = '\0portal-mui-theme-with-vars-stub';
function leaveOutCssVariablesTheme(): Plugin {
  return {
    name: 'portal-leave-out-css-variables-theme',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './createThemeWithVars.mjs' &&
        importer?.replace(/\\/g, '/').endsWith('/@mui/material/styles/createTheme.mjs')
      ) {
        return themeWithVarsStub;
      }
      return null;
    },
    load(id) {
      if (id !== themeWithVarsStub) return null;
      return `export default function createThemeWithVars() {
  throw new Error('This build leaves out CSS-variables themes (vite.config.ts): create the theme without cssVariables.');
}`;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), leaveOutCssVariablesTheme(), precompress(), collectShellModules()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the portal supports preloads modules natively; the polyfill would only add to
    // the first page.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The MUI X data grid is one ~510 kB chunk (150 kB gzip), shared by the pages with long lists
    // and loaded with them only; scripts/report-bundle.mjs guards what the first page loads.
    chunkSizeWarningLimit: 520,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: isVendor, priority: 2 },
            { name: 'shell', test: isShellModule, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1' },
}));
