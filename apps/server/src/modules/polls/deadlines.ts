// A poll's deadline (docs/api.md "Polls"): a job every minute finishes the polls whose deadline passed, and sends the
// reminder of the day before the deadline to the recipients who have not answered. Each poll is claimed by a
// conditional UPDATE (`finished_at IS NULL`, `reminded_at IS NULL`), so two processes running the job at once finish
// a poll and remind its people once.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { createContext } from '../../platform/http/context.js';
import type { ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { startPeriodic } from '../../platform/jobs/periodic.js';
import { mixAnonymous, pendingIds, tellPending } from './service.js';
import { type PollRow, polls } from './tables.js';

export const DEADLINE_QUEUE = 'polls.deadlines';
const DAY = 24 * 60 * 60 * 1000;

/** One run: the polls finished and the reminders sent (polls, not people). */
export async function runPollDeadlines(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<{ finished: number; reminded: number }> {
  const at = new Date(now).toISOString();
  const finished = await inSystem(platform.database, async (tx) => {
    const rows = await rowsOf<{ id: string; type: string }>(
      tx,
      sql`UPDATE polls SET finished_at = deadline, updated = now()
          WHERE finished_at IS NULL AND deadline IS NOT NULL AND deadline <= ${at} RETURNING id, type`,
    );
    for (const row of rows) if (row.type === 'anonymous') await mixAnonymous(tx, row.id);
    return rows;
  });
  const due = await inSystem(platform.database, (tx) =>
    rowsOf<{ id: string; client_id: string }>(
      tx,
      sql`SELECT id, client_id FROM polls WHERE finished_at IS NULL AND deadline IS NOT NULL AND reminded_at IS NULL
          AND deadline > ${at} AND deadline <= ${new Date(now + DAY).toISOString()} ORDER BY deadline LIMIT 500`,
    ),
  );
  let reminded = 0;
  for (const { id, client_id: clientId } of due) {
    const after: (() => unknown)[] = [];
    await inTenant(platform.database, { clientId }, async (tx) => {
      const [row] = await tx
        .update(polls)
        .set({ remindedAt: new Date(now) })
        .where(sql`${polls.id} = ${id} AND ${polls.remindedAt} IS NULL AND ${polls.finishedAt} IS NULL`)
        .returning();
      if (!row) return;
      const ctx = createContext({
        db: tx,
        user: null,
        client: { id: clientId, workspace: '', status: 'active', features: [] },
        log,
        afterCommit: (task) => after.push(task),
        services,
      });
      await tellPending(ctx, row as PollRow, await pendingIds(ctx, row as PollRow));
      reminded += 1;
    });
    for (const task of after) await task();
  }
  if (finished.length || reminded) log.info({ finished: finished.length, reminded }, 'polls.deadlines pass');
  return { finished: finished.length, reminded };
}

/** Starts the deadline job in a process that runs jobs: every minute, and once at start for what fell due. */
export async function startPollDeadlines(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
): Promise<void> {
  await startPeriodic(platform, log, {
    queue: DEADLINE_QUEUE,
    cron: '* * * * *',
    pass: () => runPollDeadlines(platform, services, log),
  });
}
