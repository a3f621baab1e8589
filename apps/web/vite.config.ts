import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.HALLWAY_API ?? 'http://127.0.0.1:4300';
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@hallway/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)) },
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
    // scripts/sizes.mjs reads the manifest to sum what /login/ loads first; scripts/compress.mjs then writes the
    // .br and .gz copies the server sends (apps/server/src/app.ts registerWeb).
    manifest: true,
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
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16_000 } },
      },
      treeshake: {
        // The shared package's zod schemas are top-level calls the bundler cannot prove pure; the web uses their
        // types and the plain constants, so unused shared modules (and zod with them) stay out of the bundle.
        moduleSideEffects: (id: string) => !id.startsWith(sharedSource),
      },
    },
  },
});
