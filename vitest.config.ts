import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('./packages/shared/src/', import.meta.url));
/** `@hallway/shared` and a module's own part of it, `@hallway/shared/<module>[.messages|.notifications]`. */
const alias = [
  { find: /^@hallway\/shared$/, replacement: `${sharedSource}index.ts` },
  { find: /^@hallway\/shared\/(.+)$/, replacement: `${sharedSource}schemas/$1.ts` },
];

export default defineConfig({
  test: {
    // Two cores in CI: vitest's default (cores - 1) would run the test files one after another.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          // The root's scripts (npm start's build) are plain Node with no set-up either.
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.multiprocess.test.ts'],
          environment: 'node',
          // Guards against a hang, not waits: generous, since CI machines are sometimes loaded by other work.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Migrated once per run; each test file starts from a copy (apps/server/src/test/snapshot.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // A worker keeps its imported app and compiled PGlite between files: each file builds its own harness
          // and workspaces, and modules keep no state between requests (module.ts services, not module globals).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A worker keeps its imported modules (React, Mantine, the app) between test files: each file's own
          // set-up (setup.ts: a fresh DOM, texts, storage; its own QueryClient and mocks restored) makes it start
          // clean. Importing everything afresh per file was about two thirds of the project's time.
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'multiprocess',
          include: ['apps/server/src/**/*.multiprocess.test.ts'],
          environment: 'node',
          // Some of these build an in-process harness beside the spawned servers (throttle-redis).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
