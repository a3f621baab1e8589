import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Database } from '../src/platform/db/client.js';

/**
 * How the tables declared in the code (`**\/tables.ts`) differ from a database migrated with the folder's files,
 * and the statements that would bring that database to them — without drizzle-kit's snapshot JSON of a last
 * migration (which a branch never has for another branch's tables).
 *
 * The declared tables are created in a schema of their own inside the same database, from drizzle-kit's
 * `generateDrizzleJson` + `generateMigration`, and the two schemas are compared in PostgreSQL's catalog, whose
 * printed definitions (`format_type`, `pg_get_expr`, `pg_get_indexdef`, `pg_get_constraintdef`) are the same text for
 * the same object however a migration spelled it. drizzle-kit's own `pushSchema` is not used: in drizzle-kit 0.31
 * it ignores `casing: 'snake_case'` (drizzle-orm issue 3913), drops the parameters of its composite-primary-key
 * query, and reports expression indexes, array defaults and composite keys as changed when they are not.
 *
 * Compared: tables, columns (type, NOT NULL, default, generated expression, identity), indexes, primary/unique/
 * foreign-key/check constraints and enums of `public`. Not compared: functions, triggers, row-level security and
 * grants (hand-written in migrations or applied by security.ts).
 */

const require = createRequire(import.meta.url);
type DrizzleKit = typeof import('drizzle-kit/api');
/**
 * drizzle-kit/api is CommonJS and large; loaded when first needed. Loading it assigns `Array.prototype.random`, an
 * enumerable property every `for…in` over an array then meets: in the test process, ajv (compiling the answers'
 * union validators) read it as an array entry and failed. It stays, hidden from enumeration like the built-ins.
 */
export const drizzleKit = (): DrizzleKit => {
  const kit = require('drizzle-kit/api') as DrizzleKit;
  for (const proto of [Array.prototype, Object.prototype]) {
    for (const key of Object.keys(proto)) Object.defineProperty(proto, key, { enumerable: false });
  }
  return kit;
};

const SERVER_SRC = fileURLToPath(new URL('../src', import.meta.url));
const DECLARED = 'hallway_declared';

/** One connection (the declared schema is read under its own search_path). */
export type Session = Pick<Database, 'query' | 'exec'>;

function tableFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tableFiles(full);
    return entry.name === 'tables.ts' ? [full] : [];
  });
}

/** Every export of `platform/**\/tables.ts` and `modules/**\/tables.ts`: the tables the code declares. */
export async function declaredTables(): Promise<Record<string, unknown>> {
  const files = ['platform', 'modules'].flatMap((dir) => tableFiles(path.join(SERVER_SRC, dir))).sort();
  const imports: Record<string, unknown> = {};
  for (const file of files) Object.assign(imports, await import(pathToFileURL(file).href));
  return imports;
}

interface ColumnRow {
  table: string;
  name: string;
  type: string;
  not_null: boolean;
  default: string | null;
  generated: string | null;
  identity: string;
}
interface ConstraintRow {
  table: string;
  name: string;
  kind: 'p' | 'f' | 'u' | 'c';
  definition: string;
  columns: string;
}
interface IndexRow {
  table: string;
  name: string;
  definition: string;
}
interface EnumRow {
  name: string;
  labels: string;
}

interface Catalog {
  tables: Set<string>;
  columns: Map<string, ColumnRow>;
  indexes: Map<string, IndexRow>;
  constraints: Map<string, ConstraintRow>;
  enums: Map<string, EnumRow>;
}

const columnText = (c: ColumnRow) =>
  [
    c.type,
    c.not_null ? 'not null' : 'null',
    c.default !== null && `default ${c.default}`,
    c.generated !== null && `generated always as ${c.generated} stored`,
    c.identity && `identity ${c.identity}`,
  ]
    .filter(Boolean)
    .join(' ');

