import type {
  GrantLevel,
  GroupCan,
  GroupFollow,
  GroupMemberDto,
  GroupRole,
  ProjectDto,
  ProjectRole,
} from '@hallway/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  callerGrantPerson,
  type Grantee,
  type GrantPerson,
  grantLevelSql,
  type PeopleRows,
} from '../../platform/access/grants.js';
import type { RequestContext } from '../../platform/http/context.js';
import { type GroupRow, groups, type ProjectRow } from './tables.js';

/**
 * Who sees and does what in a group or project (docs/api.md "Groups and projects"), written twice on purpose: as
 * SQL for lists (`visibleSql`, `readableSql`: the person's attributes are parameters, evaluated per group row by
 * index probes) and as the policy of one loaded group (`groupPolicy`), from the same relation columns
 * (`relationSql`). The audience grants are the platform's grants policy (platform/access/grants.ts), kind `group`.
 *
 * - member: always reads and posts; a per-user grant decides next, then the audience grants (`none` wins);
 * - no grant matching: public groups are read by everyone, closed and private ones by nobody else;
 * - workspace administrators read and manage public and closed groups; private groups exist only for their
 *   members, invitees and people granted read or write.
 */

/** The object kind of groups (and project walls) in the platform's grants. */
export const GROUP_KIND = 'group';

/**
 * Groups and projects exist for a workspace only while its `groups` feature is on. The module's routes are closed by
 * the guard; what other modules reach (the wall's group posts and feeds, events' group audiences, link previews)
 * asks this, and finds no group at all while it is off.
 */
export const groupsOn = (ctx: RequestContext): boolean => ctx.hasFeature('groups');

/** The caller as the group rules see them: the grants' attributes, and whether they administer the workspace. */
export interface Viewer extends GrantPerson {
  isAdmin: boolean;
}

/** The caller, loaded once per request (platform/access/grants.ts). A superadmin has no row in the workspace. */
export async function viewerOf(ctx: RequestContext): Promise<Viewer> {
  return { ...(await callerGrantPerson(ctx)), isAdmin: ctx.isAdmin };
}

/** Whom a list question is about, as SQL: the caller (bound values), or each `users` row of the outer query. */
interface Who {
  id: SQL;
  isAdmin: SQL;
  grantee: Grantee;
}

const whoOf = (viewer: Viewer | PeopleRows): Who =>
  'usersAlias' in viewer
    ? {
        id: sql.raw(`${viewer.usersAlias}.id`),
        isAdmin: sql.raw(
          `('admin' = ANY(${viewer.usersAlias}.roles) OR 'superadmin' = ANY(${viewer.usersAlias}.roles))`,
        ),
        grantee: viewer,
      }
    : { id: sql`${viewer.id}`, isAdmin: sql`${viewer.isAdmin}::boolean`, grantee: viewer };

/** The caller's relation to the group of the outer query's `groups` row. */
export function relationSql(clientId: string, viewer: Viewer, groupId: AnyColumn | SQL = groups.id) {
  const me = viewer.id;
  return {
    myRole: sql<GroupRole | null>`(SELECT m.role FROM group_members m WHERE m.group_id = ${groupId} AND m.user_id = ${me})`,
    myFollow: sql<GroupFollow | null>`(SELECT m.follow FROM group_members m WHERE m.group_id = ${groupId} AND m.user_id = ${me})`,
    requested: sql<boolean>`EXISTS (SELECT 1 FROM group_requests r WHERE r.group_id = ${groupId} AND r.user_id = ${me})`,
    invited: sql<boolean>`EXISTS (SELECT 1 FROM group_invitations i WHERE i.group_id = ${groupId} AND i.user_id = ${me})`,
    granted: grantedSql(clientId, whoOf(viewer), groupId),
  };
}

export interface Relation {
  myRole: GroupRole | null;
  myFollow: GroupFollow | null;
  requested: boolean;
  invited: boolean;
  /** The per-user grant, else the audience grants' level, else null. */
  granted: GrantLevel | null;
}

