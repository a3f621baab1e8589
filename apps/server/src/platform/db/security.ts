import type { Database } from './client.js';

/** The non-superuser role every request runs as, so row-level security always applies. */
export const APP_ROLE = 'hallway_app';

const TENANT = "nullif(current_setting('app.client_id', true), '')::uuid";
const SYSTEM = "current_setting('app.system', true) = 'on'";

/**
 * Row-level security for every table, derived from the schema so no table can be forgotten:
 * a table with `client_id` is a tenant table; `clients` is keyed by its own id; `users` also lets a person
 * read their own row (the superadmin belongs to no workspace); any other table is reachable only on the
 * system path. Idempotent: policies are created when missing and replaced when their text changed.
 */
export async function applyRowLevelSecurity(database: Database): Promise<void> {
  await database.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} NOLOGIN;
      END IF;
    END $$;
    DO $$ BEGIN
      IF NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
        EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
      END IF;
    END $$;
    GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
  `);
  const { rows } = await database.query(`
    SELECT c.relname AS table,
           EXISTS (SELECT 1 FROM information_schema.columns col
                   WHERE col.table_schema = 'public' AND col.table_name = c.relname AND col.column_name = 'client_id') AS tenant,
           c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
           (SELECT p.qual FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname
              AND p.policyname = 'hallway_access') AS qual
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`);
  const statements: string[] = [];
  for (const row of rows as {
    table: string;
    tenant: boolean;
    enabled: boolean;
    forced: boolean;
    qual: string | null;
  }[]) {
    const expr = policyFor(row.table, row.tenant);
    const t = `"${row.table}"`;
    if (!row.enabled) statements.push(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY;`);
    if (!row.forced) statements.push(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY;`);
    if (row.qual === null) {
      statements.push(`CREATE POLICY hallway_access ON ${t} USING (${expr}) WITH CHECK (${expr});`);
    } else if (!sameExpression(row.qual, expr)) {
      statements.push(`ALTER POLICY hallway_access ON ${t} USING (${expr}) WITH CHECK (${expr});`);
    }
  }
  if (statements.length) await database.exec(statements.join('\n'));
}

function policyFor(table: string, tenant: boolean): string {
  if (table === 'clients') return `id = ${TENANT} OR ${SYSTEM}`;
  if (table === 'users') {
    return `client_id = ${TENANT} OR id = nullif(current_setting('app.user_id', true), '')::uuid OR ${SYSTEM}`;
  }
  if (tenant) return `client_id = ${TENANT} OR ${SYSTEM}`;
  return SYSTEM;
}

/** pg_policies shows the expression as PostgreSQL reprints it; compare on the names it mentions. */
function sameExpression(stored: string, wanted: string): boolean {
  const marks = (s: string) =>
    ['app.client_id', 'app.user_id', 'app.system', '(id =', 'client_id ='].map((m) => s.includes(m)).join();
  return marks(stored) === marks(wanted);
}
