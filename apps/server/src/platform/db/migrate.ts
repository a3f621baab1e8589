import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';
import { LEGACY_MIGRATIONS } from './migrations-legacy.js';
import { applyRowLevelSecurity, securityStatements } from './security.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK = 72_610_001;

/** Where a database records the migrations applied to it: one row per file, by name, with the file's sha256. */
export const APPLIED_TABLE = 'hallway.migrations';
/** Where drizzle-orm's migrator (releases before this table) recorded them: the file's sha256 and journal time. */
const DRIZZLE_TABLE = 'drizzle.__drizzle_migrations';
const BREAKPOINT = '--> statement-breakpoint';

export interface Migration {
  /** The file name without `.sql`: `20261201093000_polls`, or one of the legacy `0000_…`–`0021_…`. */
  name: string;
  hash: string;
  /** The file split on drizzle-kit's breakpoints, each run as one statement. */
  statements: string[];
}

/** Single-connection access: each migration runs between BEGIN and COMMIT on it. */
type Session = Pick<Database, 'query' | 'exec'>;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let shipped: Migration[] | null = null;
/** Every `.sql` file of the folder, in file-name order (the shipped folder is read once: it does not change). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (dir === MIGRATIONS_DIR && shipped) return shipped;
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      return {
        name: file.slice(0, -'.sql'.length),
        hash: sha256(text),
        statements: text.split(BREAKPOINT).filter((s) => s.trim()),
      };
    });
  if (dir === MIGRATIONS_DIR) shipped = migrations;
  return migrations;
}

export interface MigrationState {
  pending: Migration[];
  /** Applied files whose content is no longer what was applied. */
  changed: string[];
}

/**
 * Which files remain to apply: those whose name the database has not recorded, whatever their timestamp (a branch
 * merged with an older one is still applied). Files the database recorded but the folder lacks (applied by a newer
 * release during a rolling upgrade) are left alone. Read-only.
 */
export async function migrationState(database: Pick<Database, 'query'>, dir = MIGRATIONS_DIR): Promise<MigrationState> {
  const files = readMigrations(dir);
  const { rows } = await database.query(`SELECT to_regclass('${APPLIED_TABLE}') IS NOT NULL AS present`);
  // Fresh, or left by a release that applied with drizzle-orm's migrator: everything is pending until adopted.
  if (!(rows[0] as { present: boolean }).present) return { pending: files, changed: [] };
  const { rows: applied } = await database.query(`SELECT name, hash FROM ${APPLIED_TABLE}`);
  const hashes = new Map((applied as { name: string; hash: string }[]).map((r) => [r.name, r.hash]));
  return {
    pending: files.filter((f) => !hashes.has(f.name)),
    changed: files.filter((f) => hashes.has(f.name) && hashes.get(f.name) !== f.hash).map((f) => f.name),
  };
}

/** Whether the database lacks a migration of this release (or holds one with other content). Read-only. */
export async function migrationsPending(database: Pick<Database, 'query'>, dir = MIGRATIONS_DIR): Promise<boolean> {
  const state = await migrationState(database, dir);
  return state.pending.length > 0 || state.changed.length > 0;
}

function refuseChanged(state: MigrationState): void {
  if (!state.changed.length) return;
  throw new Error(
    `migrations changed after they were applied to this database: ${state.changed.join(', ')}. A shipped migration ` +
      'is never edited; put the change in a new migration (npm run db:generate) and restore the file.',
  );
}

