import type { Database } from './client.js';

/** The non-superuser role every request runs as, so row-level security always applies. */
export const APP_ROLE = 'hallway_app';

/**
 * The request's settings, each in a scalar subquery: PostgreSQL evaluates it once per statement (an InitPlan) and
 * compares each row with the value, where the bare call ran `current_setting` and its cast for every row a scan
 * read (a count of 10,000 people: 8.6 ms with the bare calls, 2.2 ms with these).
 */
const TENANT = "(SELECT nullif(current_setting('app.client_id', true), '')::uuid)";
const ME = "(SELECT nullif(current_setting('app.user_id', true), '')::uuid)";
/** The workspace and the person of the transaction's settings, as SQL: constant statements name the caller so. */
export const CALLER = { tenant: TENANT, me: ME } as const;
const SYSTEM = "(SELECT current_setting('app.system', true) = 'on')";

/**
 * Row-level security for every table, derived from the schema so no table can be forgotten:
 * a table with `client_id` is a tenant table; `clients` is keyed by its own id; `users` also lets a person
 * read their own row (the superadmin belongs to no workspace); any other table is reachable only on the
 * system path.
 *
 * Idempotent and silent when nothing changed: one read-only look at the catalog decides which statements are
 * needed, so a start against an up-to-date database runs no DDL and takes no table locks (policy and grant
 * changes take exclusive locks that deadlock live traffic during a rolling start). Each policy carries a
 * comment naming its expression, because PostgreSQL reprints the expression in its own form and a text
 * comparison never matches.
 */
export async function applyRowLevelSecurity(database: Pick<Database, 'query' | 'exec'>): Promise<void> {
  // The role comes first: the catalog look at the tables asks about its privileges.
  for (let round = 0; round < 2; round++) {
    const statements = await securityStatements(database);
    if (!statements.length) return;
    await database.exec(statements.join('\n'));
  }
}

/** What `applyRowLevelSecurity` would run now; empty when the database is up to date. Read-only. */
export async function securityStatements(database: Pick<Database, 'query'>): Promise<string[]> {
  const { rows: roleRows } = await database.query(`
    SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') AS exists,
           EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}')
             AND pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') AS member`);
  const role = roleRows[0] as { exists: boolean; member: boolean };
  const statements: string[] = [];
  if (!role.exists) {
    // Another process may create it between our look and this statement.
    statements.push(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
    END $$;`);
  }
  if (!role.member) statements.push(`DO $$ BEGIN EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user); END $$;`);
  if (statements.length) return statements;

  const { rows } = await database.query(`
    SELECT c.relname AS table, c.relkind AS kind,
           EXISTS (SELECT 1 FROM information_schema.columns col
                   WHERE col.table_schema = 'public' AND col.table_name = c.relname AND col.column_name = 'client_id') AS tenant,
           c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
           (SELECT obj_description(p.oid, 'pg_policy') FROM pg_policy p
              WHERE p.polrelid = c.oid AND p.polname = 'hallway_access') AS policy_note,
           EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'hallway_access') AS has_policy,
           CASE WHEN c.relkind = 'S'
             THEN has_sequence_privilege('${APP_ROLE}', c.oid, 'USAGE') AND has_sequence_privilege('${APP_ROLE}', c.oid, 'SELECT')
             ELSE has_table_privilege('${APP_ROLE}', c.oid, 'SELECT') AND has_table_privilege('${APP_ROLE}', c.oid, 'INSERT')
              AND has_table_privilege('${APP_ROLE}', c.oid, 'UPDATE') AND has_table_privilege('${APP_ROLE}', c.oid, 'DELETE')
           END AS granted,
           has_schema_privilege('${APP_ROLE}', 'public', 'USAGE') AS schema_granted
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S')`);
  const catalog = rows as {
    table: string;
    kind: string;
    tenant: boolean;
    enabled: boolean;
    forced: boolean;
    policy_note: string | null;
    has_policy: boolean;
    granted: boolean;
    schema_granted: boolean;
  }[];
  if (catalog.length && !catalog[0].schema_granted) statements.push(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE};`);
  for (const row of catalog) {
    const t = `"${row.table}"`;
    if (row.kind === 'S') {
      if (!row.granted) statements.push(`GRANT USAGE, SELECT ON SEQUENCE ${t} TO ${APP_ROLE};`);
      continue;
    }
    if (!row.granted) statements.push(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${t} TO ${APP_ROLE};`);
    const expr = policyFor(row.table, row.tenant);
    if (!row.enabled) statements.push(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY;`);
    if (!row.forced) statements.push(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY;`);
    if (!row.has_policy) {
      statements.push(`CREATE POLICY hallway_access ON ${t} USING (${expr}) WITH CHECK (${expr});`);
    } else if (row.policy_note !== policyNote(expr)) {
      // Written by an older version (or edited by hand): bring it to ours, once.
      statements.push(`ALTER POLICY hallway_access ON ${t} USING (${expr}) WITH CHECK (${expr});`);
    }
    if (!row.has_policy || row.policy_note !== policyNote(expr)) {
      statements.push(`COMMENT ON POLICY hallway_access ON ${t} IS '${policyNote(expr).replaceAll("'", "''")}';`);
    }
  }
  return statements;
}

function policyFor(table: string, tenant: boolean): string {
  if (table === 'clients') return `id = ${TENANT} OR ${SYSTEM}`;
  if (table === 'users') {
    return `client_id = ${TENANT} OR id = ${ME} OR ${SYSTEM}`;
  }
  if (tenant) return `client_id = ${TENANT} OR ${SYSTEM}`;
  return SYSTEM;
}

/** The policy's comment: our own text of the expression, compared instead of PostgreSQL's reprint of it. */
const policyNote = (expr: string) => `hallway: ${expr}`;
