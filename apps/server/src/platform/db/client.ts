import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
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

export type DatabaseOptions =
  | { kind: 'pglite'; dir?: string; pglite?: PGlite }
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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pg') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      application_name: APPLICATION_NAME,
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
  const pglite = options.pglite ?? (await PGlite.create(options.dir ?? 'memory://', { parsers: pgliteParsers }));
  const db = drizzlePglite(pglite, { casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    query: async (text, values) => {
      const r = await pglite.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? null };
    },
    exec: async (text) => {
      await pglite.exec(text);
    },
    close: () => pglite.close(),
    listen: async (channel, handlers) => {
      const unlisten = await pglite.listen(channel, handlers.message);
      handlers.up();
      return async () => {
        handlers.down();
        if (!pglite.closed) await unlisten();
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

/** Make PGlite answer like node-postgres: bigints as numbers. */
export const pgliteParsers = { 20: (v: string) => Number(v) };
