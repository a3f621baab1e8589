import type { CommentDto, LikeResult, LikeType, Reaction } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';

/**
 * What the wall needs of the comments module (a post answers with its thread; `/api/post/like` also likes
 * comments). The comments module provides it through the contract (`provides: { wallComments }`), so the wall
 * never imports the comments module, which imports the wall.
 */
export interface WallComments {
  threadOfSubject(ctx: RequestContext, subjectType: 'post', subjectId: string): Promise<CommentDto[]>;
  reactToComment(
    ctx: RequestContext,
    likeType: Exclude<LikeType, 'post'>,
    id: string,
    reaction: Reaction,
  ): Promise<{ result: LikeResult; subject: { room: string | null } }>;
}

declare module '../../platform/http/module.js' {
  interface ModuleServices {
    wallComments: WallComments;
  }
}

export function wallComments(ctx: RequestContext): WallComments {
  const provided = ctx.services.wallComments;
  if (!provided) throw new Error('The wall needs the comments module (modules/index.ts)');
  return provided;
}
