import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { toleratedBackgroundFailure } from '../db/errors.js';
import type { Jobs } from './types.js';

const INSTALL_LOCK = 72_610_002;

/**
 * pg-boss on the application's own database. On PGlite, statements without parameters (pg-boss's schema
 * scripts hold several) go through `exec`; everything goes through PGlite's own lock, so jobs never interleave
 * with a request's transaction.
 */
export function createJobs(
  database: Database,
  log: FastifyBaseLogger,
  options: {
    pollingIntervalSeconds?: number;
    cronMonitorIntervalSeconds?: number;
    cronWorkerIntervalSeconds?: number;
    /** How long stop() waits for running handlers before failing their jobs (pg-boss's floor is 1 s). */
    stopTimeoutMs?: number;
  } = {},
) {
  // pg-boss 10 records some bookkeeping (a job's completion or failure, a late poll) without awaiting it, so a call
  // can arrive after stop() while the database is being closed (a handler that outlived the stop timeout), and its
  // rejection ("Cannot use a pool after calling end") would be unhandled. Once stopped, such stray calls touch
  // nothing: the job is left to pg-boss's expiry and retried, as after a crash (handlers are idempotent). The
  // answer has the shape pg-boss reads: its completion commands end in `SELECT COUNT(*) FROM results` and read
  // `rows[0].count`; everything else reads rows (no jobs fetched, no row found).
  let stopped = false;
  const executeSql = async (text: string, values: unknown[] = []) => {
    if (stopped) {
      log.debug({ statement: text.trim().slice(0, 80) }, 'jobs: call after stop ignored');
      return { rows: /COUNT\(\*\)\s+FROM\s+results\s*$/i.test(text) ? [{ count: '0' }] : [] };
    }
    if (database.kind === 'pglite' && values.length === 0) {
      const results = await database.pglite!.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    return database.query(text, values);
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    // How often one process (pg-boss elects it in the database) turns due schedules into jobs; each minute
    // slot becomes one job whatever the number of processes.
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds ?? 5,
  });
  // Its polls and bookkeeping fail every few seconds while the database is away or the disk is full: states the
  // process outlives, worth a warning each, not an error.
  boss.on('error', (err) => {
    const tolerated = toleratedBackgroundFailure(err);
    if (tolerated) log.warn({ err }, `jobs: ${tolerated}`);
    else log.error({ err }, 'jobs error');
  });

  /**
   * pg-boss guards its schema setup with a transaction-level advisory lock, yet a process that waited on that
   * lock still runs `CREATE SCHEMA IF NOT EXISTS` against a catalog snapshot from before the winner committed and
   * fails with a duplicate key. Holding a session lock around the whole start makes the loser begin afterwards,
   * find the schema installed and skip the setup. Creating a queue is serialized the same way: two processes
   * starting together each insert the queue row and create its partition, and deadlocked doing so (40P01).
   */
  const serialized = async <T>(work: () => Promise<T>): Promise<T> => {
    if (database.kind !== 'pg') return work();
    const client = await database.pool!.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [INSTALL_LOCK]);
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [INSTALL_LOCK]).catch(() => undefined);
      client.release();
    }
  };
  const startSerialized = () => {
    stopped = false;
    return serialized(() => boss.start());
  };

  const created = new Set<string>();
  let started: Promise<unknown> | null = null;
  // A failed start (database briefly away) is tried again by the next caller rather than remembered.
  const ensureStarted = () =>
    (started ??= startSerialized().catch((err) => {
      started = null;
      throw err;
    }));
  const ensureQueue = async (queue: string) => {
    await ensureStarted();
    if (created.has(queue)) return;
    await serialized(() => boss.createQueue(queue));
    created.add(queue);
  };

  const jobs: Jobs & { start(): Promise<void>; stop(): Promise<void> } = {
    async start() {
      await ensureStarted();
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000 });
      started = null;
      stopped = true;
    },
    async work(queue, handler, workOptions = {}) {
      await ensureQueue(queue);
      const batchSize = workOptions.batchSize ?? 1;
      const run = (job: { id: string; data: unknown; retryCount: number; retryLimit: number }) =>
        handler(job.data as never, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
      if (batchSize === 1) {
        await boss.work(queue, { includeMetadata: true }, async (batch) => {
          for (const job of batch) await run(job);
        });
        return;
      }
      // Several jobs at once, each with its own outcome: a job that throws is failed (and so retried) alone, pg-boss
      // completes the others. A full batch means more are waiting: the worker fetches again without its pause.
      const workerId: string = await boss.work(queue, { includeMetadata: true, batchSize }, async (batch) => {
        const results = await Promise.allSettled(batch.map(run));
        for (const [i, result] of results.entries()) {
          if (result.status === 'rejected')
            await boss.fail(queue, batch[i].id, {
              message: String((result.reason as Error)?.message ?? result.reason),
            });
        }
        if (batch.length === batchSize) boss.notifyWorker(workerId);
      });
    },
    async send(queue, data, sendOptions = {}) {
      await ensureQueue(queue);
      return boss.send(queue, data, sendOptions);
    },
    async sendMany(queue, list) {
      if (list.length === 0) return;
      await ensureQueue(queue);
      await boss.insert(
        list.map(({ data, options: { startAfter, ...rest } = {} }) => ({
          name: queue,
          data,
          ...rest,
          ...(startAfter ? { startAfter: new Date(Date.now() + startAfter * 1000) } : {}),
        })),
      );
    },
    async schedule(queue, cron, data = {}) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    async unschedule(queue) {
      await ensureStarted();
      await boss.unschedule(queue);
    },
    async live(queue, field, values, { running = true } = {}) {
      if (values.length === 0) return new Set();
      await ensureQueue(queue);
      // pg-boss's states in order: created, retry, active, then the ends (completed, cancelled, failed).
      const { rows } = await executeSql(
        `SELECT DISTINCT data->>$2 AS value FROM pgboss.job
         WHERE name = $1 AND state < $4::pgboss.job_state AND data->>$2 = ANY ($3::text[])`,
        [queue, field, values, running ? 'completed' : 'active'],
      );
      return new Set(rows.map((r) => String((r as { value: string }).value)));
    },
  };
  return jobs;
}
