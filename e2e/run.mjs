#!/usr/bin/env node
// Browser tests: build the web app, start the server on a fresh embedded database, run Playwright, stop the server.
// Usage: node e2e/run.mjs [playwright args...]   (SKIP_BUILD=1 reuses apps/web/dist; CHROMIUM_PATH picks a browser)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4310);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const SUPERADMIN_PASSWORD = 'e2e-superadmin-pass';
// The demo people's password: without DEMO_PASSWORD the server makes up one. e2e/specs/helpers.ts signs in with it.
const DEMO_PASSWORD = 'demo1234';

/** CHROMIUM_PATH when given (and only it), otherwise Debian's Chromium. */
function findChromium() {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

const chromium = findChromium();
if (!chromium) {
  const bar = '!'.repeat(78);
  console.warn(
    [
      '',
      bar,
      '!!  BROWSER TESTS WERE SKIPPED: no Chromium found.',
      `!!  Looked at ${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : '/usr/bin/chromium and /usr/bin/chromium-browser'}.`,
      "!!  Install Debian's Chromium and run again:",
      '!!      apt-get install -y chromium',
      '!!  or point CHROMIUM_PATH at a Chromium/Chrome binary.',
      bar,
      '',
    ].join('\n'),
  );
  process.exit(0);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.SKIP_BUILD !== '1') {
  console.log('e2e: building the web app…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('e2e: apps/web/dist is missing; run without SKIP_BUILD=1');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'hallway-e2e-'));
console.log(`e2e: starting the server on ${BASE_URL} with data in ${dataDir}`);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_PASSWORD,
    SUPERADMIN_PASSWORD,
    PUBLIC_URL: BASE_URL,
    LOG_LEVEL: 'warn',
    // Every spec signs in several times from one address within a minute.
    LOGIN_RATE_LIMIT: '1000',
    // The messengers spec stands in for Slack on 127.0.0.1 (an internal host this installation allows) and waits
    // for a delivery's one retry.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    NOTIFY_RETRY_LIMIT: '1',
    NOTIFY_RETRY_DELAY: '1',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

async function stopServer() {
  if (serverExited) return;
  server.kill('SIGTERM');
  const deadline = Date.now() + 15_000;
  while (!serverExited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (!serverExited) server.kill('SIGKILL');
}

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (serverExited) throw new Error('the server exited during start-up');
    try {
      const response = await fetch(`${BASE_URL}/api/env`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/env within 120 s');
}

let code = 1;
try {
  await waitForServer();
  const tests = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: BASE_URL,
      E2E_SUPERADMIN_PASSWORD: SUPERADMIN_PASSWORD,
      CHROMIUM_PATH: chromium,
    },
  });
  code = tests.status ?? 1;
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : error}`);
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
