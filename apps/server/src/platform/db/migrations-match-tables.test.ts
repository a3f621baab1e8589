import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  declaredTables,
  describeDifference,
  drizzleKit,
  type Session,
  schemaComparison,
  schemaDifferences,
} from '../../../scripts/schema-diff.js';
import { copySnapshot, type TestDatabase } from '../../test/snapshot.js';

/**
 * The migrations and the tables.ts files describe the same schema: every table, column, index and constraint the
 * code declares is created by a migration, and the migrations create nothing the code does not declare. Checked on
 * a copy of the run's snapshot, which the global setup migrated from the folder's files.
 */
let copy: TestDatabase;
let session: Session;
let end: () => Promise<void>;

beforeAll(async () => {
  copy = await copySnapshot(inject('hallwaySnapshot'));
  if (copy.pglite) {
    const pglite = copy.pglite;
    session = {
      query: async (text, values) => ({ rows: (await pglite.query<Record<string, unknown>>(text, values)).rows }),
      exec: async (text) => void (await pglite.exec(text)),
    };
    end = () => pglite.close();
  } else {
    const client = new pg.Client({ connectionString: copy.databaseUrl });
    await client.connect();
    session = {
      query: (text, values) => client.query(text, values),
      exec: async (text) => void (await client.query(text)),
    };
    end = () => client.end();
  }
}, 60_000);

afterAll(async () => {
  await end?.();
  await copy?.drop();
});

describe('the migrations match the declared tables', () => {
  it('leaves no difference and no statement to generate', async () => {
    const { differences, statements } = await schemaComparison(session, await declaredTables());
    expect(differences.map(describeDifference)).toEqual([]);
    expect(statements).toEqual([]);
  });

  it('notices what a migration lacks or has too much, and generates the statements that settle it', async () => {
    // As the migrations left them…
    await session.exec(`CREATE TABLE "probe_items" (
        "id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL, "position" integer DEFAULT 0 NOT NULL);
      CREATE INDEX "probe_items_name_idx" ON "probe_items" USING btree ("name");
      CREATE TABLE "probe_marks" ("id" uuid PRIMARY KEY NOT NULL, "stale" text);`);
    // …and as the code now declares them.
    const probeItems = pgTable(
      'probe_items',
      { id: uuid().primaryKey(), name: text().notNull(), position: integer().notNull().default(1), note: text() },
      (t) => [index('probe_items_name_idx').on(t.name, t.position)],
    );
    const probeMarks = pgTable('probe_marks', { id: uuid().primaryKey() });
    const probeTags = pgTable('probe_tags', {
      id: uuid().primaryKey(),
      itemId: uuid()
        .notNull()
        .references(() => probeItems.id, { onDelete: 'cascade' }),
    });
    const declared = { ...(await declaredTables()), probeItems, probeMarks, probeTags };

    const { differences, statements } = await schemaComparison(session, declared);
    expect(differences.map(describeDifference)).toEqual([
      'table probe_tags: declared in tables.ts (table), not in the migrations',
      'column probe_items.note: declared in tables.ts (text null), not in the migrations',
      'column probe_items.position: the migrations give integer not null default 0; tables.ts declares integer not null default 1',
      'column probe_marks.stale: in the migrations (text null), not declared in tables.ts',
      'index probe_items.probe_items_name_idx: the migrations give CREATE INDEX probe_items_name_idx ON probe_items USING btree (name); tables.ts declares CREATE INDEX probe_items_name_idx ON probe_items USING btree (name, "position")',
    ]);
    expect([...statements].sort()).toEqual(
      [
        'CREATE TABLE "probe_tags" (\n\t"id" uuid PRIMARY KEY NOT NULL,\n\t"item_id" uuid NOT NULL\n);\n',
        'DROP INDEX "probe_items_name_idx";',
        'ALTER TABLE "probe_items" ALTER COLUMN "position" SET DEFAULT 1;',
        'ALTER TABLE "probe_items" ADD COLUMN "note" text;',
        'ALTER TABLE "probe_tags" ADD CONSTRAINT "probe_tags_item_id_probe_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."probe_items"("id") ON DELETE cascade ON UPDATE no action;',
        'CREATE INDEX "probe_items_name_idx" ON "probe_items" USING btree ("name","position");',
        'ALTER TABLE "probe_marks" DROP COLUMN "stale";',
      ].sort(),
    );

    // Applied as the new migration, they leave nothing to do.
    await session.exec(statements.join('\n'));
    expect((await schemaDifferences(session, declared)).map(describeDifference)).toEqual([]);
  });
});

describe('loading drizzle-kit', () => {
  it('leaves no enumerable property on the built-in prototypes (its Array.prototype.random broke ajv in this process)', () => {
    drizzleKit();
    expect(typeof (Array.prototype as unknown as { random?: unknown }).random).toBe('function');
    const seen: string[] = [];
    for (const key in ['entry']) seen.push(key);
    expect(seen).toEqual(['0']);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
