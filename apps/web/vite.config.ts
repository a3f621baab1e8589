import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.HALLWAY_API ?? 'http://127.0.0.1:4300';
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/**
 * Every module the entry imports statically, found when the module graph is complete. They all run before the first
 * screen, so they are one chunk (`startup-*.js`): split by which lazy pages also use them they were nine files, and
 * each answer's headers (~700 bytes) and separate compression cost /login/ ~8 KB.
 */
const startupModules = new Set<string>();
const BARRELS = /[\\/]node_modules[\\/]@(mantine|tabler)[\\/]/;
function startupGraph(): Plugin {
  return {
    name: 'hallway-startup-graph',
    apply: 'build',
    buildEnd() {
      startupModules.clear();
      const entry = [...this.getModuleIds()].find((id) => this.getModuleInfo(id)?.isEntry);
      const queue = entry ? [entry] : [];
      while (queue.length) {
        const id = queue.pop()!;
        // Mantine, the icons and the shared package are barrels that import every component or schema (and zod):
        // the graph through them would hold all of them, used or not. Their parts stay with the bundler's own split.
        if (startupModules.has(id) || BARRELS.test(id) || id.startsWith(sharedSource)) continue;
        startupModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * REACT_PROFILING=1 (the audit's profile mode, e2e/audit/run.mjs): React's profiling build, which writes each render's
 * lane, cause and component timings to the browser's performance timeline, with names kept (no minifying).
 */
const profiling = process.env.REACT_PROFILING === '1';

/**
 * In the profiling build, React reports which component saw an external store (a `useQuery`, `useSyncExternalStore`)
 * change during a background render — the cause of a "Teared Render", which React then redoes synchronously.
 */
function reportTears(): Plugin {
  const check = 'if (!objectIs(getSnapshot(), check)) return !1;';
  return {
    name: 'hallway-report-tears',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('react-dom-profiling.profiling.js')) return undefined;
      if (!code.includes(check)) {
        this.warn('the tear check of this React version was not found: tears are not reported');
        return undefined;
      }
      const names = `for (var torn = [], f = node; f && torn.length < 4; f = f.return) {
        var name = getComponentNameFromFiber(f); name && torn.push(name); }`;
      return code.replace(
        check,
        `if (!objectIs(getSnapshot(), check)) { ${names} console.warn("hallway-tear " + torn.join(" < ")); return !1; }`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), startupGraph(), ...(profiling ? [reportTears()] : [])],
  resolve: {
    alias: [
      { find: /^@hallway\/shared$/, replacement: `${sharedSource}index.ts` },
      // A module's own part of the shared package (docs/modules.md "A module's shared files").
      { find: /^@hallway\/shared\/(.+)$/, replacement: `${sharedSource}schemas/$1.ts` },
      ...(profiling ? [{ find: 'react-dom/client', replacement: 'react-dom/profiling' }] : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    ...(profiling ? { minify: false, outDir: 'dist-profile', emptyOutDir: true } : {}),
    // scripts/sizes.mjs reads the manifest to sum what /login/ loads first; scripts/compress.mjs then writes the
    // .br and .gz copies the server sends (apps/server/src/app.ts registerWeb).
    manifest: true,
    // The browsers this build targets preload modules themselves (modulepreload: Chrome 66, Firefox 115, Safari 17);
    // the polyfill cost every first visit ~350 bytes. An older browser still runs the app, fetching chunks as needed.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // The chunk every page shares (React, the router, Mantine's core, the API client) would be named after
        // whichever of its modules the bundler picks (it was "errors-*.js"): it is called common-*.js.
        chunkFileNames: (chunk) =>
          !chunk.isDynamicEntry && chunk.moduleIds.some((id) => id.includes('/node_modules/react/'))
            ? 'assets/common-[hash].js'
            : 'assets/[name]-[hash].js',
        // Left alone, the bundler makes ~160 chunks, many of a few hundred bytes (one Mantine component, one icon):
        // /login/ fetched 36 files, and each answer's headers (~700 bytes) cost more than its body. Common chunks
        // under 16 kB of source are copied into the chunks that import them instead: /login/ fetches 15 files.
        // (This turns on strict execution order: modules keep their source order whatever chunk they land in.)
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 16_000 },
          groups: [{ name: 'startup', test: (id: string) => startupModules.has(id), priority: 10 }],
        },
      },
      treeshake: {
        // The shared package's zod schemas are top-level calls the bundler cannot prove pure; the web uses their
        // types and the plain constants, so unused shared modules (and zod with them) stay out of the bundle.
        moduleSideEffects: (id: string) => !id.startsWith(sharedSource),
      },
    },
  },
});
