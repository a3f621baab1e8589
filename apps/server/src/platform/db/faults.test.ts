import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { type Database, openDatabase, rowsOf } from './client.js';
import { databaseUnavailable } from './errors.js';
import { migrate } from './migrate.js';
import { inSystem, inTenant, inTenantWith } from './tenant.js';

/**
 * What the database layer does when the database misbehaves: start-up schema work that is a no-op on an
 * up-to-date database, connections never returned to the pool inside a failed transaction, and timeouts that
 * answer 503 with Retry-After instead of hanging. On PGlite, and on PostgreSQL with TEST_DATABASE_URL (where
 * locks and the pool exist).
 */
let h: Harness;
const onPostgres = !!process.env.TEST_DATABASE_URL;
beforeAll(async () => {
  h = await createHarness({
    DATABASE_POOL_SIZE: '2',
    DATABASE_LOCK_TIMEOUT: '300ms',
    DATABASE_CONNECT_TIMEOUT: '500ms',
  });
});
afterAll(() => h.close());

function databaseUrl(): string {
  const { database } = h.platform.config;
  if (database.kind !== 'pg') throw new Error('only on PostgreSQL');
  return database.url;
}

const DDL = /^\s*(CREATE|ALTER|DROP|GRANT|REVOKE|COMMENT|DO)\b/im;

