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
  /**
   * What the subject's module does once a comment is written in its thread, in the same transaction (the services
   * module tells a request's people). Threads under posts are told by this module itself.
   */
  commented?: (ctx: RequestContext, comment: { id: string; text: string; mentions: string[] }) => Promise<void>;
}

/**
 * Loads a subject the caller may comment on, or throws (404 for one that is missing, of another workspace or not
 * readable; 403 `feature_disabled` while its module's feature is off).
 */
export type CommentSubjectResolver = (ctx: RequestContext, id: string) => Promise<CommentSubject>;

/**
 * Threads of later modules' objects come through the contract (docs/modules.md "Talking to other modules"): the
 * module owning the kind provides its resolver (`provides: { bpCommentSubject }`, the services module), since it
 * depends on this one (it shows the threads) and this one cannot import it.
 */
declare module '../../platform/http/module.js' {
  interface ModuleServices {
    /** A business process (a service request): its requester, performers and the service's managers read it. */
    bpCommentSubject: CommentSubjectResolver;
    /** A task of the task tracker: those who read its desk (the tasks module). */
    taskCommentSubject: CommentSubjectResolver;
  }
}

async function postSubject(ctx: RequestContext, id: string): Promise<CommentSubject> {
  if (!ctx.hasFeature('wall')) throw new AppError(403, 'feature_disabled');
  const post = await readablePost(ctx, id);
  return { type: 'post', id: post.id, postId: post.id, authorId: post.authorId, room: roomOf(post) };
}

/** The subject of a thread by type; a type no installed module serves is refused with 400 `comment_parent_unknown`. */
export function resolveSubject(ctx: RequestContext, type: CommentSubjectType, id: string): Promise<CommentSubject> {
  if (type === 'post') return postSubject(ctx, id);
  const resolver = type === 'bp' ? ctx.services.bpCommentSubject : ctx.services.taskCommentSubject;
  if (!resolver) {
    throw new AppError(400, 'comment_parent_unknown', {}, { fields: { 'parent.type': 'comment_parent_unknown' } });
  }
  return resolver(ctx, id);
}
