// Tasks (cards) of a desk (modules §3 "Task board" task fields, §4 moves after confirmation, finish, delete; §7
// `GET/POST api/task`, `PUT api/task_tracker/{desk_id}/{lane_id}/add_task`, `PUT/DELETE api/task/{id}`,
// `PUT api/task_tracker/{desk_id}/move_task`; docs/api.md "Task tracker"). A card's place is a gapped rank in its
// lane: a move writes the moved card's row alone (and its history), under the target lane's row lock; a lane whose
// gap ran out is renumbered in the same transaction. An edit names the version it read: a stale one is refused with
// 409 `task_version_conflict` and nothing is written.
import { formatBytes, POST_ATTACHMENT_LIMIT_BYTES, type StoredFile } from '@hallway/shared';
import {
  type MoveTaskBody,
  TASK_HISTORY_SHOWN,
  type TaskBody,
  type TaskDto,
  type TaskUpdateBody,
} from '@hallway/shared/tasks';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { threadOfSubject } from '../comments/index.js';
import { fileRefs } from '../files/index.js';
import { assertActivePeople, personCards, unknownPerson } from '../users/index.js';
import { assertWritable, type LoadedDesk, laneOf, loadDesk, lockLane, RANK_GAP } from './desks.js';
import { taskPolicy } from './policy.js';
import { emit } from './realtime.js';
import { type CheckItem, type TaskChanges, type TaskRow, taskHistory, taskLanes, tasks } from './tables.js';

export interface LoadedTask {
  row: TaskRow;
  desk: LoadedDesk;
}

/** A task of a desk the caller reads (404 `task_not_found` otherwise), optionally locked for the change. */
export async function loadTask(ctx: RequestContext, id: string, lock = false): Promise<LoadedTask> {
  const query = ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.clientId, ctx.tenant()), eq(tasks.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('task_not_found');
  const desk = await loadDesk(ctx, row.deskId).catch((err) => {
    if (err instanceof AppError && err.status === 404) throw notFound('task_not_found');
    throw err;
  });
  return { row, desk };
}

const canOf = (ctx: RequestContext, task: LoadedTask) => taskPolicy(ctx, task.desk.access, task.row);

function checkPeriod(start: string | null, end: string | null) {
  if (start && end && end < start) {
    throw new AppError(400, 'task_period_invalid', {}, { fields: { period_end: 'task_period_invalid' } });
  }
}

async function checkFiles(ctx: RequestContext, ids: string[], kept: StoredFile[]): Promise<StoredFile[]> {
  const known = new Map(kept.map((f) => [f._id, f]));
  const fresh = ids.filter((id) => !known.has(id));
  let found: StoredFile[] = [];
  try {
    found = await fileRefs(ctx, fresh, { maxSize: POST_ATTACHMENT_LIMIT_BYTES });
  } catch (err) {
    if (err instanceof AppError && err.status === 413) {
      throw new AppError(413, 'task_file_invalid', { size: formatBytes(POST_ATTACHMENT_LIMIT_BYTES) });
    }
    throw err;
  }
  for (const f of found) known.set(f._id, f);
  return [...new Set(ids)].map((id) => known.get(id)!);
}

const checklistOf = (items: { _id?: string; text: string; done: boolean }[]): CheckItem[] =>
  items.map((i) => ({ _id: i._id || newId(), text: i.text, done: i.done }));

const uniq = (ids: string[]) => [...new Set(ids)];

async function record(
  ctx: RequestContext,
  taskId: string,
  action: (typeof taskHistory.$inferInsert)['action'],
  changes: TaskChanges = {},
) {
  await ctx.db
    .insert(taskHistory)
    .values({ clientId: ctx.tenant(), taskId, actorId: ctx.user?.id ?? null, action, changes });
}

