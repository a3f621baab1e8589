import type { LikeResult, Reaction } from '@hallway/shared';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { canReadGroup } from './groups.js';
import { movedCounts, reactionCounts, toggleReaction } from './reactions.js';
import { type PostRow, postReactions, posts, type ReactionCountsRow } from './tables.js';

/**
 * `POST api/post/like` with `like_type: post`. The post row is locked first, so two toggles of one person (a
 * double click) or many people liking one post serialize on it, and its counters never drift.
 */
export async function reactToPost(
  ctx: RequestContext,
  id: string,
  reaction: Reaction,
): Promise<{ result: LikeResult; post: Pick<PostRow, 'id' | 'parentType' | 'parentId'> }> {
  const me = ctx.me();
  const [post] = await rowsOf<{
    id: string;
    client_id: string;
    author_id: string;
    parent_type: PostRow['parentType'];
    parent_id: string;
  }>(
    ctx.db,
    sql`SELECT id, client_id, author_id, parent_type, parent_id FROM posts
        WHERE id = ${id} AND client_id = ${ctx.tenant()} FOR UPDATE`,
  );
  if (!post || (post.parent_type === 'group' && !(await canReadGroup(ctx, post.parent_id)))) {
    throw notFound('post_not_found');
  }
  // A statement of its own, after the lock: under READ COMMITTED it sees what the toggle we waited for committed.
  const mine = and(eq(postReactions.postId, post.id), eq(postReactions.userId, me.id));
  const [current] = await ctx.db.select({ reaction: postReactions.reaction }).from(postReactions).where(mine);
  const { next, changes, total } = toggleReaction(current?.reaction ?? null, reaction);
  if (!next) await ctx.db.delete(postReactions).where(mine);
  else if (current) await ctx.db.update(postReactions).set({ reaction: next, created: sql`now()` }).where(mine);
  else
    await ctx.db.insert(postReactions).values({ clientId: post.client_id, postId: post.id, userId: me.id, reaction });
  if (next && !current)
    await notify(ctx, {
      code: 'posts.reaction',
      recipients: [post.author_id],
      link: `/post/${post.id}`,
      groupKey: `reaction:${post.id}`,
    });
  const [counts] = await ctx.db
    .update(posts)
    .set({
      likesCount: sql`greatest(${posts.likesCount} + ${total}, 0)`,
      reactions: movedCounts(posts.reactions, changes),
    })
    .where(eq(posts.id, post.id))
    .returning({ likesCount: posts.likesCount, reactions: posts.reactions });
  return {
    result: {
      like_type: 'post',
      id: post.id,
      post_id: post.id,
      likes: counts.likesCount,
      reactions: reactionCounts(counts.reactions as ReactionCountsRow),
      myReaction: next,
    },
    post: { id: post.id, parentType: post.parent_type, parentId: post.parent_id },
  };
}
