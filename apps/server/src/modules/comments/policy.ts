import type { CommentDto } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { CommentRow } from './tables.js';

/**
 * What one person may do with a comment, for the service's checks and the presenter's `can` alike: its author
 * and the administrators edit and delete it. `null`: a reader nobody in particular (realtime copies).
 */
export function commentPolicy(ctx: RequestContext | null, row: Pick<CommentRow, 'authorId'>): CommentDto['can'] {
  const allowed = !!ctx?.isAdmin || (!!ctx?.user && ctx.user.id === row.authorId);
  return { edit: allowed, delete: allowed };
}
