import {
  type CreateProjectBody,
  GROUPS_PAGE_SIZE,
  type PersonCard,
  type ProjectDto,
  type ProjectRole,
  type UpdateProjectBody,
} from '@hallway/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { assertActivePeople, personCardSql, unknownPerson } from '../users/index.js';
import { groupsOn, projectPolicy } from './policy.js';
import { addMembers, dropGroups, insertGroup, removeMember } from './service.js';
import { groupMembers, type ProjectRow, projectParticipants, projects } from './tables.js';

/**
 * Projects (spec portal §3 Project, §7 Projects; docs/api.md "Projects"). The wall is a hidden public group of
 * kind `project`, owned by the creator: leads are its admins, members its members, observers only read (as everyone
 * of the workspace does); so the wall's posts, comments and likes work as on any group.
 */

const LIST_PARTICIPANTS = 10;
const WALL_ROLE: Record<ProjectRole, 'admin' | 'member' | null> = { lead: 'admin', member: 'member', observer: null };

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

interface ProjectRowWith extends ProjectRow {
  creator: PersonCard | null;
  participants: { user: PersonCard; role: ProjectRole }[];
  participantsCount: number;
  myRole: ProjectRole | null;
}

function selectProjects(ctx: RequestContext, limit: number | null) {
  const me = ctx.me().id;
  const cap = limit === null ? sql`` : sql`LIMIT ${limit}`;
  return ctx.db
    .select({
      id: projects.id,
      clientId: projects.clientId,
      name: projects.name,
      description: projects.description,
      status: projects.status,
      start: projects.start,
      end: projects.end,
      creatorId: projects.creatorId,
      wallId: projects.wallId,
      created: projects.created,
      updated: projects.updated,
      creator: sql<PersonCard | null>`${personCardSql(projects.creatorId)}`,
      participants: sql<
        { user: PersonCard; role: ProjectRole }[]
      >`(SELECT coalesce(json_agg(json_build_object('user', x.card, 'role', x.role) ORDER BY x.rank, x.created), '[]'::json) FROM (
        SELECT ${personCardSql(sql`pp.user_id`)} AS card, pp.role, pp.created,
               CASE pp.role WHEN 'lead' THEN 0 WHEN 'member' THEN 1 ELSE 2 END AS rank
        FROM project_participants pp WHERE pp.project_id = ${projects.id}
        ORDER BY rank, pp.created ${cap}) x)`,
      participantsCount: sql<number>`(SELECT count(*)::int FROM project_participants pp WHERE pp.project_id = ${projects.id})`,
      myRole: sql<ProjectRole | null>`(SELECT pp.role FROM project_participants pp WHERE pp.project_id = ${projects.id} AND pp.user_id = ${me})`,
    })
    .from(projects);
}

function present(ctx: RequestContext, r: ProjectRowWith): ProjectDto {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    status: r.status,
    start: r.start,
    end: r.end,
    creatorId: r.creatorId,
    creator: json<PersonCard | null>(r.creator) ?? unknownPerson(r.creatorId),
    participants: json<ProjectRowWith['participants']>(r.participants),
    participantsCount: Number(r.participantsCount),
    wall: r.wallId,
    myRole: r.myRole,
    created: new Date(r.created).toISOString(),
    can: projectPolicy(ctx, r, r.myRole),
  };
}

async function loadProject(ctx: RequestContext, id: string, lock = false): Promise<ProjectRowWith> {
  if (!groupsOn(ctx)) throw notFound('project_not_found');
  if (lock) {
    await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.clientId, ctx.tenant())))
      .for('update');
  }
  const [row] = await selectProjects(ctx, null).where(and(eq(projects.id, id), eq(projects.clientId, ctx.tenant())));
  if (!row) throw notFound('project_not_found');
  return row as ProjectRowWith;
}

export async function getProject(ctx: RequestContext, id: string): Promise<ProjectDto> {
  return present(ctx, await loadProject(ctx, id));
}

function checkDates(start: string | null | undefined, end: string | null | undefined) {
  if (start && end && end < start) {
    throw new AppError(400, 'project_dates_invalid', {}, { fields: { end: 'project_dates_invalid' } });
  }
}

/** Sets a participant's role (or removes them with null), keeping the wall's membership in step. */
async function setParticipant(ctx: RequestContext, project: ProjectRow, userId: string, role: ProjectRole | null) {
  if (role === null) {
    await ctx.db
      .delete(projectParticipants)
      .where(and(eq(projectParticipants.projectId, project.id), eq(projectParticipants.userId, userId)));
  } else {
    await ctx.db
      .insert(projectParticipants)
      .values({ clientId: ctx.tenant(), projectId: project.id, userId, role })
      .onConflictDoUpdate({ target: [projectParticipants.projectId, projectParticipants.userId], set: { role } });
  }
  // The creator owns the wall whatever their role.
  if (userId === project.creatorId) return;
  const wallRole = role === null ? null : WALL_ROLE[role];
  if (wallRole === null) {
    await removeMember(ctx, project.wallId, userId);
    return;
  }
  const added = await addMembers(ctx, project.wallId, [userId], wallRole);
  if (!added.length) {
    await ctx.db
      .update(groupMembers)
      .set({ role: wallRole })
      .where(and(eq(groupMembers.groupId, project.wallId), eq(groupMembers.userId, userId)));
  }
}

