import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredTables, describeDifference, type Session, schemaDifferences } from '../../../scripts/schema-diff.js';
import { emptyDatabase, legacyFolder, migrateAsOlderRelease } from '../../test/migration-databases.js';
import type { Database } from './client.js';
import { APPLIED_TABLE, MIGRATIONS_DIR, migrate, migrationsPending, readMigrations } from './migrate.js';
import { LEGACY_MIGRATIONS } from './migrations-legacy.js';
import { applyRowLevelSecurity } from './security.js';

/**
 * Hallway's migrator on a database an older release left behind (migrated by drizzle-orm's migrator up to 0011),
 * then with migrations merged out of time order, edited after shipping, or failing half-way. On the embedded
 * database, and on PostgreSQL with TEST_DATABASE_URL.
 */
const OLDER_RELEASE_STOPS_BEFORE = '0012_users_chart_index';
/** The sha256 of 0005 as first shipped; databases migrated then still record it. */
const FIRST_0005_HASH = 'e6e09875765e54e1add5b0b5fabd84d5bd9021d8bf362f06fa4739d1fea06e9b';

let database: Database;
let drop: () => Promise<void>;
const folders: string[] = [];

/** A migrations folder: the shipped files and `extra` ones (name → content). */
async function folderWith(extra: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hallway-migrations-'));
  folders.push(dir);
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file.endsWith('.sql')) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  }
  for (const [name, text] of Object.entries(extra)) await writeFile(path.join(dir, name), text);
  return dir;
}

const applied = async () =>
  (await database.query(`SELECT name, hash FROM ${APPLIED_TABLE} ORDER BY name`)).rows as {
    name: string;
    hash: string;
  }[];

const tableExists = async (table: string) =>
  (await database.query('SELECT to_regclass($1) IS NOT NULL AS present', [table])).rows[0].present;

/** One connection for the schema comparison. */
async function withSession<T>(run: (session: Session) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return run(database);
  const client = await database.pool!.connect();
  try {
    return await run({
      query: (t, v) => client.query(t, v),
      exec: async (t) => void (await client.query(t)),
    });
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  const older = await legacyFolder(OLDER_RELEASE_STOPS_BEFORE);
  folders.push(older);
  ({ database, drop } = await emptyDatabase());
  await migrateAsOlderRelease(database, older);
  await applyRowLevelSecurity(database);
  // Migrated before 0005 was last edited: drizzle recorded the earlier content's hash.
  const first0005 = LEGACY_MIGRATIONS.find((m) => m.name === '0005_sign_in_names')!;
  await database.query('UPDATE drizzle.__drizzle_migrations SET hash = $1 WHERE created_at = $2', [
    FIRST_0005_HASH,
    first0005.when,
  ]);
}, 120_000);

afterAll(async () => {
  await drop?.();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

describe('migrating a database an older release left', () => {
  it('recognizes what drizzle-orm applied and applies only the newer migrations, each once', async () => {
    const legacyRows = (await database.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows;
    expect(legacyRows).toEqual([{ n: LEGACY_MIGRATIONS.findIndex((m) => m.name === OLDER_RELEASE_STOPS_BEFORE) }]);
    expect(await migrationsPending(database)).toBe(true);

    // Re-running any of 0000–0011 would fail on its CREATE TABLE; success means only 0012 onwards ran.
    await migrate(database);
    expect(await applied()).toEqual(readMigrations().map(({ name, hash }) => ({ name, hash })));
    expect(await migrationsPending(database)).toBe(false);
    expect(
      await withSession(async (s) => (await schemaDifferences(s, await declaredTables())).map(describeDifference)),
    ).toEqual([]);

    await migrate(database);
    expect(await applied()).toHaveLength(readMigrations().length);
    // drizzle's own record stays as the older release left it.
    expect((await database.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows).toEqual(
      legacyRows,
    );
  });

  it('applies a migration merged with an older timestamp than one already applied', async () => {
    const later = { '20990101000000_probe_later.sql': 'CREATE TABLE "probe_later" ("id" integer);' };
    await migrate(database, { dir: await folderWith(later) });
    expect(await tableExists('probe_later')).toBe(true);

    const merged = { ...later, '20300101000000_probe_merged.sql': 'CREATE TABLE "probe_merged" ("id" integer);' };
    const dir = await folderWith(merged);
    expect(await migrationsPending(database, dir)).toBe(true);
    await migrate(database, { dir });
    expect(await tableExists('probe_merged')).toBe(true);
    expect((await applied()).map((r) => r.name)).toEqual(
      expect.arrayContaining(['20300101000000_probe_merged', '20990101000000_probe_later']),
    );
    expect(await migrationsPending(database, dir)).toBe(false);
  });

  it('refuses to start when an applied migration was edited', async () => {
    const dir = await folderWith({
      '20990101000000_probe_later.sql': 'CREATE TABLE "probe_later" ("id" integer, "note" text);',
      '20300101000000_probe_merged.sql': 'CREATE TABLE "probe_merged" ("id" integer);',
    });
    await expect(migrate(database, { dir })).rejects.toThrow(
      /changed after they were applied to this database: 20990101000000_probe_later\. A shipped migration is never edited/,
    );
    expect(await migrationsPending(database, dir)).toBe(true);
  });

  it('applies each file in its own transaction: a failing one leaves nothing, those before it stay', async () => {
    const dir = await folderWith({
      '20990101000000_probe_later.sql': 'CREATE TABLE "probe_later" ("id" integer);',
      '20300101000000_probe_merged.sql': 'CREATE TABLE "probe_merged" ("id" integer);',
      '20990102000000_probe_fine.sql': 'CREATE TABLE "probe_fine" ("id" integer);',
      '20990103000000_probe_broken.sql':
        'CREATE TABLE "probe_broken" ("id" integer);\n--> statement-breakpoint\nSELECT 1 / 0;',
    });
    await expect(migrate(database, { dir })).rejects.toThrow(
      /migration 20990103000000_probe_broken failed: division by zero/,
    );
    expect(await tableExists('probe_fine')).toBe(true);
    expect(await tableExists('probe_broken')).toBe(false);
    const names = (await applied()).map((r) => r.name);
    expect(names).toContain('20990102000000_probe_fine');
    expect(names).not.toContain('20990103000000_probe_broken');
  });
});
