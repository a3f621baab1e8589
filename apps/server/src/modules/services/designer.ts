// The service designer (modules §3 "Service", §4 steps added, updated, deleted; §5; §7 `POST api/bp`,
// `PUT`/`DELETE api/bp/{id}`, `POST api/bp/convert/{id}`, the step calls): administrators create services, their
// owners and administrators change them. Every change is checked as a whole service before it is written.
import type { AudienceGrant } from '@hallway/shared';
import {
  type AddStepBody,
  type CreateServiceBody,
  SERVICE_STEPS_MAX,
  type ServiceDto,
  type ServiceType,
  type UpdateServiceBody,
  type UpdateStepBody,
} from '@hallway/shared/services';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { deleteGrants, setGrants } from '../../platform/access/grants.js';
import { authorize } from '../../platform/access/tenancy.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { readableArticle } from '../articles/index.js';
import { departmentsByIds } from '../structure/index.js';
import { users } from '../users/tables.js';
import { SERVICE_KIND, servicesPolicy } from './policy.js';
import {
  checkBasics,
  checkFields,
  checkStep,
  checkStepList,
  checkTargets,
  isSimple,
  performerLists,
  refuse,
} from './rules.js';
import {
  type ServiceRow,
  type StoredStep,
  serviceGroups,
  serviceRequests,
  serviceSettings,
  services,
} from './tables.js';
import { findService, getService } from './templates.js';

/** 404 naming the body's field: an id of the body that is nothing of this workspace. */
const missing = (
  code: 'service_group_not_found' | 'department_not_found' | 'service_article_not_found',
  field: string,
) => new AppError(404, code, {}, { fields: { [field]: code } });

/** The group of a service being written, held (`FOR SHARE`) so it cannot be deleted under it. */
async function groupFor(ctx: RequestContext, id: string) {
  const [group] = await ctx.db
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.id, id), eq(serviceGroups.clientId, ctx.tenant())))
    .for('share');
  if (!group) throw missing('service_group_not_found', 'group');
}

/** The links of a service to other objects: the responsible department, owners, the article. */
async function checkLinks(
  ctx: RequestContext,
  body: { department_id?: string | null; owners?: string[]; article_id?: string | null },
) {
  if (body.department_id && !(await departmentsByIds(ctx, [body.department_id])).size) {
    throw missing('department_not_found', 'department_id');
  }
  const owners = [...new Set(body.owners ?? [])];
  if (owners.length) {
    const found = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), inArray(users.id, owners)));
    if (found.length !== owners.length) throw refuse('user_not_found', 'owners');
  }
  if (body.article_id && !(await readableArticle(ctx, body.article_id))) {
    throw missing('service_article_not_found', 'article_id');
  }
  return owners;
}

/** `POST api/bp`: a service (administrators). Its steps come with it; at least one (a request has 2 steps). */
export async function createService(ctx: RequestContext, body: CreateServiceBody): Promise<ServiceDto> {
  authorize(servicesPolicy(ctx).create_service);
  checkBasics(body);
  const fields = checkFields(body.fields, 'fields');
  if (body.steps.length > SERVICE_STEPS_MAX) {
    throw refuse('service_too_many_steps', 'steps', { max: SERVICE_STEPS_MAX });
  }
  const steps = body.steps.map((s, i) => checkStep(s, `steps.${i}`));
  checkStepList(body.type, steps);
  await groupFor(ctx, body.group!);
  await checkTargets(
    ctx,
    steps.map((step, i) => ({ step, at: `steps.${i}` })),
  );
  const owners = await checkLinks(ctx, body);
  const [row] = await ctx.db
    .insert(services)
    .values({
      clientId: ctx.tenant(),
      groupId: body.group!,
      name: body.name.trim(),
      description: body.description.trim(),
      type: body.type,
      departmentId: body.department_id ?? null,
      daysLimit: body.days_limit ?? null,
      forAll: body.for_all,
      active: body.active,
      articleId: body.article_id ?? null,
      owners,
      fields,
      steps,
      createdBy: ctx.me().id,
    })
    .returning({ id: services.id });
  if (body.grants.length) await setGrants(ctx, SERVICE_KIND, row.id, body.grants);
  return getService(ctx, row.id);
}

/** A service the caller may change, locked for the change. */
async function editable(ctx: RequestContext, id: string) {
  const found = await findService(ctx, id, 'update');
  authorize(found.can.edit);
  return found;
}

/**
 * `PUT api/bp/{id}`: the fields given, checked as a whole service again. Owners change by administrators only. The
 * form may change while requests run: each request keeps the form it was started with.
 */
export async function updateService(ctx: RequestContext, id: string, body: UpdateServiceBody): Promise<ServiceDto> {
  const { row, can } = await editable(ctx, id);
  if (body.owners !== undefined) authorize(can.owners);
  const merged = {
    name: body.name ?? row.name,
    description: body.description ?? row.description,
    group: body.group === undefined ? row.groupId : body.group,
  };
  checkBasics(merged);
  const fields = body.fields !== undefined ? checkFields(body.fields, 'fields') : row.fields;
  if (merged.group !== row.groupId) await groupFor(ctx, merged.group!);
  const owners = await checkLinks(ctx, {
    department_id: body.department_id,
    owners: body.owners,
    article_id: body.article_id,
  });
  await ctx.db
    .update(services)
    .set({
      name: merged.name.trim(),
      description: merged.description.trim(),
      groupId: merged.group!,
      fields,
      ...(body.department_id !== undefined ? { departmentId: body.department_id } : {}),
      ...(body.days_limit !== undefined ? { daysLimit: body.days_limit } : {}),
      ...(body.for_all !== undefined ? { forAll: body.for_all } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.article_id !== undefined ? { articleId: body.article_id } : {}),
      ...(body.owners !== undefined ? { owners } : {}),
    })
    .where(eq(services.id, id));
  if (body.grants !== undefined) await setGrants(ctx, SERVICE_KIND, id, body.grants as AudienceGrant[]);
  return getService(ctx, id);
}

