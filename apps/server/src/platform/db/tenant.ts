import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite/session';
import type { Database, Tx } from './client.js';
import { APP_ROLE } from './security.js';

export interface TenantScope {
  /** The workspace whose rows the transaction may see; null sees no tenant rows at all. */
  clientId: string | null;
  /** The signed-in person, who may always read their own user row. */
  userId?: string | null;
}

type Row = Record<string, unknown>;
const dialect = new PgDialect({ casing: 'snake_case' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as an SQL literal. Only validated uuids are ever inlined, so the prelude needs no parameters. */
export function uuidLiteral(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return "''";
  if (!UUID.test(value)) throw new Error('not a uuid');
  return `'${value}'`;
}

const tenantSettings = (scope: TenantScope) =>
  `SELECT set_config('app.client_id', ${uuidLiteral(scope.clientId)}, true), set_config('app.user_id', ${uuidLiteral(scope.userId)}, true), set_config('role', '${APP_ROLE}', true);`;
const systemSettings = `SELECT set_config('app.system', 'on', true), set_config('role', '${APP_ROLE}', true);`;

/**
 * One transaction whose first round trip carries BEGIN, the settings and an optional first query (statements
 * without parameters), then a Drizzle transaction for the work. Savepoints (`tx.transaction()`) work inside.
 * The settings are local to the transaction, so a pooled connection carries nothing to the next request.
 */
async function transaction<T>(
  database: Database,
  prelude: string,
  work: (tx: Tx, firstRows: Row[]) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    return database.pglite!.transaction(async (client) => {
      const results = await client.exec(prelude);
      const session = new PgliteSession(client as never, dialect, undefined);
      return work(
        new PgliteTransaction(dialect, session, undefined) as unknown as Tx,
        (results.at(-1)?.rows ?? []) as Row[],
      );
    });
  }
  const client = await database.pool!.connect();
  let broken = false;
  try {
    const results = (await client.query(`BEGIN; ${prelude}`)) as unknown as { rows: Row[] }[];
    const session = new NodePgSession(client, dialect, undefined);
    try {
      const result = await work(
        new NodePgTransaction(dialect, session, undefined) as unknown as Tx,
        results.at(-1)!.rows,
      );
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    }
  } catch (err) {
    broken ||= isConnectionError(err);
    throw err;
  } finally {
    client.release(broken);
  }
}

const isConnectionError = (err: unknown) =>
  err instanceof Error && !('severity' in err) && /connection|terminat|ECONN|socket/i.test(err.message);

/** The database wall up for one workspace: the non-superuser role and the tenant. */
export function inTenant<T>(database: Database, scope: TenantScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(database, tenantSettings(scope), (tx) => work(tx));
}

/** `inTenant` whose first round trip also runs `firstQuery` (no parameters: inline only validated literals). */
export function inTenantWith<T>(
  database: Database,
  scope: TenantScope,
  firstQuery: string,
  work: (tx: Tx, firstRows: Row[]) => Promise<T>,
): Promise<T> {
  return transaction(database, `${tenantSettings(scope)} ${firstQuery}`, work);
}

/**
 * The explicit system path: sees every workspace. Only for sign-in lookups, the superadmin's cross-workspace
 * operations (which write the journal) and platform jobs.
 */
export function inSystem<T>(database: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(database, systemSettings, (tx) => work(tx));
}
