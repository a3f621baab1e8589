import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STAMP, staleWorkspaces, WORKSPACES } from './build-if-stale.mjs';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A checkout with every file dated `at` (seconds), built (stamped) at `builtAt` when given. */
function checkout(at: number, builtAt?: number) {
  root = mkdtempSync(path.join(os.tmpdir(), 'hallway-build-'));
  const write = (file: string, time: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
    utimesSync(path.join(root, file), time, time);
  };
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.base.json']) write(file, at);
  for (const workspace of WORKSPACES) {
    write(`${workspace}/src/index.ts`, at);
    write(`${workspace}/node_modules/.vite/deps.json`, at + 100); // dependencies' caches are not sources
    if (builtAt !== undefined) write(`${workspace}/${STAMP}`, builtAt);
    for (const dir of [`${workspace}/src`, workspace]) utimesSync(path.join(root, dir), at, at);
  }
  return (file: string, time: number) => write(file, time);
}

describe('npm start builds only what changed', () => {
  it('builds everything the first time, nothing while the builds are newer than their sources', () => {
    checkout(1_000);
    expect(staleWorkspaces(root)).toEqual(WORKSPACES);
    checkout(1_000, 2_000);
    expect(staleWorkspaces(root)).toEqual([]);
  });

  it('builds a changed workspace, everything after the shared package or the lock file changed', () => {
    let touch = checkout(1_000, 2_000);
    touch('apps/web/src/App.tsx', 3_000);
    expect(staleWorkspaces(root)).toEqual(['apps/web']);
    touch = checkout(1_000, 2_000);
    touch('packages/shared/src/limits.ts', 3_000);
    expect(staleWorkspaces(root)).toEqual(WORKSPACES);
    touch = checkout(1_000, 2_000);
    touch('package-lock.json', 3_000);
    expect(staleWorkspaces(root)).toEqual(WORKSPACES);
  });
});
