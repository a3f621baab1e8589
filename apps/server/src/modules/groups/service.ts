import {
  type CreateGroupBody,
  GROUPS_PAGE_SIZE,
  type GroupDetailDto,
  type GroupDto,
  type GroupListQuery,
  type PersonCard,
  type StoredFile,
  type UpdateGroupBody,
} from '@hallway/shared';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { deleteGrants, grantsOf, setGrants } from '../../platform/access/grants.js';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { record } from '../../platform/events/bus.js';
import type { RequestContext } from '../../platform/http/context.js';
import { fileRefs } from '../files/index.js';
import { isWorkspacePerson, personCardSql, personCards, unknownPerson } from '../users/index.js';
import { groupAnnounce } from './events.js';
import {
  GROUP_KIND,
  groupPolicy,
  groupsOn,
  isVisible,
  type Relation,
  relationSql,
  type Viewer,
  viewerOf,
  visibleSql,
} from './policy.js';
import { type GroupRow, groupInvitations, groupMembers, groupRequests, groups, groupUserGrants } from './tables.js';

const columns = getTableColumns(groups);

export interface LoadedGroup {
  row: GroupRow;
  rel: Relation;
  owner: PersonCard;
  viewer: Viewer;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function selectGroups(ctx: RequestContext, viewer: Viewer) {
  const { searchText: _search, ...rest } = columns;
  return ctx.db
    .select({
      ...rest,
      ...relationSql(ctx.tenant(), viewer),
      owner: sql<PersonCard | null>`${personCardSql(groups.ownerId)}`,
    })
    .from(groups);
}
type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectGroups>['where']>>[number];

function toLoaded(viewer: Viewer, r: SelectedRow): LoadedGroup {
  const { myRole, myFollow, requested, invited, granted, owner, ...row } = r;
  return {
    row: { ...row, searchText: null } as GroupRow,
    rel: { myRole, myFollow, requested, invited, granted },
    owner: parsed(owner) ?? unknownPerson(row.ownerId),
    viewer,
  };
}

/** A group of the caller's workspace with the caller's relation to it, or null (also when the caller may not see it). */
export async function findGroup(ctx: RequestContext, id: string, lock = false): Promise<LoadedGroup | null> {
  if (!groupsOn(ctx)) return null;
  const viewer = await viewerOf(ctx);
  if (lock) {
    // Serializes changes of one group's membership and roles (the counter, the owner).
    const [locked] = await ctx.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, id), eq(groups.clientId, ctx.tenant())))
      .for('update');
    if (!locked) return null;
  }
  const [r] = await selectGroups(ctx, viewer).where(and(eq(groups.id, id), eq(groups.clientId, ctx.tenant())));
  if (!r) return null;
  const loaded = toLoaded(viewer, r);
  return isVisible(loaded.row, loaded.rel) ? loaded : null;
}

/** A visible group, or 404 `group_not_found` (unknown, another workspace's, or someone else's private group). */
export async function visibleGroup(ctx: RequestContext, id: string, lock = false): Promise<LoadedGroup> {
  const group = await findGroup(ctx, id, lock);
  if (!group) throw notFound('group_not_found');
  return group;
}

export const policyOf = (g: LoadedGroup) => groupPolicy(g.viewer, g.row, g.rel);

/** Refuses changing a project's wall through the group routes. */
export function assertPlainGroup(g: LoadedGroup): void {
  if (g.row.kind !== 'group') throw badRequest('group_project_wall');
}

export function presentGroup(g: LoadedGroup): GroupDto {
  const { row, rel } = g;
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    kind: row.kind,
    project: null,
    cover: parsed(row.cover) ?? null,
    avatar: parsed(row.avatar) ?? null,
    owner: g.owner,
    membersCount: row.membersCount,
    created: new Date(row.created).toISOString(),
    membership: { role: rel.myRole, follow: rel.myFollow, requested: rel.requested, invited: rel.invited },
    can: policyOf(g),
  };
}

