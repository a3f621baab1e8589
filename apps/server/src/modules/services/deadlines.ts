// A request's days limit (docs/api.md "Services"): a job every five minutes reminds the current step's performers on
// the day before the due date and on the due date (days of the workspace's time zone), and tells the responsible
// department's head (or, without one, the service's owners) once the due date has passed. Each notice is claimed
// by a conditional UPDATE of its own column (`reminded_before_at`, `reminded_due_at`, `overdue_noticed_at` IS NULL),
// in the transaction that sends it, so two processes running the job at once send each notice once.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { createContext, type RequestContext } from '../../platform/http/context.js';
import type { ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { startPeriodic } from '../../platform/jobs/periodic.js';
import { dayMoment } from '../../platform/notify/moments.js';
import { notify } from '../../platform/notify/notify.js';
import { departmentsByIds } from '../structure/index.js';
import { personCards } from '../users/index.js';
import { addDays } from './requests.js';
import type { ServiceRequestRow } from './tables.js';

export const DEADLINE_QUEUE = 'services.deadlines';

type Notice = 'before' | 'due' | 'overdue';
const COLUMN: Record<Notice, string> = {
  before: 'reminded_before_at',
  due: 'reminded_due_at',
  overdue: 'overdue_noticed_at',
};

interface Candidate {
  id: string;
  client_id: string;
  due: string;
  today: string;
  before: boolean;
  on_day: boolean;
}

/** Which notice a request is due for on the workspace's `today`, if any it has not had. */
function noticeOf(c: Candidate): Notice | null {
  if (c.today > c.due) return 'overdue';
  if (c.today === c.due) return c.on_day ? null : 'due';
  if (c.today === addDays(c.due, -1)) return c.before ? null : 'before';
  return null;
}

/** One run: the notices sent (requests, not people). */
export async function runServiceDeadlines(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<Record<Notice, number>> {
  const at = new Date(now).toISOString();
  // Running requests with a limit, not yet noticed as overdue, due by the day after tomorrow in UTC (a time zone is
  // never more than a day away): the due index's range. Each with its workspace's local day.
  const candidates = await inSystem(platform.database, (tx) =>
    rowsOf<Candidate>(
      tx,
      sql`SELECT r.id, r.client_id, r.due_date::text AS due,
            (${at}::timestamptz AT TIME ZONE coalesce(nullif(c.settings->>'timeZone', ''), 'UTC'))::date::text AS today,
            r.reminded_before_at IS NOT NULL AS before, r.reminded_due_at IS NOT NULL AS on_day
          FROM service_requests r JOIN clients c ON c.id = r.client_id
          WHERE r.status = 'active' AND r.due_date IS NOT NULL AND r.overdue_noticed_at IS NULL
            AND r.due_date <= (${at}::timestamptz AT TIME ZONE 'UTC')::date + 2
          ORDER BY r.due_date LIMIT 1000`,
    ),
  );
  const sent: Record<Notice, number> = { before: 0, due: 0, overdue: 0 };
  for (const candidate of candidates) {
    const notice = noticeOf(candidate);
    if (!notice) continue;
    const after: (() => unknown)[] = [];
    await inTenant(platform.database, { clientId: candidate.client_id }, async (tx) => {
      const [row] = await rowsOf<ServiceRequestRow & { service_owners: string[] | null }>(
        tx,
        sql`UPDATE service_requests r SET ${sql.raw(COLUMN[notice])} = ${at}
            WHERE r.id = ${candidate.id} AND r.status = 'active' AND r.${sql.raw(COLUMN[notice])} IS NULL
            RETURNING r.id, r.name, r.due_date::text AS "dueDate", r.requester_id AS "requesterId",
              r.department_id AS "departmentId", r.current_performers AS "currentPerformers",
              r.current_step_id AS "currentStepId",
              (SELECT to_jsonb(s.owners) FROM services s WHERE s.id = r.service_id) AS service_owners`,
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
      await tell(ctx, notice, row);
      sent[notice] += 1;
    });
    for (const task of after) await task();
  }
  if (sent.before || sent.due || sent.overdue) log.info(sent, 'services.deadlines pass');
  return sent;
}

/** The notice itself: the current performers are reminded; the head (or the owners) hear of an overdue request. */
async function tell(
  ctx: RequestContext,
  notice: Notice,
  row: Pick<ServiceRequestRow, 'id' | 'name' | 'dueDate' | 'requesterId' | 'departmentId' | 'currentStepId'> & {
    currentPerformers: string[] | string;
    service_owners: string[] | null;
  },
) {
  const [step] = row.currentStepId
    ? await rowsOf<{ name: string }>(
        ctx.db,
        sql`SELECT name FROM service_request_steps WHERE id = ${row.currentStepId}`,
      )
    : [];
  const vars = { name: row.name, step: step?.name ?? '', due: dayMoment(String(row.dueDate)) };
  const link = `/service/${row.id}`;
  if (notice !== 'overdue') {
    await notify(ctx, {
      code: notice === 'before' ? 'services.due_soon' : 'services.due_today',
      recipients: uuids(row.currentPerformers),
      vars,
      link,
    });
    return;
  }
  const head = row.departmentId
    ? (await departmentsByIds(ctx, [row.departmentId])).get(row.departmentId)?.headId
    : null;
  const requester = (await personCards(ctx.db, [row.requesterId])).get(row.requesterId)?.name ?? '';
  await notify(ctx, {
    code: 'services.overdue',
    recipients: head ? [head] : (row.service_owners ?? []),
    vars: { ...vars, requester },
    link,
  });
}

/** A uuid[] as a raw statement answers it: an array, or its text form on some drivers. */
function uuids(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/** Starts the job in a process that runs jobs: every five minutes, and once at start for what fell due. */
export async function startServiceDeadlines(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
): Promise<void> {
  await startPeriodic(platform, log, {
    queue: DEADLINE_QUEUE,
    cron: '*/5 * * * *',
    pass: () => runServiceDeadlines(platform, services, log),
  });
}
