import { and, eq, inArray, sql } from 'drizzle-orm';
import { peopleRows } from '../../platform/access/grants.js';
import { rowsOf } from '../../platform/db/client.js';
import { CALLER } from '../../platform/db/security.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import type { GroupWall } from '../posts/index.js';
import { groupsOn, readableSql, viewerOf } from './policy.js';
import { findGroup, policyOf } from './service.js';
import { groupMembers, groups } from './tables.js';

/** The groups a person may read (their own attributes, whoever asks); none for nobody of the workspace. */
export async function readableGroupIds(ctx: RequestContext, userId: string): Promise<string[]> {
  if (!groupsOn(ctx)) return [];
  const clientId = ctx.tenant();
  if (userId === ctx.user?.id) {
    const rows = await ctx.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.clientId, clientId), readableSql(clientId, await viewerOf(ctx))));
    return rows.map((r) => r.id);
  }
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`SELECT ${groups.id} AS id FROM ${groups} JOIN users u
          ON u.id = ${userId} AND u.client_id = ${clientId} AND NOT u.deletion_mark
        WHERE ${groups.clientId} = ${clientId} AND ${readableSql(clientId, peopleRows('u'))}`,
  );
  return rows.map((r) => r.id);
}

/** The groups (and project walls) the person is a member of. */
export async function memberGroupIds(ctx: RequestContext, userId: string): Promise<string[]> {
  if (!groupsOn(ctx)) return [];
  const rows = await ctx.db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.clientId, ctx.tenant())));
  return rows.map((r) => r.id);
}

/** What the wall asks of groups (posts/groups.ts), provided through the module contract. */
export const groupWall: GroupWall = {
  readableGroups: readableGroupIds,
  feedGroups: memberGroupIds,
  feedGroupsOfCaller: `SELECT m.group_id FROM group_members m WHERE m.client_id = ${CALLER.tenant} AND m.user_id = ${CALLER.me}`,
  async canRead(ctx, groupId) {
    const group = await findGroup(ctx, groupId);
    return !!group && policyOf(group).read;
  },
  async readers(ctx, groupId, userIds) {
    if (!groupsOn(ctx)) return [];
    const clientId = ctx.tenant();
    const wanted = [...new Set(userIds)];
    const rows = await rowsOf<{ id: string }>(
      ctx.db,
      sql`SELECT u.id FROM users u
          WHERE u.client_id = ${clientId} AND NOT u.deletion_mark AND u.id = ANY(${sql.param(wanted)}::uuid[])
            AND EXISTS (SELECT 1 FROM ${groups} WHERE ${groups.id} = ${groupId} AND ${groups.clientId} = ${clientId}
              AND ${readableSql(clientId, peopleRows('u'))})`,
    );
    const found = new Set(rows.map((r) => r.id));
    return wanted.filter((id) => found.has(id));
  },
  async canWrite(ctx, groupId) {
    const group = await findGroup(ctx, groupId);
    return !!group && policyOf(group).post;
  },
  async members(ctx, groupId) {
    if (!groupsOn(ctx)) return [];
    const rows = await ctx.db
      .select({ id: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.clientId, ctx.tenant())));
    return rows.map((r) => r.id);
  },
  /**
   * Members following the group with `all` hear of a new post (not the author; people it mentions get the wall's
   * own mention notice instead); `mentions` and `none` hear nothing more.
   */
  async postAdded(ctx, post) {
    const [group] = await ctx.db
      .select({ name: groups.name })
      .from(groups)
      .where(and(eq(groups.id, post.groupId), eq(groups.clientId, ctx.tenant())));
    if (!group) return;
    const followers = await ctx.db
      .select({ id: groupMembers.userId })
      .from(groupMembers)
      .where(
        and(
          eq(groupMembers.groupId, post.groupId),
          eq(groupMembers.follow, 'all'),
          post.mentions.length ? sql`NOT (${inArray(groupMembers.userId, post.mentions)})` : undefined,
        ),
      );
    await notify(ctx, {
      code: 'groups.post',
      recipients: followers.map((f) => f.id),
      vars: { group: group.name, text: post.text },
      link: `/post/${post.id}`,
      groupKey: `groups.post:${post.groupId}`,
    });
  },
};
