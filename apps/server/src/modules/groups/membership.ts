import {
  GROUP_INBOX_MAX,
  GROUP_MEMBERS_PAGE_SIZE,
  type GroupDetailDto,
  type GroupFollow,
  type GroupInboxDto,
  type GroupMemberDto,
  type GroupRole,
  type PersonCard,
} from '@hallway/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { containing } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { isWorkspacePerson, personCardSql, personCards, unknownPerson } from '../users/index.js';
import { users } from '../users/tables.js';
import { groupAnnounce } from './events.js';
import { memberPolicy } from './policy.js';
import {
  addMembers,
  assertPlainGroup,
  detailOf,
  type LoadedGroup,
  loadGroups,
  policyOf,
  removeMember,
  visibleGroup,
} from './service.js';
import { groupInvitations, groupMembers, groupRequests, groups, groupUserGrants } from './tables.js';

const link = (groupId: string) => `/group/${groupId}`;

/** The owner and admins of a group: who hears of join requests. */
async function managers(ctx: RequestContext, groupId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.role, ['owner', 'admin'])));
  return rows.map((r) => r.userId);
}

async function joined(ctx: RequestContext, g: LoadedGroup, userIds: string[]) {
  for (const userId of userIds) {
    groupAnnounce.joinRoom(ctx, userId, g.row.id);
    groupAnnounce.membership(ctx, userId, g.row.id);
  }
  await groupAnnounce.members(ctx, g.row.id);
}

/**
 * `POST api/group/{id}/join`: a public group at once; a closed group makes a join request; an invitation is
 * accepted; a private group without an invitation is refused (it is visible only through a grant).
 */
export async function join(ctx: RequestContext, id: string): Promise<GroupDetailDto> {
  const me = ctx.me().id;
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  if (g.rel.myRole) throw conflict('group_already_member');
  if (g.row.type === 'public' || g.rel.invited) {
    await addMembers(ctx, id, [me]);
    await joined(ctx, g, [me]);
    return detailOf(ctx, id);
  }
  if (g.row.type === 'private') throw forbidden('group_invitation_only');
  if (g.rel.requested) throw conflict('group_request_exists');
  await ctx.db.insert(groupRequests).values({ clientId: ctx.tenant(), groupId: id, userId: me });
  await notify(ctx, {
    code: 'groups.request',
    recipients: await managers(ctx, id),
    vars: { group: g.row.name },
    link: link(id),
  });
  groupAnnounce.membership(ctx, me, id);
  return detailOf(ctx, id);
}

/** `DELETE api/group/{id}/request`: the requester takes their request back. */
export async function cancelRequest(ctx: RequestContext, id: string): Promise<GroupDetailDto> {
  const me = ctx.me().id;
  await visibleGroup(ctx, id);
  const gone = await ctx.db
    .delete(groupRequests)
    .where(and(eq(groupRequests.groupId, id), eq(groupRequests.userId, me)))
    .returning({ userId: groupRequests.userId });
  if (!gone.length) throw notFound('group_request_not_found');
  return detailOf(ctx, id);
}

async function managed(ctx: RequestContext, id: string): Promise<LoadedGroup> {
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  authorize(policyOf(g).manage);
  return g;
}

/** Approve or reject a join request (group managers). */
export async function answerRequest(
  ctx: RequestContext,
  id: string,
  userId: string,
  approve: boolean,
): Promise<GroupDetailDto> {
  const g = await managed(ctx, id);
  const gone = await ctx.db
    .delete(groupRequests)
    .where(and(eq(groupRequests.groupId, id), eq(groupRequests.userId, userId)))
    .returning({ userId: groupRequests.userId });
  if (!gone.length) throw notFound('group_request_not_found');
  if (approve) {
    await addMembers(ctx, id, [userId]);
    await joined(ctx, g, [userId]);
  } else {
    groupAnnounce.membership(ctx, userId, id);
  }
  await notify(ctx, {
    code: approve ? 'groups.approved' : 'groups.rejected',
    recipients: [userId],
    vars: { group: g.row.name },
    link: link(id),
  });
  return detailOf(ctx, id);
}

