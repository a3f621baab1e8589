// Lists of requests (modules §2 tabs "my requests" and "table"; §7 `GET api/bp/runned/{user_id}?bp=&finished=&from=&to=`):
// a person's own requests, the requests waiting for them, and a service's table for those who read it, with its
// filters, sort and offset paging; the table's xlsx export reads the same query.
import {
  type RequestExportQuery,
  type RequestListQuery,
  SERVICE_EXPORT_MAX,
  type ServiceFieldDto,
} from '@hallway/shared/services';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { departmentsByIds } from '../structure/index.js';
import { isWorkspacePerson, personCards } from '../users/index.js';
import { mayListFor } from './policy.js';
import { type ServiceRequestStepRow, serviceRequests, services } from './tables.js';
import { findService } from './templates.js';
import { departmentIdsOf, fileIdsOf, peopleIdsOf, valueText } from './values.js';
import { knownFiles, presentRequestItem } from './view.js';

const r = serviceRequests;
/** Running requests whose current step names the person: the queue's index (client, person). */
const waitingFor = (clientId: string, userId: string) =>
  sql`${r.status} = 'active' AND ${r.id} IN (SELECT q.request_id FROM service_request_queue q
    WHERE q.client_id = ${clientId} AND q.user_id = ${userId})`;

/** The filters every list takes: finished, status, the current step and its performers, the start's days. */
function filtersOf(clientId: string, query: RequestExportQuery): SQL[] {
  const where: SQL[] = [];
  if (query.finished === '1') where.push(sql`${r.status} <> 'active'`);
  if (query.finished === '0') where.push(sql`${r.status} = 'active'`);
  if (query.status) where.push(eq(r.status, query.status));
  if (query.step !== undefined) where.push(eq(r.currentPosition, query.step));
  if (query.performer) where.push(waitingFor(clientId, query.performer));
  if (query.from) where.push(sql`${r.created} >= ${query.from}::date::timestamptz`);
  if (query.to) where.push(sql`${r.created} < (${query.to}::date + 1)::timestamptz`);
  return where;
}

function orderOf(query: RequestExportQuery): SQL[] {
  const dir = query.order === 'asc' ? asc : desc;
  const nullsLast = (column: SQL) => sql`${column} ${sql.raw(query.order === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`;
  switch (query.sort) {
    case 'due':
      return [nullsLast(sql`${r.dueDate}`), dir(r.created), dir(r.id)];
    case 'status':
      return [dir(r.status), dir(r.created), dir(r.id)];
    case 'finished':
      return [nullsLast(sql`${r.finishedAt}`), dir(r.created), dir(r.id)];
    default:
      return [dir(r.created), dir(r.id)];
  }
}

/** The current step of each listed request (name, position, review), as one column. */
const currentStepSql = sql<Pick<ServiceRequestStepRow, 'id' | 'name' | 'position' | 'review'> | null>`(SELECT
  jsonb_build_object('id', s.id, 'name', s.name, 'position', s.position, 'review', s.review)
  FROM service_request_steps s WHERE s.id = service_requests.current_step_id)`;

/** A service a list names: one the caller reads, or whose requests include theirs (404 otherwise). */
async function listedService(ctx: RequestContext, id: string, userId: string) {
  const found = await findService(ctx, id).catch((err) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  if (found) return { id, table: found.can.table, fields: found.row.fields };
  const [mine] = await ctx.db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.clientId, ctx.tenant()), eq(r.serviceId, id), eq(r.requesterId, userId)))
    .limit(1);
  if (!mine) throw notFound('service_not_found');
  return { id, table: false, fields: [] as ServiceFieldDto[] };
}

/** Rows of a list with what they show: the service's name, the current step, people's cards. */
async function listRows(ctx: RequestContext, where: SQL[], order: SQL[], limit: number, offset: number) {
  // The workspace's day (for `overdue`) comes with the page: one statement fewer than asking for its time zone.
  const todaySql = sql<string>`(SELECT (now() AT TIME ZONE coalesce(nullif(c.settings->>'timeZone', ''), 'UTC'))::date::text
    FROM clients c WHERE c.id = ${ctx.tenant()})`;
  const rows = await ctx.db
    .select({ row: r, serviceName: services.name, current: currentStepSql, today: todaySql })
    .from(r)
    .leftJoin(services, eq(services.id, r.serviceId))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const cards = await personCards(
    ctx.db,
    rows.flatMap((x) => [x.row.requesterId, ...x.row.currentPerformers]),
  );
  return { rows, cards, today: rows[0]?.today ?? '' };
}

