import { readdir } from 'node:fs/promises';
import { z } from 'zod';

/**
 * The scenario registry: every other `*.mjs` file in this folder may export `scenarios` (requests to the real
 * Hallway server) and `baselines` (the same work done by a bare server, to compare with). Adding a file is enough.
 *
 * A baseline: `{ id, title, server: 'bare-json' | 'bare-sql', sql?, requests(ctx), check?(body, ctx) }`;
 * a `bare-sql` baseline's `sql` is served at `/sql/<id>?p=$1&p=$2…`: one statement, or a list of
 * `{ sql, params: [indexes into p] }` run in one transaction (see servers/bare-sql.mjs).
 * A scenario: `{ id, title, baselines: [ids], data?: { generator option: minimum }, requests(ctx), check?(body, ctx) }`.
 * Either may set `connections` below the section's (answers of megabytes); the report names them on its row.
 * `requests(ctx)` answers `{ method?, path, headers?, body? }[]`; every load connection loops over the list.
 * `ctx.people(n, { workspace })` picks generated people (spread over workspaces unless one is named) and, for
 * scenarios only, `ctx.signIn(person)` answers a bearer token for them.
 */
const id = z.string().regex(/^[a-z0-9-]+$/);
const fn = z.custom((v) => typeof v === 'function', 'a function');
const baselineSchema = z
  .object({
    id,
    title: z.string(),
    server: z.enum(['bare-json', 'bare-sql']),
    sql: z
      .union([z.string(), z.array(z.object({ sql: z.string(), params: z.array(z.number().int().min(0)) })).min(1)])
      .optional(),
    requests: fn,
    check: fn.optional(),
    connections: z.number().int().min(1).optional(),
  })
  .refine((b) => (b.server === 'bare-sql') === (b.sql !== undefined), 'a bare-sql baseline has sql, others none');
const scenarioSchema = z.object({
  id,
  title: z.string(),
  baselines: z.array(id),
  data: z.record(z.string(), z.number().int().min(0)).default({}),
  requests: fn,
  check: fn.optional(),
  connections: z.number().int().min(1).optional(),
});

export async function loadRegistry() {
  const files = (await readdir(new URL('.', import.meta.url))).filter((f) => f.endsWith('.mjs') && f !== 'index.mjs');
  const baselines = new Map();
  const scenarios = new Map();
  for (const file of files.sort()) {
    const mod = await import(new URL(file, import.meta.url).href);
    for (const b of mod.baselines ?? []) add(baselines, baselineSchema, b, file);
    for (const s of mod.scenarios ?? []) add(scenarios, scenarioSchema, s, file);
  }
  for (const s of scenarios.values()) {
    const missing = s.baselines.filter((b) => !baselines.has(b));
    if (missing.length) throw new Error(`Scenario ${s.id} names unknown baselines: ${missing.join(', ')}`);
  }
  return { baselines, scenarios };
}

function add(map, schema, value, file) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${file}: invalid entry ${value?.id}: ${parsed.error.message}`);
  if (map.has(parsed.data.id)) throw new Error(`${file}: duplicate id ${parsed.data.id}`);
  map.set(parsed.data.id, parsed.data);
}
