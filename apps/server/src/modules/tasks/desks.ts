// Desks and their lanes (modules §3 "Task board", §4 finish and restore, §7 "Task board"; docs/api.md "Task
// tracker"): lists (mine, shared with me, by project), create (empty or from the template), read as a kanban,
// settings, finish (all its cards, one transaction), restore, delete; lanes added, renamed, reordered, deleted with
// their cards moved to the lane the person chooses.
import {
  DESK_LANES_MAX,
  DESK_TEMPLATE_LANES,
  type DeskBody,
  type DeskDto,
  type DeskListQuery,
  type DeskUpdateBody,
  type TaskCard,
} from '@hallway/shared/tasks';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { containing } from '../../platform/db/like.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { getProject } from '../groups/index.js';
import { assertActivePeople, personCards, unknownPerson } from '../users/index.js';
import {
  type DeskAccess,
  deskAccess,
  deskPolicy,
  desksPolicy,
  mayTransfer,
  readableDeskSql,
  taskPolicy,
} from './policy.js';
import { emit } from './realtime.js';
import { type DeskRole, type TaskDeskRow, taskDeskPeople, taskDesks, taskLanes, tasks } from './tables.js';

export interface LoadedDesk {
  row: TaskDeskRow;
  access: DeskAccess;
}

/** A desk the caller reads (404 otherwise, as for another workspace's), optionally locked for the change. */
export async function loadDesk(ctx: RequestContext, id: string, lock = false): Promise<LoadedDesk> {
  // The desk with the caller's role on it, in one statement.
  const role = ctx.user
    ? sql<DeskRole | null>`(SELECT p.role FROM task_desk_people p WHERE p.desk_id = ${taskDesks.id} AND p.user_id = ${ctx.user.id})`
    : sql<DeskRole | null>`NULL`;
  const query = ctx.db
    .select({ row: taskDesks, role })
    .from(taskDesks)
    .where(and(eq(taskDesks.clientId, ctx.tenant()), eq(taskDesks.id, id)));
  const [found] = lock ? await query.for('update', { of: taskDesks }) : await query;
  if (!found) throw notFound('desk_not_found');
  const access = deskAccess(ctx, found.row, found.role ?? null);
  if (!access.read) throw notFound('desk_not_found');
  return { row: found.row, access };
}

/** A desk the caller manages (403 when they only read it). */
export async function managedDesk(ctx: RequestContext, id: string, lock = false): Promise<LoadedDesk> {
  const desk = await loadDesk(ctx, id, lock);
  authorize(desk.access.manage);
  return desk;
}

/** Refuses changes of cards and lanes on a finished or closed desk. */
export function assertWritable(desk: LoadedDesk) {
  if (desk.row.status === 'finished') throw new AppError(409, 'desk_finished');
  if (desk.row.type === 'closed') throw new AppError(409, 'desk_closed');
}

async function checkPeople(ctx: RequestContext, ids: string[], field: string) {
  await assertActivePeople(ctx, ids, field, 'user_not_found');
}

async function checkProject(ctx: RequestContext, project: string | null | undefined) {
  if (project) await getProject(ctx, project);
}

/** Replaces a desk's people: the owner, then administrators, then members (a person keeps their highest role). */
async function setPeople(ctx: RequestContext, deskId: string, owner: string, admins: string[], members: string[]) {
  const roles = new Map<string, DeskRole>();
  for (const id of members) roles.set(id, 'member');
  for (const id of admins) roles.set(id, 'admin');
  roles.set(owner, 'owner');
  await ctx.db.delete(taskDeskPeople).where(eq(taskDeskPeople.deskId, deskId));
  await ctx.db
    .insert(taskDeskPeople)
    .values([...roles].map(([userId, role]) => ({ clientId: ctx.tenant(), deskId, userId, role })));
}