/** Creates a card at the end of `laneId` (the desk's first lane when null). */
export async function createTask(
  ctx: RequestContext,
  deskId: string,
  laneId: string | null,
  body: TaskBody,
): Promise<TaskDto> {
  const desk = await loadDesk(ctx, deskId);
  authorize(desk.access.manage);
  assertWritable(desk);
  const lane = laneId
    ? await laneOf(ctx, deskId, laneId)
    : (await ctx.db.select().from(taskLanes).where(eq(taskLanes.deskId, deskId)).orderBy(asc(taskLanes.position)))[0];
  if (!lane) throw notFound('lane_not_found');
  checkPeriod(body.period_start, body.period_end);
  const people = uniq([
    ...(body.performer ? [body.performer] : []),
    ...body.co_performers,
    ...body.observers,
    ...body.mentions,
  ]);
  await assertActivePeople(ctx, people, 'performer', 'user_not_found');
  const files = await checkFiles(ctx, body.files, []);
  await lockLane(ctx, lane.id);
  const [top] = await rowsOf<{ top: string | number | null }>(
    ctx.db,
    sql`SELECT max(rank) AS top FROM tasks WHERE lane_id = ${lane.id}`,
  );
  const [row] = await ctx.db
    .insert(tasks)
    .values({
      clientId: ctx.tenant(),
      deskId,
      laneId: lane.id,
      rank: Number(top?.top ?? 0) + RANK_GAP,
      name: body.name,
      description: body.description,
      status: lane.done ? 'done' : 'open',
      finishedAt: lane.done ? sql`now()` : null,
      performerId: body.performer,
      coPerformers: uniq(body.co_performers),
      observers: uniq(body.observers),
      mentions: uniq(body.mentions),
      authorId: ctx.me().id,
      planDate: body.plan_date,
      planHours: body.plan_hours,
      actualHours: body.actual_hours,
      periodStart: body.period_start,
      periodEnd: body.period_end,
      priority: body.priority,
      checklist: checklistOf(body.checklist),
      tags: uniq(body.tags),
      color: body.color,
      borderColor: body.border_color,
      files,
    })
    .returning();
  await record(ctx, row.id, 'created');
  const vars = { name: row.name, desk: desk.row.name };
  const link = `/desk/${deskId}?task=${row.id}`;
  const assigned = uniq([...(row.performerId ? [row.performerId] : []), ...row.coPerformers]);
  await notify(ctx, { code: 'tasks.assigned', recipients: assigned, vars, link });
  const mentioned = row.mentions.filter((id) => !assigned.includes(id));
  await notify(ctx, { code: 'tasks.mentioned', recipients: mentioned, vars, link });
  emit(ctx, deskId, 'task.created', { task: row.id, lane: row.laneId });
  return getTask(ctx, row.id);
}

/** A task with its people, files, checklist progress and the newest entries of its history. */
export async function getTask(ctx: RequestContext, id: string): Promise<TaskDto> {
  const task = await loadTask(ctx, id);
  const { row } = task;
  const [history, thread] = await Promise.all([
    ctx.db
      .select()
      .from(taskHistory)
      .where(eq(taskHistory.taskId, id))
      .orderBy(desc(taskHistory.created), desc(taskHistory.id))
      .limit(TASK_HISTORY_SHOWN),
    threadOfSubject(ctx, 'task', id),
  ]);
  const cards = await personCards(ctx.db, [
    ...(row.performerId ? [row.performerId] : []),
    ...(row.authorId ? [row.authorId] : []),
    ...row.coPerformers,
    ...row.observers,
    ...history.flatMap((h) => (h.actorId ? [h.actorId] : [])),
  ]);
  const card = (userId: string) => cards.get(userId) ?? unknownPerson(userId);
  return {
    _id: row.id,
    desk: row.deskId,
    lane: row.laneId,
    name: row.name,
    description: row.description,
    status: row.status,
    performer: row.performerId ? card(row.performerId) : null,
    co_performers: row.coPerformers.map(card),
    observers: row.observers.map(card),
    owner: row.authorId ? card(row.authorId) : null,
    plan_date: row.planDate,
    plan_hours: row.planHours,
    actual_hours: row.actualHours,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    priority: row.priority,
    checklist: row.checklist,
    progress: { done: row.checklist.filter((c) => c.done).length, total: row.checklist.length },
    tags: row.tags,
    color: row.color,
    border_color: row.borderColor,
    files: row.files,
    finished_at: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    created: new Date(row.created).toISOString(),
    updated: new Date(row.updated).toISOString(),
    version: row.version,
    history: history.map((h) => ({
      _id: h.id,
      action: h.action,
      author: h.actorId ? card(h.actorId) : null,
      changes: h.changes,
      at: new Date(h.created).toISOString(),
    })),
    comments: thread.reverse(),
    can: canOf(ctx, task),
  };
}

