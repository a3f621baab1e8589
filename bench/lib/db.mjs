import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

let serverDist = fileURLToPath(new URL('../../apps/server/dist/', import.meta.url));

/** Points the bench at another build of the server (a snapshot of dist/, see snapshot.mjs). */
export function useServerBuild(dist) {
  serverDist = dist;
}

/** Imports a module of the built server, so the bench always uses the server's own migrations and drivers. */
export async function serverModule(relative) {
  const file = path.join(serverDist, relative);
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build first (npm run build -w packages/shared && npm run build -w apps/server)`,
    );
  }
  return import(pathToFileURL(file).href);
}

/**
 * Where a bench database lives and the environment a process needs to reach it. The embedded target is PGlite in
 * `<dataDir>/db`, exactly where the server puts it for that DATA_DIR.
 */
export function embeddedTarget(dataDir) {
  return {
    kind: 'pglite',
    label: 'embedded (PGlite)',
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    env: { DATA_DIR: dataDir },
  };
}

export function postgresTarget(url, dataDir) {
  return { kind: 'pg', label: 'PostgreSQL', url, dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url } };
}

/** Same server and credentials as `url`, another database name. */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onAdmin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops and recreates `name` on the server of `adminUrl`; answers the new database's URL. */
export async function freshPostgresDatabase(adminUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  await onAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return withDatabase(adminUrl, name);
}

export async function dropPostgresDatabase(adminUrl, name) {
  await onAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Runs the server's drizzle migrations and row-level security on the target, then closes it. */
export async function migrateTarget(target) {
  if (target.kind === 'pglite') await mkdir(target.dbDir, { recursive: true });
  const { openDatabase } = await serverModule('platform/db/client.js');
  const { migrate } = await serverModule('platform/db/migrate.js');
  const database = await openDatabase(
    target.kind === 'pg' ? { kind: 'pg', url: target.url, poolSize: 2 } : { kind: 'pglite', dir: target.dbDir },
  );
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}

/**
 * One database session on the system path, for writing generated data: row-level security lets the system path
 * see and write every workspace even when the connecting role is not a superuser.
 */
export async function openSession(target) {
  if (target.kind === 'pg') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query(`SET app.system = 'on'`);
    return {
      kind: 'pg',
      query: (text, params) => client.query(text, params),
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(target.dbDir);
  await db.exec(`SET app.system = 'on'`);
  return {
    kind: 'pglite',
    query: (text, params) => db.query(text, params),
    close: () => db.close(),
  };
}

/** PostgreSQL accepts at most 65,535 bind parameters per statement. */
const MAX_PARAMS = 65_000;

/**
 * Multi-row INSERT in batches: `rows` are arrays in `columns` order. `casts` maps a column to a type suffix for
 * its placeholders (`jsonb`, `text[]`), so both drivers send plain strings and arrays.
 */
export async function insertRows(session, table, columns, rows, { casts = {}, batch = 1000 } = {}) {
  const size = Math.max(1, Math.min(batch, Math.floor(MAX_PARAMS / columns.length)));
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    const params = [];
    const tuples = chunk.map((row) => {
      const marks = row.map((value, i) => {
        params.push(value);
        const cast = casts[columns[i]];
        return cast ? `$${params.length}::${cast}` : `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await session.query(head + tuples.join(', '), params);
  }
}