/** The per-user grant first, then the audience grants' level (null when nothing matches). */
function grantedSql(clientId: string, who: Who, groupId: AnyColumn | SQL): SQL<GrantLevel | null> {
  return sql<GrantLevel | null>`coalesce((SELECT ug.level FROM group_user_grants ug WHERE ug.group_id = ${groupId} AND ug.user_id = ${who.id}), ${grantLevelSql(clientId, GROUP_KIND, groupId, who.grantee)})`;
}

const memberOf = (who: Who) =>
  sql`${groups.id} IN (SELECT m.group_id FROM group_members m WHERE m.user_id = ${who.id})`;

/** Groups the caller may see at all (card, lists, search): everything but others' private groups. */
export function visibleSql(clientId: string, viewer: Viewer): SQL {
  const who = whoOf(viewer);
  return sql`(${groups.type} <> 'private' OR ${memberOf(who)}
    OR ${groups.id} IN (SELECT i.group_id FROM group_invitations i WHERE i.user_id = ${who.id})
    OR ${grantedSql(clientId, who, groups.id)} IN ('read', 'write'))`;
}

/**
 * Groups whose wall the person may read: the caller, or (`peopleRows('u')`) each person of a `users u` row of the
 * outer query — other people's readable groups and a post's readers in one statement.
 */
export function readableSql(clientId: string, viewer: Viewer | PeopleRows): SQL {
  const who = whoOf(viewer);
  return sql`(${memberOf(who)}
    OR (${who.isAdmin} AND ${groups.type} <> 'private')
    OR coalesce(${grantedSql(clientId, who, groups.id)} IN ('read', 'write'), ${groups.type} = 'public'))`;
}

type PolicyRow = Pick<GroupRow, 'type' | 'kind'>;

export function isVisible(row: PolicyRow, rel: Relation): boolean {
  return (
    row.type !== 'private' || rel.myRole !== null || rel.invited || rel.granted === 'read' || rel.granted === 'write'
  );
}

export function canReadRow(viewer: Viewer, row: PolicyRow, rel: Relation): boolean {
  if (rel.myRole) return true;
  if (viewer.isAdmin && row.type !== 'private') return true;
  return rel.granted ? rel.granted !== 'none' : row.type === 'public';
}

/** What the caller may do with the group (sent as `can`, checked by the service). */
export function groupPolicy(viewer: Viewer, row: PolicyRow, rel: Relation): GroupCan {
  const member = rel.myRole !== null;
  const isGroup = row.kind === 'group';
  const manager = rel.myRole === 'owner' || rel.myRole === 'admin';
  const adminReach = viewer.isAdmin && row.type !== 'private';
  const manage = manager || adminReach;
  return {
    read: canReadRow(viewer, row, rel),
    post: member || rel.granted === 'write',
    edit: isGroup && manage,
    delete: isGroup && (rel.myRole === 'owner' || adminReach),
    join: isGroup && !member && (row.type === 'public' || rel.invited),
    request: isGroup && !member && row.type === 'closed' && !rel.requested && !rel.invited,
    cancelRequest: !member && rel.requested,
    answerInvitation: isGroup && !member && rel.invited,
    leave: isGroup && member && rel.myRole !== 'owner',
    invite: isGroup && (manage || (member && row.type === 'public')),
    manage: isGroup && manage,
    changeOwner: isGroup && (rel.myRole === 'owner' || adminReach),
    follow: member,
  };
}

/** What the caller may do with one member of a group they see (the members list's `can`). */
export function memberPolicy(group: GroupCan, role: GroupRole): GroupMemberDto['can'] {
  return {
    toggleAdmin: group.manage && role !== 'owner',
    remove: group.manage && role !== 'owner',
    makeOwner: group.changeOwner && role !== 'owner',
  };
}

/**
 * What the caller may do with a project: its leads and the workspace administrators edit it and manage its
 * participants, its creator and the administrators delete it; its creator, leads and members post on its wall.
 */
export function projectPolicy(
  ctx: RequestContext,
  row: Pick<ProjectRow, 'creatorId'>,
  myRole: ProjectRole | null,
): ProjectDto['can'] {
  const mine = row.creatorId === ctx.me().id;
  const lead = myRole === 'lead';
  return {
    edit: lead || ctx.isAdmin,
    delete: mine || ctx.isAdmin,
    manageParticipants: lead || ctx.isAdmin,
    post: mine || myRole === 'lead' || myRole === 'member',
  };
}
