import type { PostDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { PostRow } from './tables.js';

/**
 * What one person may do with a post (the Outline pattern: one answer per object kind). The service checks it
 * before a change and the presenter sends it as `can`, so the web's buttons and the server's refusals agree.
 * Its author and the administrators edit and delete it; administrators mark it must-read and pin company posts.
 */
export function postPolicy(ctx: RequestContext, row: Pick<PostRow, 'authorId' | 'parentType'>): PostDto['can'] {
  const mine = !!ctx.user && ctx.user.id === row.authorId;
  return {
    edit: mine || ctx.isAdmin,
    delete: mine || ctx.isAdmin,
    mustRead: ctx.isAdmin,
    pin: ctx.isAdmin && isCompanyPost(row),
  };
}

/** Posts of the company feed: the only ones that can be pinned. */
export const isCompanyPost = (row: Pick<PostRow, 'parentType'>) =>
  row.parentType === 'company' || row.parentType === 'system';
