import { ALL_VIEW_MAX, PEOPLE_PAGE_SIZE, type ViewFeed } from '@hallway/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { activePeopleIds, personCards, unknownPerson } from '../users/index.js';
import { userFeedFilter } from './feeds.js';
import { groupMembers } from './groups.js';
import { companyFeed } from './queries.js';
import { readablePost } from './service.js';
import { postAcks, posts, postViews } from './tables.js';

const pagesOf = (total: number, size: number) => Math.ceil(total / size);

/** `PUT api/post/{id}/view`: a person's view counts once; later calls answer the first view. */
export async function addView(ctx: RequestContext, id: string, userId: string, where: string) {
  const me = ctx.me();
  if (userId !== me.id) throw new AppError(403, 'view_not_own');
  const post = await readablePost(ctx, id);
  const [added] = await ctx.db
    .insert(postViews)
    .values({ clientId: post.clientId, postId: post.id, userId: me.id, where })
    .onConflictDoNothing()
    .returning();
  if (added) {
    await ctx.db
      .update(posts)
      .set({ viewsCount: sql`${posts.viewsCount} + 1` })
      .where(eq(posts.id, post.id));
  }
  const view =
    added ??
    (
      await ctx.db
        .select()
        .from(postViews)
        .where(and(eq(postViews.postId, post.id), eq(postViews.userId, me.id)))
    )[0];
  return {
    view: { user_id: me.id, time: view.created.toISOString(), where: view.where },
    post_id: post.id,
    where,
    counted: !!added,
  };
}

/**
 * `PUT api/post/all/view`: every post among the feed's newest ALL_VIEW_MAX that the person has not viewed becomes
 * viewed, with its counter, in one statement. Answers the ids that were marked.
 */
export async function viewAll(ctx: RequestContext, userId: string, feed: ViewFeed, groups: string[]) {
  const me = ctx.me();
  if (userId !== me.id) throw new AppError(403, 'view_not_own');
  const clientId = ctx.tenant();
  const where = feed === 'company' ? companyFeed(clientId) : (await userFeedFilter(ctx, me.id, groups)).where;
  const newest = ctx.db
    .select({ id: posts.id })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.created), desc(posts.id))
    .limit(ALL_VIEW_MAX);
  const marked = await rowsOf<{ post_id: string }>(
    ctx.db,
    sql`WITH feed AS (${newest}),
      added AS (
        INSERT INTO post_views (client_id, post_id, user_id, "where")
        SELECT ${clientId}, feed.id, ${me.id}, ${feed} FROM feed
        ON CONFLICT DO NOTHING
        RETURNING post_id
      ),
      counted AS (UPDATE posts SET views_count = views_count + 1 WHERE id IN (SELECT post_id FROM added))
      SELECT post_id FROM added`,
  );
  return { notifSec: feed, postIds: marked.map((r) => r.post_id), userId: me.id };
}

/** `GET api/post/{id}/views`: who viewed the post and when, newest first. */
export async function listViews(ctx: RequestContext, id: string, page: number) {
  const post = await readablePost(ctx, id);
  const rows = await ctx.db
    .select()
    .from(postViews)
    .where(eq(postViews.postId, post.id))
    .orderBy(desc(postViews.created), desc(postViews.userId))
    .limit(PEOPLE_PAGE_SIZE)
    .offset(page * PEOPLE_PAGE_SIZE);
  const cards = await personCards(
    ctx.db,
    rows.map((r) => r.userId),
  );
  return {
    result: rows.map((r) => ({
      user: cards.get(r.userId) ?? unknownPerson(r.userId),
      time: r.created.toISOString(),
      where: r.where,
    })),
    page,
    pages: pagesOf(post.viewsCount, PEOPLE_PAGE_SIZE),
    total: post.viewsCount,
  };
}

/** `PUT api/post/{id}/ack`: the reader confirms a must-read post; once. */
export async function acknowledge(ctx: RequestContext, id: string) {
  const me = ctx.me();
  const post = await readablePost(ctx, id);
  if (!post.mustRead) throw badRequest('not_must_read');
  const [added] = await ctx.db
    .insert(postAcks)
    .values({ clientId: post.clientId, postId: post.id, userId: me.id })
    .onConflictDoNothing()
    .returning();
  if (added) {
    await ctx.db
      .update(posts)
      .set({ acksCount: sql`${posts.acksCount} + 1` })
      .where(eq(posts.id, post.id));
  }
  const ack =
    added ??
    (
      await ctx.db
        .select()
        .from(postAcks)
        .where(and(eq(postAcks.postId, post.id), eq(postAcks.userId, me.id)))
    )[0];
  return { post_id: post.id, acknowledged: true, time: ack.created.toISOString() };
}

/**
 * `GET api/post/{id}/read_report` (administrators): of the people the post is meant for (the workspace's active
 * people; a group's members), who acknowledged it and when, and who did not yet, with counts.
 */
export async function readReport(ctx: RequestContext, id: string, status: 'acknowledged' | 'pending', page: number) {
  if (!ctx.isAdmin) throw forbidden();
  const post = await readablePost(ctx, id);
  if (!post.mustRead) throw badRequest('not_must_read');
  const audience =
    post.parentType === 'group' ? await groupMembers(ctx, post.parentId) : await activePeopleIds(ctx.db, post.clientId);
  const acks = await ctx.db
    .select({ userId: postAcks.userId, created: postAcks.created })
    .from(postAcks)
    .where(eq(postAcks.postId, post.id))
    .orderBy(desc(postAcks.created));
  const inAudience = new Set(audience);
  const acknowledged = acks.filter((a) => inAudience.has(a.userId));
  const done = new Set(acknowledged.map((a) => a.userId));
  const pending = audience.filter((userId) => !done.has(userId));
  const list =
    status === 'acknowledged'
      ? acknowledged.map((a) => ({ userId: a.userId, time: a.created.toISOString() }))
      : pending.map((userId) => ({ userId, time: null }));
  const slice = list.slice(page * PEOPLE_PAGE_SIZE, (page + 1) * PEOPLE_PAGE_SIZE);
  const cards = await personCards(
    ctx.db,
    slice.map((e) => e.userId),
  );
  return {
    counts: { audience: audience.length, acknowledged: acknowledged.length, pending: pending.length },
    status,
    result: slice.map((e) => ({ user: cards.get(e.userId) ?? unknownPerson(e.userId), time: e.time })),
    page,
    pages: pagesOf(list.length, PEOPLE_PAGE_SIZE),
    total: list.length,
  };
}
