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

/** Runs `work(server)` with one server process up, and always stops it. */
export async function withServer(kind, { portBase, env, nodeArgs = [], log }, work) {
  const spec = SERVERS[kind];
  const port = portBase + spec.offset;
  const started = performance.now();
  const server = await startProcess({
    name: kind,
    script: spec.script,
    nodeArgs,
    env,
    port,
    readyPath: spec.readyPath,
  });
  log(`Started ${kind} on :${port} in ${seconds(started)} s`);
  try {
    const result = await work(server);
    if (!server.alive()) throw new Error(`${kind} died during the run:\n${server.output()}`);
    return result;
  } finally {
    await server.stop();
  }
}

/** Builds the entry's requests, checks the first answer, then measures. */
export async function prepareRequests(server, entry, ctx) {
  const requests = await entry.requests(ctx);
  if (!requests.length) throw new Error(`${entry.id} has no requests`);
  const first = await checkRequest(server.url, requests[0]);
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
  log(
    `Measuring ${entry.id} (${requests.length} distinct requests, ${bytes} bytes each, ${options.connections} connections)…`,
  );
  const result = await measure(server.url, requests, options, server.cpuMs);
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
