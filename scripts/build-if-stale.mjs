// `npm start`'s build: only the workspaces changed since their last successful build are built again. A build
// leaves a stamp in the workspace's dist carrying the time it started; a file of the workspace (a folder too: a
// deleted file changes its folder) or the root's package files newer than that stamp makes it stale, and a rebuilt
// shared package rebuilds the server and the web, which compile it in.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const WORKSPACES = ['packages/shared', 'apps/server', 'apps/web'];
const SHARED = WORKSPACES[0];
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-profile', 'coverage', 'test-results']);
export const STAMP = 'dist/.hallway-build';

const mtimeOf = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? null;

/** The newest modification time under `dir`, build outputs and dependencies left out. */
export function newestChange(dir) {
  let newest = mtimeOf(dir) ?? 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : (mtimeOf(full) ?? 0));
  }
  return newest;
}

/** The workspaces of `root` whose build is missing or older than their sources, in build order. */
export function staleWorkspaces(root) {
  const common = Math.max(...ROOT_INPUTS.map((file) => mtimeOf(path.join(root, file)) ?? 0));
  const stale = [];
  for (const workspace of WORKSPACES) {
    const built = mtimeOf(path.join(root, workspace, STAMP));
    const changed = built === null || Math.max(common, newestChange(path.join(root, workspace))) > built;
    if (changed || stale.includes(SHARED)) stale.push(workspace);
  }
  return stale;
}

/** Builds a workspace and stamps it with the time the build started (a file saved meanwhile is newer). */
function build(root, workspace) {
  const started = new Date();
  const { status } = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  const stamp = path.join(root, workspace, STAMP);
  writeFileSync(stamp, `${started.toISOString()}\n`);
  utimesSync(stamp, started, started);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const stale = staleWorkspaces(root);
  if (stale.length === 0) console.log('build: up to date');
  for (const workspace of stale) build(root, workspace);
}
