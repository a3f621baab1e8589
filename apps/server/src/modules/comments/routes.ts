// Spec portal §3 "Comment", §7 "Posts and comments": comments and answers of posts (and, later, tasks and bp).
import {
  answerDto,
  commentDto,
  createCommentBody,
  deleteCommentQuery,
  feedPage,
  id,
  pageQuery,
  resultOf,
  updateCommentBody,
} from '@hallway/shared';
import { z } from 'zod';
import type { RequestContext } from '../../platform/http/context.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { announce, commentForReaders, commentsFeed, readableGroups } from '../posts/index.js';
import * as service from './service.js';

const idParams = z.object({ id });

const present = (ctx: RequestContext, change: service.CommentChange) => service.presentOne(ctx, change.row);

/** The thread's subject tells where its events go and which post's counter moved. */
function announceChange(
  platform: Platform,
  ctx: RequestContext,
  event: 'comment.created' | 'comment.updated',
  change: service.CommentChange,
  comment: z.infer<typeof answerDto>,
) {
  announce(platform, ctx, change.subject.room, event, {
    comment: commentForReaders(comment),
    subject: { type: change.subject.type, id: change.subject.id },
    post_id: change.subject.postId,
    ...(change.commentsCount !== null ? { commentsCount: change.commentsCount } : {}),
  });
}

export const commentsModule: ModuleRoutes = {
  name: 'comments',
  routes(app, platform) {
    // Access beyond a session is the subject's: a post needs the `wall` feature and a readable post.
    app.post(
      '/api/comment',
      {
        schema: {
          tags: ['comments'],
          summary: 'Comment on a post or another object',
          body: createCommentBody,
          response: { 200: resultOf(commentDto) },
        },
        config: {
          access: { signedIn: true },
          // A plain comment under a post is one statement in one round trip (service.ts `quickComment`).
          quickWrite: (req, ctx) => {
            const quick = service.quickComment(ctx, req.body as z.infer<typeof createCommentBody>);
            return (
              quick && {
                sql: quick.statement,
                answer: (_ctx, rows) => {
                  const done = quick.answer(rows);
                  if (!done) return undefined;
                  announceChange(platform, ctx, 'comment.created', done.change, done.comment);
                  return { result: { ...done.comment, answers: [] } };
                },
              }
            );
          },
        },
      },
      async (req) => {
        const change = await service.createComment(req.ctx, req.body);
        const comment = await present(req.ctx, change);
        announceChange(platform, req.ctx, 'comment.created', change, comment);
        return { result: { ...comment, answers: [] } };
      },
    );

    app.put(
      '/api/comment/:id',
      {
        schema: {
          tags: ['comments'],
          summary: 'Edit a comment',
          params: idParams,
          body: updateCommentBody,
          response: { 200: resultOf(answerDto) },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => {
        const change = await service.updateComment(req.ctx, req.params.id, req.body);
        const comment = await present(req.ctx, change);
        announceChange(platform, req.ctx, 'comment.updated', change, comment);
        return { result: comment };
      },
    );

    app.delete(
      '/api/comment/:id',
      {
        schema: {
          tags: ['comments'],
          summary: 'Delete a comment',
          params: idParams,
          querystring: deleteCommentQuery,
          response: { 200: resultOf(z.object({ _id: z.string(), commentsCount: z.number().int().nullable() })) },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => {
        const change = await service.deleteComment(req.ctx, req.params.id, req.query.parent_type);
        const { row, subject } = change;
        announce(platform, req.ctx, subject.room, 'comment.deleted', {
          _id: row.id,
          parent: { type: row.parentType, id: row.parentId },
          subject: { type: subject.type, id: subject.id },
          post_id: subject.postId,
          ...(change.commentsCount !== null ? { commentsCount: change.commentsCount } : {}),
        });
        return { result: { _id: row.id, commentsCount: change.commentsCount } };
      },
    );

    // The posts a person commented on: the comments module knows the threads, the wall shows the posts.
    app.get(
      '/api/post/comments_feed/:id',
      {
        schema: {
          tags: ['posts'],
          summary: "A post's comments",
          params: idParams,
          querystring: pageQuery,
          response: { 200: feedPage },
        },
        config: { access: { feature: 'wall' }, params: { id: 'user' } },
      },
      async (req) =>
        commentsFeed(
          req.ctx,
          req.params.id,
          await readableGroups(req.ctx, req.ctx.me().id),
          req.query.page,
          (offset, limit) => service.commentedPosts(req.ctx, req.params.id, offset, limit),
        ),
    );
  },
};
