// Comments on a task (parent `task`, portal §9 comment parent types): the comments module reads and writes the
// thread; this module says who may (those who read the task's desk) and tells the card's people of a comment.
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import type { CommentSubject } from '../comments/index.js';
import { loadTask } from './cards.js';
import { loadDesk } from './desks.js';
import { deskRoom } from './realtime.js';

/** The task `id` as a comment thread's subject (provided to the comments module as `taskCommentSubject`). */
export async function taskCommentSubject(ctx: RequestContext, id: string): Promise<CommentSubject> {
  if (!ctx.hasFeature('task_tracker')) throw new AppError(403, 'feature_disabled');
  const { row } = await loadTask(ctx, id);
  return {
    type: 'task',
    id: row.id,
    postId: null,
    authorId: row.authorId,
    room: deskRoom(row.deskId),
    async commented(c, comment) {
      // The performer, co-performers, observers and author (the writer is never told of their own); people the
      // comment mentions are told so, once (the mention, not the comment, when they are both).
      const link = `/desk/${row.deskId}?task=${row.id}`;
      const mentioned = comment.mentions;
      await notify(c, {
        code: 'tasks.comment',
        recipients: [
          ...(row.performerId ? [row.performerId] : []),
          ...(row.authorId ? [row.authorId] : []),
          ...row.coPerformers,
          ...row.observers,
        ].filter((p) => !mentioned.includes(p)),
        vars: { name: row.name, text: comment.text },
        link,
      });
      const desk = await loadDesk(c, row.deskId);
      await notify(c, {
        code: 'tasks.mentioned',
        recipients: mentioned,
        vars: { name: row.name, desk: desk.row.name },
        link,
      });
    },
  };
}
