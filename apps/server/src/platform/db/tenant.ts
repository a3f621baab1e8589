import { isUuid } from '@hallway/shared';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite/session';
import pg from 'pg';
import type { Database, TransactionTimeouts, Tx } from './client.js';
import { connectionBroken } from './errors.js';
import { APP_ROLE } from './security.js';

export interface TenantScope {
  /** The workspace whose rows the transaction may see; null sees no tenant rows at all. */
  clientId: string | null;
  /** The signed-in person, who may always read their own user row. */
  userId?: string | null;
}

type Row = Record<string, unknown>;
const dialect = new PgDialect({ casing: 'snake_case' });

/** A uuid as an SQL literal. Only validated uuids are ever inlined, so the prelude needs no parameters. */
export function uuidLiteral(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return "''";
  if (!isUuid(value)) throw new Error('not a uuid');
  return `'${value}'`;
}

/** Text as an SQL literal, quotes and backslashes escaped whatever `standard_conforming_strings` says. */
export const textLiteral = (value: string): string => pg.escapeLiteral(value);

/** Per-transaction limits as `set_config` calls; only validated integers are inlined. */
function limits(timeouts: TransactionTimeouts | undefined): string {
  if (!timeouts) return '';
  const ms = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error('a timeout is a whole number of milliseconds');
    return `'${n}'`;
  };
  return (
    `, set_config('statement_timeout', ${ms(timeouts.statementMs)}, true)` +
    `, set_config('lock_timeout', ${ms(timeouts.lockMs)}, true)` +
    `, set_config('idle_in_transaction_session_timeout', ${ms(timeouts.idleInTransactionMs)}, true)`
  );
}

const tenantSettings = (database: Database, scope: TenantScope) =>
  `SELECT set_config('app.client_id', ${uuidLiteral(scope.clientId)}, true), set_config('app.user_id', ${uuidLiteral(scope.userId)}, true), set_config('role', '${APP_ROLE}', true)${limits(database.timeouts)};`;
const systemSettings = (database: Database) =>
  `SELECT set_config('app.system', 'on', true), set_config('role', '${APP_ROLE}', true)${limits(database.timeouts)};`;

/**
 * One transaction whose first round trip carries BEGIN, the settings and an optional first query (statements
 * without parameters), then a Drizzle transaction for the work. Savepoints (`tx.transaction()`) work inside.
 * The settings are local to the transaction, so a pooled connection carries nothing to the next request.
 *
 * A connection goes back to the pool only outside any transaction: whatever failed (the prelude included, which
 * leaves an aborted transaction behind), it is rolled back, and when that is not possible (the backend was
 * killed, the socket broke) the connection is destroyed instead of poisoning later requests.
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
  let lost: Error | null = null;
  const onError = (err: Error) => {
    lost = err;
  };
  client.on('error', onError);
  let discard = false;
  try {
    const results = (await client.query(`BEGIN; ${prelude}`)) as unknown as { rows: Row[] }[];
    const session = new NodePgSession(client, dialect, undefined);
    const result = await work(
      new NodePgTransaction(dialect, session, undefined) as unknown as Tx,
      results.at(-1)!.rows,
    );
    await client.query('COMMIT');
    return result;
  } catch (err) {
    if (lost || connectionBroken(err)) discard = true;
    else {
      await client.query('ROLLBACK').catch(() => {
        discard = true;
      });
    }
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(discard ? (lost ?? true) : undefined);
  }
}

/** The database wall up for one workspace: the non-superuser role and the tenant. */
export function inTenant<T>(database: Database, scope: TenantScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(database, tenantSettings(database, scope), (tx) => work(tx));
}

/** `inTenant` whose first round trip also runs `firstQuery` (no parameters: inline only validated literals). */
export function inTenantWith<T>(
  database: Database,
  scope: TenantScope,
  firstQuery: string,
  work: (tx: Tx, firstRows: Row[]) => Promise<T>,
): Promise<T> {
  return transaction(database, `${tenantSettings(database, scope)} ${firstQuery}`, work);
}

/**
 * One round trip and no BEGIN/COMMIT: the tenant settings, then `statements` (no parameters), sent as one query.
 * PostgreSQL runs a multi-statement query as one implicit transaction, so the settings stay local to it exactly as
 * in `inTenant`; a failing statement rolls all of it back. For reads, and for a write that is whole in one
 * statement (the guard's `quickWrite`). Answers the rows of each statement after the settings, in order.
 */
export async function oneTripInTenant(database: Database, scope: TenantScope, statements: string): Promise<Row[][]> {
  const text = `${tenantSettings(database, scope)} ${statements}`;
  const results =
    database.kind === 'pglite'
      ? await database.pglite!.exec(text)
      : ((await database.pool!.query(text)) as unknown as { rows: Row[] }[]);
  return results.slice(1).map((result) => result.rows as Row[]);
}

/**
 * The explicit system path: sees every workspace. Only for sign-in lookups, the superadmin's cross-workspace
 * operations (which write the journal) and platform jobs.
 */
export function inSystem<T>(database: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(database, systemSettings(database), (tx) => work(tx));
}
