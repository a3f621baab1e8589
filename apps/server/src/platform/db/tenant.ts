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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as an SQL literal. Only validated uuids are ever inlined, so the prelude needs no parameters. */
export function uuidLiteral(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return "''";
  if (!UUID.test(value)) throw new Error('not a uuid');
  return `'${value}'`;
}

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

type PoolClient = pg.PoolClient;
type Opened = { client: PoolClient; rows: Row[] };

/** A transaction waiting for a connection while every one of the pool is in use. */
interface Waiter {
  prelude: string;
  resolve(opened: Opened): void;
  reject(err: unknown): void;
  timer: NodeJS.Timeout;
}

/** Per pool: the transactions waiting for a connection, served in order. */
const waiting = new WeakMap<pg.Pool, Waiter[]>();

function queueOf(pool: pg.Pool): Waiter[] {
  let queue = waiting.get(pool);
  if (!queue) {
    queue = [];
    waiting.set(pool, queue);
    // A connection given back by anyone else (pg-boss, migrations, a plain query) serves the next waiter.
    const drainSoon = () => process.nextTick(() => drain(pool));
    pool.on('release', drainSoon);
    pool.on('remove', drainSoon);
  }
  return queue;
}

const optionsOf = (pool: pg.Pool) =>
  (pool as unknown as { options: { max: number; connectionTimeoutMillis?: number } }).options;
const poolMax = (pool: pg.Pool) => optionsOf(pool).max;
/** A waiter gives up like pg-pool's own: "timeout exceeded when trying to connect" (answered 503). */
const waitLimit = (waiter: Waiter, pool: pg.Pool) => {
  waiter.timer = setTimeout(() => {
    const queue = waiting.get(pool) ?? [];
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
    waiter.reject(new Error('timeout exceeded when trying to connect'));
  }, optionsOf(pool).connectionTimeoutMillis || 5_000);
  waiter.timer.unref();
};
const poolFull = (pool: pg.Pool) => pool.idleCount === 0 && pool.totalCount >= poolMax(pool);

/** The first round trip on a connection of the pool: BEGIN and the prelude. A failure leaves nothing behind. */
async function open(pool: pg.Pool, prelude: string): Promise<Opened> {
  const client = await pool.connect();
  try {
    const results = (await client.query(`BEGIN; ${prelude}`)) as unknown as { rows: Row[] }[];
    return { client, rows: results.at(-1)!.rows };
  } catch (err) {
    let discard = connectionBroken(err);
    if (!discard) {
      await client.query('ROLLBACK').catch(() => {
        discard = true;
      });
    }
    client.release(discard || undefined);
    throw err;
  }
}

/** Serves waiters while the pool has room (a connection idle, or fewer than its maximum). */
function drain(pool: pg.Pool) {
  const queue = waiting.get(pool);
  let room = (pool.idleCount > 0 ? pool.idleCount : 0) + Math.max(0, poolMax(pool) - pool.totalCount);
  while (queue?.length && room-- > 0) {
    const next = queue.shift()!;
    clearTimeout(next.timer);
    open(pool, next.prelude).then(next.resolve, next.reject);
  }
}

/**
 * A connection for a transaction, its BEGIN and prelude run. While every connection of the pool is in use, the
 * transaction waits for the next one to finish: that one sends its COMMIT and this BEGIN and prelude in one round
 * trip (`commit`), or gives its connection back to the pool (`drain`).
 */
function begin(database: Database, prelude: string): Promise<Opened> {
  const pool = database.pool!;
  const queue = queueOf(pool);
  if (!poolFull(pool) && queue.length === 0) return open(pool, prelude);
  return new Promise<Opened>((resolve, reject) => {
    const waiter: Waiter = { prelude, resolve, reject, timer: undefined as unknown as NodeJS.Timeout };
    waitLimit(waiter, pool);
    queue.push(waiter);
    drain(pool);
  });
}

/** Tells whether the first statement of a multi-statement query (the COMMIT) completed before an error. */
class CommitThen extends (pg.Query as unknown as new (
  text: string,
  values: undefined,
  callback: (err: Error | null, results?: unknown) => void,
) => object) {
  committed = false;
  handleCommandComplete(msg: unknown, connection: unknown) {
    this.committed = true;
    (
      pg.Query.prototype as unknown as { handleCommandComplete(m: unknown, c: unknown): void }
    ).handleCommandComplete.call(this, msg, connection);
  }
}

/**
 * Commits; when a transaction is waiting for a connection, its BEGIN and prelude ride in the same round trip and the
 * connection goes to it ('handed'). Should its part fail after the COMMIT went through, this transaction still
 * committed and the waiter gets the error; the connection is rolled back and released. Should the COMMIT fail, the
 * waiter waits on for the next connection.
 */
async function commit(pool: pg.Pool, client: PoolClient): Promise<'handed' | 'release' | 'discard'> {
  // pg-pool's own waiters (jobs, plain queries) get the connection back first: they are not starved under load.
  const next = pool.waitingCount > 0 ? undefined : waiting.get(pool)?.shift();
  if (!next) {
    await client.query('COMMIT');
    return 'release';
  }
  clearTimeout(next.timer);
  let query: CommitThen | null = null;
  try {
    const results = await new Promise<{ rows: Row[] }[]>((resolve, reject) => {
      query = new CommitThen(`COMMIT; BEGIN; ${next.prelude}`, undefined, (err, res) =>
        err ? reject(err) : resolve(res as { rows: Row[] }[]),
      );
      void client.query(query as never);
    });
    next.resolve({ client, rows: results.at(-1)!.rows });
    return 'handed';
  } catch (err) {
    if (!(query as CommitThen | null)?.committed) {
      // This COMMIT failed: the waiter goes first again, on whichever connection comes next.
      waitLimit(next, pool);
      waiting.get(pool)?.unshift(next);
      process.nextTick(() => drain(pool));
      throw err;
    }
    // Committed; the waiter's own start failed, as it would have on a connection of its own.
    next.reject(err);
    if (connectionBroken(err)) return 'discard';
    return client.query('ROLLBACK').then(
      () => 'release' as const,
      () => 'discard' as const,
    );
  }
}

/**
 * One transaction whose first round trip carries BEGIN, the settings and an optional first query (statements
 * without parameters), then a Drizzle transaction for the work. Savepoints (`tx.transaction()`) work inside.
 * The settings are local to the transaction, so a pooled connection carries nothing to the next request. Under
 * load, a transaction's COMMIT carries the next one's BEGIN and prelude (`commit`): one round trip fewer each.
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
  const pool = database.pool!;
  const { client, rows } = await begin(database, prelude);
  let lost: Error | null = null;
  const onError = (err: Error) => {
    lost = err;
  };
  client.on('error', onError);
  let outcome: 'handed' | 'release' | 'discard' = 'release';
  try {
    const session = new NodePgSession(client, dialect, undefined);
    const result = await work(new NodePgTransaction(dialect, session, undefined) as unknown as Tx, rows);
    outcome = await commit(pool, client);
    return result;
  } catch (err) {
    if (lost || connectionBroken(err)) outcome = 'discard';
    else {
      await client.query('ROLLBACK').catch(() => {
        outcome = 'discard';
      });
    }
    throw err;
  } finally {
    client.removeListener('error', onError);
    if (outcome !== 'handed') client.release(outcome === 'discard' ? (lost ?? true) : undefined);
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
 * The explicit system path: sees every workspace. Only for sign-in lookups, the superadmin's cross-workspace
 * operations (which write the journal) and platform jobs.
 */
export function inSystem<T>(database: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(database, systemSettings(database), (tx) => work(tx));
}
