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
 * A statement of the one-trip paths that PostgreSQL keeps prepared on each connection (SQL `PREPARE`, then
 * `EXECUTE` with the values): planned once per connection, not at every request, where planning the user feed's
 * statement cost more than running it (1.3 ms against 0.56 ms a request, bench/README.md). `text` takes `$1…` of
 * `types`; `values` are inlined as literals (numbers as they are, text escaped, arrays as array literals).
 */
export interface TripStatement {
  /** One name for one text: `types` and `text` never differ under the same name. */
  name: string;
  types: readonly string[];
  text: string;
  values: readonly TripValue[];
}
type TripValue = string | number | null | readonly string[];

/** One statement, as a string (constant text, validated or escaped literals only) or kept prepared. */
export type OneTrip = string | TripStatement;

function valueLiteral(value: TripValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a statement value is a finite number');
    return String(value);
  }
  if (typeof value === 'string') return textLiteral(value);
  return textLiteral(`{${value.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`);
}

/** `statement` with its values in place of `$1…`, each cast to its type: for a transaction, or the embedded database. */
export function inlineTrip(statement: OneTrip): string {
  if (typeof statement === 'string') return statement.replace(/;\s*$/, '');
  const { text, types, values } = statement;
  return text.replace(
    /\$(\d+)/g,
    (_, n: string) => `(${valueLiteral(values[Number(n) - 1]!)}::${types[Number(n) - 1]})`,
  );
}

const TRIP_NAME = /^[a-z][a-z0-9_]{0,40}$/;
/** The names each pooled connection has prepared (a connection replaced by the pool starts without any). */
const preparedOn = new WeakMap<object, Set<string>>();

/** The text sending `statement` on a connection that has prepared `known`, and how many answers it gives (1 or 2). */
function tripText(statement: OneTrip, known: Set<string> | null): { text: string; answers: number } {
  if (typeof statement === 'string' || !known) return { text: `${inlineTrip(statement)};`, answers: 1 };
  const { name, types, text, values } = statement;
  if (!TRIP_NAME.test(name)) throw new Error(`not a statement name: ${name}`);
  const run = `EXECUTE trip_${name}(${values.map(valueLiteral).join(', ')});`;
  if (known.has(name)) return { text: run, answers: 1 };
  known.add(name);
  return { text: `PREPARE trip_${name}(${types.join(', ')}) AS ${text}; ${run}`, answers: 2 };
}

/**
 * One round trip and no BEGIN/COMMIT: the tenant settings, then `statements` (one statement each), sent as one
 * query. PostgreSQL runs a multi-statement query as one implicit transaction, so the settings stay local to it
 * exactly as in `inTenant`; a failing statement rolls all of it back. For reads, and for a write that is whole in
 * one statement (the guard's `quickWrite`). Answers the rows of each statement, in order. On PostgreSQL a
 * `TripStatement` is prepared on the connection the first time it runs there; a connection whose query failed is
 * not kept (what it had prepared is then unknown).
 */
export async function oneTripInTenant(
  database: Database,
  scope: TenantScope,
  ...statements: OneTrip[]
): Promise<Row[][]> {
  if (database.kind === 'pglite') {
    const text = [tenantSettings(database, scope), ...statements.map((s) => `${inlineTrip(s)};`)].join(' ');
    return (await database.pglite!.exec(text)).slice(1).map((result) => result.rows as Row[]);
  }
  const client = await database.pool!.connect();
  let failed: unknown = null;
  try {
    const known = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, known);
    const trips = statements.map((s) => tripText(s, known));
    const text = [tenantSettings(database, scope), ...trips.map((t) => t.text)].join(' ');
    const results = (await client.query(text)) as unknown as { rows: Row[] }[];
    // After the settings' answer, each statement's own is the last of its answers (PREPARE answers first).
    const rows: Row[][] = [];
    let at = 0;
    for (const trip of trips) {
      at += trip.answers;
      rows.push(results[at]!.rows);
    }
    return rows;
  } catch (err) {
    failed = err;
    throw err;
  } finally {
    client.release(failed ? (failed as Error) : undefined);
  }
}

/**
 * The explicit system path: sees every workspace. Only for sign-in lookups, the superadmin's cross-workspace
 * operations (which write the journal) and platform jobs.
 */
export function inSystem<T>(database: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(database, systemSettings(database), (tx) => work(tx));
}
