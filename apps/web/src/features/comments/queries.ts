import { mutationOptions } from '@tanstack/react-query';
import * as commentsApi from './api';

/**
 * The thread's writes. The thread keeps its comments in its own state (the subject's page brings them, realtime
 * events change them), so nothing is cached here: each write answers what the thread applies.
 */
export const commentMutations = {
  create: () => mutationOptions({ mutationFn: (body: commentsApi.NewComment) => commentsApi.createComment(body) }),
  remove: () =>
    mutationOptions({
      mutationFn: ({ id, parentType }: { id: string; parentType: string }) => commentsApi.deleteComment(id, parentType),
    }),
};
