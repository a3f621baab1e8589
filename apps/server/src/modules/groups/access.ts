import type { GrantLevel, GroupCan, GroupFollow, GroupRole } from '@hallway/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import { type AudiencePerson, audienceLevelSql, audiencePerson } from '../users/index.js';
import { type GroupRow, groups } from './tables.js';

/**
 * Who sees and does what in a group (docs/api.md "Groups and projects"), written twice on purpose: as SQL for lists
 * (`visibleSql`, `readableSql`: the person's attributes are parameters, evaluated per group row by index probes) and
 * as the policy of one loaded group (`groupPolicy`), from the same relation columns (`relationSql`).
 *
 * - member: always reads and posts; a per-user grant decides next, then the audience grants (`none` wins);
 * - no grant matching: public groups are read by everyone, closed and private ones by nobody else;
 * - workspace administrators read and manage public and closed groups; private groups exist only for their
 *   members, invitees and people granted read or write.
 */

const viewers = new WeakMap<RequestContext, Promise<AudiencePerson>>();

/** The caller as the grants see them, loaded once per request. A superadmin has no row in the workspace. */
export function viewerOf(ctx: RequestContext): Promise<AudiencePerson> {
  let viewer = viewers.get(ctx);
  if (!viewer) {
    const me = ctx.me();
    viewer = audiencePerson(ctx, me.id).then(
      (person) =>
        person ?? {
          id: me.id,
          chief: null,
          position: '',
          department: '',
          city: '',
          tenure: null,
          isHead: false,
          isAdmin: ctx.isAdmin,
        },
    );
    viewers.set(ctx, viewer);
  }
  return viewer;
}

/** The caller's relation to the group of the outer query's `groups` row. */
export function relationSql(clientId: string, viewer: AudiencePerson, groupId: AnyColumn | SQL = groups.id) {
  const me = viewer.id;
  return {
    myRole: sql<GroupRole | null>`(SELECT m.role FROM group_members m WHERE m.group_id = ${groupId} AND m.user_id = ${me})`,
    myFollow: sql<GroupFollow | null>`(SELECT m.follow FROM group_members m WHERE m.group_id = ${groupId} AND m.user_id = ${me})`,
    requested: sql<boolean>`EXISTS (SELECT 1 FROM group_requests r WHERE r.group_id = ${groupId} AND r.user_id = ${me})`,
    invited: sql<boolean>`EXISTS (SELECT 1 FROM group_invitations i WHERE i.group_id = ${groupId} AND i.user_id = ${me})`,
    granted: grantedSql(clientId, viewer, groupId),
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
function grantedSql(clientId: string, viewer: AudiencePerson, groupId: AnyColumn | SQL): SQL<GrantLevel | null> {
  return sql<GrantLevel | null>`coalesce((SELECT ug.level FROM group_user_grants ug WHERE ug.group_id = ${groupId} AND ug.user_id = ${viewer.id}), ${audienceLevelSql(clientId, 'group', groupId, viewer)})`;
}

const memberOf = (viewer: AudiencePerson) =>
  sql`${groups.id} IN (SELECT m.group_id FROM group_members m WHERE m.user_id = ${viewer.id})`;

/** Groups the person may see at all (card, lists, search): everything but others' private groups. */
export function visibleSql(clientId: string, viewer: AudiencePerson): SQL {
  return sql`(${groups.type} <> 'private' OR ${memberOf(viewer)}
    OR ${groups.id} IN (SELECT i.group_id FROM group_invitations i WHERE i.user_id = ${viewer.id})
    OR ${grantedSql(clientId, viewer, groups.id)} IN ('read', 'write'))`;
}

/** Groups whose wall the person may read. */
export function readableSql(clientId: string, viewer: AudiencePerson): SQL {
  return sql`(${memberOf(viewer)}
    OR (${viewer.isAdmin}::boolean AND ${groups.type} <> 'private')
    OR coalesce(${grantedSql(clientId, viewer, groups.id)} IN ('read', 'write'), ${groups.type} = 'public'))`;
}

type PolicyRow = Pick<GroupRow, 'type' | 'kind'>;

export function isVisible(row: PolicyRow, rel: Relation): boolean {
  return (
    row.type !== 'private' || rel.myRole !== null || rel.invited || rel.granted === 'read' || rel.granted === 'write'
  );
}

export function canReadRow(viewer: AudiencePerson, row: PolicyRow, rel: Relation): boolean {
  if (rel.myRole) return true;
  if (viewer.isAdmin && row.type !== 'private') return true;
  return rel.granted ? rel.granted !== 'none' : row.type === 'public';
}

/** What the caller may do with the group (sent as `can`, checked by the service). */
export function groupPolicy(viewer: AudiencePerson, row: PolicyRow, rel: Relation): GroupCan {
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
