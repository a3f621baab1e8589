import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '../generate.mjs';
import {
  dropPostgresDatabase,
  embeddedTarget,
  freshPostgresDatabase,
  migrateTarget,
  postgresTarget,
  useServerBuild,
} from './db.mjs';
import { checkRequest, measure } from './load.mjs';
import { startProcess } from './processes.mjs';
import { snapshotServer } from './snapshot.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The processes the bench starts; each gets its own port, `portBase + offset`, in the bench's range. */
export const SERVERS = {
  hallway: { script: path.join(ROOT, 'apps/server/dist/main.js'), readyPath: '/api/env', offset: 0 },
  'bare-json': { script: path.join(ROOT, 'bench/servers/bare-json.mjs'), readyPath: '/ready', offset: 1 },
  'bare-sql': { script: path.join(ROOT, 'bench/servers/bare-sql.mjs'), readyPath: '/ready', offset: 2 },
};

/**
 * `--processes`: the second, third and fourth Hallway process listen on `portBase` + these (+1 and +2 are the bare
 * servers, +9 the profiler's control port).
 */
export const MORE_HALLWAY_OFFSETS = [3, 4, 5];

/** How the Hallway server runs under measurement: no demo data, no job workers, quiet logs, no sign-in throttling. */
export const HALLWAY_ENV = {
  NODE_ENV: 'production',
  DEMO: '0',
  JOBS: '0',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '10000',
};

/**
 * Runs `work` against a private copy of the built server (migrations and the Hallway process alike), removed
 * afterwards.
 */
export async function withServerSnapshot(work) {
  const snapshot = await snapshotServer(ROOT);
  const live = SERVERS.hallway.script;
  try {
    SERVERS.hallway.script = path.join(snapshot.serverDist, 'main.js');
    useServerBuild(snapshot.serverDist);
    return await work();
  } finally {
    SERVERS.hallway.script = live;
    useServerBuild(path.dirname(live));
    await snapshot.remove();
  }
}

export const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * A fresh database with generated data: PGlite in a new temp DATA_DIR, or the database `databaseName` dropped and
 * recreated on the PostgreSQL server of `databaseUrl`. `cleanup()` removes both unless `keep`.
 */
export async function prepareDatabase(database, { databaseUrl, databaseName, data, keep, log }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `hallway-bench-${database}-`));
  const target =
    database === 'postgres'
      ? postgresTarget(await freshPostgresDatabase(databaseUrl, databaseName), dataDir)
      : embeddedTarget(dataDir);
  const cleanup = async () => {
    if (keep) {
      log(`Kept ${target.kind === 'pg' ? `database ${databaseName} and ` : ''}${dataDir}`);
      return;
    }
    await rm(dataDir, { recursive: true, force: true });
    if (target.kind === 'pg') await dropPostgresDatabase(databaseUrl, databaseName);
  };
  log(`\n== ${target.label} (${target.kind === 'pg' ? databaseName : dataDir})`);
  try {
    let started = performance.now();
    await migrateTarget(target);
    log(`Migrated in ${seconds(started)} s; generating…`);
    started = performance.now();
    const manifest = await generate(target, data, { log });
    log(`Generated ${JSON.stringify(manifest.counts)} in ${seconds(started)} s`);
    return { target, manifest, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * Runs `work(server)` with one server process up, and always stops it. With `processes` > 1 (Hallway only) that
 * many processes share the environment (the same database; give them REDIS_URL) and `server` stands for all of
 * them: `url` is the first's, `urls` every one's (the load generator spreads its connections over them), `cpuMs`
 * their sum. They start one after the other, so the first alone stores a generated JWT secret the others read.
 */
export async function withServer(kind, { portBase, env, nodeArgs = [], log, processes = 1 }, work) {
  const spec = SERVERS[kind];
  if (processes > 1 && kind !== 'hallway') throw new Error(`${kind} runs as one process`);
  if (processes > MORE_HALLWAY_OFFSETS.length + 1)
    throw new Error(`At most ${MORE_HALLWAY_OFFSETS.length + 1} processes`);
  const offsets = [spec.offset, ...MORE_HALLWAY_OFFSETS].slice(0, processes);
  const servers = [];
  try {
    for (const [i, offset] of offsets.entries()) {
      const name = processes > 1 ? `${kind}-${i + 1}` : kind;
      const port = portBase + offset;
      const started = performance.now();
      servers.push(await startProcess({ name, script: spec.script, nodeArgs, env, port, readyPath: spec.readyPath }));
      log(`Started ${name} on :${port} in ${seconds(started)} s`);
    }
    const server = servers.length === 1 ? servers[0] : together(servers);
    const result = await work(server);
    const dead = servers.find((s) => !s.alive());
    if (dead) throw new Error(`${dead.name} died during the run:\n${dead.output()}`);
    return result;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** Several processes of one server as one: what `measureEntry` and the scenarios' context use. */
function together(servers) {
  return {
    name: servers.map((s) => s.name).join('+'),
    url: servers[0].url,
    urls: servers.map((s) => s.url),
    pids: servers.map((s) => s.pid),
    output: () => servers.map((s) => `--- ${s.name}\n${s.output()}`).join('\n'),
    alive: () => servers.every((s) => s.alive()),
    cpuMs: () => {
      const each = servers.map((s) => s.cpuMs());
      return each.includes(null) ? null : each.reduce((a, b) => a + b, 0);
    },
  };
}

/** Builds the entry's requests, checks the first answer, then measures. */
export async function prepareRequests(server, entry, ctx) {
  const requests = await entry.requests(ctx);
  if (!requests.length) throw new Error(`${entry.id} has no requests`);
  const first = await checkRequest(server.url, requests[0]);
  // Several processes: the others must answer it too (a token signed by the first is good on all of them).
  for (const url of server.urls?.slice(1) ?? []) await checkRequest(url, requests[0]);
  if (entry.check && !entry.check(first.body, ctx)) {
    throw new Error(`${entry.id}: unexpected answer ${JSON.stringify(first.body).slice(0, 500)}`);
  }
  return { requests, bytes: first.bytes };
}

export async function measureEntry(server, entry, ctx, measureOptions, log) {
  const { requests, bytes } = await prepareRequests(server, entry, ctx);
  // An entry answering megabytes names fewer connections: 50 at once would only measure the loopback's queue.
  const options = entry.connections
    ? { ...measureOptions, connections: Math.min(entry.connections, measureOptions.connections) }
    : measureOptions;
  const spread = server.urls ? ` over ${server.urls.length} processes` : '';
  log(
    `Measuring ${entry.id} (${requests.length} distinct requests, ${bytes} bytes each, ${options.connections} connections${spread})…`,
  );
  const result = await measure(server.urls ?? server.url, requests, options, server.cpuMs);
  const cpu = result.cpuPerRequestUs === null ? '' : `, server CPU ${Math.round(result.cpuPerRequestUs)} µs/request`;
  log(`  ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors${cpu}`);
  if (result.errors) log(`  status codes: ${JSON.stringify(result.statusCodes)}\n${server.output().slice(-2000)}`);
  if (!result.requests) {
    throw new Error(
      `${entry.id}: no request completed in ${measureOptions.duration} s (server stuck, or the machine overloaded)`,
    );
  }
  return { ...result, bytes, connections: options.connections };
}
