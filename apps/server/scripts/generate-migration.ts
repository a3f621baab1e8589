/**
 * `npm run db:generate -- <name>`: writes `drizzle/<UTC time>_<name>.sql` with the statements that bring a database
 * migrated with every file of the folder to the tables declared in the code (schema-diff.ts). Nothing to write when
 * they already match. The file is a draft to read: drizzle-kit asks in the terminal whether a table or column that
 * disappeared and another that appeared were renamed; data fixes and triggers are written by hand below its statements.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, MIGRATIONS_DIR } from '../src/platform/db/migrate.js';
import { declaredTables, type Session, schemaComparison } from './schema-diff.js';

const NAME = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** `YYYYMMDDHHMMSS` in UTC. */
export const timestamp = (time: Date) => time.toISOString().replace(/\D/g, '').slice(0, 14);

/** The new file's time: now, or a second after the latest file if that is not earlier (clocks differ). */
export function nextTimestamp(files: readonly string[], now: Date): string {
  const latest = files
    .map((f) => /^(\d{14})_/.exec(f)?.[1])
    .filter((t): t is string => !!t)
    .sort()
    .at(-1);
  if (!latest || timestamp(now) > latest) return timestamp(now);
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((i, n) => Number(latest.slice(i, i + (n ? 2 : 4))));
  return timestamp(new Date(Date.UTC(y, mo - 1, d, h, mi, s + 1)));
}

async function main(): Promise<number> {
  const name = process.argv[2];
  if (!name || !NAME.test(name)) {
    console.error('usage: npm run db:generate -- <name>   (lowercase words joined by _, e.g. polls or poll_votes)');
    return 2;
  }
  const pglite = await PGlite.create();
  try {
    const session: Session = {
      query: async (text, values) => ({ rows: (await pglite.query<Record<string, unknown>>(text, values)).rows }),
      exec: async (text) => void (await pglite.exec(text)),
    };
    await applyMigrations(session);
    const { statements } = await schemaComparison(session, await declaredTables());
    if (!statements.length) {
      console.log('The migrations already create every declared table; nothing to write.');
      return 0;
    }
    const file = path.join(MIGRATIONS_DIR, `${nextTimestamp(readdirSync(MIGRATIONS_DIR), new Date())}_${name}.sql`);
    writeFileSync(file, `${statements.join('--> statement-breakpoint\n')}\n`);
    console.log(`${path.relative(process.cwd(), file)}:\n\n${statements.join('\n')}\n`);
    console.log('Read it before committing: a migration is never edited once it has shipped.');
    return 0;
  } finally {
    await pglite.close();
  }
}

process.exitCode = await main();
