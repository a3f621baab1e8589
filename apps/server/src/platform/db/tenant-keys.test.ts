import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, pgTable, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredTables } from '../../../scripts/schema-diff.js';
import { createHarness, type Harness, makeWorkspace, superadmin, type TestWorkspace } from '../../test/harness.js';
import { emptyDatabase } from '../../test/migration-databases.js';
import { rowsOf } from './client.js';
import { newId } from './ids.js';
import { MIGRATIONS_DIR, migrate } from './migrate.js';
import { inSystem } from './tenant.js';
import { sqlName, tenantKey, tenantReference } from './tenant-keys.js';

/**
 * Composite tenant keys (tenant-keys.ts): the database itself refuses a row of workspace B that points at a row of
 * workspace A, whatever the code above it forgot — written here as the owner role on the system path, where
 * row-level security lets every row through.
 */
let h: Harness;
let a: TestWorkspace;
let b: TestWorkspace;

beforeAll(async () => {
  h = await createHarness();
  [a, b] = [await makeWorkspace(h), await makeWorkspace(h)];
});
afterAll(() => h.close());

const run = (statement: SQL) => inSystem(h.platform.database, (tx) => tx.execute(statement));

/** A group, a post, an event and a department of a workspace, written as SQL. */
async function objectsOf(ws: TestWorkspace) {
  const [group, post, event, department] = [newId(), newId(), newId(), newId()];
  await run(sql`INSERT INTO groups (id, client_id, name, description, type, owner_id)
                VALUES (${group}, ${ws.id}, 'Group', '', 'public', ${ws.admin.id})`);
  await run(sql`INSERT INTO posts (id, client_id, parent_type, parent_id, author_id, text)
                VALUES (${post}, ${ws.id}, 'company', ${ws.id}, ${ws.admin.id}, 'Post')`);
  await run(sql`INSERT INTO events (id, client_id, name, starts_at, ends_at, last_end, time_zone, organizer_id)
                VALUES (${event}, ${ws.id}, 'Event', now(), now(), now(), 'UTC', ${ws.admin.id})`);
  await run(
    sql`INSERT INTO departments (id, client_id, type, name) VALUES (${department}, ${ws.id}, 'company', 'Top')`,
  );
  return { group, post, event, department };
}

/** Rows of workspace `ws` that point at the objects `to`, each under the name of the constraint that checks it. */
const writes = (ws: TestWorkspace, to: Awaited<ReturnType<typeof objectsOf>>) => ({
  group_members_group_id_fk: sql`INSERT INTO group_members (client_id, group_id, user_id)
                                 VALUES (${ws.id}, ${to.group}, ${ws.employee.id})`,
  projects_wall_id_fk: sql`INSERT INTO projects (id, client_id, name, creator_id, wall_id)
                           VALUES (${newId()}, ${ws.id}, 'Project', ${ws.admin.id}, ${to.group})`,
  comments_post_id_fk: sql`INSERT INTO comments (id, client_id, parent_type, parent_id, subject_type, subject_id,
                             post_id, author_id, text)
                           VALUES (${newId()}, ${ws.id}, 'post', ${to.post}, 'post', ${to.post}, ${to.post},
                             ${ws.employee.id}, 'Comment')`,
  post_reactions_post_id_fk: sql`INSERT INTO post_reactions (client_id, post_id, user_id, reaction)
                                 VALUES (${ws.id}, ${to.post}, ${ws.employee.id}, 'like')`,
  event_members_event_id_fk: sql`INSERT INTO event_members (client_id, event_id, user_id)
                                 VALUES (${ws.id}, ${to.event}, ${ws.employee.id})`,
  departments_parent_id_fk: sql`INSERT INTO departments (id, client_id, type, parent_id, name)
                                VALUES (${newId()}, ${ws.id}, 'company', ${to.department}, 'Child')`,
});

