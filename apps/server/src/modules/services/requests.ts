// Requests (modules §3 "Business process (bp)", §4: started from a service, each step accepted or declined — a reason
// to decline — or acknowledged on a review step, ending in success or rejected; §7 `POST api/bp/start`,
// `POST api/bp/{bp_id}/pass_step`; §8 "chief could not be determined").
import type { PassStepBody, StartRequestBody } from '@hallway/shared/services';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { newId } from '../../platform/db/ids.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { workspaceTimeZone } from '../clients/index.js';
import { departmentsByIds } from '../structure/index.js';
import { personCards } from '../users/index.js';
import { users } from '../users/tables.js';
import { managesRequest, type RequestRole, requestPolicy } from './policy.js';
import { refuse } from './rules.js';
import {
  type ServiceRequestRow,
  type ServiceRequestStepRow,
  type StoredStep,
  serviceRequestHistory,
  serviceRequestQueue,
  serviceRequestSteps,
  serviceRequests,
} from './tables.js';
import { findService } from './templates.js';
import { checkFiles, checkValues } from './values.js';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The workspace's local day of an instant (`YYYY-MM-DD`): due dates are days of the workspace's calendar. */
export function localDay(zone: string, at: Date = new Date()): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(at);
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The workspace's time zone (UTC when it names none). */
export const zoneOf = async (ctx: RequestContext) => (await workspaceTimeZone(ctx.db, ctx.tenant())) ?? 'UTC';

export interface FoundRequest {
  row: ServiceRequestRow;
  role: RequestRole;
  can: ReturnType<typeof requestPolicy>;
}

/**
 * A request the caller may read (its requester, a performer of one of its steps, those who read its service's
 * table), or 404 `service_request_not_found` as for another workspace's id. `lock` takes its row for a decision: two
 * performers deciding at once are lined up on it, and the second finds the step decided.
 */
export async function findRequest(ctx: RequestContext, id: string, lock = false): Promise<FoundRequest> {
  const me = ctx.me().id;
  // Columns of the outer row are named in full: a single-table select prints its own columns unqualified.
  const query = ctx.db
    .select({
      row: serviceRequests,
      performer: sql<boolean>`EXISTS (SELECT 1 FROM service_request_steps s
        WHERE s.request_id = service_requests.id AND ${me}::uuid = ANY (s.performers))`,
      service: sql<{ owners: string[]; active: boolean } | null>`(SELECT jsonb_build_object('owners',
        to_jsonb(sv.owners), 'active', sv.active) FROM services sv WHERE sv.id = service_requests.service_id)`,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), eq(serviceRequests.clientId, ctx.tenant())));
  const [found] = lock ? await query.for('update', { of: serviceRequests }) : await query;
  if (!found) throw notFound('service_request_not_found');
  const role: RequestRole = {
    requester: found.row.requesterId === me,
    performer: found.performer,
    current: found.row.currentPerformers.includes(me),
    manager: managesRequest(ctx, found.service),
  };
  const can = requestPolicy(found.row, role);
  if (!can.read) throw notFound('service_request_not_found');
  return { row: found.row, role, can };
}

/**
 * Who performs each step, resolved when the request starts: named people who are still active, the requester's
 * chief (400 `service_chief_not_found` when the structure gives none), the heads of departments (400
 * `service_department_head_not_found`). A step left with nobody is refused (400 `service_no_performers`).
 */
async function resolvePerformers(ctx: RequestContext, steps: StoredStep[], requesterId: string): Promise<string[][]> {
  const clientId = ctx.tenant();
  const wanted = steps.flatMap((s) => s.performers);
  let chief: string | null = null;
  if (wanted.some((p) => p.kind === 'chief')) {
    const [me] = await ctx.db
      .select({ chief: users.chief })
      .from(users)
      .where(and(eq(users.id, requesterId), eq(users.clientId, clientId)));
    chief = me?.chief ?? null;
  }
  const departments = await departmentsByIds(
    ctx,
    wanted.flatMap((p) => (p.departmentId ? [p.departmentId] : [])),
  );
  const candidates = [
    ...wanted.flatMap((p) => (p.userId ? [p.userId] : [])),
    ...(chief ? [chief] : []),
    ...[...departments.values()].flatMap((d) => (d.headId ? [d.headId] : [])),
  ];
  const active = new Set(
    candidates.length
      ? (
          await ctx.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false), inArray(users.id, candidates)))
        ).map((r) => r.id)
      : [],
  );
  return steps.map((step) => {
    const people: string[] = [];
    for (const p of step.performers) {
      if (p.kind === 'person' && active.has(p.userId!)) people.push(p.userId!);
      if (p.kind === 'chief') {
        if (!chief || !active.has(chief)) throw new AppError(400, 'service_chief_not_found');
        people.push(chief);
      }
      if (p.kind === 'department_head') {
        const head = departments.get(p.departmentId!)?.headId;
        if (!head || !active.has(head)) throw new AppError(400, 'service_department_head_not_found');
        people.push(head);
      }
    }
    const unique = [...new Set(people)];
    if (!unique.length) throw new AppError(400, 'service_no_performers');
    return unique;
  });
}

