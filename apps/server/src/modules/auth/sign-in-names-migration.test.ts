import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../platform/db/client.js';
import { migrate } from '../../platform/db/migrate.js';
import { applyRowLevelSecurity } from '../../platform/db/security.js';
import { emptyDatabase, legacyFolder, migrateAsOlderRelease } from '../../test/migration-databases.js';

// Migration 0005 (sign_in_names) on a database that already holds people whose login is someone else's e-mail:
// on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.

const TAG = '0005_sign_in_names';
let database: Database;
let dropDatabase: () => Promise<void>;
let before: string;

beforeAll(async () => {
  before = await legacyFolder(TAG);
  ({ database, drop: dropDatabase } = await emptyDatabase());
  await migrateAsOlderRelease(database, before);
  // An installation running the previous version: row-level security on, as every start left it.
  await applyRowLevelSecurity(database);
}, 120_000);

afterAll(async () => {
  await dropDatabase?.();
  await rm(before, { recursive: true, force: true });
});

const id = (n: number) => `00000000-0000-7000-8000-00000000000${n}`;

describe('migration 0005 on existing data', () => {
  it('keeps the name for whoever joined first, then enforces one namespace', async () => {
    await database.exec(`
      INSERT INTO clients (id, workspace, name) VALUES ('${id(9)}', 'acme', 'Acme');
      INSERT INTO users (id, client_id, login, email, rights, created) VALUES
        ('${id(1)}', '${id(9)}', 'alpha', 'shared@x.test', '{}', '2020-01-01'),
        ('${id(2)}', '${id(9)}', 'SHARED@x.test', 'b@x.test', '{}', '2021-01-01'),
        ('${id(3)}', '${id(9)}', 'carol@x.test', 'c@x.test', '{}', '2019-01-01'),
        ('${id(4)}', '${id(9)}', 'dave', 'Carol@X.test', '{}', '2022-01-01'),
        ('${id(5)}', '${id(9)}', 'eve@x.test', 'EVE@x.test', '{}', '2022-01-01'),
        ('${id(6)}', NULL, 'root', NULL, '{}', '2018-01-01');
    `);
    await migrate(database);

    const { rows: people } = await database.query('SELECT id, login, email FROM users ORDER BY id');
    expect(people).toEqual([
      { id: id(1), login: 'alpha', email: 'shared@x.test' },
      // B came later than A: B's login, A's e-mail, is renamed with the end of B's id
      { id: id(2), login: 'SHARED@x.test.000000000002', email: 'b@x.test' },
      { id: id(3), login: 'carol@x.test', email: 'c@x.test' },
      // D came later than C: D's e-mail, C's login, is cleared
      { id: id(4), login: 'dave', email: null },
      { id: id(5), login: 'eve@x.test', email: 'EVE@x.test' },
      { id: id(6), login: 'root', email: null },
    ]);
    const { rows: names } = await database.query('SELECT name, user_id FROM sign_in_names ORDER BY name');
    expect(names).toEqual(
      [
        ['alpha', 1],
        ['b@x.test', 2],
        ['c@x.test', 3],
        ['carol@x.test', 3],
        ['dave', 4],
        ['eve@x.test', 5],
        ['root', 6],
        ['shared@x.test', 1],
        ['shared@x.test.000000000002', 2],
      ].map(([name, n]) => ({ name, user_id: id(n as number) })),
    );

    // from now on the trigger keeps the namespace
    const clash = await database
      .query(`INSERT INTO users (id, client_id, login, email, rights) VALUES ($1, $2, 'C@X.TEST', 'z@x.test', '{}')`, [
        id(7),
        id(9),
      ])
      .catch((err) => err);
    expect(clash).toMatchObject({ code: '23505', constraint: 'users_login_key' });
    await database.query("UPDATE users SET email = 'dave@x.test' WHERE id = $1", [id(4)]);
    const { rows: dave } = await database.query('SELECT name FROM sign_in_names WHERE user_id = $1 ORDER BY name', [
      id(4),
    ]);
    expect(dave).toEqual([{ name: 'dave' }, { name: 'dave@x.test' }]);
    // the triggers' system flag does not outlive them in the caller's transaction
    const flag = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.system', 'off', true)`);
      await tx.execute(sql`UPDATE users SET login = 'dave2', password_hash = 'x' WHERE id = ${id(4)}`);
      return rowsOf<{ flag: string }>(tx, sql`SELECT current_setting('app.system', true) AS flag`);
    });
    expect(flag).toEqual([{ flag: 'off' }]);
  });
});
