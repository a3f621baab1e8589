import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import { type DemoAnswer, seededWallPosts, setCommentCounts, WALL } from '../posts/index.js';
import { users } from '../users/tables.js';
import { commentReactions, comments } from './tables.js';

/**
 * The comments and answers of the demo wall (posts/demo.ts WALL), with their likes. Runs after the wall's demo:
 * the demo workspace's posts, oldest first, are WALL's entries from the most hours ago to the fewest.
 */
export async function seedComments(tx: Tx, clientId: string): Promise<void> {
  const people = await tx.select({ id: users.id, login: users.login }).from(users).where(eq(users.clientId, clientId));
  const id = (login: string) => people.find((p) => p.login === login)!.id;
  const seeded = await seededWallPosts(tx, clientId);
  const wall = [...WALL].sort((a, b) => b.hoursAgo - a.hoursAgo);
  if (seeded.length !== wall.length) return;

  for (const [i, demo] of wall.entries()) {
    const post = seeded[i];
    const later = (minutes: number) => new Date(post.created.getTime() + minutes * 60_000);
    const add = async (text: DemoAnswer, parent: { type: 'post' | 'comment'; id: string }) => {
      const commentId = newId();
      await tx.insert(comments).values({
        id: commentId,
        clientId,
        parentType: parent.type,
        parentId: parent.id,
        subjectType: 'post',
        subjectId: post.id,
        postId: post.id,
        authorId: id(text.by),
        text: text.text,
        created: later(text.minutesAfter),
        updated: later(text.minutesAfter),
      });
      const likes = (text.likes ?? []).map(id);
      if (likes.length) {
        const created = later(text.minutesAfter + 3);
        await tx
          .insert(commentReactions)
          .values(likes.map((userId) => ({ clientId, commentId, userId, reaction: 'like' as const, created })));
      }
      return commentId;
    };
    for (const comment of demo.comments ?? []) {
      const commentId = await add(comment, { type: 'post', id: post.id });
      for (const answer of comment.answers ?? []) await add(answer, { type: 'comment', id: commentId });
    }
  }
  await recountComments(tx, clientId);
}

/** The counters the server keeps in step with the rows, computed once from the seeded rows. */
async function recountComments(tx: Tx, clientId: string) {
  await tx.execute(sql`
    UPDATE comments c SET
      likes_count = (SELECT count(*) FROM comment_reactions r WHERE r.comment_id = c.id),
      reactions = coalesce((SELECT jsonb_object_agg(reaction, n) FROM (
        SELECT reaction, count(*) AS n FROM comment_reactions r WHERE r.comment_id = c.id GROUP BY reaction) t), '{}'::jsonb),
      answers_count = (SELECT count(*) FROM comments a WHERE a.parent_type = 'comment' AND a.parent_id = c.id)
    WHERE c.client_id = ${clientId}`);
  const counts = await tx
    .select({ postId: comments.postId, n: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.clientId, clientId), isNotNull(comments.postId)))
    .groupBy(comments.postId);
  await setCommentCounts(tx, new Map(counts.map((c) => [c.postId!, c.n])));
}
