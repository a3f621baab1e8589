import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import type { GroupWall } from '../posts/index.js';
import { audiencePerson } from '../users/index.js';
import { readableSql, viewerOf } from './access.js';
import { findGroup, policyOf } from './service.js';
import { groupMembers, groups } from './tables.js';

/** The groups a person may read (their own attributes, whoever asks). */
export async function readableGroupIds(ctx: RequestContext, userId: string): Promise<string[]> {
  const person = userId === ctx.user?.id ? await viewerOf(ctx) : await audiencePerson(ctx, userId);
  if (!person) return [];
  const clientId = ctx.tenant();
  const rows = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.clientId, clientId), readableSql(clientId, person)));
  return rows.map((r) => r.id);
}

/** The groups (and project walls) the person is a member of. */
export async function memberGroupIds(ctx: RequestContext, userId: string): Promise<string[]> {
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
  async canRead(ctx, groupId) {
    const group = await findGroup(ctx, groupId);
    return !!group && policyOf(group).read;
  },
  async canWrite(ctx, groupId) {
    const group = await findGroup(ctx, groupId);
    return !!group && policyOf(group).post;
  },
  async members(ctx, groupId) {
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
