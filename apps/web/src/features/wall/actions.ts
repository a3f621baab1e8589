import type { LikeType, PostDto, Reaction, UpdateCommentBody, UpdatePostBody } from '@hallway/shared';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { errorText } from '../../i18n/errors';
import type { AnswerDto, SinglePost } from './api';
import * as wallApi from './api';
import { patchPostEverywhere, patchThread, removePostEverywhere, wallKeys } from './cache';
import { addToThread, applyLike, patchInThread, removeFromThread, toggleReaction } from './feedState';

export const showError = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });

/** Who owns a comment or answer: the post it sits under, whose thread holds it. */
export interface CommentRef {
  id: string;
  postId: string;
  likeType: Extract<LikeType, 'comment' | 'answer'>;
}

/**
 * The wall's writes. Each changes the caches right away (likes before the answer, undone on failure) so that only
 * the post concerned re-renders.
 */
export function createWallActions(client: QueryClient) {
  const currentPost = (id: string): PostDto | undefined => {
    const single = client.getQueryData<SinglePost | null>(wallKeys.post(id));
    if (single) return single;
    for (const [, state] of client.getQueriesData<{ items: PostDto[] }>({ queryKey: wallKeys.feeds })) {
      const found = state?.items.find((post) => post._id === id);
      if (found) return found;
    }
    return undefined;
  };

  return {
    async reactToPost(post: PostDto, reaction: Reaction) {
      const before = currentPost(post._id) ?? post;
      const optimistic = toggleReaction(before, reaction);
      patchPostEverywhere(client, post._id, (p) => ({
        ...p,
        likes: optimistic.likes,
        reactions: optimistic.reactions,
        myReaction: optimistic.myReaction,
      }));
      try {
        const result = await wallApi.react('post', post._id, reaction);
        patchPostEverywhere(client, post._id, (p) => applyLike(p, result));
      } catch (error) {
        patchPostEverywhere(client, post._id, (p) => applyLike(p, before));
        showError(error);
      }
    },

    async reactToComment(ref: CommentRef, comment: AnswerDto, reaction: Reaction) {
      const optimistic = toggleReaction(comment, reaction);
      patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => applyLike(c, optimistic)));
      try {
        const result = await wallApi.react(ref.likeType, ref.id, reaction);
        patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => applyLike(c, result)));
      } catch (error) {
        patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => applyLike(c, comment)));
        showError(error);
      }
    },

    async updatePost(id: string, body: UpdatePostBody) {
      const post = await wallApi.updatePost(id, body);
      patchPostEverywhere(client, id, () => post);
      return post;
    },

    async deletePost(id: string) {
      await wallApi.deletePost(id);
      removePostEverywhere(client, id);
    },

    async setMustRead(id: string, mustRead: boolean) {
      try {
        const post = await wallApi.setMustRead(id, mustRead);
        patchPostEverywhere(client, id, () => post);
        void client.invalidateQueries({ queryKey: wallKeys.readReport(id) });
      } catch (error) {
        showError(error);
      }
    },

    async acknowledge(id: string) {
      try {
        const result = await wallApi.acknowledge(id);
        patchPostEverywhere(client, id, (p) =>
          p.acknowledged ? p : { ...p, acknowledged: result.acknowledged, acknowledgedCount: p.acknowledgedCount + 1 },
        );
        void client.invalidateQueries({ queryKey: wallKeys.readReport(id) });
      } catch (error) {
        showError(error);
      }
    },

    /** A comment under a post, or an answer under a comment (`parentCommentId`). */
    async comment(postId: string, text: string, mentions: string[], parentCommentId?: string) {
      const created = await wallApi.createComment({
        parent: parentCommentId
          ? { type: 'comment', id: parentCommentId, where: 'post' }
          : { type: 'post', id: postId, where: 'post' },
        text,
        mentions,
        attachments: [],
      });
      patchThread(client, postId, (thread) => addToThread(thread, created));
      return created;
    },

    async updateComment(ref: CommentRef, body: UpdateCommentBody) {
      const updated = await wallApi.updateComment(ref.id, body);
      patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => ({ ...c, ...updated })));
      return updated;
    },

    async deleteComment(ref: CommentRef) {
      const result = await wallApi.deleteComment(ref.id, ref.likeType === 'answer' ? 'comment' : 'post');
      patchThread(client, ref.postId, (thread) => removeFromThread(thread, ref.id), result.commentsCount);
    },
  };
}

export type WallActions = ReturnType<typeof createWallActions>;
