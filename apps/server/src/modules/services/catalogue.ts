// The catalogue and its groups (modules §2 /services/ tab "all", §3 "Service groups", §5 "a service group can be
// deleted only when empty", §7 `api/service_group…`, `GET api/bp/tmpls/{id}`, `GET api/service/byArticle/{id}`).
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { callerGrantPerson } from '../../platform/access/grants.js';
import { authorize } from '../../platform/access/tenancy.js';
import { containing } from '../../platform/db/like.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { readableArticle } from '../articles/index.js';
import { servicesInGroup } from './designer.js';
import { audienceSql, catalogueSql, groupPolicy, managedSql, servicePolicy, servicesPolicy } from './policy.js';
import { refuse } from './rules.js';
import { type ServiceGroupRow, serviceGroups, services } from './tables.js';
import { presentItem, requestCounts } from './templates.js';

function presentGroup(ctx: RequestContext, row: ServiceGroupRow) {
  return { _id: row.id, client_id: row.clientId, name: row.name, order: row.sort, can: groupPolicy(ctx) };
}

async function findGroup(ctx: RequestContext, id: string, lock = false) {
  const query = ctx.db
    .select()
    .from(serviceGroups)
    .where(and(eq(serviceGroups.id, id), eq(serviceGroups.clientId, ctx.tenant())));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('service_group_not_found');
  return row;
}

/** `POST api/service_group`: a group, last unless `order` says where. */
export async function createGroup(ctx: RequestContext, body: { name: string; order?: number }) {
  authorize(servicesPolicy(ctx).create_group);
  if (!body.name.trim()) throw refuse('service_group_name_required', 'name');
  const [last] = await ctx.db
    .select({ max: sql<number | null>`max(${serviceGroups.sort})` })
    .from(serviceGroups)
    .where(eq(serviceGroups.clientId, ctx.tenant()));
  const [row] = await ctx.db
    .insert(serviceGroups)
    .values({ clientId: ctx.tenant(), name: body.name.trim(), sort: body.order ?? Number(last?.max ?? -1) + 1 })
    .returning();
  return presentGroup(ctx, row);
}

/** `PUT api/service_group/{id}`: its name and place. */
export async function updateGroup(ctx: RequestContext, id: string, body: { name?: string; order?: number }) {
  const row = await findGroup(ctx, id, true);
  authorize(groupPolicy(ctx).edit);
  if (body.name !== undefined && !body.name.trim()) throw refuse('service_group_name_required', 'name');
  const [updated] = await ctx.db
    .update(serviceGroups)
    .set({ name: body.name?.trim() ?? row.name, sort: body.order ?? row.sort })
    .where(eq(serviceGroups.id, id))
    .returning();
  return presentGroup(ctx, updated);
}

/**
 * `DELETE api/service_group/{id}`: only an empty group (400 `service_group_not_empty`). The group row is locked
 * first; a service being written into it holds it `FOR SHARE`, so the two never cross.
 */
export async function deleteGroup(ctx: RequestContext, id: string): Promise<boolean> {
  await findGroup(ctx, id, true);
  authorize(groupPolicy(ctx).delete);
  if ((await servicesInGroup(ctx, id)) > 0) throw new AppError(400, 'service_group_not_empty');
  await ctx.db.delete(serviceGroups).where(and(eq(serviceGroups.id, id), eq(serviceGroups.clientId, ctx.tenant())));
  return true;
}

/**
 * `GET api/service_group/byClient/{id}`: the groups with the services the caller may request (their audience, while
 * switched on) or manages, by group order and name; `search` looks in names and descriptions. Groups without such a
 * service are left out, except for those who create services (they fill them).
 */
export async function catalogue(ctx: RequestContext, search?: string) {
  const clientId = ctx.tenant();
  const me = await callerGrantPerson(ctx);
  const where: SQL[] = [eq(services.clientId, clientId), catalogueSql(ctx, me)];
  if (search) {
    const pattern = containing(search);
    where.push(or(ilike(services.name, pattern), ilike(services.description, pattern))!);
  }
  const [groups, rows] = await Promise.all([
    ctx.db
      .select()
      .from(serviceGroups)
      .where(eq(serviceGroups.clientId, clientId))
      .orderBy(asc(serviceGroups.sort), asc(serviceGroups.name), asc(serviceGroups.id)),
    ctx.db
      .select({ row: services, inAudience: audienceSql(clientId, me) })
      .from(services)
      .where(and(...where))
      .orderBy(asc(services.name), asc(services.id)),
  ]);
  const policy = servicesPolicy(ctx);
  const result = groups.flatMap((g) => {
    const mine = rows.filter((r) => r.row.groupId === g.id);
    if (!mine.length && (search || !policy.create_group)) return [];
    return [
      {
        ...presentGroup(ctx, g),
        services: mine.map((r) => presentItem(r.row, g.name, servicePolicy(ctx, r.row, r.inAudience))),
      },
    ];
  });
  return {
    result,
    can: { create_group: policy.create_group, create_service: policy.create_service, settings: policy.settings },
  };
}

/** `GET api/bp/tmpls/{id}`: the services the caller designs (administrators: all), with their request counts. */
export async function templates(ctx: RequestContext) {
  const clientId = ctx.tenant();
  const me = await callerGrantPerson(ctx);
  const rows = await ctx.db
    .select({ row: services, inAudience: audienceSql(clientId, me), groupName: serviceGroups.name })
    .from(services)
    .innerJoin(serviceGroups, eq(serviceGroups.id, services.groupId))
    .where(and(eq(services.clientId, clientId), managedSql(ctx)))
    .orderBy(asc(serviceGroups.sort), asc(services.name), asc(services.id));
  const counts = await requestCounts(
    ctx,
    rows.map((r) => r.row.id),
  );
  return {
    result: rows.map((r) => ({
      ...presentItem(r.row, r.groupName, servicePolicy(ctx, r.row, r.inAudience)),
      requests: counts.get(r.row.id) ?? { active: 0, total: 0 },
    })),
    can: { create: servicesPolicy(ctx).create_service },
  };
}

/**
 * `GET api/service/byArticle/{id}`: the services a knowledge-base article describes (their `article_id`) that the
 * caller's catalogue shows; 404 `service_article_not_found` for an article the caller cannot read.
 */
export async function byArticle(ctx: RequestContext, articleId: string) {
  if (!(await readableArticle(ctx, articleId))) throw notFound('service_article_not_found');
  const clientId = ctx.tenant();
  const me = await callerGrantPerson(ctx);
  const rows = await ctx.db
    .select({ row: services, inAudience: audienceSql(clientId, me), groupName: serviceGroups.name })
    .from(services)
    .innerJoin(serviceGroups, eq(serviceGroups.id, services.groupId))
    .where(and(eq(services.clientId, clientId), eq(services.articleId, articleId), catalogueSql(ctx, me)))
    .orderBy(asc(services.name), asc(services.id));
  return rows.map((r) => presentItem(r.row, r.groupName, servicePolicy(ctx, r.row, r.inAudience)));
}