/** The values of table rows as text, by the service's field keys (people, departments and files by name). */
async function valueTexts(
  ctx: RequestContext,
  fields: ServiceFieldDto[],
  rows: { fields: ServiceFieldDto[]; values: Record<string, unknown> }[],
) {
  const [cards, departments, files] = await Promise.all([
    personCards(
      ctx.db,
      rows.flatMap((x) => peopleIdsOf(x.fields, x.values)),
    ),
    departmentsByIds(
      ctx,
      rows.flatMap((x) => departmentIdsOf(x.fields, x.values)),
    ),
    knownFiles(
      ctx,
      rows.flatMap((x) => fileIdsOf(x.fields, x.values)),
    ),
  ]);
  const names = {
    people: new Map([...cards].map(([id, c]) => [id, c.name])),
    departments: new Map([...departments].map(([id, d]) => [id, d.name])),
    files: new Map([...files].map(([id, f]) => [id, f.name])),
  };
  return rows.map((x) => {
    // A request keeps the form it started with: a column shows the value of its field of the same key and type.
    const own = new Map(x.fields.map((f) => [f.key, f]));
    return Object.fromEntries(
      fields.map((f) => {
        const field = own.get(f.key);
        return [f.key, field && field.type === f.type ? valueText(field, x.values[f.key], names) : ''];
      }),
    );
  });
}

/**
 * `GET api/bp/runned/{user_id}`: without `bp`, that person's own requests (`as=requester`) or the running requests
 * waiting for their decision (`as=performer`); with `bp`, the service's table for those who read it (every request,
 * with the form's values as text) and otherwise that person's own requests of it. The caller asks for themself,
 * administrators for anyone. Filters, sort and `offset`/`limit` paging; `total` counts the filtered list.
 */
export async function listRequests(ctx: RequestContext, userId: string, query: RequestListQuery) {
  authorize(mayListFor(ctx, userId));
  if (userId !== ctx.me().id && !(await isWorkspacePerson(ctx, userId))) throw notFound('user_not_found');
  const where: SQL[] = [eq(r.clientId, ctx.tenant())];
  let table = false;
  let fields: ServiceFieldDto[] = [];
  if (query.bp) {
    const service = await listedService(ctx, query.bp, userId);
    ({ table } = service);
    where.push(eq(r.serviceId, query.bp));
    if (table) fields = service.fields;
    else where.push(eq(r.requesterId, userId));
  } else if (query.as === 'performer') {
    where.push(waitingFor(ctx.tenant(), userId));
  } else where.push(eq(r.requesterId, userId));
  where.push(...filtersOf(ctx.tenant(), query));
  const { rows, cards, today } = await listRows(ctx, where, orderOf(query), query.limit, query.offset);
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .where(and(...where));
  const texts = table
    ? await valueTexts(
        ctx,
        fields,
        rows.map((x) => x.row),
      )
    : [];
  return {
    result: rows.map((x, i) => ({
      ...presentRequestItem(x.row, x.serviceName, x.current, cards, today),
      ...(table ? { values: texts[i] } : {}),
    })),
    columns: fields.map((f) => ({ key: f.key, name: f.name })),
    total: Number(counted.n),
    offset: query.offset,
    limit: query.limit,
    can: { table },
  };
}

/**
 * `GET api/bp/{id}/excel`: the service's table with the same filters and sort, every row up to SERVICE_EXPORT_MAX,
 * for those who read it.
 */
export async function exportRows(ctx: RequestContext, serviceId: string, query: RequestExportQuery) {
  const found = await findService(ctx, serviceId);
  authorize(found.can.table);
  const where = [eq(r.clientId, ctx.tenant()), eq(r.serviceId, serviceId), ...filtersOf(ctx.tenant(), query)];
  const { rows, cards, today } = await listRows(ctx, where, orderOf(query), SERVICE_EXPORT_MAX, 0);
  const fields = found.row.fields;
  const texts = await valueTexts(
    ctx,
    fields,
    rows.map((x) => x.row),
  );
  return {
    service: found.row,
    fields,
    rows: rows.map((x, i) => ({
      ...presentRequestItem(x.row, x.serviceName, x.current, cards, today),
      values: texts[i],
    })),
  };
}
