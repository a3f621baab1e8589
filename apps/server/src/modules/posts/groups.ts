import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { AppError, badRequest } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { postCounts, posts } from './tables.js';

/**
 * What the wall needs to know about groups (spec portal §4 "Feeds": group posts show only to those who may read
 * the group). The groups module provides it through the module contract (`provides: { groupWall }`, reached as
 * `ctx.services.groupWall`); without it no group can be read or written, and posting to a group is refused with
 * `group_posts_unavailable`.
 */
export interface GroupWall {
  /** Ids of the groups the person may read, in the caller's workspace. */
  readableGroups(ctx: RequestContext, userId: string): Promise<string[]>;
  canRead(ctx: RequestContext, groupId: string): Promise<boolean>;
  /** Of `userIds`, those who may read the group's wall (each by their own attributes, whoever asks). */
  readers(ctx: RequestContext, groupId: string, userIds: string[]): Promise<string[]>;
  canWrite(ctx: RequestContext, groupId: string): Promise<boolean>;
  /** Who a must-read group post is meant for. */
  members(ctx: RequestContext, groupId: string): Promise<string[]>;
  /**
   * The groups whose posts join the person's combined user feed: those they are a member of (members always read).
   * Without it the user feed takes every readable group.
   */
  feedGroups?(ctx: RequestContext, userId: string): Promise<string[]>;
  /**
   * `feedGroups` of the transaction's own person as a constant subquery naming them by the settings (a one-statement
   * read of the user feed); it holds while the groups feature is on.
   */
  feedGroupsOfCaller?: string;
  /** A post was written on a group's wall (in the post's transaction): the group tells its followers. */
  postAdded?(
    ctx: RequestContext,
    post: { id: string; groupId: string; text: string; mentions: string[] },
  ): Promise<void>;
}

declare module '../../platform/http/module.js' {
  interface ModuleServices {
    groupWall: GroupWall;
  }
}

export async function readableGroups(ctx: RequestContext, userId: string): Promise<string[]> {
  const groupWall = ctx.services.groupWall;
  return groupWall ? groupWall.readableGroups(ctx, userId) : [];
}

/** The groups of the person's combined user feed. */
export async function feedGroups(ctx: RequestContext, userId: string): Promise<string[]> {
  const groupWall = ctx.services.groupWall;
  if (!groupWall) return [];
  return groupWall.feedGroups ? groupWall.feedGroups(ctx, userId) : groupWall.readableGroups(ctx, userId);
}

export async function groupPostAdded(
  ctx: RequestContext,
  post: { id: string; groupId: string; text: string; mentions: string[] },
): Promise<void> {
  await ctx.services.groupWall?.postAdded?.(ctx, post);
}

export async function canReadGroup(ctx: RequestContext, groupId: string): Promise<boolean> {
  const groupWall = ctx.services.groupWall;
  return groupWall ? groupWall.canRead(ctx, groupId) : false;
}

/** Of `userIds`, those who may read the group's posts; nobody without the groups module. */
export async function groupReaders(ctx: RequestContext, groupId: string, userIds: string[]): Promise<string[]> {
  const groupWall = ctx.services.groupWall;
  return groupWall && userIds.length ? groupWall.readers(ctx, groupId, userIds) : [];
}

export async function assertGroupWritable(ctx: RequestContext, groupId: string): Promise<void> {
  const groupWall = ctx.services.groupWall;
  if (!groupWall) throw badRequest('group_posts_unavailable');
  if (!(await groupWall.canRead(ctx, groupId))) throw new AppError(404, 'group_not_found');
  if (!(await groupWall.canWrite(ctx, groupId))) throw new AppError(403, 'no_access');
}

export async function groupMembers(ctx: RequestContext, groupId: string): Promise<string[]> {
  const groupWall = ctx.services.groupWall;
  return groupWall ? groupWall.members(ctx, groupId) : [];
}

/** Posts outside groups, plus those of the given (readable) groups. */
export function readableBy(groups: string[]): SQL {
  const outside = ne(posts.parentType, 'group');
  if (!groups.length) return outside;
  return or(outside, and(eq(posts.parentType, 'group'), sql`${posts.parentId} = ANY(${sql.param(groups)}::uuid[])`))!;
}

/** A group's wall goes with the group (`groups.deleted`, in the deleting transaction): its posts and its count. */
export async function dropGroupWalls(ctx: RequestContext, groupIds: string[]): Promise<void> {
  const clientId = ctx.tenant();
  await ctx.db
    .delete(posts)
    .where(and(eq(posts.clientId, clientId), eq(posts.parentType, 'group'), inArray(posts.parentId, groupIds)));
  await ctx.db
    .delete(postCounts)
    .where(and(eq(postCounts.clientId, clientId), eq(postCounts.feed, 'group'), inArray(postCounts.key, groupIds)));
}