/**
 * `POST api/bp/start`: a request of the service `tmpl`, its form checked against the service's fields (types,
 * required ones, files of this workspace within the attachment limit, people and departments of this workspace).
 * Its steps: the request itself (done), then the service's (the first one active, its performers told).
 */
export async function startRequest(ctx: RequestContext, body: StartRequestBody): Promise<string> {
  const found = await findService(ctx, body.tmpl, 'share');
  const { row, can } = found;
  if (!can.request) {
    if (!row.active) throw new AppError(409, 'service_inactive');
    if (!found.inAudience) throw new AppError(403, 'service_not_in_audience');
    authorize(false);
  }
  const values = await checkValues(ctx, row.fields, body.fields, 'fields');
  const files = [...new Set(body.files.map((f) => f.toLowerCase()))];
  if (files.length) await checkFiles(ctx, files, 'files');
  const me = ctx.me();
  const performers = await resolvePerformers(ctx, row.steps, me.id);
  const clientId = ctx.tenant();
  const zone = await zoneOf(ctx);
  const now = new Date();
  const requestId = newId();
  const stepIds = row.steps.map(() => newId());
  await ctx.db.insert(serviceRequests).values({
    id: requestId,
    clientId,
    serviceId: row.id,
    name: row.name,
    requesterId: me.id,
    departmentId: row.departmentId,
    fields: row.fields,
    values,
    files,
    status: 'active',
    currentStepId: stepIds[0],
    currentPosition: 1,
    currentPerformers: performers[0],
    stepsCount: row.steps.length + 1,
    dueDate: row.daysLimit ? addDays(localDay(zone, now), row.daysLimit) : null,
    created: now,
  });
  await ctx.db.insert(serviceRequestSteps).values([
    {
      clientId,
      requestId,
      position: 0,
      name: '',
      status: 'done',
      performers: [me.id],
      decidedBy: me.id,
      decidedAt: now,
    },
    ...row.steps.map((s, i) => ({
      id: stepIds[i],
      clientId,
      requestId,
      position: i + 1,
      name: s.name,
      review: s.review,
      fields: s.fields,
      performers: performers[i],
      status: i === 0 ? ('active' as const) : ('waiting' as const),
    })),
  ]);
  await queueFor(ctx, requestId, performers[0]);
  await ctx.db.insert(serviceRequestHistory).values({ clientId, requestId, actorId: me.id, action: 'created' });
  await tellPerformers(ctx, { id: requestId, name: row.name, requesterId: me.id }, row.steps[0].name, performers[0]);
  return requestId;
}

/** The performer's queue of a request: the people of its current step (none once it ended). */
async function queueFor(ctx: RequestContext, requestId: string, people: string[]) {
  await ctx.db.delete(serviceRequestQueue).where(eq(serviceRequestQueue.requestId, requestId));
  if (people.length) {
    await ctx.db
      .insert(serviceRequestQueue)
      .values(people.map((userId) => ({ clientId: ctx.tenant(), requestId, userId })));
  }
}

/** The next performers hear that the request waits for them (named with its requester). */
async function tellPerformers(
  ctx: RequestContext,
  request: Pick<ServiceRequestRow, 'id' | 'name' | 'requesterId'>,
  step: string,
  to: string[],
) {
  const requester = (await personCards(ctx.db, [request.requesterId])).get(request.requesterId)?.name ?? '';
  await notify(ctx, {
    code: 'services.step',
    recipients: to,
    vars: { name: request.name, step, requester },
    link: `/service/${request.id}`,
  });
}

/** The request's people are told of a decision; its open pages read it again. */
function announceChange(ctx: RequestContext, row: Pick<ServiceRequestRow, 'id' | 'status' | 'currentStepId'>) {
  ctx.services.servicesRealtime?.updated(ctx, { _id: row.id, status: row.status, step: row.currentStepId });
}

/**
 * `POST api/bp/{bp_id}/pass_step`: a performer of the current step decides it. Accepting or acknowledging moves the
 * request to its next step (or ends it in success); declining (a reason is required) ends it rejected. Under the
 * request's row lock the step is taken by a conditional UPDATE of its `active` state: of two performers deciding at
 * once, one moves the request and the other gets 409 `service_step_passed`.
 */
