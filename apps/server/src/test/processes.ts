import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { beforeEach, type TestContext } from 'vitest';

/**
 * Real server processes for the multi-process tests: `node --import tsx apps/server/src/main.ts`, so nothing is
 * built first. `@hallway/shared` resolves to its sources through a generated tsconfig (TSX_TSCONFIG_PATH), as the
 * package's own entry point is its possibly stale `dist`.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

let tsconfig: string | null = null;
function tsconfigPath(): string {
  if (tsconfig) return tsconfig;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hallway-tsx-'));
  tsconfig = path.join(dir, 'tsconfig.json');
  const shared = path.join(ROOT, 'packages/shared/src/index.ts');
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { paths: { '@hallway/shared': [shared] } } }));
  return tsconfig;
}

/** The demo people's password in every server started here (DEMO_PASSWORD; without it one is generated). */
export const DEMO_PASSWORD = 'demo-test-pass';
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface ServerProcess {
  readonly name: string;
  readonly port: number;
  /** `http://127.0.0.1:{port}` */
  readonly url: string;
  readonly pid: number;
  /** Everything the process printed so far (the last megabyte). */
  log(): string;
  /** Resolves when the process has exited, with its code or signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (the graceful path), then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL: the process gets no chance to flush or close anything. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test runner that dies must not leave servers holding ports and databases.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** SIGKILLs every server this test file started that is still running (for `afterAll`, whatever failed). */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (!child.kill('SIGKILL')) resolve();
        }),
    ),
  );
}

const LOG_LIMIT = 1 << 20;

/**
 * Starts a server with exactly `env` (plus PATH and HOME: nothing else leaks from the test runner's environment)
 * and waits until `GET /api/env` answers. On failure the error carries the tail of the process's log.
 */
export async function startServer(
  name: string,
  env: Record<string, string | undefined>,
  options: { readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`startServer(${name}): env.PORT is required`);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      TSX_TSCONFIG_PATH: tsconfigPath(),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > LOG_LIMIT) output = output.slice(-LOG_LIMIT);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    name,
    port,
    url,
    pid: child.pid!,
    log: () => output,
    exited,
    async stop(graceMs = 20_000) {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (gone) return;
      child.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (gone) {
      const { code, signal } = await exited;
      throw new Error(`${name} exited (code ${code}, signal ${signal}) before answering:\n${tail(output)}`);
    }
    try {
      const res = await fetch(`${url}/api/env`, { signal: AbortSignal.timeout(2_000) });
      // A stale server on the same port would answer too; ours also says so in its own log.
      if (res.ok && output.includes('Hallway is ready')) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`${name} did not answer GET /api/env in time:\n${tail(output)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * What a server of a multi-process test runs with: its port and database, a small pool, the demo workspace, a
 * superadmin and no sign-in throttling; `extra` adds to it or overrides it.
 */
export function serverEnv(
  databaseUrl: string,
  port: number,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    SUPERADMIN_PASSWORD: 'multiprocess-secret',
    DEMO: '1',
    LOGIN_RATE_LIMIT: '1000',
    ...extra,
  };
}

/**
 * Starts servers at the same time, so they run the migrations, the demo seed and pg-boss's schema setup together
 * (as a deployment of several processes does); fails if any of them fails to start.
 */
export async function startTogether(
  servers: { name: string; env: Record<string, string | undefined> }[],
): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(servers.map(({ name, env }) => startServer(name, env)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value);
}

/** Prints the end of each server's log when a test of the file fails (`servers` is read then, once they started). */
export function logsOnFailure(servers: () => (ServerProcess | undefined)[]): void {
  beforeEach((ctx: TestContext) => {
    ctx.onTestFailed(() => {
      for (const server of servers()) {
        if (server) console.error(`--- log of ${server.name} ---\n${tail(server.log(), 80)}`);
      }
    });
  });
}

/** For `afterAll`: the database client closed, the servers stopped (SIGKILL for any left), the database dropped. */
export async function stopAll(parts: {
  sql?: pg.Client;
  servers: (ServerProcess | undefined)[];
  database?: { drop(): Promise<void> };
}): Promise<void> {
  await parts.sql?.end();
  await Promise.all(parts.servers.map((server) => server?.stop()));
  await killAllServers();
  await parts.database?.drop();
}

/** A client on a test's database. */
export async function connectTo(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** The last lines of a log, for failure messages. */
export function tail(log: string, lines = 60): string {
  return log.trimEnd().split('\n').slice(-lines).join('\n');
}

/** A new empty database on the server of TEST_DATABASE_URL (or the local default), dropped by `drop()`. */
export async function createDatabase(prefix = 'hallway_mp'): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Whether a Redis server answers PING at `url` within two seconds. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * The Redis of a multi-process test (REDIS_URL, else the local default) and whether it answers; when it does not, a
 * loud warning says what `skipped` (the test then runs its processes without REDIS_URL).
 */
export async function testRedis(skipped: string): Promise<{ url: string; up: boolean }> {
  const url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const up = await redisAnswers(url);
  if (!up) {
    const bar = '!'.repeat(96);
    console.warn(
      `\n${bar}\n  Redis does not answer at ${url}: ${skipped} is SKIPPED and the\n` +
        '  processes run without REDIS_URL. Start Redis (`redis-server`, or `docker run -p 6379:6379 redis:7`)\n' +
        `  and set REDIS_URL to run it.\n${bar}\n`,
    );
  }
  return { url, up };
}

/** JSON over HTTP with an optional bearer token: the status and the parsed body (the text when not JSON). */
export async function request<T = Record<string, unknown>>(
  server: Pick<ServerProcess, 'url'>,
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text for the failure message.
  }
  return { status: res.status, body: body as T };
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILL: the outage a crashed or unreachable Redis causes. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free port in a temp dir, for fault tests that stop it: never the shared
 * one other tests and people use.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hallway-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    url,
    port,
    async start() {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      child = started;
      running.add(started);
      started.once('exit', () => running.delete(started));
      const deadline = Date.now() + 10_000;
      while (!(await redisAnswers(url))) {
        if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async kill() {
      const stopping = child;
      child = null;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}
