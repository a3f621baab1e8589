import type { PostDto, Reaction, UpdateCommentBody, UpdatePostBody } from '@hallway/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { AnswerDto } from './api';
import { type CommentRef, runMutation, wallMutations } from './queries';

export type { CommentRef } from './queries';

/** Writes whose failure is already shown as a toast by their `onError`: the caller has nothing left to do. */
const shown = () => undefined;

/**
 * The wall's writes as one stable object for the wall context (queries.ts holds what each does to the caches).
 * Likes, must-read and acknowledgements report their own failures; the rest throw for the form that called.
 */
export function createWallActions(client: QueryClient) {
  return {
    reactToPost: (post: PostDto, reaction: Reaction) =>
      runMutation(client, wallMutations.reactToPost(client), { post, reaction }).then(() => undefined, shown),

    reactToComment: (ref: CommentRef, comment: AnswerDto, reaction: Reaction) =>
      runMutation(client, wallMutations.reactToComment(client), { ref, comment, reaction }).then(
        () => undefined,
        shown,
      ),

    updatePost: (id: string, body: UpdatePostBody) =>
      runMutation(client, wallMutations.updatePost(client), { id, body }),

    deletePost: (id: string) => runMutation(client, wallMutations.deletePost(client), id).then(() => undefined),

    setMustRead: (id: string, mustRead: boolean) =>
      runMutation(client, wallMutations.setMustRead(client), { id, mustRead }).then(() => undefined, shown),

    setPinned: (id: string, pinned: boolean) =>
      runMutation(client, wallMutations.setPinned(client), { id, pinned }).then(() => undefined, shown),

    acknowledge: (id: string) =>
      runMutation(client, wallMutations.acknowledge(client), id).then(() => undefined, shown),

    /** A comment under a post, or an answer under a comment (`parentCommentId`). */
    comment: (postId: string, text: string, mentions: string[], parentCommentId?: string) =>
      runMutation(client, wallMutations.comment(client), { postId, text, mentions, parentCommentId }),

    updateComment: (ref: CommentRef, body: UpdateCommentBody) =>
      runMutation(client, wallMutations.updateComment(client), { ref, body }),

    deleteComment: (ref: CommentRef) =>
      runMutation(client, wallMutations.deleteComment(client), ref).then(() => undefined),
  };
}

export type WallActions = ReturnType<typeof createWallActions>;