export async function passStep(ctx: RequestContext, id: string, body: PassStepBody): Promise<void> {
  const { row } = await findRequest(ctx, id, true);
  const me = ctx.me();
  const [step] = await ctx.db
    .select()
    .from(serviceRequestSteps)
    .where(and(eq(serviceRequestSteps.id, body.step_id), eq(serviceRequestSteps.requestId, id)));
  if (!step || step.position === 0) {
    throw new AppError(404, 'service_step_not_found', {}, { fields: { step_id: 'service_step_not_found' } });
  }
  if (row.status !== 'active') throw new AppError(409, 'service_request_finished');
  if (step.status === 'waiting') throw new AppError(409, 'service_step_not_current');
  if (step.status !== 'active') throw new AppError(409, 'service_step_passed');
  if (!step.performers.includes(me.id)) throw new AppError(403, 'service_not_performer');
  if (step.review !== (body.decision === 'ack')) throw refuse('service_decision_invalid', 'decision');
  const declined = body.decision === 'decline';
  const reason = body.reason?.trim() || null;
  if (declined && !reason) throw refuse('service_decline_reason_required', 'reason');
  const values = await checkValues(ctx, step.fields, body.fields, 'fields', !declined);
  const now = new Date();
  const [decided] = await ctx.db
    .update(serviceRequestSteps)
    .set({
      status: declined ? 'declined' : 'done',
      decision: body.decision,
      decidedBy: me.id,
      decidedAt: now,
      reason,
      values,
    })
    .where(and(eq(serviceRequestSteps.id, step.id), eq(serviceRequestSteps.status, 'active')))
    .returning({ id: serviceRequestSteps.id });
  if (!decided) throw new AppError(409, 'service_step_passed');
  const clientId = ctx.tenant();
  const action = declined ? 'declined' : body.decision === 'ack' ? 'acknowledged' : 'accepted';
  await ctx.db
    .insert(serviceRequestHistory)
    .values({ clientId, requestId: id, stepId: step.id, actorId: me.id, action, reason, created: now });
  const [next] = declined
    ? []
    : await ctx.db
        .select()
        .from(serviceRequestSteps)
        .where(and(eq(serviceRequestSteps.requestId, id), eq(serviceRequestSteps.position, step.position + 1)));
  const changed = await moveOn(ctx, row, step, declined ? 'rejected' : (next ?? 'success'), now, reason);
  announceChange(ctx, changed);
}

/** The request after a decision: on to the next step, or finished (success, or rejected with the rest skipped). */
async function moveOn(
  ctx: RequestContext,
  row: ServiceRequestRow,
  step: ServiceRequestStepRow,
  next: ServiceRequestStepRow | 'success' | 'rejected',
  now: Date,
  reason: string | null,
) {
  const me = ctx.me();
  const link = `/service/${row.id}`;
  if (typeof next !== 'string') {
    await ctx.db.update(serviceRequestSteps).set({ status: 'active' }).where(eq(serviceRequestSteps.id, next.id));
    const [moved] = await ctx.db
      .update(serviceRequests)
      .set({ currentStepId: next.id, currentPosition: next.position, currentPerformers: next.performers })
      .where(eq(serviceRequests.id, row.id))
      .returning();
    await queueFor(ctx, row.id, next.performers);
    await tellPerformers(ctx, row, next.name, next.performers);
    await notify(ctx, {
      code: 'services.progress',
      recipients: [row.requesterId],
      vars: { name: row.name, step: step.name },
      link,
    });
    return moved;
  }
  const rejected = next === 'rejected';
  await queueFor(ctx, row.id, []);
  if (rejected) {
    await ctx.db
      .update(serviceRequestSteps)
      .set({ status: 'skipped' })
      .where(and(eq(serviceRequestSteps.requestId, row.id), gt(serviceRequestSteps.position, step.position)));
  }
  const [finished] = await ctx.db
    .update(serviceRequests)
    .set({
      status: rejected ? 'rejected' : 'success',
      currentStepId: null,
      currentPosition: null,
      currentPerformers: [],
      finishedAt: now,
    })
    .where(eq(serviceRequests.id, row.id))
    .returning();
  await ctx.db.insert(serviceRequestHistory).values({
    clientId: ctx.tenant(),
    requestId: row.id,
    stepId: step.id,
    actorId: me.id,
    action: rejected ? 'rejected' : 'success',
    created: now,
  });
  await notify(ctx, {
    code: rejected ? 'services.rejected' : 'services.done',
    recipients: [row.requesterId],
    vars: rejected ? { name: row.name, step: step.name, reason: reason ?? '' } : { name: row.name },
    link,
  });
  return finished;
}

/** The steps of a request in order. */
export async function stepsOf(ctx: RequestContext, requestId: string) {
  return ctx.db
    .select()
    .from(serviceRequestSteps)
    .where(and(eq(serviceRequestSteps.requestId, requestId), eq(serviceRequestSteps.clientId, ctx.tenant())))
    .orderBy(asc(serviceRequestSteps.position));
}
