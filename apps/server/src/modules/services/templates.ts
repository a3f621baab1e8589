// A service (the spec's template) as the caller may see it: found with their place in its audience and what they
// may do, and presented for the catalogue (`serviceItem`) or whole (`serviceDto`).
import type { PersonCard } from '@hallway/shared';
import type { ServiceDto, ServiceItem } from '@hallway/shared/services';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { grantsOf, peopleRows } from '../../platform/access/grants.js';
import { rowsOf } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { departmentsByIds } from '../structure/index.js';
import { personCards, unknownPerson } from '../users/index.js';
import { users } from '../users/tables.js';
import { audienceSql, SERVICE_KIND, servicePolicy } from './policy.js';
import { type ServiceRow, serviceGroups, services } from './tables.js';

const iso = (value: Date | string) => new Date(value).toISOString();
/** The caller's row, as the audience grants read it (`peopleRows('u')`). */
const caller = alias(users, 'u');

export interface FoundService {
  row: ServiceRow;
  groupName: string | null;
  inAudience: boolean;
  can: ReturnType<typeof servicePolicy>;
}

/**
 * A service the caller may read (its managers, and its audience while it is switched on), or 404
 * `service_not_found`, as for another workspace's id. `lock`: `share` to start a request (a deletion waits), `update`
 * to change it.
 */
export async function findService(ctx: RequestContext, id: string, lock?: 'share' | 'update'): Promise<FoundService> {
  // One statement: the service, its group's name, and the caller's place in its audience (their `users` row joined,
  // none for the superadmin acting in the workspace, who then matches the `all` audience alone).
  const query = ctx.db
    .select({ row: services, inAudience: audienceSql(ctx.tenant(), peopleRows('u')), groupName: serviceGroups.name })
    .from(services)
    .leftJoin(serviceGroups, eq(serviceGroups.id, services.groupId))
    .leftJoin(
      caller,
      and(eq(caller.id, ctx.me().id), eq(caller.clientId, ctx.tenant()), eq(caller.deletionMark, false)),
    )
    .where(and(eq(services.id, id), eq(services.clientId, ctx.tenant())));
  const [found] = lock ? await query.for(lock, { of: services }) : await query;
  if (!found) throw notFound('service_not_found');
  const can = servicePolicy(ctx, found.row, found.inAudience);
  if (!can.read) throw notFound('service_not_found');
  return { row: found.row, inAudience: found.inAudience, groupName: found.groupName, can };
}

/** The `can` the web gets (the policy's own `read` and `manage` stay on the server). */
export const sentCan = ({ read: _read, manage: _manage, ...can }: ReturnType<typeof servicePolicy>) => can;

export function presentItem(
  row: ServiceRow,
  groupName: string | null,
  can: ReturnType<typeof servicePolicy>,
): ServiceItem {
  return {
    _id: row.id,
    client_id: row.clientId,
    template: true,
    name: row.name,
    description: row.description,
    group: groupName === null ? null : { _id: row.groupId, name: groupName },
    type: row.type,
    days_limit: row.daysLimit,
    active: row.active,
    for_all: row.forAll,
    article_id: row.articleId,
    fields: row.fields,
    steps_count: row.steps.length,
    can: sentCan(can),
  };
}

/** Running and all requests of each service given, by service id. */
export async function requestCounts(ctx: RequestContext, ids: string[]) {
  if (!ids.length) return new Map<string, { active: number; total: number }>();
  const rows = await rowsOf<{ service_id: string; active: number; total: number }>(
    ctx.db,
    sql`SELECT service_id, count(*) FILTER (WHERE status = 'active')::int AS active, count(*)::int AS total
        FROM service_requests WHERE client_id = ${ctx.tenant()}
        AND service_id = ANY (${`{${ids.join(',')}}`}::uuid[]) GROUP BY service_id`,
  );
  return new Map(rows.map((r) => [r.service_id, { active: Number(r.active), total: Number(r.total) }]));
}

/** The whole service: its steps with their performers (people, the chief, departments with their heads). */
export async function presentService(ctx: RequestContext, found: FoundService): Promise<ServiceDto> {
  const { row, can } = found;
  const departmentIds = [
    ...(row.departmentId ? [row.departmentId] : []),
    ...row.steps.flatMap((s) => s.performers.flatMap((p) => (p.departmentId ? [p.departmentId] : []))),
  ];
  const departments = await departmentsByIds(ctx, departmentIds);
  const cards = await personCards(ctx.db, [
    ...row.owners,
    ...row.steps.flatMap((s) => s.performers.flatMap((p) => (p.userId ? [p.userId] : []))),
    ...[...departments.values()].flatMap((d) => (d.headId ? [d.headId] : [])),
  ]);
  const card = (id: string): PersonCard => cards.get(id) ?? unknownPerson(id);
  const named = (id: string | null) => {
    const d = id ? departments.get(id) : undefined;
    return d ? { _id: d.id, name: d.name } : null;
  };
  const counts = can.table ? (await requestCounts(ctx, [row.id])).get(row.id) : undefined;
  return {
    ...presentItem(row, found.groupName, can),
    department: named(row.departmentId),
    owners: row.owners.map(card),
    steps: row.steps.map((s) => ({
      _id: s.id,
      name: s.name,
      review: s.review,
      fields: s.fields,
      performers: s.performers.map((p) => {
        const head = p.departmentId ? (departments.get(p.departmentId)?.headId ?? null) : null;
        return {
          kind: p.kind,
          user: p.userId ? card(p.userId) : null,
          department: p.departmentId ? (named(p.departmentId) ?? { _id: p.departmentId, name: '' }) : null,
          head: head ? card(head) : null,
        };
      }),
    })),
    grants: can.edit ? await grantsOf(ctx, SERVICE_KIND, row.id) : [],
    requests: counts ?? { active: 0, total: 0 },
    created: iso(row.created),
    updated: iso(row.updated),
  };
}

/** `GET api/bp/{id}` of a service. */
export async function getService(ctx: RequestContext, id: string): Promise<ServiceDto> {
  return presentService(ctx, await findService(ctx, id));
}
