#!/usr/bin/env node
// `npm run bench`: generates a data set, then measures every registered scenario against the real Hallway server
// and the bare baselines, on the embedded database and (with BENCH_DATABASE_URL or DATABASE_URL) on PostgreSQL.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { generateOptions } from './generate.mjs';
import { count, flagBool, readOptions, UsageError } from './lib/args.mjs';
import { createContext } from './lib/context.mjs';
import { HALLWAY_ENV, measureEntry, prepareDatabase, ROOT, withServer, withServerSnapshot } from './lib/harness.mjs';
import { formatTable, machine } from './lib/report.mjs';
import { loadRegistry } from './scenarios/index.mjs';

const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

export const runOptions = generateOptions.extend({
  workspaces: count(1, 10_000).default(50),
  users: count(1, 1_000_000).default(2000),
  duration: count(1, 600).default(10),
  warmup: count(0, 120).default(3),
  /** Measure everything this many times (servers restarted each time) and keep each row's median round. */
  rounds: count(1, 20).default(1),
  connectionsEmbedded: count(1, 1000).default(10),
  connectionsPostgres: count(1, 1000).default(50),
  /** DATABASE_POOL_SIZE for the Hallway server and the bare SQL pool alike. */
  poolSize: count(1, 500).default(20),
  databases: list.pipe(z.array(z.enum(['embedded', 'postgres']))).optional(),
  databaseUrl: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  databaseName: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('hallway_bench'),
  only: list.optional(),
  portBase: count(1024, 65_000).default(4400),
  /** Hallway processes sharing the PostgreSQL database (and Redis when more than one); the load is spread over them. */
  processes: count(1, 4).default(1),
  redisUrl: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  keep: flagBool.default(false),
  out: z.string().optional(),
});

const log = (line) => console.error(line);

/** The scenarios to run, the baselines they name, and generator options large enough for all of them. */
export async function plan(options) {
  const registry = await loadRegistry();
  const unknown = (options.only ?? []).filter((id) => !registry.scenarios.has(id));
  if (unknown.length) throw new UsageError(`Unknown scenarios: ${unknown.join(', ')}`);
  const scenarios = [...registry.scenarios.values()].filter((s) => !options.only || options.only.includes(s.id));
  const baselines = [...new Set(scenarios.flatMap((s) => s.baselines))].map((id) => registry.baselines.get(id));
  const data = { ...options };
  for (const s of scenarios) {
    for (const [key, min] of Object.entries(s.data)) data[key] = Math.max(data[key] ?? 0, min);
  }
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const several = (options.processes ?? 1) > 1;
  const databases =
    options.databases ?? (several ? ['postgres'] : databaseUrl ? ['embedded', 'postgres'] : ['embedded']);
  if (databases.includes('postgres') && !databaseUrl) throw new UsageError('PostgreSQL needs BENCH_DATABASE_URL');
  // PGlite allows one process per data dir.
  if (several && databases.includes('embedded')) throw new UsageError('--processes above 1 needs --databases postgres');
  return { scenarios, baselines, data, databaseUrl, databases };
}

async function main() {
  const { help, options } = readOptions(runOptions, { booleans: ['keep'] });
  if (help) {
    console.log(`Usage: node bench/run.mjs [options]   (each flag also reads BENCH_<FLAG>)\n${help}`);
    return;
  }
  const work = await plan(options);
  const sections = [];
  await withServerSnapshot(async () => {
    for (const database of work.databases) sections.push(await runDatabase(database, options, work));
  });

  console.log(`\n${sections.map(formatTable).join('\n\n')}\n`);
  const stamp = new Date().toISOString();
  const out = options.out ?? path.join(ROOT, 'bench/results', `${stamp.replace(/[:.]/g, '-')}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  const record = { date: stamp, machine: machine(), argv: process.argv.slice(2), sections };
  await writeFile(out, `${JSON.stringify(record, null, 2)}\n`);
  log(`Results: ${out}`);
}

async function runDatabase(database, options, { scenarios, baselines, data, databaseUrl }) {
  const connections = database === 'postgres' ? options.connectionsPostgres : options.connectionsEmbedded;
  const measureOptions = { connections, duration: options.duration, warmup: options.warmup };
  const load = [os.loadavg()[0]];
  const { target, manifest, cleanup } = await prepareDatabase(database, {
    databaseUrl,
    databaseName: options.databaseName,
    data,
    keep: options.keep,
    log,
  });
  const rounds = [];
  try {
    const env = { ...target.env, DATABASE_POOL_SIZE: String(options.poolSize) };
    const serverOptions = { portBase: options.portBase, log };
    for (let round = 1; round <= options.rounds; round++) {
      if (options.rounds > 1) log(`Round ${round} of ${options.rounds}`);
      const rows = [];
      // One server at a time: nothing else competes for the two cores, and PGlite allows one process per data dir.
      for (const kind of ['bare-json', 'bare-sql']) {
        const mine = baselines.filter((b) => b.server === kind);
        if (!mine.length) continue;
        const queries = Object.fromEntries(mine.filter((b) => b.sql).map((b) => [b.id, b.sql]));
        const bareEnv = { ...env, BENCH_QUERIES: JSON.stringify(queries) };
        await withServer(kind, { ...serverOptions, env: bareEnv }, async (server) => {
          const ctx = createContext(manifest);
          for (const b of mine) {
            const result = await measureEntry(server, b, ctx, measureOptions, log);
            rows.push({ kind: 'baseline', id: b.id, title: b.title, ...result });
            load.push(os.loadavg()[0]);
          }
        });
      }
      const processes = options.processes;
      const hallwayEnv = { ...env, ...HALLWAY_ENV, ...(processes > 1 ? { REDIS_URL: options.redisUrl } : {}) };
      await withServer('hallway', { ...serverOptions, env: hallwayEnv, processes }, async (server) => {
        const ctx = createContext(manifest, server.url);
        for (const s of scenarios) {
          const result = await measureEntry(server, s, ctx, measureOptions, log);
          rows.push({ kind: 'scenario', id: s.id, title: s.title, baselines: s.baselines, ...result });
          load.push(os.loadavg()[0]);
        }
      });
      rounds.push(rows);
    }
  } finally {
    await cleanup();
  }
  const rows = rounds[0].map((_row, i) => median(rounds.map((r) => r[i])));
  const d = manifest.options;
  const people = d.largeWorkspace
    ? `${d.users} people each (${d.largeWorkspace} in bench001)`
    : `${d.users} people each`;
  return {
    database,
    label: options.processes > 1 ? `${target.label}, ${options.processes} Hallway processes (Redis)` : target.label,
    processes: options.processes,
    connections,
    duration: options.duration,
    warmup: options.warmup,
    data: `${d.workspaces} workspaces × ${people}, ${manifest.counts.users} people in all`,
    counts: manifest.counts,
    load: [Math.min(...load), Math.max(...load)],
    rounds: options.rounds,
    rows,
  };
}

/** The round with the median throughput, and the spread of all rounds. */
function median(results) {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...middle, rpsRange: [sorted[0].rps, sorted[sorted.length - 1].rps] };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench/run.mjs')) {
  main().catch((err) => {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}