/**
 * `DELETE api/bp/{id}`: the service with its audience. Its requests stay with their requesters and performers (each
 * keeps the form and steps it started with; running ones go on to their end) and leave its table.
 */
export async function deleteService(ctx: RequestContext, id: string): Promise<boolean> {
  const found = await findService(ctx, id, 'update');
  authorize(found.can.delete);
  await ctx.db
    .update(serviceRequests)
    .set({ serviceId: null })
    .where(and(eq(serviceRequests.clientId, ctx.tenant()), eq(serviceRequests.serviceId, id)));
  await ctx.db
    .update(serviceSettings)
    .set({ serviceId: null })
    .where(and(eq(serviceSettings.clientId, ctx.tenant()), eq(serviceSettings.serviceId, id)));
  await deleteGrants(ctx, SERVICE_KIND, [id]);
  await ctx.db.delete(services).where(and(eq(services.id, id), eq(services.clientId, ctx.tenant())));
  return true;
}

/** Saves a service's steps (and type) once the whole list passed its checks. */
async function saveSteps(ctx: RequestContext, row: ServiceRow, steps: StoredStep[], type: ServiceType = row.type) {
  checkStepList(type, steps);
  await ctx.db.update(services).set({ steps, type }).where(eq(services.id, row.id));
  return getService(ctx, row.id);
}

/** Moves a step to `position` (clamped to the list). */
function placed(steps: StoredStep[], step: StoredStep, position: number | undefined) {
  const others = steps.filter((s) => s.id !== step.id);
  const at = position === undefined ? others.length : Math.min(position, others.length);
  return [...others.slice(0, at), step, ...others.slice(at)];
}

/** `POST api/bp/{bp}/step`: a step added (a simple service has one: make it multi-step first). */
export async function addStep(ctx: RequestContext, id: string, body: AddStepBody): Promise<ServiceDto> {
  const { row } = await editable(ctx, id);
  if (row.type === 'simple') throw refuse('service_simple_one_step', 'steps');
  if (row.steps.length >= SERVICE_STEPS_MAX)
    throw refuse('service_too_many_steps', 'steps', { max: SERVICE_STEPS_MAX });
  const step = checkStep(body, '');
  await checkTargets(ctx, [{ step, at: '' }]);
  return saveSteps(ctx, row, placed(row.steps, step, body.position));
}

/** `PUT api/bp/{bp}/step`: the step `_id` changed in the fields given (checked whole again), or moved. */
export async function updateStep(ctx: RequestContext, id: string, body: UpdateStepBody): Promise<ServiceDto> {
  const { row } = await editable(ctx, id);
  const current = row.steps.find((s) => s.id === body._id);
  if (!current) throw new AppError(404, 'service_step_not_found', {}, { fields: { _id: 'service_step_not_found' } });
  const lists = performerLists(current.performers);
  const step = checkStep(
    {
      name: body.name ?? current.name,
      review: body.review ?? current.review,
      people: body.people ?? lists.people,
      chief: body.chief ?? lists.chief,
      departments: body.departments ?? lists.departments,
      fields: body.fields ?? current.fields,
    },
    '',
    current.id,
  );
  await checkTargets(ctx, [{ step, at: '' }]);
  const steps = row.steps.map((s) => (s.id === step.id ? step : s));
  return saveSteps(ctx, row, body.position === undefined ? steps : placed(steps, step, body.position));
}

/** `DELETE api/bp/{bp}/step/{step_id}`: one step fewer (a service keeps at least one). */
export async function deleteStep(ctx: RequestContext, id: string, stepId: string): Promise<ServiceDto> {
  const { row } = await editable(ctx, id);
  if (!row.steps.some((s) => s.id === stepId)) throw new AppError(404, 'service_step_not_found');
  return saveSteps(
    ctx,
    row,
    row.steps.filter((s) => s.id !== stepId),
  );
}

/**
 * `POST api/bp/convert/{id}`: a simple service becomes multi-step (its one step the first of up to 5, which may then
 * get fields of their own and review steps), or a multi-step one simple again when it has one step without fields of
 * its own that is not a review (400 `service_not_convertible` otherwise). The same type changes nothing.
 */
export async function convertService(ctx: RequestContext, id: string, type: ServiceType): Promise<ServiceDto> {
  const { row } = await editable(ctx, id);
  if (type === row.type) return getService(ctx, id);
  if (type === 'simple' && !isSimple(row.steps)) throw refuse('service_not_convertible', 'type');
  return saveSteps(ctx, row, row.steps, type);
}

/** How many services a group holds (a group is deleted only when empty). */
export async function servicesInGroup(ctx: RequestContext, groupId: string): Promise<number> {
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(services)
    .where(and(eq(services.clientId, ctx.tenant()), eq(services.groupId, groupId)));
  return Number(counted.n);
}