async function assertLead(ctx: RequestContext, projectId: string) {
  const [row] = await rowsOf<{ leads: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS leads FROM project_participants WHERE project_id = ${projectId} AND role = 'lead'`,
  );
  if (Number(row.leads) === 0) throw badRequest('project_last_lead');
}

/** `POST api/project/`: the creator is a lead and owns the wall. */
export async function createProject(ctx: RequestContext, body: CreateProjectBody): Promise<ProjectDto> {
  const me = ctx.me().id;
  checkDates(body.start, body.end);
  await assertActivePeople(
    ctx,
    body.participants.map((p) => p.user_id),
    'participants',
    'user_not_found',
  );
  const wallId = await insertGroup(
    ctx,
    { name: body.name.slice(0, 50), description: body.description.slice(0, 250), type: 'public', kind: 'project' },
    me,
  );
  const [row] = await ctx.db
    .insert(projects)
    .values({
      clientId: ctx.tenant(),
      name: body.name,
      description: body.description,
      status: body.status,
      start: body.start ?? null,
      end: body.end ?? null,
      creatorId: me,
      wallId,
    })
    .returning();
  await setParticipant(ctx, row, me, 'lead');
  for (const p of body.participants) if (p.user_id !== me) await setParticipant(ctx, row, p.user_id, p.role);
  return getProject(ctx, row.id);
}

/** `PUT api/project/{id}`. */
export async function updateProject(ctx: RequestContext, id: string, body: UpdateProjectBody): Promise<ProjectDto> {
  const row = await loadProject(ctx, id, true);
  authorize(present(ctx, row).can.edit);
  const start = body.start === undefined ? row.start : body.start;
  const end = body.end === undefined ? row.end : body.end;
  checkDates(start, end);
  await ctx.db
    .update(projects)
    .set({
      name: body.name ?? row.name,
      description: body.description ?? row.description,
      status: body.status ?? row.status,
      start,
      end,
      updated: new Date(),
    })
    .where(eq(projects.id, id));
  if (body.name !== undefined || body.description !== undefined) {
    await rowsOf(
      ctx.db,
      sql`UPDATE groups SET name = ${(body.name ?? row.name).slice(0, 50)}, description = ${(body.description ?? row.description).slice(0, 250)} WHERE id = ${row.wallId}`,
    );
  }
  return getProject(ctx, id);
}

/** `DELETE api/project/{id}`: the wall and its posts go with it. */
export async function deleteProject(ctx: RequestContext, id: string): Promise<void> {
  const row = await loadProject(ctx, id, true);
  authorize(present(ctx, row).can.delete);
  await ctx.db.delete(projects).where(eq(projects.id, id));
  await dropGroups(ctx, [row.wallId]);
}

/** `POST api/projectParticipant/`: adds a person or changes their role. */
export async function addParticipant(
  ctx: RequestContext,
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<ProjectDto> {
  const row = await loadProject(ctx, projectId, true);
  authorize(present(ctx, row).can.manageParticipants);
  await assertActivePeople(ctx, [userId], 'user_id', 'user_not_found');
  await setParticipant(ctx, row, userId, role);
  await assertLead(ctx, projectId);
  return getProject(ctx, projectId);
}

/** `DELETE api/projectParticipant/{projectId}/{userId}`: managers, or the participant themselves. */
export async function removeParticipant(ctx: RequestContext, projectId: string, userId: string): Promise<ProjectDto> {
  const row = await loadProject(ctx, projectId, true);
  authorize(present(ctx, row).can.manageParticipants || userId === ctx.me().id);
  const [existing] = await ctx.db
    .select({ role: projectParticipants.role })
    .from(projectParticipants)
    .where(and(eq(projectParticipants.projectId, projectId), eq(projectParticipants.userId, userId)));
  if (!existing) throw notFound('user_not_found');
  await setParticipant(ctx, row, userId, null);
  await assertLead(ctx, projectId);
  return getProject(ctx, projectId);
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** `GET api/project/`: newest first. */
export async function listProjects(
  ctx: RequestContext,
  query: { page: number; search?: string; status?: ProjectRow['status']; mine?: '0' | '1' },
) {
  const conditions: SQL[] = [eq(projects.clientId, ctx.tenant())];
  if (query.search) conditions.push(sql`${projects.searchText} LIKE ${`%${escapeLike(query.search)}%`}`);
  if (query.status) conditions.push(eq(projects.status, query.status));
  if (query.mine === '1') {
    conditions.push(
      sql`${projects.id} IN (SELECT pp.project_id FROM project_participants pp WHERE pp.user_id = ${ctx.me().id})`,
    );
  }
  const where = and(...conditions);
  const [counted] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(projects).where(where);
  const rows = await selectProjects(ctx, LIST_PARTICIPANTS)
    .where(where)
    .orderBy(sql`${projects.created} DESC`, sql`${projects.id} DESC`)
    .limit(GROUPS_PAGE_SIZE)
    .offset(query.page * GROUPS_PAGE_SIZE);
  const total = Number(counted.total);
  return {
    result: rows.map((r) => present(ctx, r as ProjectRowWith)),
    page: query.page,
    pages: Math.ceil(total / GROUPS_PAGE_SIZE),
    total,
  };
}
