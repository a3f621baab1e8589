// Comments on a request (parent `bp`, portal §9 comment parent types): the comments module reads and writes the
// thread; this module says who may (those who read the request) and tells the request's people of a comment.
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import type { CommentSubject } from '../comments/index.js';
import { bpRoom } from './realtime.js';
import { findRequest } from './requests.js';
import { serviceRequestSteps } from './tables.js';

/** The request `id` as a comment thread's subject (provided to the comments module as `bpCommentSubject`). */
export async function bpCommentSubject(ctx: RequestContext, id: string): Promise<CommentSubject> {
  if (!ctx.hasFeature('services')) throw new AppError(403, 'feature_disabled');
  const { row } = await findRequest(ctx, id);
  return {
    type: 'bp',
    id: row.id,
    postId: null,
    authorId: row.requesterId,
    room: bpRoom(row.id),
    async commented(c, comment) {
      // The requester and everyone whose step the request has reached (the writer is never told of their own).
      const steps = await c.db
        .select({ performers: serviceRequestSteps.performers })
        .from(serviceRequestSteps)
        .where(
          and(
            eq(serviceRequestSteps.requestId, row.id),
            inArray(serviceRequestSteps.status, ['active', 'done', 'declined']),
          ),
        );
      await notify(c, {
        code: 'services.comment',
        recipients: [row.requesterId, ...steps.flatMap((s) => s.performers)],
        vars: { name: row.name, text: comment.text },
        link: `/service/${row.id}`,
      });
    },
  };
}
