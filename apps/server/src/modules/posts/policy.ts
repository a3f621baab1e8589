import type { FeedPage, PostDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import { groupMembers, groupReaders } from './groups.js';
import type { PostRow } from './tables.js';

/**
 * What one person may do on the wall before there is a post to ask about (the composer, a post announced to
 * everyone): administrators write system posts (the workspace speaking), mark posts must-read, pin company posts
 * and edit or delete anyone's post (`moderate`).
 */
export function wallPolicy(ctx: RequestContext): NonNullable<FeedPage['can']> {
  return { systemPost: ctx.isAdmin, mustRead: ctx.isAdmin, pin: ctx.isAdmin, moderate: ctx.isAdmin };
}

/**
 * What one person may do with a post (the Outline pattern: one answer per object kind). The service checks it
 * before a change and the presenter sends it as `can`, so the web's buttons and the server's refusals agree.
 * Its author and the administrators edit and delete it and follow who has read it (the read report, reminders);
 * administrators mark it must-read and pin company posts.
 */
export function postPolicy(
  ctx: RequestContext,
  row: Pick<PostRow, 'authorId' | 'parentType'>,
): PostDto['can'] & { readReport: boolean } {
  const mine = !!ctx.user && ctx.user.id === row.authorId;
  const wall = wallPolicy(ctx);
  return {
    edit: mine || wall.moderate,
    delete: mine || wall.moderate,
    mustRead: wall.mustRead,
    pin: wall.pin && isCompanyPost(row),
    readReport: mine || wall.moderate,
  };
}

/** Posts of the company feed: the only ones that can be pinned. */
export const isCompanyPost = (row: Pick<PostRow, 'parentType'>) =>
  row.parentType === 'company' || row.parentType === 'system';

/**
 * Of `userIds`, those who may read the post: everyone for posts outside groups, the group's readers for a group's
 * post. A notification that carries a post's text (a mention, a thank-you) goes to these only: someone mentioned in
 * a group they cannot read is not told, since the post is 404 to them and the notice would carry its text.
 */
export async function postReaders(
  ctx: RequestContext,
  row: Pick<PostRow, 'parentType' | 'parentId'>,
  userIds: string[],
): Promise<string[]> {
  return row.parentType === 'group' ? groupReaders(ctx, row.parentId, userIds) : userIds;
}

/** Who a must-read post is meant for: a group's members for a group's post, else everyone of the workspace. */
export async function mustReadAudience(
  ctx: RequestContext,
  row: Pick<PostRow, 'parentType' | 'parentId'>,
): Promise<string[] | 'everyone'> {
  return row.parentType === 'group' ? groupMembers(ctx, row.parentId) : 'everyone';
}