/** `POST api/group/{id}/invitations`: active people of the workspace only; members and invitees are skipped. */
export async function invite(ctx: RequestContext, id: string, userIds: string[]): Promise<GroupDetailDto> {
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  authorize(policyOf(g).invite);
  const wanted = [...new Set(userIds)];
  const known = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), inArray(users.id, wanted)));
  if (known.length !== wanted.length) {
    throw new AppError(400, 'group_invitee_unknown', {}, { fields: { user_ids: 'group_invitee_unknown' } });
  }
  const rows = await rowsOf<{ user_id: string }>(
    ctx.db,
    sql`INSERT INTO group_invitations (client_id, group_id, user_id, invited_by)
        SELECT ${ctx.tenant()}::uuid, ${id}::uuid, u, ${ctx.me().id}::uuid FROM unnest(${sql.param(wanted)}::uuid[]) AS u
        WHERE NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = ${id} AND m.user_id = u)
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  const invited = rows.map((r) => r.user_id);
  if (invited.length) {
    await notify(ctx, {
      code: 'groups.invitation',
      recipients: invited,
      vars: { group: g.row.name, text: g.row.description },
      link: link(id),
    });
    for (const userId of invited) groupAnnounce.membership(ctx, userId, id);
  }
  return detailOf(ctx, id);
}

/** `DELETE api/group/{id}/invitations/{userId}`: a manager withdraws an invitation. */
export async function withdrawInvitation(ctx: RequestContext, id: string, userId: string): Promise<GroupDetailDto> {
  await managed(ctx, id);
  const gone = await ctx.db
    .delete(groupInvitations)
    .where(and(eq(groupInvitations.groupId, id), eq(groupInvitations.userId, userId)))
    .returning({ userId: groupInvitations.userId });
  if (!gone.length) throw notFound('group_invitation_not_found');
  groupAnnounce.membership(ctx, userId, id);
  return detailOf(ctx, id);
}

/** The invitee accepts (becomes a member) or declines. */
export async function answerInvitation(
  ctx: RequestContext,
  id: string,
  accept: boolean,
): Promise<GroupDetailDto | null> {
  const me = ctx.me().id;
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  if (!g.rel.invited) throw notFound('group_invitation_not_found');
  if (accept) {
    await addMembers(ctx, id, [me]);
    await joined(ctx, g, [me]);
    return detailOf(ctx, id);
  }
  await ctx.db.delete(groupInvitations).where(and(eq(groupInvitations.groupId, id), eq(groupInvitations.userId, me)));
  return null;
}

/** `POST api/group/{id}/leave`: any member but the owner. */
export async function leave(ctx: RequestContext, id: string): Promise<void> {
  const me = ctx.me().id;
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  if (!g.rel.myRole) throw badRequest('group_not_member');
  if (g.rel.myRole === 'owner') throw badRequest('group_owner_cannot_leave');
  await removeMember(ctx, id, me);
  await groupAnnounce.members(ctx, id);
  groupAnnounce.membership(ctx, me, id);
}

async function memberRole(ctx: RequestContext, groupId: string, userId: string): Promise<GroupRole | null> {
  const [row] = await ctx.db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row?.role ?? null;
}

/** `DELETE api/group/{id}/members/{userId}`: a manager removes a member (never the owner). */
export async function expel(ctx: RequestContext, id: string, userId: string): Promise<void> {
  await managed(ctx, id);
  const role = await memberRole(ctx, id, userId);
  if (!role) throw badRequest('group_not_member');
  if (role === 'owner') throw badRequest('group_owner_role');
  await removeMember(ctx, id, userId);
  await groupAnnounce.members(ctx, id);
  groupAnnounce.membership(ctx, userId, id);
}

/** `PUT api/group/{id}/members/{userId}/admin`. */
export async function toggleAdmin(
  ctx: RequestContext,
  id: string,
  userId: string,
  admin: boolean,
): Promise<GroupMemberDto> {
  const g = await managed(ctx, id);
  const role = await memberRole(ctx, id, userId);
  if (!role) throw badRequest('group_not_member');
  if (role === 'owner') throw badRequest('group_owner_role');
  await ctx.db
    .update(groupMembers)
    .set({ role: admin ? 'admin' : 'member' })
    .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)));
  groupAnnounce.updated(ctx, id);
  groupAnnounce.membership(ctx, userId, id);
  const page = await membersPage(ctx, g, { page: 0 }, sql`m.user_id = ${userId}`);
  return page.result[0];
}

/** `PUT api/group/{groupId}/owner/{newOwner}`: the new owner must be a member; the former one stays as admin. */
export async function changeOwner(ctx: RequestContext, id: string, newOwner: string): Promise<GroupDetailDto> {
  const g = await visibleGroup(ctx, id, true);
  assertPlainGroup(g);
  authorize(policyOf(g).changeOwner);
  if (newOwner === g.row.ownerId) return detailOf(ctx, id);
  if (!(await memberRole(ctx, id, newOwner))) {
    throw new AppError(400, 'group_owner_not_member', {}, { fields: { newOwner: 'group_owner_not_member' } });
  }
  await passOwnership(ctx, id, g.row.ownerId, newOwner, 'admin');
  return detailOf(ctx, id);
}

/** Makes `to` the owner; the former owner becomes `formerRole`, or leaves the group with null. */
async function passOwnership(
  ctx: RequestContext,
  id: string,
  from: string,
  to: string,
  formerRole: 'admin' | null,
): Promise<void> {
  await ctx.db.update(groups).set({ ownerId: to, updated: new Date() }).where(eq(groups.id, id));
  if (!(await memberRole(ctx, id, to))) await addMembers(ctx, id, [to], 'owner');
  else {
    await ctx.db
      .update(groupMembers)
      .set({ role: 'owner' })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, to)));
  }
  if (formerRole) {
    await ctx.db
      .update(groupMembers)
      .set({ role: formerRole })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, from)));
  } else {
    await removeMember(ctx, id, from);
  }
  groupAnnounce.updated(ctx, id);
  groupAnnounce.membership(ctx, from, id);
  groupAnnounce.membership(ctx, to, id);
}

/**
 * `POST api/group/replace_owner/{userId}/{clientId}` (administrators; when an owner is deleted): each group the
 * person owns passes to its earliest admin, else its earliest member, else the calling administrator; the former
 * owner leaves it. Project walls included.
 */
export async function replaceOwner(ctx: RequestContext, userId: string): Promise<number> {
  // Someone of another workspace owns nothing here: answered as an unknown person, not as "nothing to hand over".
  if (!(await isWorkspacePerson(ctx, userId))) throw notFound('user_not_found');
  const owned = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.clientId, ctx.tenant()), eq(groups.ownerId, userId)))
    .orderBy(groups.id)
    .for('update');
  for (const { id } of owned) {
    const [heir] = await ctx.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, id), sql`${groupMembers.userId} <> ${userId}`))
      .orderBy(sql`(${groupMembers.role} = 'admin') DESC`, asc(groupMembers.created), asc(groupMembers.userId))
      .limit(1);
    await passOwnership(ctx, id, userId, heir?.userId ?? ctx.me().id, null);
  }
  return owned.length;
}

/** `PUT api/group/{id}/follow`. */
export async function setFollow(ctx: RequestContext, id: string, follow: GroupFollow): Promise<GroupDetailDto> {
  const g = await visibleGroup(ctx, id);
  if (!g.rel.myRole) throw badRequest('group_not_member');
  await ctx.db
    .update(groupMembers)
    .set({ follow })
    .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, ctx.me().id)));
  return detailOf(ctx, id);
}

/** Per-user grants (managers): a person's level decides before the audience grants. */
export async function grantUser(
  ctx: RequestContext,
  id: string,
  userId: string,
  level: 'read' | 'write' | 'none' | null,
): Promise<GroupDetailDto> {
  await managed(ctx, id);
  // A grant is taken back only from someone of the workspace (they may have been deleted since).
  if (level === null) {
    if (!(await isWorkspacePerson(ctx, userId))) throw notFound('user_not_found');
    await ctx.db
      .delete(groupUserGrants)
      .where(and(eq(groupUserGrants.groupId, id), eq(groupUserGrants.userId, userId)));
  } else {
    const [person] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false)));
    if (!person) throw notFound('user_not_found');
    await ctx.db
      .insert(groupUserGrants)
      .values({ clientId: ctx.tenant(), groupId: id, userId, level })
      .onConflictDoUpdate({ target: [groupUserGrants.groupId, groupUserGrants.userId], set: { level } });
  }
  groupAnnounce.membership(ctx, userId, id);
  return detailOf(ctx, id);
}

const ROLE_ORDER = sql`CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`;

async function membersPage(
  ctx: RequestContext,
  g: LoadedGroup,
  query: { page: number; search?: string; role?: GroupRole },
  extra?: SQL,
) {
  const can = policyOf(g);
  const conditions: SQL[] = [sql`m.group_id = ${g.row.id}`, sql`NOT u.deletion_mark`];
  if (extra) conditions.push(extra);
  if (query.role) conditions.push(sql`m.role = ${query.role}`);
  if (query.search) conditions.push(sql`u.search_text LIKE ${containing(query.search.toLowerCase())}`);
  const where = sql.join(conditions, sql` AND `);
  const [counted] = await rowsOf<{ total: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM group_members m JOIN users u ON u.id = m.user_id WHERE ${where}`,
  );
  const rows = await rowsOf<{
    user_id: string;
    role: GroupRole;
    created: string | Date;
    card: PersonCard | string | null;
  }>(
    ctx.db,
    sql`SELECT m.user_id, m.role, m.created, ${personCardSql(sql`m.user_id`)} AS card
        FROM group_members m JOIN users u ON u.id = m.user_id WHERE ${where}
        ORDER BY ${ROLE_ORDER}, lower(u.last_name), lower(u.first_name), m.user_id
        LIMIT ${GROUP_MEMBERS_PAGE_SIZE} OFFSET ${query.page * GROUP_MEMBERS_PAGE_SIZE}`,
  );
  const total = Number(counted.total);
  return {
    result: rows.map((r) => ({
      user: (typeof r.card === 'string' ? JSON.parse(r.card) : r.card) ?? unknownPerson(r.user_id),
      role: r.role,
      joined: new Date(r.created).toISOString(),
      can: memberPolicy(can, r.role),
    })),
    page: query.page,
    pages: Math.ceil(total / GROUP_MEMBERS_PAGE_SIZE),
    total,
  };
}

