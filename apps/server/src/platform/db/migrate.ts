import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';
import { applyRowLevelSecurity, securityStatements } from './security.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK = 72_610_001;

let newestKnown: number | null = null;
/** The time of the newest migration file (the files do not change while the process runs). */
function newestMigration(): number {
  newestKnown ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((f) => f.folderMillis));
  return newestKnown;
}

/**
 * Whether migrations remain to apply, judged as drizzle's migrator does (by the newest applied migration's
 * time). Read-only: drizzle's own check starts with CREATE SCHEMA/TABLE IF NOT EXISTS, which we skip when
 * nothing is pending.
 */
export async function migrationsPending(database: Pick<Database, 'query'>): Promise<boolean> {
  const newest = newestMigration();
  const { rows: exists } = await database.query(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!(exists[0] as { present: boolean }).present) return newest > 0;
  const { rows } = await database.query('SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations');
  const last = Number((rows[0] as { last: string | number | null }).last ?? 0);
  return last < newest;
}

/**
 * Applies the drizzle-kit migrations and the row-level security; several processes may start at once.
 * Against an up-to-date database it only reads the catalog: no DDL, no lock, so starting a process never
 * blocks (or deadlocks) the traffic of the processes already running.
 */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    if (!(await migrationsPending(database))) {
      await applyRowLevelSecurity(database);
      return;
    }
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    await applyRowLevelSecurity(database);
    return;
  }
  const client = await database.pool!.connect();
  const onClient = {
    query: (t: string, v?: unknown[]) => client.query(t, v),
    exec: async (t: string) => void (await client.query(t)),
  };
  try {
    if (!(await migrationsPending(onClient)) && (await securityStatements(onClient)).length === 0) return;
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
      await applyRowLevelSecurity(onClient);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite has no autovacuum daemon, so without this its planner never learns the tables' sizes and picks
 * sequential scans for the feeds (measured: a company feed page in 7 ms before, 3.3 ms after). main.ts runs
 * it once the demo is seeded and the maintenance job after each run; ANALYZE samples a bounded number of rows,
 * so it stays quick on big data. On PostgreSQL autovacuum does this.
 */
export async function refreshPlannerStatistics(database: Database): Promise<void> {
  if (database.kind === 'pglite') await database.exec('VACUUM (ANALYZE)');
}
