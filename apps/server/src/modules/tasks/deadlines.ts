// A task's plan date (docs/api.md "Task tracker"): a job every five minutes tells the performer and co-performers
// on the day before the plan date (`tasks.due_soon`), and them and the author once the plan date has passed
// (`tasks.overdue`), by days of the workspace's time zone, for open cards of active desks. Each notice is claimed
// by a conditional UPDATE of its own column (`due_soon_noticed_at`, `overdue_noticed_at` IS NULL) in the
// transaction that sends it, so two processes running the job at once send each notice once. A changed plan date
// clears both (cards.ts), so the new date is noticed again.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { createContext } from '../../platform/http/context.js';
import type { ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { startPeriodic } from '../../platform/jobs/periodic.js';
import { dayMoment } from '../../platform/notify/moments.js';
import { notify } from '../../platform/notify/notify.js';
import { arrayOf } from './desks.js';

export const DEADLINE_QUEUE = 'tasks.deadlines';

type Notice = 'soon' | 'overdue';
const COLUMN: Record<Notice, string> = { soon: 'due_soon_noticed_at', overdue: 'overdue_noticed_at' };

interface Candidate {
  id: string;
  client_id: string;
  due: string;
  today: string;
  tomorrow: string;
  soon: boolean;
}

const noticeOf = (c: Candidate): Notice | null =>
  c.today > c.due ? 'overdue' : c.tomorrow === c.due && !c.soon ? 'soon' : null;

/** One run: the notices sent (cards, not people). */
export async function runTaskDeadlines(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<Record<Notice, number>> {
  const at = new Date(now).toISOString();
  // Open cards with a plan date, not yet noticed as overdue, due by the day after tomorrow in UTC (a time zone is
  // never more than a day away): the due index's range. Each with its workspace's local day.
  const candidates = await inSystem(platform.database, (tx) =>
    rowsOf<Candidate>(
      tx,
      sql`SELECT t.id, t.client_id, t.plan_date::text AS due, z.today::text AS today, (z.today + 1)::text AS tomorrow,
            t.due_soon_noticed_at IS NOT NULL AS soon
          FROM tasks t JOIN clients c ON c.id = t.client_id
            JOIN task_desks d ON d.id = t.desk_id AND d.status = 'active'
            CROSS JOIN LATERAL (SELECT (${at}::timestamptz AT TIME ZONE
              coalesce(nullif(c.settings->>'timeZone', ''), 'UTC'))::date AS today) z
          WHERE t.status = 'open' AND t.plan_date IS NOT NULL AND t.overdue_noticed_at IS NULL
            AND t.plan_date <= (${at}::timestamptz AT TIME ZONE 'UTC')::date + 2
          ORDER BY t.plan_date LIMIT 1000`,
    ),
  );
  const sent: Record<Notice, number> = { soon: 0, overdue: 0 };
  for (const candidate of candidates) {
    const notice = noticeOf(candidate);
    if (!notice) continue;
    const after: (() => unknown)[] = [];
    await inTenant(platform.database, { clientId: candidate.client_id }, async (tx) => {
      const column = sql.raw(COLUMN[notice]);
      const [row] = await rowsOf<{
        id: string;
        name: string;
        desk_id: string;
        desk: string;
        plan_date: string;
        performer_id: string | null;
        co_performers: string[] | string;
        author_id: string | null;
      }>(
        tx,
        sql`UPDATE tasks t SET ${column} = ${at}
            WHERE t.id = ${candidate.id} AND t.status = 'open' AND t.${column} IS NULL
            RETURNING t.id, t.name, t.desk_id, t.plan_date::text AS plan_date, t.performer_id, t.co_performers,
              t.author_id, (SELECT d.name FROM task_desks d WHERE d.id = t.desk_id) AS desk`,
      );
      if (!row) return;
      const ctx = createContext({
        db: tx,
        user: null,
        client: { id: candidate.client_id, workspace: '', status: 'active', features: [] },
        log,
        afterCommit: (task) => after.push(task),
        services,
      });
      const people = [...(row.performer_id ? [row.performer_id] : []), ...arrayOf(row.co_performers)];
      await notify(ctx, {
        code: notice === 'soon' ? 'tasks.due_soon' : 'tasks.overdue',
        recipients: notice === 'soon' ? people : [...people, ...(row.author_id ? [row.author_id] : [])],
        vars: { name: row.name, desk: row.desk, due: dayMoment(row.plan_date) },
        link: `/desk/${row.desk_id}?task=${row.id}`,
      });
      sent[notice] += 1;
    });
    for (const task of after) await task();
  }
  if (sent.soon || sent.overdue) log.info(sent, 'tasks.deadlines pass');
  return sent;
}

/** Starts the job in a process that runs jobs: every five minutes, and once at start for what fell due. */
export async function startTaskDeadlines(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
): Promise<void> {
  await startPeriodic(platform, log, {
    queue: DEADLINE_QUEUE,
    cron: '*/5 * * * *',
    pass: () => runTaskDeadlines(platform, services, log),
  });
}
