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
    // scripts/sizes.mjs reads the manifest to sum what /login/ loads first.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // The shared package's zod schemas are top-level calls the bundler cannot prove pure; the web uses their
        // types and the plain constants, so unused shared modules (and zod with them) stay out of the bundle.
        moduleSideEffects: (id: string) => !id.startsWith(sharedSource),
      },
    },
  },
});
