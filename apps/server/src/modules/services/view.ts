// A request as its page shows it (`GET api/bp/{id}`): its form and values, its steps with their performers and
// decisions, its history (who did what, when), its comments (parent `bp`), the people, departments and files its
// values name, and what the caller may do.
import type { PersonCard, StoredFile } from '@hallway/shared';
import type { RequestDto, RequestItem } from '@hallway/shared/services';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { threadOfSubject } from '../comments/index.js';
import { fileRefs } from '../files/index.js';
import { departmentsByIds } from '../structure/index.js';
import { personCards, unknownPerson } from '../users/index.js';
import { findRequest, localDay, stepsOf, zoneOf } from './requests.js';
import { type ServiceRequestRow, type ServiceRequestStepRow, serviceRequestHistory, services } from './tables.js';
import { departmentIdsOf, fileIdsOf, peopleIdsOf } from './values.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Files of the workspace by id; one that is gone is left out (a request outlives the files it named). */
export async function knownFiles(ctx: RequestContext, ids: string[]): Promise<Map<string, StoredFile>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  try {
    return new Map((await fileRefs(ctx, wanted)).map((f) => [f._id, f]));
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404) throw err;
    const found = new Map<string, StoredFile>();
    for (const id of wanted) {
      const [file] = await fileRefs(ctx, [id]).catch(() => []);
      if (file) found.set(id, file);
    }
    return found;
  }
}

type CurrentStep = Pick<ServiceRequestStepRow, 'id' | 'name' | 'position' | 'review'> | null;

/** A request as lists show it; `cards` holds its requester and current performers. */
export function presentRequestItem(
  row: ServiceRequestRow,
  serviceName: string | null,
  current: CurrentStep,
  cards: Map<string, PersonCard>,
  today: string,
): RequestItem {
  const card = (id: string) => cards.get(id) ?? unknownPerson(id);
  return {
    _id: row.id,
    client_id: row.clientId,
    template: false,
    service: row.serviceId && serviceName !== null ? { _id: row.serviceId, name: serviceName } : null,
    name: row.name,
    requester: card(row.requesterId),
    status: row.status,
    created: iso(row.created)!,
    finished_at: iso(row.finishedAt),
    due_date: row.dueDate,
    overdue: row.status === 'active' && row.dueDate !== null && row.dueDate < today,
    step:
      current && row.status === 'active'
        ? {
            _id: current.id,
            name: current.name,
            position: current.position,
            review: current.review,
            performers: row.currentPerformers.map(card),
          }
        : null,
    steps_count: row.stepsCount,
  };
}

/** `GET api/bp/{id}` of a request. */
export async function getRequest(ctx: RequestContext, id: string): Promise<RequestDto> {
  const { row, can } = await findRequest(ctx, id);
  const clientId = ctx.tenant();
  const [steps, history, comments, [service]] = await Promise.all([
    stepsOf(ctx, id),
    ctx.db
      .select()
      .from(serviceRequestHistory)
      .where(and(eq(serviceRequestHistory.requestId, id), eq(serviceRequestHistory.clientId, clientId)))
      .orderBy(asc(serviceRequestHistory.created), asc(serviceRequestHistory.id)),
    threadOfSubject(ctx, 'bp', id),
    row.serviceId
      ? ctx.db.select({ name: services.name }).from(services).where(eq(services.id, row.serviceId))
      : Promise.resolve([]),
  ]);
  const allValues = [
    { fields: row.fields, values: row.values },
    ...steps.map((s) => ({ fields: s.fields, values: s.values })),
  ];
  const people = [
    row.requesterId,
    ...steps.flatMap((s) => [...s.performers, ...(s.decidedBy ? [s.decidedBy] : [])]),
    ...history.flatMap((h) => (h.actorId ? [h.actorId] : [])),
    ...allValues.flatMap((v) => peopleIdsOf(v.fields, v.values)),
  ];
  const [cards, departments, files] = await Promise.all([
    personCards(ctx.db, people),
    departmentsByIds(
      ctx,
      allValues.flatMap((v) => departmentIdsOf(v.fields, v.values)),
    ),
    knownFiles(ctx, [...row.files, ...allValues.flatMap((v) => fileIdsOf(v.fields, v.values))]),
  ]);
  const card = (personId: string) => cards.get(personId) ?? unknownPerson(personId);
  const stepNames = new Map(steps.map((s) => [s.id, s.name]));
  const current = steps.find((s) => s.id === row.currentStepId) ?? null;
  return {
    ...presentRequestItem(row, service?.name ?? null, current, cards, localDay(await zoneOf(ctx))),
    fields: row.fields,
    values: row.values,
    files: row.files.flatMap((f) => (files.has(f) ? [files.get(f)!] : [])),
    steps: steps.map((s) => ({
      _id: s.id,
      position: s.position,
      kind: s.position === 0 ? ('request' as const) : ('step' as const),
      name: s.name,
      review: s.review,
      status: s.status,
      performers: s.performers.map(card),
      decision: s.decision,
      decided_by: s.decidedBy ? card(s.decidedBy) : null,
      decided_at: iso(s.decidedAt),
      reason: s.reason,
      fields: s.fields,
      values: s.values,
    })),
    history: history.map((h) => ({
      _id: h.id,
      action: h.action,
      step_id: h.stepId,
      step: h.stepId ? (stepNames.get(h.stepId) ?? null) : null,
      actor: h.actorId ? card(h.actorId) : null,
      reason: h.reason,
      created: iso(h.created)!,
    })),
    comments,
    refs: {
      people: Object.fromEntries([...cards.entries()]),
      departments: Object.fromEntries([...departments.values()].map((d) => [d.id, { _id: d.id, name: d.name }])),
      files: Object.fromEntries(files.entries()),
    },
    can: { pass: can.pass, comment: can.comment, table: can.table },
  };
}
