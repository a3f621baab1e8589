import type { CommentDto, LikeResult, PostDto, PostsViewedEvent } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { announce } from '../../platform/realtime/announce.js';

/**
 * Realtime events of the wall (docs/api.md "Realtime"), sent only once the request's transaction has committed.
 * Posts outside groups go to the whole workspace; a group's posts to its room `group:{id}`.
 */

/** A post as every reader sees it: the caller's own state and abilities are theirs alone. */
export function forReaders(post: PostDto): PostDto {
  return {
    ...post,
    myReaction: null,
    viewed: false,
    acknowledged: false,
    can: { edit: false, delete: false, mustRead: false, pin: false, readReport: false },
  };
}

export function commentForReaders<T extends Omit<CommentDto, 'answers'>>(comment: T): T {
  return { ...comment, myReaction: null, can: { edit: false, delete: false } };
}

const roomOfDto = (post: Pick<PostDto, 'parent'>) => (post.parent.type === 'group' ? `group:${post.parent.id}` : null);

export { announce };

export const announcePost = (
  platform: Platform,
  ctx: RequestContext,
  event: 'post.created' | 'post.updated',
  post: PostDto,
) => announce(platform, ctx, roomOfDto(post), event, forReaders(post));

export const announcePostDeleted = (platform: Platform, ctx: RequestContext, post: Pick<PostDto, '_id' | 'parent'>) =>
  announce(platform, ctx, roomOfDto(post), 'post.deleted', { _id: post._id, parent: post.parent });

export function announceLike(platform: Platform, ctx: RequestContext, room: string | null, like: LikeResult) {
  const { myReaction: _own, ...counts } = like;
  announce(platform, ctx, room, 'post.liked', counts);
}

/**
 * Posts the caller has just viewed, to their own room `user:{id}` only (nobody else's markers change): their other
 * tabs drop the "New" markers at once. Sent for a counted view and after "Mark all as read" (`all`).
 */
export function announceViewed(platform: Platform, ctx: RequestContext, event: PostsViewedEvent) {
  if (event.postIds.length) announce(platform, ctx, `user:${ctx.me().id}`, 'post.viewed', event);
}
