import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db, Tx } from './client.js';

/** A query's value slot, filled at each run: `eq(posts.clientId, slot('clientId'))`. */
export const slot = (name: string) => sql.placeholder(name);

interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

type Driver = 'pg' | 'pglite';

/** Drizzle over no connection: only used to build SQL text and row mapping once. */
const shapers: Record<Driver, () => Db> = {
  pg: () => drizzlePg({ client: {} as never, casing: 'snake_case' }) as unknown as Db,
  pglite: () => drizzlePglite({ client: {} as never, casing: 'snake_case' }) as unknown as Db,
};

/** The connection under a request's transaction (Drizzle keeps it on the session). */
function connectionOf(tx: Tx): { client: unknown; driver: Driver } {
  const client = (tx as unknown as { session: { client: { release?: unknown } } }).session.client;
  return { client, driver: typeof client.release === 'function' ? 'pg' : 'pglite' };
}

/**
 * A hot query built once and run many times (feeds: every page view of every person). Building a Drizzle select
 * costs more CPU than the bare SQL round trip, so the SQL text and the row mapping are made on first use with
 * `slot()` placeholders; each run only fills the values. On PostgreSQL the statement is also prepared once per
 * connection under `name`, so planning is skipped too. Names must be unique in the application.
 */
export function prepared<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Db) => { prepare(name: string): Runnable<Result> },
): (tx: Tx, values: Values) => Promise<Result> {
  const templates = new Map<Driver, Runnable<Result>>();
  return (tx, values) => {
    const { client, driver } = connectionOf(tx);
    let template = templates.get(driver);
    if (!template) {
      template = build(shapers[driver]()).prepare(name);
      templates.set(driver, template);
    }
    // The template's text, parameters and mapping, run on this request's connection.
    const run = Object.create(template) as Runnable<Result> & { client: unknown };
    run.client = client;
    return run.execute(values);
  };
}
