import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pino } from 'pino';
import { ensureSuperadmin } from '../bootstrap/superadmin.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase, pgliteParsers } from '../platform/db/client.js';
import { migrate } from '../platform/db/migrate.js';
import type { Platform } from '../platform/index.js';

/**
 * One migrated database per test run (issue 10): the vitest global setup migrates it once, and every test file
 * starts from a copy of it instead of migrating its own (6–9 s a file before). On PGlite the copy is a data-dir
 * tarball loaded into a new in-memory instance; on PostgreSQL a `CREATE DATABASE … TEMPLATE`.
 */
export type Snapshot = { kind: 'pglite'; file: string } | { kind: 'pg'; template: string; url: string };

export const SUPERADMIN = { login: 'root', password: 'root-secret' };

/** What every test database holds before a test file touches it: the schema, row-level security, the superadmin. */
async function prepare(database: Database, dataDir: string): Promise<void> {
  await migrate(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SUPERADMIN_LOGIN: SUPERADMIN.login,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    DEMO: '0',
  });
  await ensureSuperadmin({ database, config } as Platform, pino({ level: 'silent' }));
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export async function createSnapshot(testDatabaseUrl: string | undefined): Promise<Snapshot> {
  const dataDir = os.tmpdir();
  if (testDatabaseUrl) {
    const template = `hallway_tpl_${process.pid}_${Date.now().toString(36)}`;
    await admin(testDatabaseUrl, (c) => c.query(`CREATE DATABASE ${template}`));
    const database = await openDatabase({ kind: 'pg', url: withDatabase(testDatabaseUrl, template), poolSize: 2 });
    try {
      await prepare(database, dataDir);
    } finally {
      await database.close();
    }
    return { kind: 'pg', template, url: testDatabaseUrl };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await prepare(database, dataDir);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dataDir, `hallway-snapshot-${process.pid}-${Date.now().toString(36)}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { kind: 'pglite', file };
}

export async function dropSnapshot(snapshot: Snapshot): Promise<void> {
  if (snapshot.kind === 'pg') {
    await admin(snapshot.url, (c) => c.query(`DROP DATABASE IF EXISTS ${snapshot.template} WITH (FORCE)`));
  } else {
    const { rm } = await import('node:fs/promises');
    await rm(snapshot.file, { force: true });
  }
}

export interface TestDatabase {
  /** The ready PGlite instance, or the URL of a fresh PostgreSQL database. */
  pglite?: PGlite;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** A fresh database for one test file, copied from the run's snapshot. */
export async function copySnapshot(snapshot: Snapshot): Promise<TestDatabase> {
  if (snapshot.kind === 'pglite') {
    const tarball = new Blob([await readFile(snapshot.file)]);
    const pglite = await PGlite.create('memory://', { loadDataDir: tarball, parsers: pgliteParsers });
    return { pglite, drop: async () => undefined };
  }
  const name = `hallway_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(snapshot.url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${snapshot.template}`));
  return {
    databaseUrl: withDatabase(snapshot.url, name),
    drop: () => admin(snapshot.url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
