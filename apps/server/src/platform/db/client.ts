import { PGlite } from '@electric-sql/pglite';
import {
  type AnyColumn,
  type ExtractTablesWithRelations,
  getTableColumns,
  type InferSelectModel,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgTable,
  type PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** The Drizzle surface services use; the same for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
export type DbOrTx = Db | Tx;

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect({ casing: 'snake_case' });
/** A fragment built without parameters, as the text of a constant statement (the guard's one-trip reads). */
export function constantText(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length) throw new Error('a constant statement takes no parameters');
  return query.sql;
}

/**
 * How to read `table`'s columns (but `except`) from the rows of a statement of our own text (the guard's one-trip
 * reads): `select(alias)` lists them for the statement, `read` maps a row by their names in the database, each
 * value as Drizzle's own select maps it, whichever driver parsed it.
 */
export function tableRowReader<T extends PgTable, K extends keyof InferSelectModel<T> & string = never>(
  table: T,
  except: readonly K[] = [],
) {
  const casing = new CasingCache('snake_case');
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => !(except as readonly string[]).includes(key))
    .map(([key, column]) => [key, casing.getColumnCasing(column), column] as const);
  return {
    select: (alias: string) => columns.map(([, name]) => `${alias}."${name}"`).join(', '),
    read(raw: Record<string, unknown>): Omit<InferSelectModel<T>, K> {
      const row: Record<string, unknown> = {};
      for (const [key, name, column] of columns) {
        const value = raw[name];
        row[key] = value === null || value === undefined ? value : column.mapFromDriverValue(value);
      }
      return row as Omit<InferSelectModel<T>, K>;
    },
  };
}

/**
 * `column = ANY($1::uuid[])`: one parameter however long the list (`inArray` builds one per id, which cost a month's
 * calendar a tenth of its time), and a plan that walks the index once per id whether or not the table has
 * statistics (the embedded database never runs ANALYZE on its own).
 */
export const anyOf = (column: AnyColumn, ids: string[] | Placeholder): SQL =>
  sql`${column} = ANY(${Array.isArray(ids) ? sql.param(ids) : ids}::uuid[])`;