export async function createDesk(ctx: RequestContext, body: DeskBody): Promise<DeskDto> {
  authorize(desksPolicy(ctx).create);
  await checkPeople(ctx, [...body.admins, ...body.members], 'members');
  await checkProject(ctx, body.project);
  const me = ctx.me().id;
  const [row] = await ctx.db
    .insert(taskDesks)
    .values({
      clientId: ctx.tenant(),
      name: body.name,
      description: body.description,
      type: body.type,
      background: body.background,
      ownerId: me,
      projectId: body.project,
    })
    .returning();
  await setPeople(ctx, row.id, me, body.admins, body.members);
  if (body.template === 'basic') {
    await ctx.db
      .insert(taskLanes)
      .values(DESK_TEMPLATE_LANES.map((l, i) => ({ clientId: ctx.tenant(), deskId: row.id, ...l, position: i })));
  } else {
    await ctx.db.insert(taskLanes).values({ clientId: ctx.tenant(), deskId: row.id, name: 'To do', position: 0 });
  }
  return getDesk(ctx, row.id);
}

export async function updateDesk(ctx: RequestContext, id: string, body: DeskUpdateBody): Promise<DeskDto> {
  const desk = await managedDesk(ctx, id, true);
  if (desk.row.status === 'finished') throw new AppError(409, 'desk_finished');
  const people = await ctx.db.select().from(taskDeskPeople).where(eq(taskDeskPeople.deskId, id));
  const owner = body.owner ?? desk.row.ownerId;
  // A new owner is named by the owner or a workspace administrator; the former owner stays an administrator.
  if (owner !== desk.row.ownerId) authorize(mayTransfer(ctx, desk.access));
  const admins = body.admins ?? people.filter((p) => p.role === 'admin').map((p) => p.userId);
  const members = body.members ?? people.filter((p) => p.role === 'member').map((p) => p.userId);
  if (owner !== desk.row.ownerId && !body.admins) admins.push(desk.row.ownerId);
  await checkPeople(ctx, [owner, ...admins, ...members], 'members');
  if (body.project !== undefined) await checkProject(ctx, body.project);
  await ctx.db
    .update(taskDesks)
    .set({
      name: body.name,
      description: body.description,
      type: body.type,
      background: body.background,
      ownerId: owner,
      projectId: body.project,
      updated: sql`now()`,
    })
    .where(eq(taskDesks.id, id));
  if (body.owner || body.admins || body.members) await setPeople(ctx, id, owner, admins, members);
  emit(ctx, id, 'desk.updated', {});
  return getDesk(ctx, id);
}

export async function deleteDesk(ctx: RequestContext, id: string): Promise<boolean> {
  const desk = await loadDesk(ctx, id, true);
  authorize(deskPolicy(ctx, desk.access, desk.row).delete);
  await ctx.db.delete(taskDesks).where(eq(taskDesks.id, id));
  emit(ctx, id, 'desk.deleted', {});
  return true;
}

/** Finishes the desk and every open card of it, in one transaction (restore reopens exactly those cards). */
export async function finishDesk(ctx: RequestContext, id: string): Promise<DeskDto> {
  const desk = await managedDesk(ctx, id, true);
  // Finishing a finished desk changes nothing and answers it as it is.
  if (desk.row.status === 'finished') return getDesk(ctx, id);
  await ctx.db
    .update(tasks)
    .set({ status: 'done', finishedAt: sql`now()`, finishedWithDesk: true, version: sql`${tasks.version} + 1` })
    .where(and(eq(tasks.deskId, id), eq(tasks.status, 'open')));
  await ctx.db
    .update(taskDesks)
    .set({ status: 'finished', finishedAt: sql`now()`, updated: sql`now()` })
    .where(eq(taskDesks.id, id));
  emit(ctx, id, 'desk.updated', { status: 'finished' });
  return getDesk(ctx, id);
}

export async function restoreDesk(ctx: RequestContext, id: string): Promise<DeskDto> {
  const desk = await managedDesk(ctx, id, true);
  // Restoring an active desk changes nothing and answers it as it is.
  if (desk.row.status !== 'finished') return getDesk(ctx, id);
  await ctx.db
    .update(tasks)
    .set({ status: 'open', finishedAt: null, finishedWithDesk: false, version: sql`${tasks.version} + 1` })
    .where(and(eq(tasks.deskId, id), eq(tasks.finishedWithDesk, true)));
  await ctx.db
    .update(taskDesks)
    .set({ status: 'active', finishedAt: null, updated: sql`now()` })
    .where(eq(taskDesks.id, id));
  emit(ctx, id, 'desk.updated', { status: 'active' });
  return getDesk(ctx, id);
}

