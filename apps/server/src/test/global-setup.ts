import type { TestProject } from 'vitest/node';
import { createSnapshot, dropSnapshot, type Snapshot } from './snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated database, which every test file copies (see snapshot.ts). */
    hallwaySnapshot: Snapshot;
  }
}

/** vitest `globalSetup` of the server tier: migrate once per run, copy per test file. */
export default async function setup(project: TestProject) {
  const snapshot = await createSnapshot(process.env.TEST_DATABASE_URL);
  project.provide('hallwaySnapshot', snapshot);
  return () => dropSnapshot(snapshot);
}
