import type { LikeResult, Reaction } from '@hallway/shared';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { CALLER } from '../../platform/db/security.js';
import { inlineTrip, type TripStatement } from '../../platform/db/tenant.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify, notifyInStatement } from '../../platform/notify/notify.js';
import { canReadGroup } from './groups.js';
import { movedCounts, reactionCounts, toggleReaction } from './reactions.js';
import { type PostRow, postReactions, posts, type ReactionCountsRow } from './tables.js';

const { tenant: TENANT, me: ME } = CALLER;

/** A toggled reaction and the post it is on. */
interface Liked {
  result: LikeResult;
  post: Pick<PostRow, 'id' | 'parentType' | 'parentId'>;
}

interface ToggleRow {
  id: string;
  parent_type: PostRow['parentType'];
  parent_id: string;
  added: number;
  gone: number;
  was: Reaction | null;
  likes_count: number | null;
  reactions: ReactionCountsRow | null;
  notified: string | null;
}

/**
 * `reactToPost` as one statement, for the guard's `quickWrite`: the toggle, the post's counters and the author's
 * notification in one round trip. Each change re-checks the reaction row it touches as it stands when it runs
 * (PostgreSQL re-reads a row another transaction changed meanwhile), so of the three (taken back, switched, added)
 * at most one happens and the counters move by what did; when none did (a double click's other toggle committed
 * after this statement's snapshot) or the post is a group's (its reading rule is the groups module's), the
 * statement changed nothing and the answer is undefined: the route then runs `reactToPost`, which locks the post.
 */
export function toggleStatement(ctx: RequestContext, id: string, reaction: Reaction) {
  const inc = (key: string, by: string) => `greatest(coalesce((reactions ->> ${key})::int, 0) + ${by}, 0)`;
  const notice = notifyInStatement(
    ctx,
    { code: 'posts.reaction', link: `/post/${id}`, groupKey: `reaction:${id}` },
    { sql: 'open.author_id', from: 'FROM open, added' },
    3,
  );
  const notified = notice ? `,\n      notified AS (${notice.sql})` : '';
  // The post's row is locked first, as `reactToPost` locks it: every other lock the statement takes comes after,
  // since each change reads `open`, so a toggle here and one there never wait for each other crosswise.
  const text = `WITH p AS (SELECT id, client_id, author_id, parent_type, parent_id FROM posts
                WHERE id = $1 AND client_id = ${TENANT} FOR UPDATE),
      open AS (SELECT * FROM p WHERE parent_type <> 'group'),
      gone AS (DELETE FROM post_reactions r USING open
               WHERE r.post_id = open.id AND r.user_id = ${ME} AND r.reaction = $2 RETURNING r.reaction),
      was AS (SELECT r.reaction FROM post_reactions r, open
              WHERE r.post_id = open.id AND r.user_id = ${ME} AND r.reaction <> $2 FOR UPDATE OF r),
      switched AS (UPDATE post_reactions r SET reaction = $2, created = now() FROM open, was
                   WHERE r.post_id = open.id AND r.user_id = ${ME} RETURNING was.reaction AS was),
      added AS (INSERT INTO post_reactions (client_id, post_id, user_id, reaction)
                SELECT open.client_id, open.id, ${ME}, $2 FROM open
                WHERE NOT EXISTS (SELECT 1 FROM post_reactions r WHERE r.post_id = open.id AND r.user_id = ${ME})
                ON CONFLICT DO NOTHING RETURNING reaction),
      moved AS (SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM gone)::int AS gone,
                       (SELECT was FROM switched) AS was),
      counts AS (UPDATE posts SET likes_count = greatest(likes_count + moved.added - moved.gone, 0),
                   reactions = reactions
                     || jsonb_build_object($2, ${inc('$2', '(CASE WHEN moved.gone > 0 THEN -1 ELSE 1 END)')})
                     || CASE WHEN moved.was IS NULL THEN '{}'::jsonb
                        ELSE jsonb_build_object(moved.was, ${inc('moved.was', '-1')}) END
                 FROM moved
                 WHERE posts.id = $1 AND (moved.added + moved.gone > 0 OR moved.was IS NOT NULL)
                 RETURNING likes_count, reactions)${notified}
    SELECT p.id, p.parent_type, p.parent_id, moved.*, counts.likes_count, counts.reactions,
           ${notice ? '(SELECT id FROM notified)' : 'NULL'} AS notified
    FROM p, moved LEFT JOIN counts ON true`;
  const statement: TripStatement = {
    name: notice ? 'post_like_noticed' : 'post_like',
    types: ['uuid', 'text', ...(notice?.types ?? [])],
    text,
    values: [id, reaction, ...(notice?.values ?? [])],
  };
  return {
    statement,
    answer: (rows: Record<string, unknown>[]): Liked | undefined => {
      const [row] = rows as unknown as ToggleRow[];
      if (!row) throw notFound('post_not_found');
      if (row.likes_count === null || row.reactions === null) return undefined;
      if (row.notified) notice?.stored();
      const result: LikeResult = {
        like_type: 'post',
        id: row.id,
        post_id: row.id,
        likes: row.likes_count,
        reactions: reactionCounts(row.reactions),
        myReaction: row.gone > 0 ? null : reaction,
      };
      return { result, post: { id: row.id, parentType: row.parent_type, parentId: row.parent_id } };
    },
  };
}

/**
 * `POST api/post/like` with `like_type: post`, in the request's transaction. `toggleStatement` first: here too it is
 * one round trip instead of five, and a toggle that lost a race to the same person's other toggle (why the guard's
 * one-trip attempt changed nothing) sees it committed, since a new statement reads a new snapshot. When it still
 * changes nothing, or the post is a group's, the post row is locked first, so two toggles of one person (a double
 * click) or many people liking one post serialize on it, and its counters never drift.
 */
export async function reactToPost(ctx: RequestContext, id: string, reaction: Reaction): Promise<Liked> {
  const toggle = toggleStatement(ctx, id, reaction);
  const toggled = toggle.answer(await rowsOf(ctx.db, sql.raw(inlineTrip(toggle.statement))));
  if (toggled) return toggled;
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