/** The same database, recording every statement the start-up schema step sends. */
function recording(database: Database, statements: string[]): Database {
  if (database.kind === 'pglite') {
    return {
      ...database,
      query: (text, values) => {
        statements.push(text);
        return database.query(text, values);
      },
      exec: (text) => {
        statements.push(text);
        return database.exec(text);
      },
    };
  }
  const pool = database.pool!;
  const connect = async () => {
    const client = await pool.connect();
    return new Proxy(client, {
      get(target, key, receiver) {
        if (key === 'query') {
          return (text: string | { text: string }, ...rest: unknown[]) => {
            statements.push(typeof text === 'string' ? text : text.text);
            return (target.query as (...a: unknown[]) => unknown)(text, ...rest);
          };
        }
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { ...database, pool: { connect } as unknown as pg.Pool };
}

const policyVersions = (database: Database) =>
  database.query(
    "SELECT c.relname, p.xmin::text AS version FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid WHERE p.polname = 'hallway_access' ORDER BY 1",
  );

describe('start-up schema work', () => {
  it('runs no DDL, takes no lock and rewrites no policy against an up-to-date database', async () => {
    const before = await policyVersions(h.platform.database);
    expect(before.rows.map((r) => r.relname)).toEqual(expect.arrayContaining(['clients', 'users']));
    const statements: string[] = [];
    await migrate(recording(h.platform.database, statements));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((s) => DDL.test(s) || /advisory_lock|\bBEGIN\b/i.test(s))).toEqual([]);
    expect((await policyVersions(h.platform.database)).rows).toEqual(before.rows);
  });

  it('brings a policy written by an older version up to date once, then leaves it alone', async () => {
    await h.platform.database.exec('COMMENT ON POLICY hallway_access ON "users" IS NULL');
    const first: string[] = [];
    await migrate(recording(h.platform.database, first));
    expect(first.filter((s) => DDL.test(s)).join('\n')).toMatch(/ALTER POLICY hallway_access ON "users"/);
    expect(first.join('\n')).not.toMatch(/ON "clients"/);
    const second: string[] = [];
    await migrate(recording(h.platform.database, second));
    expect(second.filter((s) => DDL.test(s))).toEqual([]);
  });
});

describe('a failed transaction start', () => {
  it('leaves no connection inside an aborted transaction', async () => {
    // One connection, so the next transaction surely reuses the one that failed.
    const single =
      h.platform.database.kind === 'pg'
        ? await openDatabase({ kind: 'pg', url: databaseUrl(), poolSize: 1 })
        : h.platform.database;
    try {
      for (let i = 0; i < 3; i++) {
        await expect(
          inTenantWith(single, { clientId: null }, 'SELECT 1/0 AS boom;', async () => 'unreachable'),
        ).rejects.toThrow(/division by zero/);
        const rows = await inSystem(single, (tx) => rowsOf<{ n: number }>(tx, sql`SELECT 1 AS n`));
        expect(rows).toEqual([{ n: 1 }]);
      }
    } finally {
      if (single !== h.platform.database) await single.close();
    }
  });
});

describe.skipIf(!onPostgres)('timeouts on PostgreSQL', () => {
  it('answers 503 with Retry-After when a row stays locked past lock_timeout, then works again', async () => {
    const w = await makeWorkspace(h);
    const locker = new pg.Client({ connectionString: databaseUrl() });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [w.employee.id]);
      const started = Date.now();
      const res = await call(h, w.employee, 'PUT', `/api/user/${w.employee.id}`, { about: 'while locked' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: expect.any(String), code: 'service_unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
      await locker.query('ROLLBACK');
      const after = await call(h, w.employee, 'PUT', `/api/user/${w.employee.id}`, { about: 'after' });
      expect(after.statusCode, after.body).toBe(200);
    } finally {
      await locker.end();
    }
  });

  it('bounds a write queued behind another waiting write of the same row by two lock timeouts', async () => {
    // docs/operations.md: PostgreSQL queues the second writer for the row's tuple lock, which the first waiter holds,
    // then for the transaction holding the row: each wait has its own lock_timeout.
    const lockMs = 1_000;
    const connectMs = 1_000;
    const own = await createHarness({
      DATABASE_LOCK_TIMEOUT: `${lockMs}ms`,
      DATABASE_CONNECT_TIMEOUT: `${connectMs}ms`,
    });
    const w = await makeWorkspace(own);
    const { database } = own.platform.config;
    if (database.kind !== 'pg') throw new Error('only on PostgreSQL');
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    // Outside the locker's transaction, which would keep reading the activity it saw first.
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    const waiting = async (n: number) => {
      for (;;) {
        const { rows } = await observer.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        if (rows[0].n >= n) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [w.employee.id]);
      const write = async (about: string) => {
        const started = Date.now();
        const res = await call(own, w.employee, 'PUT', `/api/user/${w.employee.id}`, { about });
        return { status: res.statusCode, started, ended: Date.now() };
      };
      const first = write('first');
      await waiting(1);
      const second = write('second');
      await waiting(2);
      const [a, b] = await Promise.all([first, second]);
      expect([a.status, b.status]).toEqual([503, 503]);
      // The second waited on after the first gave up: a second lock timeout...
      expect(b.ended - a.ended).toBeGreaterThanOrEqual(lockMs * 0.8);
      // ...and never longer than the documented bound (plus the request's own work on a loaded machine).
      expect(b.ended - b.started).toBeLessThan(connectMs + 2 * lockMs + 1_500);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await observer.end();
      await own.close();
    }
  });

  it('answers 503 when no connection frees up within the acquire timeout', async () => {
    const w = await makeWorkspace(h);
    const pool = h.platform.database.pool!;
    const held = [await pool.connect(), await pool.connect()];
    try {
      const res = await call(h, w.employee, 'GET', '/api/user/me');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service_unavailable' });
    } finally {
      for (const client of held) client.release();
    }
    expect((await call(h, w.employee, 'GET', '/api/user/me')).statusCode).toBe(200);
  });

  it('cancels a statement past statement_timeout and reports it as unavailable', async () => {
    const slow = await openDatabase({
      kind: 'pg',
      url: databaseUrl(),
      poolSize: 1,
      timeouts: { statementMs: 200, lockMs: 200, idleInTransactionMs: 1_000 },
    });
    try {
      const err = await inTenant(slow, { clientId: null }, (tx) => tx.execute(sql`SELECT pg_sleep(5)`)).catch(
        (e: unknown) => e,
      );
      expect(databaseUnavailable(err)).toBe(true);
      // The connection went back clean: the next transaction on it works.
      expect(await inSystem(slow, (tx) => rowsOf<{ n: number }>(tx, sql`SELECT 2 AS n`))).toEqual([{ n: 2 }]);
    } finally {
      await slow.close();
    }
  });
});