/** BEGIN … COMMIT on the session, ROLLBACK when `run` throws. */
async function inTransaction(session: Session, run: () => Promise<void>): Promise<void> {
  await session.exec('BEGIN');
  try {
    await run();
    await session.exec('COMMIT');
  } catch (err) {
    await session.exec('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * Creates the table of applied migrations. A database migrated by drizzle-orm's migrator is recognized as that
 * migrator judged it: a legacy file counts as applied when its journal time is not after the newest `created_at`
 * recorded (judged by time, not by hash: 0005 was edited after some databases had applied it). Those files are
 * recorded with their current hash, in the same transaction as the table, so a crash leaves either both or neither.
 */
async function createAppliedTable(session: Session, dir: string): Promise<void> {
  const { rows } = await session.query(
    `SELECT to_regclass('${APPLIED_TABLE}') IS NOT NULL AS present, to_regclass('${DRIZZLE_TABLE}') IS NOT NULL AS legacy`,
  );
  const { present, legacy } = rows[0] as { present: boolean; legacy: boolean };
  if (present) return;
  let adopted: Migration[] = [];
  if (legacy) {
    const { rows: last } = await session.query(`SELECT max(created_at) AS last FROM ${DRIZZLE_TABLE}`);
    const newest = Number((last[0] as { last: string | number | null }).last ?? 0);
    const newestKnown = LEGACY_MIGRATIONS[LEGACY_MIGRATIONS.length - 1];
    if (newest > newestKnown.when) {
      throw new Error(
        `${DRIZZLE_TABLE} records a migration of ${new Date(newest).toISOString()}, later than the last one Hallway ` +
          `applied that way (${newestKnown.name}): this database was migrated by a build this release does not know.`,
      );
    }
    const files = new Map(readMigrations(dir).map((f) => [f.name, f]));
    adopted = LEGACY_MIGRATIONS.filter((m) => m.when <= newest).map((m) => {
      const file = files.get(m.name);
      if (!file) throw new Error(`migration ${m.name}.sql is missing from ${dir}`);
      return file;
    });
  }
  await inTransaction(session, async () => {
    await session.exec(`CREATE SCHEMA IF NOT EXISTS hallway;
      CREATE TABLE ${APPLIED_TABLE} (
        name text PRIMARY KEY,
        hash text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`);
    for (const m of adopted) {
      await session.query(`INSERT INTO ${APPLIED_TABLE} (name, hash) VALUES ($1, $2)`, [m.name, m.hash]);
    }
  });
}

/**
 * Applies every pending migration of the folder, each in its own transaction together with its row in the table of
 * applied migrations; no row-level security. The caller makes sure no other process migrates meanwhile (the advisory
 * lock on PostgreSQL; PGlite has one process). Answers the names applied.
 */
export async function applyMigrations(session: Session, dir = MIGRATIONS_DIR): Promise<string[]> {
  await createAppliedTable(session, dir);
  const state = await migrationState(session, dir);
  refuseChanged(state);
  for (const migration of state.pending) {
    try {
      await inTransaction(session, async () => {
        for (const statement of migration.statements) await session.exec(statement);
        await session.query(`INSERT INTO ${APPLIED_TABLE} (name, hash) VALUES ($1, $2)`, [
          migration.name,
          migration.hash,
        ]);
      });
    } catch (err) {
      throw new Error(`migration ${migration.name} failed: ${(err as Error).message}`, { cause: err });
    }
  }
  return state.pending.map((m) => m.name);
}

/**
 * Applies the migrations and the row-level security; several processes may start at once. Against an up-to-date
 * database it only reads the catalog: no DDL, no lock, so starting a process never blocks (or deadlocks) the
 * traffic of the processes already running.
 */
export async function migrate(database: Database, options: { dir?: string } = {}): Promise<void> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  if (database.kind === 'pglite') {
    const state = await migrationState(database, dir);
    refuseChanged(state);
    if (state.pending.length) await applyMigrations(database, dir);
    await applyRowLevelSecurity(database);
    return;
  }
  const client = await database.pool!.connect();
  const onClient: Session = {
    query: (t: string, v?: unknown[]) => client.query(t, v),
    exec: async (t: string) => void (await client.query(t)),
  };
  try {
    const state = await migrationState(onClient, dir);
    refuseChanged(state);
    if (!state.pending.length && (await securityStatements(onClient)).length === 0) return;
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      // Another process may have applied them while this one waited for the lock: the state is read again.
      await applyMigrations(onClient, dir);
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
