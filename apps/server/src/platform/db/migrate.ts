import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';
import { applyRowLevelSecurity } from './security.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK = 72_610_001;

/** Applies the drizzle-kit migrations and the row-level security; several processes may start at once. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    await applyRowLevelSecurity(database);
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    await applyRowLevelSecurity({
      ...database,
      query: (t, v) => client.query(t, v),
      exec: async (t) => void (await client.query(t)),
    });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
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