/** Desk rows as the lists show them, with their owners and open/total counts. */
interface DeskListRow {
  id: string;
  name: string;
  description: string;
  type: TaskDeskRow['type'];
  status: TaskDeskRow['status'];
  background: string;
  owner_id: string;
  project_id: string | null;
  open: number;
  total: number;
  created: string;
  updated: string;
  role: DeskRole | null;
  full_count: number;
}

export async function listDesks(ctx: RequestContext, query: DeskListQuery) {
  const me = ctx.me().id;
  const client = ctx.tenant();
  const mine = sql`SELECT p.desk_id FROM task_desk_people p WHERE p.client_id = ${client} AND p.user_id = ${me}`;
  let where: ReturnType<typeof sql>;
  if (query.list === 'mine') where = sql`task_desks.id IN (${mine} AND p.role IN ('owner', 'admin'))`;
  else if (query.list === 'shared')
    where = sql`((task_desks.id IN (${mine} AND p.role = 'member') AND task_desks.type <> 'hidden')
      OR (task_desks.type = 'open' AND task_desks.id NOT IN (${mine} AND p.role IN ('owner', 'admin'))))`;
  else {
    if (!query.project) throw new AppError(400, 'validation', {}, { fields: { project: 'required' } });
    await getProject(ctx, query.project);
    where = sql`task_desks.project_id = ${query.project} AND ${readableDeskSql(ctx)}`;
  }
  const search = query.search ? sql` AND task_desks.name ILIKE ${containing(query.search)}` : sql``;
  const rows = await rowsOf<DeskListRow>(
    ctx.db,
    sql`SELECT task_desks.id, task_desks.name, task_desks.description, task_desks.type, task_desks.status,
          task_desks.background, task_desks.owner_id, task_desks.project_id,
          task_desks.created::text AS created, task_desks.updated::text AS updated,
          (SELECT count(*)::int FROM tasks t WHERE t.desk_id = task_desks.id AND t.status = 'open') AS open,
          (SELECT count(*)::int FROM tasks t WHERE t.desk_id = task_desks.id) AS total,
          (SELECT p.role FROM task_desk_people p WHERE p.desk_id = task_desks.id AND p.user_id = ${me}) AS role,
          count(*) OVER ()::int AS full_count
        FROM task_desks
        WHERE task_desks.client_id = ${client} AND ${where}${search}
        ORDER BY task_desks.updated DESC, task_desks.id DESC
        LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const cards = await personCards(
    ctx.db,
    rows.map((r) => r.owner_id),
  );
  return {
    result: rows.map((r) => {
      const access = deskAccess(ctx, r, r.role);
      return {
        _id: r.id,
        name: r.name,
        description: r.description,
        type: r.type,
        status: r.status,
        background: r.background,
        owner: cards.get(r.owner_id) ?? unknownPerson(r.owner_id),
        project: r.project_id,
        tasks: { open: r.open, total: r.total },
        created: iso(r.created),
        updated: iso(r.updated),
        can: deskPolicy(ctx, access, r),
      };
    }),
    total: rows[0]?.full_count ?? 0,
    offset: query.offset,
    limit: query.limit,
    can: desksPolicy(ctx),
  };
}

const iso = (value: string | Date) => new Date(value).toISOString();

interface CardRow {
  id: string;
  lane_id: string;
  name: string;
  status: TaskCard['status'];
  performer_id: string | null;
  co_performers: string[];
  author_id: string | null;
  plan_date: string | null;
  priority: TaskCard['priority'];
  tags: string[];
  color: string | null;
  border_color: string | null;
  checks: number;
  checked: number;
  files: number;
  version: number;
}

/** A uuid[] or text[] as a raw statement answers it: an array, or its text form on some drivers. */
export function arrayOf(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((v) => v.replace(/^"|"$/g, ''));
}

/** The desk as the kanban shows it: its lanes in order, each with its cards in rank order (two statements). */
export async function getDesk(ctx: RequestContext, id: string): Promise<DeskDto> {
  const desk = await loadDesk(ctx, id);
  const [lanes, people, cardRows] = [
    await ctx.db.select().from(taskLanes).where(eq(taskLanes.deskId, id)).orderBy(asc(taskLanes.position)),
    await ctx.db.select().from(taskDeskPeople).where(eq(taskDeskPeople.deskId, id)),
    await rowsOf<CardRow>(
      ctx.db,
      sql`SELECT t.id, t.lane_id, t.name, t.status, t.performer_id, t.co_performers, t.author_id,
            t.plan_date::text AS plan_date, t.priority, t.tags, t.color, t.border_color,
            jsonb_array_length(t.checklist) AS checks,
            (SELECT count(*)::int FROM jsonb_array_elements(t.checklist) c WHERE (c->>'done')::boolean) AS checked,
            jsonb_array_length(t.files) AS files, t.version
          FROM tasks t WHERE t.desk_id = ${id} ORDER BY t.lane_id, t.rank`,
    ),
  ];
  const byLane = new Map<string, TaskCard[]>(lanes.map((l) => [l.id, []]));
  const named = new Set<string>(people.map((p) => p.userId));
  for (const r of cardRows) {
    const coPerformers = arrayOf(r.co_performers);
    if (r.performer_id) named.add(r.performer_id);
    for (const p of coPerformers) named.add(p);
    byLane.get(r.lane_id)?.push({
      _id: r.id,
      name: r.name,
      lane: r.lane_id,
      status: r.status,
      performer: r.performer_id,
      co_performers: coPerformers,
      plan_date: r.plan_date,
      priority: r.priority,
      tags: arrayOf(r.tags),
      color: r.color,
      border_color: r.border_color,
      progress: { done: r.checked, total: r.checks },
      files: r.files,
      version: r.version,
      can: taskPolicy(ctx, desk.access, { performerId: r.performer_id, coPerformers, authorId: r.author_id }),
    });
  }
  const cards = await personCards(ctx.db, named);
  const card = (userId: string) => cards.get(userId) ?? unknownPerson(userId);
  const counts = cardRows.reduce((n, r) => n + (r.status === 'open' ? 1 : 0), 0);
  return {
    _id: desk.row.id,
    name: desk.row.name,
    description: desk.row.description,
    type: desk.row.type,
    status: desk.row.status,
    background: desk.row.background,
    owner: card(desk.row.ownerId),
    project: desk.row.projectId,
    tasks: { open: counts, total: cardRows.length },
    created: iso(desk.row.created),
    updated: iso(desk.row.updated),
    can: deskPolicy(ctx, desk.access, desk.row),
    admins: people.filter((p) => p.role === 'admin').map((p) => card(p.userId)),
    members: people.filter((p) => p.role === 'member').map((p) => card(p.userId)),
    lanes: lanes.map((l) => ({ _id: l.id, name: l.name, done: l.done, order: l.position, tasks: byLane.get(l.id)! })),
    people: [...cards.values()],
  };
}

// —— Lanes ——

async function lanesOf(ctx: RequestContext, deskId: string) {
  return ctx.db.select().from(taskLanes).where(eq(taskLanes.deskId, deskId)).orderBy(asc(taskLanes.position));
}

function laneChanged(ctx: RequestContext, deskId: string) {
  emit(ctx, deskId, 'lane.changed', {});
}

export async function addLane(ctx: RequestContext, deskId: string, body: { name: string; done: boolean }) {
  const desk = await managedDesk(ctx, deskId, true);
  assertWritable(desk);
  const lanes = await lanesOf(ctx, deskId);
  if (lanes.length >= DESK_LANES_MAX) throw new AppError(400, 'desk_lanes_max', { max: DESK_LANES_MAX });
  await ctx.db.insert(taskLanes).values({
    clientId: ctx.tenant(),
    deskId,
    name: body.name,
    done: body.done,
    position: (lanes.at(-1)?.position ?? -1) + 1,
  });
  laneChanged(ctx, deskId);
  return getDesk(ctx, deskId);
}

/** A lane of the desk (404 `lane_not_found` for one of another desk or workspace). */
export async function laneOf(ctx: RequestContext, deskId: string, laneId: string) {
  const [lane] = await ctx.db
    .select()
    .from(taskLanes)
    .where(and(eq(taskLanes.clientId, ctx.tenant()), eq(taskLanes.id, laneId)));
  if (!lane) throw notFound('lane_not_found');
  if (lane.deskId !== deskId) throw new AppError(400, 'lane_other_desk', {}, { fields: { lane: 'lane_other_desk' } });
  return lane;
}

export async function updateLane(
  ctx: RequestContext,
  deskId: string,
  laneId: string,
  body: { name?: string; done?: boolean },
) {
  const desk = await managedDesk(ctx, deskId, true);
  assertWritable(desk);
  await laneOf(ctx, deskId, laneId);
  await ctx.db.update(taskLanes).set({ name: body.name, done: body.done }).where(eq(taskLanes.id, laneId));
  laneChanged(ctx, deskId);
  return getDesk(ctx, deskId);
}

export async function orderLanes(ctx: RequestContext, deskId: string, order: string[]) {
  const desk = await managedDesk(ctx, deskId, true);
  assertWritable(desk);
  const lanes = await lanesOf(ctx, deskId);
  const known = new Set(lanes.map((l) => l.id));
  if (new Set(order).size !== order.length || !order.every((l) => known.has(l))) {
    throw new AppError(400, 'lane_order_invalid', {}, { fields: { lanes: 'lane_order_invalid' } });
  }
  // The lanes named first, in the order given; the others after them in their order. Only moved lanes are written.
  const next = [...order, ...lanes.map((l) => l.id).filter((l) => !order.includes(l))];
  const was = new Map(lanes.map((l) => [l.id, l.position]));
  for (const [position, laneId] of next.entries()) {
    if (was.get(laneId) !== position) await ctx.db.update(taskLanes).set({ position }).where(eq(taskLanes.id, laneId));
  }
  laneChanged(ctx, deskId);
  return getDesk(ctx, deskId);
}

/** Deletes a lane; its cards go to the end of `moveTo` (another lane of the desk), keeping their order. */
export async function deleteLane(ctx: RequestContext, deskId: string, laneId: string, moveTo: string) {
  const desk = await managedDesk(ctx, deskId, true);
  assertWritable(desk);
  await laneOf(ctx, deskId, laneId);
  if (moveTo === laneId) {
    throw new AppError(400, 'lane_move_to_invalid', {}, { fields: { move_to: 'lane_move_to_invalid' } });
  }
  const target = await laneOf(ctx, deskId, moveTo).catch((err) => {
    if (err instanceof AppError) {
      throw new AppError(400, 'lane_move_to_invalid', {}, { fields: { move_to: 'lane_move_to_invalid' } });
    }
    throw err;
  });
  const lanes = await lanesOf(ctx, deskId);
  if (lanes.length <= 1) throw new AppError(400, 'lane_last');
  await lockLane(ctx, target.id);
  // The moved cards follow the target's last card with fresh gaps; a done lane finishes them, another reopens them.
  await ctx.db.execute(sql`UPDATE tasks t SET lane_id = ${target.id},
      rank = m.top + m.n * ${RANK_GAP}, version = t.version + 1, updated = now(),
      status = CASE WHEN ${target.done} THEN 'done' ELSE 'open' END,
      finished_at = CASE WHEN ${target.done} THEN coalesce(t.finished_at, now()) ELSE NULL END
    FROM (SELECT s.id, row_number() OVER (ORDER BY s.rank) AS n,
            (SELECT coalesce(max(x.rank), 0) FROM tasks x WHERE x.lane_id = ${target.id}) AS top
          FROM tasks s WHERE s.lane_id = ${laneId}) m
    WHERE t.id = m.id`);
  await ctx.db.delete(taskLanes).where(eq(taskLanes.id, laneId));
  const rest = lanes.filter((l) => l.id !== laneId);
  for (const [position, lane] of rest.entries()) {
    if (lane.position !== position) await ctx.db.update(taskLanes).set({ position }).where(eq(taskLanes.id, lane.id));
  }
  laneChanged(ctx, deskId);
  return getDesk(ctx, deskId);
}

/** The gap between neighbouring ranks a lane starts with (and gets back when it is rebalanced). */
export const RANK_GAP = 1 << 20;

/** The desks' lanes by id (for other files of the module). */
export async function lanesByIds(ctx: RequestContext, ids: string[]) {
  if (!ids.length) return new Map<string, typeof taskLanes.$inferSelect>();
  const rows = await ctx.db.select().from(taskLanes).where(inArray(taskLanes.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks a lane row: every write of ranks into a lane holds it, so two moves into one lane never pick one place. */
export async function lockLane(ctx: RequestContext, laneId: string) {
  await ctx.db.execute(sql`SELECT id FROM task_lanes WHERE id = ${laneId} FOR UPDATE`);
}
