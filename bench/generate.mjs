#!/usr/bin/env node
// Fills a Hallway database with generated workspaces and people (and, as steps are added, their content).
//   node bench/generate.mjs --data-dir /tmp/hw --workspaces 50 --users 2000
//   node bench/generate.mjs --database-url postgres://postgres@127.0.0.1:5432/hallway_bench --workspaces 50 --users 2000
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { z } from 'zod';
import { steps } from './generators/index.mjs';
import { flagBool, readOptions, UsageError } from './lib/args.mjs';
import { embeddedTarget, migrateTarget, openSession, postgresTarget } from './lib/db.mjs';
import { createRandom, hashName } from './lib/random.mjs';

/** What every generated person signs in with. */
export const DEFAULT_PASSWORD = 'bench-password';

/** The options of every step, plus the ones of the generator itself. */
export const generateOptions = z.object({
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(20_240_601),
  password: z.string().min(8).max(200).default(DEFAULT_PASSWORD),
  ...Object.assign({}, ...steps.map((step) => step.options ?? {})),
});

const GENERATED_WORKSPACES = `workspace ~ '^bench[0-9]+$'`;

/**
 * Writes the data set into a migrated target and answers its manifest: the options, the workspaces, a sample of
 * people (id, login, workspace, department) for scenarios to sign in as, what steps published for scenarios (ids of
 * objects they ask for), row counts and seconds per step.
 */
export async function generate(target, input = {}, { log = () => {}, replace = false } = {}) {
  const options = generateOptions.parse(input);
  const session = await openSession(target);
  try {
    const existing = await session.query(`SELECT count(*)::int AS n FROM clients WHERE ${GENERATED_WORKSPACES}`);
    if (existing.rows[0].n > 0) {
      if (!replace)
        throw new UsageError('The database already holds generated workspaces: use --replace or a fresh one');
      await session.query(`DELETE FROM clients WHERE ${GENERATED_WORKSPACES}`);
    }
    // `published`: what a step tells the scenarios beyond people (the knowledge base's folders and their grants).
    const state = { passwordHash: await hash(options.password), published: {} };
    const counts = {};
    const seconds = {};
    for (const step of steps) {
      const started = performance.now();
      const random = createRandom(options.seed).fork(hashName(step.name));
      const made = await step.run({ session, options, random, state });
      Object.assign(counts, made);
      seconds[step.name] = Number(((performance.now() - started) / 1000).toFixed(2));
      log(`  ${step.name}: ${JSON.stringify(made)} in ${seconds[step.name]} s`);
    }
    // Statistics for the planner and the visibility map for index-only scans, as autovacuum leaves a table that has
    // been written to: without it a count of 10,000 people reads their heap rows.
    if (session.kind === 'pg') await session.query('VACUUM (ANALYZE)');
    return {
      generated: new Date().toISOString(),
      options,
      password: options.password,
      counts,
      seconds,
      workspaces: state.workspaces.map(({ id, workspace, name, users }) => ({ id, workspace, name, users })),
      sample: state.sample,
      published: state.published,
    };
  } finally {
    await session.close();
  }
}

async function cli() {
  const schema = generateOptions.extend({
    dataDir: z.string().optional(),
    databaseUrl: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    manifest: z.string().optional(),
    replace: flagBool.default(false),
  });
  const { help, options } = readOptions(schema, { booleans: ['replace'] });
  if (help) {
    console.log(`Usage: node bench/generate.mjs (--data-dir DIR | --database-url URL) [options]\n${help}`);
    return;
  }
  const { dataDir, databaseUrl, manifest, replace, ...generatorOptions } = options;
  if (!dataDir && !databaseUrl) throw new UsageError('Give --data-dir (embedded database) or --database-url');
  const dir = path.resolve(dataDir ?? '.');
  const target = databaseUrl ? postgresTarget(databaseUrl, dir) : embeddedTarget(dir);
  const started = performance.now();
  console.error(`Migrating ${target.label}…`);
  await migrateTarget(target);
  console.error('Generating…');
  const result = await generate(target, generatorOptions, { log: (line) => console.error(line), replace });
  const file = manifest ?? (databaseUrl ? undefined : path.join(dir, 'bench-manifest.json'));
  if (file) await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.error(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(result.counts)}`);
  if (file) console.error(`Manifest: ${file}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli().catch((err) => {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}
