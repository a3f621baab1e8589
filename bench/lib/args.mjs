import { parseArgs } from 'node:util';
import { z } from 'zod';

/**
 * Reads `--name value` flags, falling back to `BENCH_NAME` environment variables, and validates them with a zod
 * object whose keys are the camelCase flag names. Unknown flags are an error, so a typo never silently runs defaults.
 */
export function readOptions(schema, { argv = process.argv.slice(2), env = process.env, booleans = [] } = {}) {
  const keys = Object.keys(schema.shape);
  const flag = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const options = Object.fromEntries(
    keys.map((key) => [flag(key), { type: booleans.includes(key) ? 'boolean' : 'string' }]),
  );
  options.help = { type: 'boolean', short: 'h' };
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options, allowPositionals: false, strict: true }));
  } catch (err) {
    throw new UsageError(`${err.message}\nOptions:\n${usage(keys.map(flag), booleans.map(flag))}`);
  }
  if (values.help) return { help: usage(keys.map(flag), booleans.map(flag)) };
  const raw = {};
  for (const key of keys) {
    const fromFlag = values[flag(key)];
    const fromEnv = env[`BENCH_${flag(key).replace(/-/g, '_').toUpperCase()}`];
    const value = fromFlag ?? fromEnv;
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  --${flag(String(i.path[0]))}: ${i.message}`);
    throw new UsageError(`Invalid options:\n${lines.join('\n')}`);
  }
  return { options: parsed.data };
}

function usage(flags, booleans) {
  return flags.map((f) => `  --${f}${booleans.includes(f) ? '' : ' <value>'}`).join('\n');
}

export class UsageError extends Error {}

/** Flag and environment values arrive as strings; booleans may arrive as real booleans from parseArgs. */
export const flagBool = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'yes', 'no'])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'yes');
export const count = (min, max) => z.coerce.number().int().min(min).max(max);