describe('composite tenant foreign keys', () => {
  it("refuses a row of workspace B that points at a row of workspace A, and takes B's own", async () => {
    const ofA = await objectsOf(a);
    const ofB = await objectsOf(b);
    for (const [constraint, statement] of Object.entries(writes(b, ofA))) {
      await expect(run(statement), constraint).rejects.toMatchObject({ cause: { code: '23503', constraint } });
    }
    // The same rows with B's own objects go in: the refusals above are the workspace's, not the row's.
    for (const [constraint, statement] of Object.entries(writes(b, ofB))) {
      await expect(run(statement), constraint).resolves.toBeTruthy();
    }
  });

  it('keeps what deleting a row did: a cascade removes, a plain reference refuses', async () => {
    const c = await makeWorkspace(h);
    const mine = await objectsOf(c);
    for (const statement of Object.values(writes(c, mine))) await run(statement);
    const wall = run(sql`DELETE FROM groups WHERE id = ${mine.group}`);
    await expect(wall).rejects.toMatchObject({ cause: { code: '23503', constraint: 'projects_wall_id_fk' } });
    await run(sql`DELETE FROM projects WHERE wall_id = ${mine.group}`);
    await run(sql`DELETE FROM groups WHERE id = ${mine.group}`);
    await run(sql`DELETE FROM posts WHERE id = ${mine.post}`);
    const left = await inSystem(h.platform.database, (tx) =>
      rowsOf(
        tx,
        sql`SELECT (SELECT count(*) FROM group_members WHERE group_id = ${mine.group})::int AS members,
                            (SELECT count(*) FROM comments WHERE post_id = ${mine.post})::int AS comments,
                            (SELECT count(*) FROM post_reactions WHERE post_id = ${mine.post})::int AS reactions`,
      ),
    );
    expect(left).toEqual([{ members: 0, comments: 0, reactions: 0 }]);
  });

  it('lets the superadmin, who belongs to no workspace, be recorded in any one (references to people are plain)', async () => {
    const root = await superadmin(h);
    const post = sql`INSERT INTO posts (id, client_id, parent_type, parent_id, author_id, text)
                     VALUES (${newId()}, ${b.id}, 'company', ${b.id}, ${root.id}, 'From the superadmin')`;
    await expect(run(post)).resolves.toBeTruthy();
  });
});

/**
 * Every reference between two tenant tables (every row in a workspace: `client_id` NOT NULL) that is not
 * `(client_id, x) → (client_id, id)`.
 */
function plainTenantReferences(tables: PgTable[]): string[] {
  const tenant = (table: PgTable) => getTableConfig(table).columns.some((c) => sqlName(c) === 'client_id' && c.notNull);
  const found: string[] = [];
  for (const table of tables) {
    if (!tenant(table)) continue;
    const { foreignKeys } = getTableConfig(table);
    const references = foreignKeys.map((fk) => {
      const { columns, foreignColumns, foreignTable } = fk.reference();
      return { from: columns.map(sqlName), to: foreignColumns.map(sqlName), foreignTable };
    });
    for (const ref of references) {
      if (!tenant(ref.foreignTable)) continue;
      if (ref.from.length === 2 && ref.from[0] === 'client_id' && ref.to.join() === 'client_id,id') continue;
      found.push(`${getTableName(table)}.${ref.from.join(',')} → ${getTableName(ref.foreignTable)}`);
    }
  }
  return found;
}

describe('the schema', () => {
  it('declares every reference between two tenant tables as composite', async () => {
    const tables = Object.values(await declaredTables()).filter((t): t is PgTable => is(t, PgTable));
    expect(plainTenantReferences(tables)).toEqual([]);
    // Not vacuous: the declared tables have composite references, and a plain one is noticed.
    const composite = tables
      .flatMap((t) => getTableConfig(t).foreignKeys)
      .filter((fk) => fk.reference().columns.length === 2);
    expect(composite.length).toBeGreaterThanOrEqual(20);
    const probeItems = pgTable('probe_items', { id: uuid().primaryKey(), clientId: uuid().notNull() }, (t) => [
      tenantKey(t),
    ]);
    const probeTags = pgTable(
      'probe_tags',
      { clientId: uuid().notNull(), itemId: uuid().notNull(), otherId: uuid().references(() => probeItems.id) },
      (t) => [tenantReference(t.itemId, probeItems)],
    );
    expect(plainTenantReferences([...tables, probeItems, probeTags])).toEqual(['probe_tags.other_id → probe_items']);
  });
});

