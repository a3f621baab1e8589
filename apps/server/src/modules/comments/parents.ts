import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { readablePost, roomOf } from '../posts/index.js';
import type { CommentSubjectType } from './tables.js';

/** The object a comment thread belongs to, once the caller's right to read it is checked. */
export interface CommentSubject {
  type: CommentSubjectType;
  id: string;
  /** Set for threads under a post: the post's comment counter moves with them. */
  postId: string | null;
  /** Whom a new comment of the thread tells (the post's author); null for none. */
  authorId: string | null;
  /** Where the thread's realtime events go: the whole workspace (null) or one room. */
  room: string | null;
}

/**
 * Loads a subject the caller may comment on, or throws (404 for one that is missing, of another workspace or not
 * readable). Later modules (tasks, business processes) register theirs with `registerCommentSubject`.
 */
export type CommentSubjectResolver = (ctx: RequestContext, id: string) => Promise<CommentSubject>;

const resolvers = new Map<CommentSubjectType, CommentSubjectResolver>();

export function registerCommentSubject(type: Exclude<CommentSubjectType, 'post'>, resolver: CommentSubjectResolver) {
  resolvers.set(type, resolver);
}

async function postSubject(ctx: RequestContext, id: string): Promise<CommentSubject> {
  if (!ctx.hasFeature('wall')) throw new AppError(403, 'feature_disabled');
  const post = await readablePost(ctx, id);
  return { type: 'post', id: post.id, postId: post.id, authorId: post.authorId, room: roomOf(post) };
}

/** The subject of a thread by type; a type no module serves is refused with 400 `comment_parent_unknown`. */
export function resolveSubject(ctx: RequestContext, type: CommentSubjectType, id: string): Promise<CommentSubject> {
  if (type === 'post') return postSubject(ctx, id);
  const resolver = resolvers.get(type);
  if (!resolver) {
    throw new AppError(400, 'comment_parent_unknown', {}, { fields: { 'parent.type': 'comment_parent_unknown' } });
  }
  return resolver(ctx, id);
}
