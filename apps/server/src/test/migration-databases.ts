import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db/client.js';
import { MIGRATIONS_DIR } from '../platform/db/migrate.js';
import { LEGACY_MIGRATIONS } from '../platform/db/migrations-legacy.js';

/**
 * A migrations folder as a release before Hallway's own migrator shipped it: the legacy files before `before`
 * (a legacy name) and drizzle-kit's journal listing them, which drizzle-orm's migrator reads.
 */
export async function legacyFolder(before: string): Promise<string> {
  const count = LEGACY_MIGRATIONS.findIndex((m) => m.name === before);
  if (count < 0) throw new Error(`${before} is not a legacy migration`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hallway-legacy-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  const entries = LEGACY_MIGRATIONS.slice(0, count).map((m, idx) => ({
    idx,
    version: '7',
    when: m.when,
    tag: m.name,
    breakpoints: true,
  }));
  for (const e of entries) await copyFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  await writeFile(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return dir;
}

/** The database as an older release left it: migrated by drizzle-orm's migrator with `legacyFolder(before)`. */
export async function migrateAsOlderRelease(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    client.release();
  }
}

/** An empty database of its own: in-memory PGlite, or a new database on the server of TEST_DATABASE_URL. */
export async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const testUrl = process.env.TEST_DATABASE_URL;
  if (!testUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: () => database.close() };
  }
  const name = `hallway_m_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: testUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(testUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 });
  return {
    database,
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
