import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Copies the built server, its migrations and the built shared package into `<root>/bench/results/.server-<pid>`,
 * laid out so that Node resolves `@hallway/shared` to the copy and every other package to the repository's
 * node_modules. Several engineers rebuild the same working tree: a run of several minutes must not pick up a
 * half-written dist/ halfway through.
 */
export async function snapshotServer(root) {
  const dir = path.join(root, 'bench/results', `.server-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  const copies = [
    ['apps/server/dist', 'apps/server/dist'],
    ['apps/server/drizzle', 'apps/server/drizzle'],
    ['apps/server/package.json', 'apps/server/package.json'],
    ['packages/shared/dist', 'node_modules/@hallway/shared/dist'],
    ['packages/shared/package.json', 'node_modules/@hallway/shared/package.json'],
  ];
  for (const [from, to] of copies) {
    await mkdir(path.dirname(path.join(dir, to)), { recursive: true });
    await cp(path.join(root, from), path.join(dir, to), { recursive: true });
  }
  return {
    dir,
    serverDist: path.join(dir, 'apps/server/dist'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