export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
}

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Raw parameterised SQL, for pg-boss and the few places Drizzle does not fit. */
  query(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Several statements without parameters, in one round trip. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel`, for a process's in-memory caches (access/principals.ts). PostgreSQL: a connection of its
   * own outside the pool, `up` once it listens, `down` as soon as it is lost, then reconnected with backoff. PGlite:
   * up at once and never down; a notification is handled before the committing call returns. Answers how to stop.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Limits every request transaction sets for itself (PostgreSQL only; PGlite has one connection and no waits). */
  timeouts?: TransactionTimeouts;
  pool?: pg.Pool;
  pglite?: PGlite;
}

export interface ListenHandlers {
  message(payload: string): void;
  up(): void;
  down(): void;
}

export interface TransactionTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

/** Where the database layer reports what happens to it outside any request (the process's logger). */
export interface DatabaseLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dir?: string;
      pglite?: PGlite;
      /** PostgreSQL's buffer cache inside the embedded database, in MB (EMBEDDED_SHARED_BUFFERS_MB). */
      sharedBuffersMb?: number;
    }
  | {
      kind: 'pg';
      url: string;
      poolSize?: number;
      /** How long a request may wait for a connection (pool full, or the server slow to accept). */
      connectTimeoutMs?: number;
      timeouts?: TransactionTimeouts;
    };

/** How our connections show in pg_stat_activity, so an operator (or a test) can tell them apart. */
export const APPLICATION_NAME = 'hallway';

// Dates, timestamps and bigints come back as strings (no timezone surprises; sizes may exceed 2^53 in theory).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(options: DatabaseOptions, log?: DatabaseLog): Promise<Database> {
  if (options.kind === 'pg') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      application_name: APPLICATION_NAME,
      // No JIT compilation: the planner's guess for set-returning functions (`jsonb_each`, 100 rows a call) pushes
      // an aggregate over 10,000 poll answers past `jit_above_cost`, and compiling it took 133 ms of a 45 ms query.
      // Requests here are short; none gains from it.
      options: '-c jit=off',
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Requests in flight get their own error.
    });
    pool.on('connect', (client) => {
      // The pool listens for errors only while a client is idle. A backend killed while the client is checked
      // out (failover, pg_terminate_backend, idle_in_transaction_session_timeout) would otherwise be an
      // unhandled 'error' that ends the process; the query in flight fails on its own and the pool drops the
      // client when it is released.
      client.on('error', () => undefined);
    });
    const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'pg',
      db,
      pool,
      query: (text, values) => pool.query(text, values as unknown[]),
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
      listen: (channel, handlers) => listenPg(options.url, channel, handlers),
      timeouts: options.timeouts,
    };
  }
  return openEmbedded(options, log);
}

/**
 * What every call on a stopped embedded database answers until it is open again: `cannot_connect_now`, as
 * PostgreSQL answers while it starts up, so requests get 503 with Retry-After meanwhile.
 */
export class EmbeddedDatabaseStopped extends Error {
  readonly code = '57P03';
  constructor() {
    super('The embedded database stopped and is being opened again');
  }
}

const REOPEN_RETRY_MS = { first: 1_000, max: 30_000 };

type EmscriptenFs = { streams: ({ fd: number } | null)[]; close(stream: { fd: number }): void };

/**
 * Closes the files an aborted instance had open in the data directory (its emscripten file system, plain JavaScript,
 * still works), which nothing would close otherwise.
 */
function releaseFiles(instance: PGlite) {
  const fs = (instance as unknown as { mod?: { FS?: EmscriptenFs } }).mod?.FS;
  for (const stream of fs?.streams ?? []) {
    if (!stream || stream.fd < 3) continue;
    try {
      fs!.close(stream);
    } catch {
      // Already closed, or not a file: nothing to release.
    }
  }
}

/**
 * PGlite runs PostgreSQL in this process, so a PANIC there (a checkpoint that cannot write its file on a full disk)
 * aborts it for good: every later call used to spin forever inside it, blocking the whole process. In a data
 * directory the instance is watched: once it aborts, every call fails at once (EmbeddedDatabaseStopped) and a new
 * instance is opened on the same directory (PostgreSQL's crash recovery, as after a kill; nothing committed is
 * lost), tried again with growing pauses until it opens. `pglite` and `db` are always the current instance's.
 */
async function openEmbedded(
  options: { dir?: string; pglite?: PGlite; sharedBuffersMb?: number },
  log?: DatabaseLog,
): Promise<Database> {
  const dir = options.dir && !options.dir.includes('://') ? options.dir : null;
  let closed = false;
  let stopped = false;
  const aborted = new WeakSet<PGlite>();
  const subscriptions = new Set<{ channel: string; handlers: ListenHandlers; unlisten: () => Promise<void> }>();
  const startParams = embeddedStartParams(options.sharedBuffersMb);

  const create = async (): Promise<PGlite> => {
    if (!dir) return PGlite.create(options.dir ?? 'memory://', { parsers: pgliteParsers, startParams });
    const watch = {
      name: 'hallway-abort-watch',
      setup: async (_pg: unknown, emscriptenOpts: Record<string, unknown>) => ({
        emscriptenOpts: {
          ...emscriptenOpts,
          onAbort: () => {
            aborted.add(instance);
            // Out of the aborting call's stack.
            setImmediate(() => onStopped(instance));
          },
        },
      }),
    };
    const instance = new PGlite(dir, { parsers: pgliteParsers, startParams, extensions: { watch } });
    const raw = instance.execProtocolRawSync.bind(instance);
    instance.execProtocolRawSync = (message: Uint8Array) => {
      if (aborted.has(instance)) throw new EmbeddedDatabaseStopped();
      return raw(message);
    };
    try {
      await instance.waitReady;
    } catch (err) {
      // An opening that failed (crash recovery on a disk still full) would keep its files open, one set per try.
      releaseFiles(instance);
      throw err;
    }
    return instance;
  };

  let current = options.pglite ?? (await create());
  let currentDb = drizzlePglite(current, { casing: 'snake_case' }) as unknown as Db;

  const onStopped = (instance: PGlite) => {
    if (instance !== current || stopped || closed) return;
    stopped = true;
    log?.error(
      { dataDir: dir },
      'the embedded database stopped (a PANIC, such as a checkpoint on a full disk): opening it again',
    );
    for (const subscription of subscriptions) subscription.handlers.down();
    releaseFiles(instance);
    void reopen();
  };

  const reopen = async () => {
    for (let pause = REOPEN_RETRY_MS.first; !closed; pause = Math.min(pause * 2, REOPEN_RETRY_MS.max)) {
      let next: PGlite | null = null;
      try {
        next = await create();
        for (const subscription of subscriptions) {
          subscription.unlisten = await next.listen(subscription.channel, subscription.handlers.message);
        }
      } catch (err) {
        log?.error({ err, dataDir: dir }, 'opening the embedded database again failed: trying again');
        if (next && !aborted.has(next)) next.close().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, pause));
        continue;
      }
      if (closed) {
        await next.close().catch(() => undefined);
        return;
      }
      current = next;
      currentDb = drizzlePglite(next, { casing: 'snake_case' }) as unknown as Db;
      stopped = false;
      for (const subscription of subscriptions) subscription.handlers.up();
      log?.info({ dataDir: dir }, 'the embedded database is open again');
      return;
    }
  };

  return {
    kind: 'pglite',
    get db() {
      return currentDb;
    },
    get pglite() {
      return current;
    },
    query: async (text, values) => {
      const r = await current.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? null };
    },
    exec: async (text) => {
      await current.exec(text);
    },
    close: async () => {
      closed = true;
      // A stopped instance cannot close (its files are left as a kill leaves them: recovered at the next start), and
      // one that stops while closing (its shutdown checkpoint on a full disk) has closed as far as it can.
      const instance = current;
      if (aborted.has(instance)) return;
      await instance.close().catch((err) => {
        if (!aborted.has(instance)) throw err;
      });
    },
    listen: async (channel, handlers) => {
      const subscription = { channel, handlers, unlisten: await current.listen(channel, handlers.message) };
      subscriptions.add(subscription);
      handlers.up();
      return async () => {
        subscriptions.delete(subscription);
        handlers.down();
        if (!current.closed && !aborted.has(current)) await subscription.unlisten();
      };
    },
  };
}

const LISTEN_RETRY_MS = { first: 250, max: 30_000 };

/** `Database.listen` on PostgreSQL: one connection, replaced with growing pauses while the server is away. */
async function listenPg(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let pause = LISTEN_RETRY_MS.first;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: `${APPLICATION_NAME}-listen` });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      handlers.down();
      client.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void connect(), pause);
      retry.unref();
      pause = Math.min(pause * 2, LISTEN_RETRY_MS.max);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (lost || stopped) return;
    pause = LISTEN_RETRY_MS.first;
    handlers.up();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    handlers.down();
    await (current as pg.Client | null)?.end().catch(() => undefined);
  };
}

/**
 * PGlite's shared_buffers unless EMBEDDED_SHARED_BUFFERS_MB says otherwise. PostgreSQL's default, 128 MB, is resident
 * from the start in PGlite (its shared memory is WebAssembly memory, zeroed as it is set up), cached pages or not, and
 * PGlite's file reads go through the operating system's page cache anyway (docs/operations.md "Memory").
 */
export const EMBEDDED_SHARED_BUFFERS_MB = 32;

/** PGlite's own start parameters with our shared_buffers (a command-line setting: postgresql.conf stays as it is). */
export function embeddedStartParams(sharedBuffersMb = EMBEDDED_SHARED_BUFFERS_MB): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

/** Make PGlite answer like node-postgres: bigints as numbers. */
export const pgliteParsers = { 20: (v: string) => Number(v) };