/** The card plus what the group's managers see. */
export async function presentDetail(ctx: RequestContext, g: LoadedGroup): Promise<GroupDetailDto> {
  const can = policyOf(g);
  const base = presentGroup(g);
  if (g.row.kind === 'project') {
    const [p] = await rowsOf<{ id: string }>(ctx.db, sql`SELECT id FROM projects WHERE wall_id = ${g.row.id}`);
    base.project = p?.id ?? null;
  }
  const adminRows = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, g.row.id), eq(groupMembers.role, 'admin')))
    .orderBy(asc(groupMembers.created))
    .limit(50);
  let userGrants: GroupDetailDto['userGrants'] = [];
  let requestsCount = 0;
  let invitationsCount = 0;
  if (can.manage) {
    const grants = await ctx.db
      .select({ userId: groupUserGrants.userId, level: groupUserGrants.level })
      .from(groupUserGrants)
      .where(eq(groupUserGrants.groupId, g.row.id))
      .orderBy(asc(groupUserGrants.created));
    const [counts] = await rowsOf<{ requests: number; invitations: number }>(
      ctx.db,
      sql`SELECT (SELECT count(*) FROM group_requests WHERE group_id = ${g.row.id})::int AS requests,
                 (SELECT count(*) FROM group_invitations WHERE group_id = ${g.row.id})::int AS invitations`,
    );
    requestsCount = Number(counts.requests);
    invitationsCount = Number(counts.invitations);
    const cards = await personCards(ctx.db, [...adminRows.map((a) => a.userId), ...grants.map((x) => x.userId)]);
    userGrants = grants.map((x) => ({ user: cards.get(x.userId) ?? unknownPerson(x.userId), level: x.level }));
    return {
      ...base,
      admins: adminRows.map((a) => cards.get(a.userId) ?? unknownPerson(a.userId)),
      grants: can.edit ? await grantsOf(ctx, GROUP_KIND, g.row.id) : [],
      userGrants,
      requestsCount,
      invitationsCount,
    };
  }
  const cards = await personCards(
    ctx.db,
    adminRows.map((a) => a.userId),
  );
  return {
    ...base,
    admins: adminRows.map((a) => cards.get(a.userId) ?? unknownPerson(a.userId)),
    grants: [],
    userGrants,
    requestsCount,
    invitationsCount,
  };
}

/** The group again, as the caller sees it now (after a change). */
export async function detailOf(ctx: RequestContext, id: string): Promise<GroupDetailDto> {
  return presentDetail(ctx, await visibleGroup(ctx, id));
}

async function picture(ctx: RequestContext, id: string | null | undefined): Promise<StoredFile | null | undefined> {
  if (id === undefined) return undefined;
  if (id === null) return null;
  const [file] = await fileRefs(ctx, [id]);
  return file;
}

/**
 * Adds people to a group with a role, moving `members_count` in the same statement (concurrent joins stay exact).
 * Answers the ids actually added (people already in are left as they are).
 */
export async function addMembers(
  ctx: RequestContext,
  groupId: string,
  userIds: string[],
  role: 'owner' | 'admin' | 'member' = 'member',
): Promise<string[]> {
  if (!userIds.length) return [];
  const clientId = ctx.tenant();
  const values = sql.join(
    userIds.map((u) => sql`(${clientId}::uuid, ${groupId}::uuid, ${u}::uuid, ${role})`),
    sql`, `,
  );
  const rows = await rowsOf<{ user_id: string }>(
    ctx.db,
    sql`WITH added AS (
          INSERT INTO group_members (client_id, group_id, user_id, role) VALUES ${values}
          ON CONFLICT DO NOTHING RETURNING user_id),
        counted AS (
          UPDATE groups SET members_count = members_count + (SELECT count(*) FROM added)
          WHERE id = ${groupId} AND client_id = ${clientId} RETURNING id)
        SELECT user_id FROM added, (SELECT count(*) FROM counted) c`,
  );
  // A person who joined is no longer waiting: their request and invitation are answered.
  const added = rows.map((r) => r.user_id);
  if (added.length) {
    await ctx.db
      .delete(groupRequests)
      .where(and(eq(groupRequests.groupId, groupId), inArray(groupRequests.userId, added)));
    await ctx.db
      .delete(groupInvitations)
      .where(and(eq(groupInvitations.groupId, groupId), inArray(groupInvitations.userId, added)));
  }
  return added;
}

/** Removes a member, moving the counter in the same statement; answers whether they were one. */
export async function removeMember(ctx: RequestContext, groupId: string, userId: string): Promise<boolean> {
  const rows = await rowsOf<{ user_id: string }>(
    ctx.db,
    sql`WITH gone AS (
          DELETE FROM group_members WHERE group_id = ${groupId} AND user_id = ${userId} RETURNING user_id),
        counted AS (
          UPDATE groups SET members_count = greatest(members_count - (SELECT count(*) FROM gone), 0)
          WHERE id = ${groupId} RETURNING id)
        SELECT user_id FROM gone, (SELECT count(*) FROM counted) c`,
  );
  return rows.length > 0;
}

/** Inserts a group row with its owner as member (groups and project walls). */
export async function insertGroup(
  ctx: RequestContext,
  values: Pick<GroupRow, 'name' | 'description' | 'type' | 'kind'> & Partial<Pick<GroupRow, 'cover' | 'avatar'>>,
  ownerId: string,
): Promise<string> {
  const [row] = await ctx.db
    .insert(groups)
    .values({ ...values, clientId: ctx.tenant(), ownerId })
    .returning({ id: groups.id });
  await addMembers(ctx, row.id, [ownerId], 'owner');
  return row.id;
}