/** The fields of `PUT api/task/{id}` and their columns. */
const FIELDS = {
  name: 'name',
  description: 'description',
  performer: 'performerId',
  co_performers: 'coPerformers',
  observers: 'observers',
  mentions: 'mentions',
  plan_date: 'planDate',
  plan_hours: 'planHours',
  actual_hours: 'actualHours',
  period_start: 'periodStart',
  period_end: 'periodEnd',
  priority: 'priority',
  checklist: 'checklist',
  tags: 'tags',
  color: 'color',
  border_color: 'borderColor',
  files: 'files',
} as const satisfies Record<Exclude<keyof TaskUpdateBody, 'version'>, keyof TaskRow>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** How a field is kept in the history: files by name, others as they are. */
const shown = (field: string, value: unknown) =>
  field === 'files' ? (value as StoredFile[]).map((f) => f.name) : value;

export async function updateTask(ctx: RequestContext, id: string, body: TaskUpdateBody): Promise<TaskDto> {
  const task = await loadTask(ctx, id, true);
  authorize(canOf(ctx, task).edit);
  assertWritable(task.desk);
  const { row } = task;
  if (body.version !== undefined && body.version !== row.version) {
    throw new AppError(409, 'task_version_conflict', { version: row.version });
  }
  const next: Partial<TaskRow> = {};
  if (body.name !== undefined) next.name = body.name;
  if (body.description !== undefined) next.description = body.description;
  if (body.performer !== undefined) next.performerId = body.performer;
  if (body.co_performers) next.coPerformers = uniq(body.co_performers);
  if (body.observers) next.observers = uniq(body.observers);
  if (body.mentions) next.mentions = uniq(body.mentions);
  if (body.plan_date !== undefined) next.planDate = body.plan_date;
  if (body.plan_hours !== undefined) next.planHours = body.plan_hours;
  if (body.actual_hours !== undefined) next.actualHours = body.actual_hours;
  if (body.period_start !== undefined) next.periodStart = body.period_start;
  if (body.period_end !== undefined) next.periodEnd = body.period_end;
  if (body.priority) next.priority = body.priority;
  if (body.checklist) next.checklist = checklistOf(body.checklist);
  if (body.tags) next.tags = uniq(body.tags);
  if (body.color !== undefined) next.color = body.color;
  if (body.border_color !== undefined) next.borderColor = body.border_color;
  checkPeriod(next.periodStart ?? row.periodStart, next.periodEnd ?? row.periodEnd);
  await assertActivePeople(
    ctx,
    uniq([
      ...(next.performerId ? [next.performerId] : []),
      ...(next.coPerformers ?? []),
      ...(next.observers ?? []),
      ...(next.mentions ?? []),
    ]),
    'performer',
    'user_not_found',
  );
  if (body.files) next.files = await checkFiles(ctx, body.files, row.files);

  const changes: TaskChanges = {};
  for (const [field, column] of Object.entries(FIELDS)) {
    if (!(column in next) || field === 'mentions') continue;
    const before = row[column];
    const after = next[column];
    if (!same(before, after)) changes[field] = { from: shown(field, before), to: shown(field, after) };
  }
  if (!Object.keys(changes).length && !next.mentions) return getTask(ctx, id);
  await ctx.db
    .update(tasks)
    .set({
      ...next,
      // A new plan date is noticed again (deadlines.ts).
      ...(changes.plan_date ? { dueSoonNoticedAt: null, overdueNoticedAt: null } : {}),
      version: row.version + 1,
      updated: sql`now()`,
    })
    .where(and(eq(tasks.id, id), eq(tasks.version, row.version)));
  if (Object.keys(changes).length) await record(ctx, id, 'updated', changes);

  const vars = { name: next.name ?? row.name, desk: task.desk.row.name };
  const link = `/desk/${row.deskId}?task=${id}`;
  const before = new Set([...(row.performerId ? [row.performerId] : []), ...row.coPerformers]);
  const performer = next.performerId !== undefined ? next.performerId : row.performerId;
  const now = uniq([...(performer ? [performer] : []), ...(next.coPerformers ?? row.coPerformers)]);
  const assigned = now.filter((p) => !before.has(p));
  await notify(ctx, { code: 'tasks.assigned', recipients: assigned, vars, link });
  const mentioned = (next.mentions ?? []).filter((p) => !row.mentions.includes(p) && !assigned.includes(p));
  await notify(ctx, { code: 'tasks.mentioned', recipients: mentioned, vars, link });
  await tellChanged(ctx, { ...row, ...next }, Object.keys(changes), [...assigned, ...mentioned], task.desk.row.name);
  emit(ctx, row.deskId, 'task.updated', { task: id, lane: row.laneId, version: row.version + 1 });
  return getTask(ctx, id);
}