/** The catalog of one schema, each definition printed as if that schema were the only one on the search path. */
async function readCatalog(session: Session, schema: string): Promise<Catalog> {
  const rows = async <T>(text: string) => (await session.query(text)).rows as T[];
  const ns = `'${schema}'::regnamespace`;
  await session.exec(`BEGIN; SET LOCAL search_path TO "${schema}"`);
  try {
    const tables = await rows<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = ${ns} AND relkind IN ('r', 'p')`,
    );
    const columns = await rows<ColumnRow>(`
      SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
             a.attnotnull AS not_null,
             CASE WHEN a.attgenerated::text = '' THEN pg_get_expr(d.adbin, d.adrelid) END AS default,
             CASE WHEN a.attgenerated::text <> '' THEN pg_get_expr(d.adbin, d.adrelid) END AS generated,
             a.attidentity::text AS identity
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = ${ns} AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`);
    // Indexes that back a primary key or unique constraint are compared as that constraint. pg_get_indexdef names
    // the table with its schema whatever the search path.
    const indexes = await rows<IndexRow>(`
      SELECT t.relname AS table, i.relname AS name,
             replace(pg_get_indexdef(i.oid), ' ON ' || quote_ident('${schema}') || '.', ' ON ') AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = ${ns}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.oid AND k.contype IN ('p', 'u', 'x'))`);
    const constraints = await rows<ConstraintRow>(`
      SELECT t.relname AS table, k.conname AS name, k.contype::text AS kind, pg_get_constraintdef(k.oid) AS definition,
             (SELECT string_agg(a.attname, ',' ORDER BY u.o)
                FROM unnest(k.conkey) WITH ORDINALITY AS u(n, o)
                JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n) AS columns
      FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
      WHERE k.connamespace = ${ns} AND k.contype IN ('p', 'f', 'u', 'c')`);
    const enums = await rows<EnumRow>(`
      SELECT t.typname AS name, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE t.typnamespace = ${ns} GROUP BY t.typname`);
    const byName = <T extends { table: string; name: string }>(list: T[]) =>
      new Map(list.map((r) => [`${r.table}.${r.name}`, r]));
    return {
      tables: new Set(tables.map((t) => t.name)),
      columns: byName(columns),
      indexes: byName(indexes),
      constraints: byName(constraints),
      enums: new Map(enums.map((e) => [e.name, e])),
    };
  } finally {
    await session.exec('COMMIT');
  }
}

export interface Difference {
  kind: 'table' | 'column' | 'index' | 'constraint' | 'enum';
  /** `table`, `table.column`, `table.index`, `table.constraint` or `enum`. */
  name: string;
  /** As the migrations left it; absent when only tables.ts has it. */
  migrated?: string;
  /** As tables.ts declares it; absent when the migrations lack it. */
  declared?: string;
}

export function describeDifference(d: Difference): string {
  if (d.migrated === undefined)
    return `${d.kind} ${d.name}: declared in tables.ts (${d.declared}), not in the migrations`;
  if (d.declared === undefined)
    return `${d.kind} ${d.name}: in the migrations (${d.migrated}), not declared in tables.ts`;
  return `${d.kind} ${d.name}: the migrations give ${d.migrated}; tables.ts declares ${d.declared}`;
}

/**
 * The parts of drizzle-kit's snapshot JSON (version 7) read or written here. Its own type comes through zod 3
 * types that do not resolve against the zod 4 this project uses.
 */
interface ColumnJson {
  name: string;
  type: string;
  typeSchema?: string;
  primaryKey: boolean;
  notNull: boolean;
  default?: unknown;
  generated?: { as: string; type: 'stored' };
}
interface TableJson {
  name: string;
  schema: string;
  columns: Record<string, ColumnJson>;
  indexes: Record<string, unknown>;
  foreignKeys: Record<string, Record<string, unknown>>;
  compositePrimaryKeys: Record<string, { name: string; columns: string[] }>;
  uniqueConstraints: Record<string, { name: string; columns: string[]; nullsNotDistinct: boolean }>;
  policies: Record<string, unknown>;
  checkConstraints: Record<string, { name: string; value: string }>;
  isRLSEnabled: boolean;
}
interface SnapshotJson {
  tables: Record<string, TableJson>;
  enums: Record<string, { name: string; schema: string; values: string[] }>;
  schemas: Record<string, string>;
}
type DrizzleSnapshot = Parameters<DrizzleKit['generateMigration']>[0];
const snapshotOf = (json: SnapshotJson) => json as unknown as DrizzleSnapshot;

/** The code's snapshot with every table (and enum) moved to `schema`. */
function inSchema(snapshot: SnapshotJson, schema: string): SnapshotJson {
  const copy = structuredClone(snapshot);
  copy.schemas = { [schema]: schema };
  copy.tables = Object.fromEntries(
    Object.values(copy.tables).map((table) => {
      table.schema = schema;
      for (const fk of Object.values(table.foreignKeys)) fk.schemaTo = schema;
      for (const column of Object.values(table.columns)) if (column.typeSchema) column.typeSchema = schema;
      return [`${schema}.${table.name}`, table];
    }),
  );
  copy.enums = Object.fromEntries(
    Object.values(copy.enums).map((e) => [`${schema}.${e.name}`, { ...e, schema }] as const),
  );
  return copy;
}

interface Compared {
  declared: SnapshotJson;
  differences: Difference[];
  migrated: Catalog;
  wanted: Catalog;
}

async function compare(session: Session, imports: Record<string, unknown>): Promise<Compared> {
  const kit = drizzleKit();
  const declared = kit.generateDrizzleJson(imports, undefined, undefined, 'snake_case') as unknown as SnapshotJson;
  const statements = await kit.generateMigration(kit.generateDrizzleJson({}), snapshotOf(inSchema(declared, DECLARED)));
  await session.exec(`DROP SCHEMA IF EXISTS "${DECLARED}" CASCADE`);
  let wanted: Catalog;
  let migrated: Catalog;
  try {
    await session.exec(statements.join('\n'));
    wanted = await readCatalog(session, DECLARED);
    migrated = await readCatalog(session, 'public');
  } finally {
    await session.exec(`DROP SCHEMA IF EXISTS "${DECLARED}" CASCADE`);
  }
  const differences: Difference[] = [];
  const diff = <T>(kind: Difference['kind'], a: Map<string, T>, b: Map<string, T>, text: (row: T) => string) => {
    for (const name of [...new Set([...a.keys(), ...b.keys()])].sort()) {
      const [m, d] = [a.get(name), b.get(name)];
      // The columns, indexes and constraints of a table only one side has are that table's difference.
      const table = name.includes('.') ? name.slice(0, name.indexOf('.')) : null;
      if (table && migrated.tables.has(table) !== wanted.tables.has(table)) continue;
      const [mt, dt] = [m && text(m), d && text(d)];
      if (mt !== dt) differences.push({ kind, name, migrated: mt, declared: dt });
    }
  };
  const tables = (c: Catalog) => new Map([...c.tables].map((t) => [t, t]));
  diff('table', tables(migrated), tables(wanted), () => 'table');
  diff('column', migrated.columns, wanted.columns, columnText);
  diff('index', migrated.indexes, wanted.indexes, (i) => i.definition);
  diff('constraint', migrated.constraints, wanted.constraints, (c) => c.definition);
  diff('enum', migrated.enums, wanted.enums, (e) => e.labels);
  return { declared, differences, migrated, wanted };
}

/** How the tables declared in `imports` differ from the migrated database of `session`; empty when they match. */
export async function schemaDifferences(session: Session, imports: Record<string, unknown>): Promise<Difference[]> {
  return (await compare(session, imports)).differences;
}

const AS_MIGRATED = '(as migrated)';

/**
 * The declared snapshot turned back, object by object, into what the migrations left wherever the two differ;
 * drizzle-kit's diff of it against the declared snapshot gives the statements of the new migration.
 */
function migratedSnapshot(compared: Compared): SnapshotJson {
  const { declared, differences, migrated } = compared;
  const prev = structuredClone(declared);
  const tableOf = (name: string) => prev.tables[`public.${name}`] as TableJson | undefined;
  for (const d of differences) {
    const [table, object] = d.name.includes('.') ? d.name.split(/\.(.*)/s) : [d.name, ''];
    const t = tableOf(table);
    if (d.kind === 'table') {
      if (d.migrated === undefined) delete prev.tables[`public.${table}`];
      else {
        prev.tables[`public.${table}`] = {
          name: table,
          schema: '',
          columns: {},
          indexes: {},
          foreignKeys: {},
          compositePrimaryKeys: {},
          uniqueConstraints: {},
          policies: {},
          checkConstraints: {},
          isRLSEnabled: false,
        };
      }
      continue;
    }
    if (d.kind === 'enum') {
      const row = migrated.enums.get(d.name);
      if (!row) delete prev.enums[`public.${d.name}`];
      else prev.enums[`public.${d.name}`] = { name: d.name, schema: 'public', values: row.labels.split(',') };
      continue;
    }
    if (!t) continue;
    if (d.kind === 'column') {
      const row = migrated.columns.get(d.name);
      if (!row) {
        delete t.columns[object];
        continue;
      }
      const column: ColumnJson = t.columns[object] ?? {
        name: object,
        type: row.type,
        primaryKey: false,
        notNull: false,
      };
      const declaredRow = d.declared === undefined ? undefined : compared.wanted.columns.get(d.name);
      if (!declaredRow || declaredRow.type !== row.type) column.type = row.type;
      if (!declaredRow || declaredRow.not_null !== row.not_null) column.notNull = row.not_null;
      if (!declaredRow || declaredRow.default !== row.default) {
        if (row.default === null) delete column.default;
        else column.default = row.default;
      }
      if (!declaredRow || declaredRow.generated !== row.generated) {
        if (row.generated === null) delete column.generated;
        else column.generated = { as: row.generated, type: 'stored' };
      }
      t.columns[object] = column;
      continue;
    }
    if (d.kind === 'index') {
      if (d.migrated === undefined) delete t.indexes[object];
      else {
        t.indexes[object] = {
          name: object,
          columns: [{ expression: `${AS_MIGRATED} ${d.migrated}`, isExpression: true, asc: true, nulls: 'last' }],
          isUnique: false,
          concurrently: false,
          method: 'btree',
          with: {},
        };
      }
      continue;
    }
    const row = migrated.constraints.get(d.name);
    const kind = row?.kind ?? compared.wanted.constraints.get(d.name)?.kind;
    if (kind === 'p') {
      // The table's primary key becomes the migrated one (or none).
      for (const column of Object.values(t.columns)) column.primaryKey = false;
      t.compositePrimaryKeys = {};
      if (row) {
        const columns = row.columns.split(',');
        if (columns.length === 1 && row.name === `${table}_pkey` && t.columns[columns[0]]) {
          t.columns[columns[0]].primaryKey = true;
        } else t.compositePrimaryKeys[row.name] = { name: row.name, columns };
      }
    } else if (kind === 'f') {
      if (!row) delete t.foreignKeys[object];
      else {
        t.foreignKeys[object] = {
          name: object,
          tableFrom: table,
          tableTo: table,
          columnsFrom: row.columns.split(','),
          columnsTo: [AS_MIGRATED],
          onDelete: 'no action',
          onUpdate: 'no action',
        };
      }
    } else if (kind === 'u') {
      if (!row) delete t.uniqueConstraints[object];
      else {
        t.uniqueConstraints[object] = {
          name: object,
          columns: [...row.columns.split(','), ...(d.declared === undefined ? [] : [AS_MIGRATED])],
          nullsNotDistinct: false,
        };
      }
    } else if (kind === 'c') {
      if (!row) delete t.checkConstraints[object];
      else t.checkConstraints[object] = { name: object, value: `${AS_MIGRATED} ${row.definition}` };
    }
  }
  return prev;
}

/**
 * How the migrated database of `session` differs from the tables declared in `imports`, and the statements that
 * bring it to them, as drizzle-kit writes them; both empty when they match. A table or column both dropped and added
 * makes drizzle-kit ask, in the terminal, whether it was renamed.
 */
export async function schemaComparison(
  session: Session,
  imports: Record<string, unknown>,
): Promise<{ differences: Difference[]; statements: string[] }> {
  const compared = await compare(session, imports);
  if (!compared.differences.length) return { differences: [], statements: [] };
  const statements = await drizzleKit().generateMigration(
    snapshotOf(migratedSnapshot(compared)),
    snapshotOf(compared.declared),
  );
  return { differences: compared.differences, statements };
}