describe('the migration', () => {
  it('adds the keys to a database that has rows of two workspaces; a row across them would stop it', async () => {
    // The database as the release before: every migration but this one.
    const before = await mkdtemp(path.join(os.tmpdir(), 'hallway-tenant-keys-'));
    for (const file of await readdir(MIGRATIONS_DIR)) {
      if (file.endsWith('.sql') && !file.endsWith('_tenant_foreign_keys.sql')) {
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      }
    }
    const { database, drop } = await emptyDatabase();
    try {
      await migrate(database, { dir: before });
      const write = (statement: SQL) => inSystem(database, (tx) => tx.execute(statement));
      const [ws, people] = [
        [newId(), newId()],
        [newId(), newId()],
      ];
      const [group, post, event, department, block] = [newId(), newId(), newId(), newId(), newId()];
      for (const [i, client] of ws.entries()) {
        await write(
          sql`INSERT INTO clients (id, workspace, name) VALUES (${client}, ${`keys${i}${client.slice(-6)}`}, 'W')`,
        );
        await write(sql`INSERT INTO users (id, client_id, login, rights)
                        VALUES (${people[i]}, ${client}, ${`keys${i}${people[i].slice(-6)}`}, '{}')`);
      }
      const [a, person] = [ws[0], people[0]];
      // Rows of workspace A pointing at A's own rows, one for every kind of reference the migration changes.
      for (const statement of [
        sql`INSERT INTO groups (id, client_id, name, description, type, owner_id)
            VALUES (${group}, ${a}, 'G', '', 'public', ${person})`,
        sql`INSERT INTO group_members (client_id, group_id, user_id) VALUES (${a}, ${group}, ${person})`,
        sql`INSERT INTO posts (id, client_id, parent_type, parent_id, author_id, text)
            VALUES (${post}, ${a}, 'group', ${group}, ${person}, 'P')`,
        sql`INSERT INTO post_views (client_id, post_id, user_id) VALUES (${a}, ${post}, ${person})`,
        sql`INSERT INTO comments (id, client_id, parent_type, parent_id, subject_type, subject_id, post_id, author_id, text)
            VALUES (${newId()}, ${a}, 'post', ${post}, 'post', ${post}, ${post}, ${person}, 'C')`,
        sql`INSERT INTO events (id, client_id, name, starts_at, ends_at, last_end, time_zone, organizer_id)
            VALUES (${event}, ${a}, 'E', now(), now(), now(), 'UTC', ${person})`,
        sql`INSERT INTO event_members (client_id, event_id, user_id) VALUES (${a}, ${event}, ${person})`,
        sql`INSERT INTO departments (id, client_id, type, name) VALUES (${department}, ${a}, 'company', 'D')`,
        sql`INSERT INTO dept_users (client_id, dept_id, user_id, type) VALUES (${a}, ${department}, ${person}, 'company')`,
        sql`INSERT INTO link_blocks (id, client_id, module) VALUES (${block}, ${a}, 'wall')`,
        sql`INSERT INTO links (id, client_id, block_id, title, url) VALUES (${newId()}, ${a}, ${block}, 'L', 'https://x.test')`,
      ]) {
        await write(statement);
      }
      // A view recorded in workspace B of A's post (which no request can write) stops the migration…
      await write(sql`INSERT INTO post_views (client_id, post_id, user_id) VALUES (${ws[1]}, ${post}, ${people[1]})`);
      await expect(migrate(database)).rejects.toThrow(/post_views_post_id_fk/);
      // …and once it is gone, the migration adds every key.
      await write(sql`DELETE FROM post_views WHERE client_id = ${ws[1]}`);
      await migrate(database);
      const { rows } = await database.query(
        `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND conname IN ('group_members_group_id_fk',
           'comments_post_id_fk', 'event_members_event_id_fk', 'dept_users_dept_id_fk', 'links_block_id_fk')`,
      );
      expect(rows).toEqual([{ n: 5 }]);
    } finally {
      await drop();
      await rm(before, { recursive: true, force: true });
    }
  }, 180_000);
});