/** Tells the card's people and observers that it changed (not those just told of their assignment). */
async function tellChanged(
  ctx: RequestContext,
  row: Pick<TaskRow, 'id' | 'deskId' | 'name' | 'performerId' | 'coPerformers' | 'observers' | 'authorId'>,
  fields: string[],
  told: string[],
  desk: string,
) {
  if (!fields.length) return;
  const recipients = uniq([
    ...(row.performerId ? [row.performerId] : []),
    ...(row.authorId ? [row.authorId] : []),
    ...row.coPerformers,
    ...row.observers,
  ]).filter((p) => !told.includes(p));
  await notify(ctx, {
    code: 'tasks.changed',
    recipients,
    vars: { name: row.name, desk, fields: fields.join(', ') },
    link: `/desk/${row.deskId}?task=${row.id}`,
    groupKey: `task:${row.id}`,
  });
}

export async function deleteTask(ctx: RequestContext, id: string): Promise<boolean> {
  const task = await loadTask(ctx, id, true);
  authorize(canOf(ctx, task).delete);
  assertWritable(task.desk);
  await ctx.db.delete(tasks).where(eq(tasks.id, id));
  emit(ctx, task.row.deskId, 'task.deleted', { task: id, lane: task.row.laneId });
  return true;
}

/** Finishes (`done`) or reopens a card where it stands. */
export async function setTaskStatus(ctx: RequestContext, id: string, done: boolean): Promise<TaskDto> {
  const task = await loadTask(ctx, id, true);
  authorize(canOf(ctx, task).finish);
  assertWritable(task.desk);
  const { row } = task;
  // Finishing a finished card (or reopening an open one) changes nothing and answers it as it is.
  if ((row.status === 'done') === done) return getTask(ctx, id);
  await ctx.db
    .update(tasks)
    .set({
      status: done ? 'done' : 'open',
      finishedAt: done ? sql`now()` : null,
      version: row.version + 1,
      updated: sql`now()`,
    })
    .where(eq(tasks.id, id));
  await record(ctx, id, done ? 'finished' : 'reopened', { status: { from: row.status, to: done ? 'done' : 'open' } });
  await tellChanged(ctx, row, ['status'], [], task.desk.row.name);
  emit(ctx, row.deskId, 'task.updated', { task: id, lane: row.laneId, version: row.version + 1 });
  return getTask(ctx, id);
}

/** A place in a lane: the ranks around it (null at an end), the moved card itself left out. */
async function neighbours(ctx: RequestContext, laneId: string, taskId: string, body: MoveTaskBody) {
  const anchorId = body.before ?? body.after;
  if (!anchorId) {
    const [r] = await rowsOf<{ top: string | null }>(
      ctx.db,
      sql`SELECT max(rank)::text AS top FROM tasks WHERE lane_id = ${laneId} AND id <> ${taskId}`,
    );
    return { prev: r?.top == null ? null : Number(r.top), next: null };
  }
  // Each card named must be another card of the lane; with both, the card goes right before `before`.
  const named = [body.before, body.after].filter((v): v is string => !!v);
  const found = await rowsOf<{ id: string; rank: string }>(
    ctx.db,
    sql`SELECT id, rank::text AS rank FROM tasks
        WHERE id IN (${sql.join(
          named.map((n) => sql`${n}`),
          sql`, `,
        )}) AND lane_id = ${laneId} AND client_id = ${ctx.tenant()} AND id <> ${taskId}`,
  );
  for (const field of ['before', 'after'] as const) {
    const value = body[field];
    if (value && !found.some((f) => f.id === value)) {
      throw new AppError(400, 'task_neighbour_invalid', {}, { fields: { [field]: 'task_neighbour_invalid' } });
    }
  }
  const anchor = found.find((f) => f.id === anchorId)!;
  const at = Number(anchor.rank);
  if (body.before) {
    const [r] = await rowsOf<{ rank: string | null }>(
      ctx.db,
      sql`SELECT max(rank)::text AS rank FROM tasks WHERE lane_id = ${laneId} AND rank < ${at} AND id <> ${taskId}`,
    );
    return { prev: r?.rank == null ? null : Number(r.rank), next: at };
  }
  const [r] = await rowsOf<{ rank: string | null }>(
    ctx.db,
    sql`SELECT min(rank)::text AS rank FROM tasks WHERE lane_id = ${laneId} AND rank > ${at} AND id <> ${taskId}`,
  );
  return { prev: at, next: r?.rank == null ? null : Number(r.rank) };
}

