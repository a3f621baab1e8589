#!/usr/bin/env node
// Where a scenario's time goes inside the Hallway server: the SQL statements of one request (in order, timed), the
// statements per request under load, and a V8 CPU profile of the loaded server summarised by package and function.
//   node bench/profile.mjs --only user-me --databases postgres --database-url postgres://postgres@127.0.0.1:5432/test
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readOptions, UsageError } from './lib/args.mjs';
import { createContext } from './lib/context.mjs';
import { summarise } from './lib/cpuprofile.mjs';
import { HALLWAY_ENV, prepareDatabase, prepareRequests, ROOT, withServer, withServerSnapshot } from './lib/harness.mjs';
import { measure } from './lib/load.mjs';
import { plan, runOptions } from './run.mjs';

const profileOptions = runOptions.extend({
  workspaces: runOptions.shape.workspaces.default(10),
  users: runOptions.shape.users.default(1000),
  top: z.coerce.number().int().min(1).max(200).default(15),
});
const TRACE_PRELOAD = path.join(ROOT, 'bench/lib/trace-preload.mjs');
const TRACE_OFFSET = 9;
const log = (line) => console.error(line);
const fixed = (v, digits = 1) => v.toFixed(digits);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

async function main() {
  const { help, options } = readOptions(profileOptions, { booleans: ['keep'] });
  if (help) {
    console.log(`Usage: node bench/profile.mjs [options]\n${help}`);
    return;
  }
  const { scenarios, data, databaseUrl, databases } = await plan(options);
  await withServerSnapshot(async () => {
    for (const database of databases) {
      const { target, manifest, cleanup } = await prepareDatabase(database, {
        databaseUrl,
        databaseName: options.databaseName,
        data,
        keep: options.keep,
        log,
      });
      try {
        const tracePort = options.portBase + TRACE_OFFSET;
        const trace = async (method, route) =>
          (await fetch(`http://127.0.0.1:${tracePort}${route}`, { method })).json();
        const env = {
          ...target.env,
          ...HALLWAY_ENV,
          DATABASE_POOL_SIZE: String(options.poolSize),
          BENCH_TRACE_PORT: String(tracePort),
        };
        const nodeArgs = ['--import', TRACE_PRELOAD];
        await withServer('hallway', { portBase: options.portBase, env, nodeArgs, log }, async (server) => {
          const ctx = createContext(manifest, server.url);
          const connections = database === 'postgres' ? options.connectionsPostgres : options.connectionsEmbedded;
          for (const scenario of scenarios) {
            const lines = await profileScenario(server, scenario, ctx, trace, { ...options, connections, database });
            console.log(`## ${scenario.id} (${scenario.title}) on ${target.label}\n\n${lines.join('\n')}\n`);
          }
        });
      } finally {
        await cleanup();
      }
    }
  });
}

async function profileScenario(server, scenario, ctx, trace, options) {
  const { requests } = await prepareRequests(server, scenario, ctx);
  const lines = [];

  await trace('POST', '/reset');
  const one = requests[0];
  await fetch(server.url + one.path, {
    method: one.method ?? 'GET',
    headers: { ...(one.body ? { 'content-type': 'application/json' } : {}), ...one.headers },
    body: one.body === undefined ? undefined : JSON.stringify(one.body),
  });
  const single = await trace('GET', '/stats');
  const singleMs = single.recent.reduce((sum, s) => sum + s.ms, 0);
  lines.push(
    `One request, server otherwise idle: ${single.recent.length} statements, ${fixed(singleMs, 2)} ms waiting on the database:`,
  );
  single.recent.forEach((s, i) => {
    lines.push(`  ${String(i + 1).padStart(2)}. ${fixed(s.ms, 2).padStart(7)} ms  ${s.text.slice(0, 150)}`);
  });

  await trace('POST', '/reset');
  await trace('POST', '/profile/start');
  const result = await measure(server.url, requests, {
    connections: options.connections,
    duration: options.duration,
    warmup: 0,
  });
  const profile = await trace('POST', '/profile/stop');
  const loaded = await trace('GET', '/stats');
  const statements = loaded.statements.reduce((sum, s) => sum + s.count, 0);
  const dbMs = loaded.statements.reduce((sum, s) => sum + s.ms, 0);
  const n = result.requests || 1;
  lines.push(
    '',
    `Under load (${options.connections} connections, ${options.duration} s): ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors.`,
    `${fixed(statements / n, 2)} statements per request; ${fixed(dbMs / n, 2)} ms per request from sending a statement to its answer (with queueing).`,
    '',
    'Statements under load (count per request, average ms):',
  );
  for (const s of loaded.statements.slice(0, options.top)) {
    lines.push(
      `  ${fixed(s.count / n, 2).padStart(6)} × ${fixed(s.ms / s.count, 2).padStart(7)} ms  ${s.text.slice(0, 140)}`,
    );
  }

  const cpu = summarise(profile, ROOT, options.top);
  const wall = options.duration * 1000;
  lines.push(
    '',
    `Server main thread: sampled busy ${Math.round(cpu.busyMs)} ms of ${wall} ms, ${fixed((cpu.busyMs / n) * 1000, 0)} µs per request (wall-clock samples: time the thread waited for a core counts too).`,
    'By area (self time):',
    ...cpu.areas.map((a) => `  ${fixed(a.share * 100).padStart(5)}%  ${a.name}`),
    'By function (self time):',
    ...cpu.functions.map((f) => `  ${fixed(f.share * 100).padStart(5)}%  ${f.name}`),
  );
  const file = path.join(ROOT, 'bench/results', `profile-${scenario.id}-${options.database}-${stamp}.cpuprofile`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(profile));
  lines.push('', `CPU profile (open in Chrome DevTools → Performance): ${path.relative(ROOT, file)}`);
  return lines;
}

main().catch((err) => {
  console.error(err instanceof UsageError ? err.message : err);
  process.exit(err instanceof UsageError ? 2 : 1);
});