/** `GET api/group/{id}/members`: whoever may read the group. */
export async function members(
  ctx: RequestContext,
  id: string,
  query: { page: number; search?: string; role?: GroupRole },
) {
  const g = await visibleGroup(ctx, id);
  if (!policyOf(g).read) throw forbidden();
  return membersPage(ctx, g, query);
}

/** Join requests or invitations of a group, oldest first (managers). */
export async function pending(ctx: RequestContext, id: string, which: 'requests' | 'invitations', page: number) {
  await managed(ctx, id);
  const table = which === 'requests' ? sql.raw('group_requests') : sql.raw('group_invitations');
  const by = which === 'requests' ? sql`NULL::json` : personCardSql(sql`p.invited_by`);
  const [counted] = await rowsOf<{ total: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM ${table} p WHERE p.group_id = ${id}`,
  );
  const rows = await rowsOf<{ user_id: string; created: string | Date; card: unknown; by: unknown }>(
    ctx.db,
    sql`SELECT p.user_id, p.created, ${personCardSql(sql`p.user_id`)} AS card, ${by} AS by
        FROM ${table} p WHERE p.group_id = ${id} ORDER BY p.created, p.user_id
        LIMIT ${GROUP_MEMBERS_PAGE_SIZE} OFFSET ${page * GROUP_MEMBERS_PAGE_SIZE}`,
  );
  const json = <T>(v: unknown): T | null => (typeof v === 'string' ? JSON.parse(v) : (v as T | null));
  const total = Number(counted.total);
  return {
    result: rows.map((r) => ({
      user: json<PersonCard>(r.card) ?? unknownPerson(r.user_id),
      by: json<PersonCard>(r.by),
      created: new Date(r.created).toISOString(),
    })),
    page,
    pages: Math.ceil(total / GROUP_MEMBERS_PAGE_SIZE),
    total,
  };
}

/** `GET api/group/inbox`: invitations to me, my requests, requests to the groups I manage. */
export async function inbox(ctx: RequestContext): Promise<GroupInboxDto> {
  const me = ctx.me().id;
  const clientId = ctx.tenant();
  const invitations = await ctx.db
    .select()
    .from(groupInvitations)
    .where(and(eq(groupInvitations.clientId, clientId), eq(groupInvitations.userId, me)))
    .orderBy(desc(groupInvitations.created))
    .limit(GROUP_INBOX_MAX);
  const requests = await ctx.db
    .select()
    .from(groupRequests)
    .where(and(eq(groupRequests.clientId, clientId), eq(groupRequests.userId, me)))
    .orderBy(desc(groupRequests.created))
    .limit(GROUP_INBOX_MAX);
  const toApprove = await rowsOf<{ group_id: string; user_id: string; created: string | Date; card: unknown }>(
    ctx.db,
    sql`SELECT r.group_id, r.user_id, r.created, ${personCardSql(sql`r.user_id`)} AS card
        FROM group_requests r
        WHERE r.client_id = ${clientId} AND r.group_id IN (
          SELECT m.group_id FROM group_members m WHERE m.user_id = ${me} AND m.role IN ('owner', 'admin'))
        ORDER BY r.created DESC LIMIT ${GROUP_INBOX_MAX}`,
  );
  const loaded = await loadGroups(ctx, [
    ...invitations.map((i) => i.groupId),
    ...requests.map((r) => r.groupId),
    ...toApprove.map((r) => r.group_id),
  ]);
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const cards = await personCards(
    ctx.db,
    invitations.flatMap((i) => (i.invitedBy ? [i.invitedBy] : [])),
  );
  return {
    invitations: invitations.flatMap((i) => {
      const group = loaded.get(i.groupId);
      return group
        ? [
            {
              group,
              by: i.invitedBy ? (cards.get(i.invitedBy) ?? null) : null,
              created: new Date(i.created).toISOString(),
            },
          ]
        : [];
    }),
    requests: requests.flatMap((r) => {
      const group = loaded.get(r.groupId);
      return group ? [{ group, created: new Date(r.created).toISOString() }] : [];
    }),
    toApprove: toApprove.flatMap((r) => {
      const group = loaded.get(r.group_id);
      return group
        ? [
            {
              group,
              user: json<PersonCard>(r.card) ?? unknownPerson(r.user_id),
              created: new Date(r.created).toISOString(),
            },
          ]
        : [];
    }),
  };
}
