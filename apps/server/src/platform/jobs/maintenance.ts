import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf, type Tx } from '../db/client.js';
import { refreshPlannerStatistics } from '../db/migrate.js';
import { journal } from '../db/tables.js';
import { inSystem } from '../db/tenant.js';
import { outbox } from '../mail/tables.js';
import type { Jobs } from './types.js';

export const MAINTENANCE_QUEUE = 'maintenance.cleanup';
export const MAINTENANCE_ACTION = 'maintenance.cleanup';

/**
 * One kind of leftover a part of the product clears: it deletes what it no longer needs as of `now` and
 * answers how many rows went. Runs on the system path, so it sees every workspace.
 */
export interface CleanupTask {
  name: string;
  run(tx: Tx, now: Date): Promise<number>;
}

const DAY_MS = 86_400_000;

/** How many rows a `DELETE ... RETURNING 1` removed; the same on both drivers, whose row counts differ. */
export async function countDeleted(tx: Tx, deletion: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(tx, sql`WITH gone AS (${deletion}) SELECT count(*)::int AS n FROM gone`);
  return row.n;
}

/** `days` before `now`, as a parameter both drivers read the same way. */
export const daysBefore = (now: Date, days: number) =>
  sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;

/** The platform's own leftovers: e-mails of the outbox kept for 90 days. */
export const outboxCleanup: CleanupTask = {
  name: 'outbox',
  run: (tx, now) =>
    countDeleted(tx, sql`DELETE FROM ${outbox} WHERE ${outbox.created} < ${daysBefore(now, 90)} RETURNING 1`),
};

/**
 * One maintenance run: every task and the journal row recording it commit together, so the journal shows
 * exactly the runs that took effect; a failed run leaves nothing and pg-boss tries it again.
 */
export async function runMaintenance(
  database: Database,
  tasks: CleanupTask[],
  run: { now?: Date; job?: string } = {},
): Promise<Record<string, number>> {
  const now = run.now ?? new Date();
  return inSystem(database, async (tx) => {
    const deleted: Record<string, number> = {};
    for (const task of tasks) deleted[task.name] = await task.run(tx, now);
    await tx
      .insert(journal)
      .values({ action: MAINTENANCE_ACTION, details: { deleted, at: now.toISOString(), job: run.job ?? null } });
    return deleted;
  });
}

/**
 * Registers the maintenance worker and its cron schedule (UTC). Every process may do this: pg-boss turns
 * each due minute into one job, which one process runs.
 */
export async function scheduleMaintenance(
  deps: { database: Database; jobs: Jobs; log: FastifyBaseLogger },
  options: { cron: string; tasks: CleanupTask[] },
): Promise<void> {
  const tasks = [outboxCleanup, ...options.tasks];
  await deps.jobs.work(MAINTENANCE_QUEUE, async (_data, job) => {
    const started = Date.now();
    const deleted = await runMaintenance(deps.database, tasks, { job: job.id });
    await refreshPlannerStatistics(deps.database);
    deps.log.info({ deleted, job: job.id, ms: Date.now() - started }, 'maintenance done');
  });
  await deps.jobs.schedule(MAINTENANCE_QUEUE, options.cron);
}