/** `POST api/group/`: the creator becomes its owner. */
export async function createGroup(ctx: RequestContext, body: CreateGroupBody): Promise<GroupDetailDto> {
  const me = ctx.me();
  const id = await insertGroup(
    ctx,
    {
      name: body.name,
      description: body.description,
      type: body.type,
      kind: 'group',
      cover: (await picture(ctx, body.cover)) ?? null,
      avatar: (await picture(ctx, body.avatar)) ?? null,
    },
    me.id,
  );
  if (body.grants) await setGrants(ctx, GROUP_KIND, id, body.grants);
  return detailOf(ctx, id);
}

/** `PUT api/group/{id}`. */
export async function updateGroup(ctx: RequestContext, id: string, body: UpdateGroupBody): Promise<GroupDetailDto> {
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  authorize(policyOf(g).edit);
  const set: Partial<GroupRow> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.type !== undefined) set.type = body.type;
  const cover = await picture(ctx, body.cover);
  if (cover !== undefined) set.cover = cover;
  const avatar = await picture(ctx, body.avatar);
  if (avatar !== undefined) set.avatar = avatar;
  if (Object.keys(set).length) {
    await ctx.db
      .update(groups)
      .set({ ...set, updated: new Date() })
      .where(eq(groups.id, id));
  }
  if (body.grants) await setGrants(ctx, GROUP_KIND, id, body.grants);
  groupAnnounce.updated(ctx, id);
  return detailOf(ctx, id);
}

/** `PUT api/group/{groupId}/grants`: replaces the audience grants. */
export async function replaceGrants(
  ctx: RequestContext,
  id: string,
  grants: NonNullable<UpdateGroupBody['grants']>,
): Promise<GroupDetailDto> {
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  authorize(policyOf(g).edit);
  await setGrants(ctx, GROUP_KIND, id, grants);
  groupAnnounce.updated(ctx, id);
  return detailOf(ctx, id);
}

declare module '../../platform/events/bus.js' {
  interface DomainEvents {
    /** Groups (or project walls) are being deleted, in the deleting transaction: what belongs to them goes too. */
    'groups.deleted': { ids: string[] };
  }
}

/** Deletes groups (and project walls) with their grants; their posts go with them (the wall follows `groups.deleted`). */
export async function dropGroups(ctx: RequestContext, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const clientId = ctx.tenant();
  await record(ctx, 'groups.deleted', { ids });
  await deleteGrants(ctx, GROUP_KIND, ids);
  await ctx.db.delete(groups).where(and(eq(groups.clientId, clientId), inArray(groups.id, ids)));
}

/** `DELETE api/group/{id}`. */
export async function deleteGroup(ctx: RequestContext, id: string): Promise<void> {
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  authorize(policyOf(g).delete);
  await dropGroups(ctx, [id]);
  groupAnnounce.deleted(ctx, id);
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the groups the caller may see, by name; `extra` narrows it (a person's groups). */
async function groupList(ctx: RequestContext, query: GroupListQuery, extra?: SQL) {
  const clientId = ctx.tenant();
  const viewer = await viewerOf(ctx);
  const conditions: (SQL | undefined)[] = [
    eq(groups.clientId, clientId),
    eq(groups.kind, 'group'),
    visibleSql(clientId, viewer),
    extra,
  ];
  if (query.type) conditions.push(eq(groups.type, query.type));
  if (query.search) conditions.push(sql`${groups.searchText} LIKE ${`%${escapeLike(query.search)}%`}`);
  const where = and(...conditions);
  const [counted] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(groups).where(where);
  const rows = await selectGroups(ctx, viewer)
    .where(where)
    .orderBy(sql`lower(${groups.name})`, groups.id)
    .limit(GROUPS_PAGE_SIZE)
    .offset(query.page * GROUPS_PAGE_SIZE);
  const total = Number(counted.total);
  return {
    result: rows.map((r) => presentGroup(toLoaded(viewer, r))),
    page: query.page,
    pages: Math.ceil(total / GROUPS_PAGE_SIZE),
    total,
  };
}

/** `GET api/group/byClient/{id}`. */
export const workspaceGroups = (ctx: RequestContext, query: GroupListQuery) => groupList(ctx, query);

/** `GET api/group/byUser/{id}`: the person's groups among those the caller may see. */
export async function personGroups(ctx: RequestContext, userId: string, query: GroupListQuery) {
  if (!(await isWorkspacePerson(ctx, userId))) throw notFound('user_not_found');
  return groupList(
    ctx,
    query,
    sql`${groups.id} IN (SELECT m.group_id FROM group_members m WHERE m.user_id = ${userId})`,
  );
}

/** Loaded groups by id (visible ones only), for the inbox. */
export async function loadGroups(ctx: RequestContext, ids: string[]): Promise<Map<string, GroupDto>> {
  if (!ids.length) return new Map();
  const viewer = await viewerOf(ctx);
  const rows = await selectGroups(ctx, viewer).where(and(eq(groups.clientId, ctx.tenant()), inArray(groups.id, ids)));
  return new Map(
    rows
      .map((r) => toLoaded(viewer, r))
      .filter((g) => isVisible(g.row, g.rel))
      .map((g) => [g.row.id, presentGroup(g)]),
  );
}
