// The table view of a desk (portal §2 "kanban or table"; docs/api.md "Task tracker"): its cards with sort,
// filters (performer, tag, priority, due date, status, lane) and offset paging; the xlsx export reads the same query.
import { TASK_EXPORT_MAX, type TaskTableQuery } from '@hallway/shared/tasks';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import type { RequestContext } from '../../platform/http/context.js';
import { personCards, unknownPerson } from '../users/index.js';
import { arrayOf, loadDesk } from './desks.js';
import { taskPolicy } from './policy.js';

function filtersOf(deskId: string, query: TaskTableQuery): SQL {
  const where: SQL[] = [sql`t.desk_id = ${deskId}`];
  if (query.status) where.push(sql`t.status = ${query.status}`);
  if (query.performer) {
    where.push(sql`(t.performer_id = ${query.performer} OR ${query.performer}::uuid = ANY (t.co_performers))`);
  }
  if (query.tag) where.push(sql`${query.tag}::text = ANY (t.tags)`);
  if (query.priority) where.push(sql`t.priority = ${query.priority}`);
  if (query.lane) where.push(sql`t.lane_id = ${query.lane}`);
  if (query.due_from) where.push(sql`t.plan_date >= ${query.due_from}::date`);
  if (query.due_to) where.push(sql`t.plan_date <= ${query.due_to}::date`);
  return sql.join(where, sql` AND `);
}

const PRIORITY_ORDER = sql`CASE t.priority WHEN 'low' THEN 0 WHEN 'normal' THEN 1 WHEN 'high' THEN 2 ELSE 3 END`;

function orderOf(query: TaskTableQuery): SQL {
  const dir = sql.raw(query.order === 'desc' ? 'DESC' : 'ASC');
  switch (query.sort) {
    case 'name':
      return sql`lower(t.name) ${dir}, t.id`;
    case 'plan_date':
      return sql`t.plan_date ${dir} NULLS LAST, t.id`;
    case 'priority':
      return sql`${PRIORITY_ORDER} ${dir}, t.id`;
    case 'created':
      return sql`t.created ${dir}, t.id`;
    case 'updated':
      return sql`t.updated ${dir}, t.id`;
    default:
      return sql`l.position ${dir}, t.rank ${dir}`;
  }
}

interface Row {
  id: string;
  lane_id: string;
  lane_name: string;
  name: string;
  status: 'open' | 'done';
  performer_id: string | null;
  co_performers: string[] | string;
  author_id: string | null;
  plan_date: string | null;
  plan_hours: number | null;
  actual_hours: number | null;
  period_start: string | null;
  period_end: string | null;
  priority: 'low' | 'normal' | 'high' | 'critical';
  tags: string[] | string;
  color: string | null;
  border_color: string | null;
  checks: number;
  checked: number;
  files: number;
  version: number;
  created: string;
  updated: string;
  full_count: number;
}

async function rows(ctx: RequestContext, deskId: string, query: TaskTableQuery, limit: number, offset: number) {
  const desk = await loadDesk(ctx, deskId);
  const found = await rowsOf<Row>(
    ctx.db,
    sql`SELECT t.id, t.lane_id, l.name AS lane_name, t.name, t.status, t.performer_id, t.co_performers, t.author_id,
          t.plan_date::text AS plan_date, t.plan_hours, t.actual_hours, t.period_start::text AS period_start,
          t.period_end::text AS period_end, t.priority, t.tags, t.color, t.border_color,
          jsonb_array_length(t.checklist) AS checks,
          (SELECT count(*)::int FROM jsonb_array_elements(t.checklist) c WHERE (c->>'done')::boolean) AS checked,
          jsonb_array_length(t.files) AS files, t.version, t.created, t.updated,
          count(*) OVER ()::int AS full_count
        FROM tasks t JOIN task_lanes l ON l.id = t.lane_id
        WHERE ${filtersOf(deskId, query)}
        ORDER BY ${orderOf(query)}
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const cards = await personCards(
    ctx.db,
    found.flatMap((r) => (r.performer_id ? [r.performer_id] : [])),
  );
  return {
    desk,
    total: found[0]?.full_count ?? 0,
    rows: found.map((r) => {
      const coPerformers = arrayOf(r.co_performers);
      return {
        _id: r.id,
        name: r.name,
        lane: r.lane_id,
        lane_name: r.lane_name,
        status: r.status,
        performer: r.performer_id,
        performer_card: r.performer_id ? (cards.get(r.performer_id) ?? unknownPerson(r.performer_id)) : null,
        co_performers: coPerformers,
        plan_date: r.plan_date,
        plan_hours: r.plan_hours === null ? null : Number(r.plan_hours),
        actual_hours: r.actual_hours === null ? null : Number(r.actual_hours),
        period_start: r.period_start,
        period_end: r.period_end,
        priority: r.priority,
        tags: arrayOf(r.tags),
        color: r.color,
        border_color: r.border_color,
        progress: { done: r.checked, total: r.checks },
        files: r.files,
        version: r.version,
        created: new Date(r.created).toISOString(),
        updated: new Date(r.updated).toISOString(),
        can: taskPolicy(ctx, desk.access, { performerId: r.performer_id, coPerformers, authorId: r.author_id }),
      };
    }),
  };
}

export async function tableRows(ctx: RequestContext, deskId: string, query: TaskTableQuery) {
  const page = await rows(ctx, deskId, query, query.limit, query.offset);
  return { result: page.rows, total: page.total, offset: query.offset, limit: query.limit };
}

/** Every row the filters leave (up to TASK_EXPORT_MAX), for the xlsx export. */
export async function exportRows(ctx: RequestContext, deskId: string, query: TaskTableQuery) {
  const page = await rows(ctx, deskId, query, TASK_EXPORT_MAX, 0);
  return { desk: page.desk.row, rows: page.rows };
}