/** The rank between two neighbours, or null when they are adjacent (the lane needs new gaps). */
function between(prev: number | null, next: number | null): number | null {
  if (prev === null && next === null) return RANK_GAP;
  if (prev === null) return next! - RANK_GAP;
  if (next === null) return prev + RANK_GAP;
  if (next - prev < 2) return null;
  return Math.floor((prev + next) / 2);
}

/** Renumbers a lane with fresh gaps, keeping its order (rare: only when a gap ran out). */
export async function rebalanceLane(ctx: RequestContext, laneId: string) {
  // Two steps, so no two cards ever share a rank on the way (the unique index checks every row).
  await ctx.db.execute(sql`UPDATE tasks t SET rank = -4611686018427387904 + m.n
    FROM (SELECT id, row_number() OVER (ORDER BY rank) AS n FROM tasks WHERE lane_id = ${laneId}) m
    WHERE t.id = m.id`);
  await ctx.db.execute(sql`UPDATE tasks SET rank = (rank + 4611686018427387904) * ${RANK_GAP}
    WHERE lane_id = ${laneId}`);
}

/** `PUT api/task_tracker/{desk_id}/move_task`: one card to a place of a lane of the same desk. */
export async function moveTask(ctx: RequestContext, deskId: string, body: MoveTaskBody) {
  const desk = await loadDesk(ctx, deskId);
  const target = await laneOf(ctx, deskId, body.lane);
  await lockLane(ctx, target.id);
  // The card of this desk, locked (its desk is the one read above: no second read of it).
  const [row] = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.clientId, ctx.tenant()), eq(tasks.id, body.task), eq(tasks.deskId, deskId)))
    .for('update');
  if (!row) throw notFound('task_not_found');
  authorize(taskPolicy(ctx, desk.access, row).move);
  assertWritable(desk);
  const source = row.laneId === target.id ? target : await laneOf(ctx, deskId, row.laneId);
  if (source.done !== target.done && !body.confirm) {
    throw target.done
      ? new AppError(409, 'task_move_confirm_finish', { lane: target.name })
      : new AppError(409, 'task_move_confirm_reopen', { lane: source.name });
  }
  let place = await neighbours(ctx, target.id, row.id, body);
  let rank = between(place.prev, place.next);
  if (rank === null) {
    await rebalanceLane(ctx, target.id);
    place = await neighbours(ctx, target.id, row.id, body);
    rank = between(place.prev, place.next)!;
  }
  const status = target.done ? 'done' : source.done && !target.done ? 'open' : row.status;
  const [moved] = await ctx.db
    .update(tasks)
    .set({
      laneId: target.id,
      rank,
      status,
      finishedAt: status === 'done' ? (row.finishedAt ?? sql`now()`) : null,
      version: row.version + 1,
      updated: sql`now()`,
    })
    .where(eq(tasks.id, row.id))
    .returning({ version: tasks.version });
  if (target.id !== row.laneId) {
    const changes: TaskChanges = { lane: { from: source.name, to: target.name } };
    if (status !== row.status) changes.status = { from: row.status, to: status };
    await record(ctx, row.id, 'moved', changes);
    await tellChanged(ctx, row, ['lane'], [], desk.row.name);
  }
  emit(ctx, deskId, 'task.moved', {
    task: row.id,
    from: row.laneId,
    lane: target.id,
    before: body.before ?? null,
    after: body.after ?? null,
    version: moved.version,
  });
  return { _id: row.id, lane: target.id, status, version: moved.version };
}
