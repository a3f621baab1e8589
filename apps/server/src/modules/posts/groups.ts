import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { AppError, badRequest } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { posts } from './tables.js';

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
  canWrite(ctx: RequestContext, groupId: string): Promise<boolean>;
  /** Who a must-read group post is meant for. */
  members(ctx: RequestContext, groupId: string): Promise<string[]>;
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

export async function canReadGroup(ctx: RequestContext, groupId: string): Promise<boolean> {
  const groupWall = ctx.services.groupWall;
  return groupWall ? groupWall.canRead(ctx, groupId) : false;
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
