import { PassThrough } from 'node:stream';
import { ALL_VIEW_MAX, MUST_READ_REMINDER_INTERVAL_MS, PEOPLE_PAGE_SIZE, type ViewFeed } from '@hallway/shared';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest } from '../../platform/errors/app-error.js';
import { exportCell, loadExcel } from '../../platform/files/sheet-cells.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { markAnsweredRead } from '../notifications/index.js';
import { activePeopleIds, personCards, unknownPerson } from '../users/index.js';
import { userFeedFilter } from './feeds.js';
import { groupMembers } from './groups.js';
import { postPolicy } from './policy.js';
import { companyFeed } from './queries.js';
import { readablePost } from './service.js';
import { type PostRow, postAcks, posts, postViews } from './tables.js';

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

/**
 * `GET api/post/unseen?where=`: how many posts by others among the feed's newest ALL_VIEW_MAX (what "Mark all as
 * read" marks) the person has not viewed yet. The feed's index gives the newest ids; each is checked through the
 * views' primary key; the feed page's own query is left as it was.
 */
export async function unseenCount(ctx: RequestContext, feed: ViewFeed, groups: string[]) {
  const me = ctx.me();
  const clientId = ctx.tenant();
  const where = feed === 'company' ? companyFeed(clientId) : (await userFeedFilter(ctx, me.id, groups)).where;
  const newest = ctx.db
    .select({ id: posts.id, authorId: posts.authorId })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.created), desc(posts.id))
    .limit(ALL_VIEW_MAX);
  const [row] = await rowsOf<{ count: number }>(
    ctx.db,
    sql`WITH feed AS (${newest})
      SELECT count(*)::int AS count FROM feed
      WHERE feed.author_id <> ${me.id}
        AND NOT EXISTS (SELECT 1 FROM post_views v WHERE v.post_id = feed.id AND v.user_id = ${me.id})`,
  );
  return { where: feed, count: Number(row?.count ?? 0) };
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

const MUST_READ_CODES = ['posts.must_read', 'posts.must_read_reminder'] as const;

/** `PUT api/post/{id}/ack`: the reader confirms a must-read post; once. Its notifications to the reader are read. */
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
  // The must-read's notifications asked for this confirmation: they are read now (null: none was unread).
  const unread = await markAnsweredRead(ctx, MUST_READ_CODES, `/post/${post.id}`);
  return { result: { post_id: post.id, acknowledged: true, time: ack.created.toISOString() }, unread };
}

/**
 * Of the people a must-read post is meant for (the workspace's active people; a group's members), who acknowledged
 * it (newest first, with the time) and who did not yet.
 */
async function readingOf(ctx: RequestContext, post: PostRow) {
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
  return { audience, acknowledged, pending };
}

/** A must-read post's reading may be followed by its author and the administrators (403 otherwise). */
async function followedPost(ctx: RequestContext, id: string, lock = false) {
  const post = await readablePost(ctx, id, lock);
  authorize(postPolicy(ctx, post).readReport);
  return post;
}

/**
 * `GET api/post/{id}/read_report` (its author, administrators): of the people the post is meant for (the workspace's
 * active people; a group's members), who acknowledged it and when, and who did not yet, with counts.
 */
export async function readReport(ctx: RequestContext, id: string, status: 'acknowledged' | 'pending', page: number) {
  const post = await followedPost(ctx, id);
  const { audience, acknowledged, pending } = await readingOf(ctx, post);
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

/**
 * `POST api/post/{id}/remind` (its author, administrators): everyone of the audience who has not acknowledged the
 * must-read post yet is notified again (`posts.must_read_reminder`). Once an hour per post at most: 429
 * `must_read_reminded` otherwise. With nobody left to remind nothing is sent and the hour is not taken.
 */
export async function remindPending(ctx: RequestContext, id: string) {
  const post = await followedPost(ctx, id, true);
  const { pending } = await readingOf(ctx, post);
  const recipients = pending.filter((userId) => userId !== ctx.me().id);
  if (!recipients.length) return { post_id: post.id, reminded: 0 };
  const since = sql`now() - make_interval(secs => ${MUST_READ_REMINDER_INTERVAL_MS / 1000})`;
  const [claimed] = await ctx.db
    .update(posts)
    .set({ remindedAt: sql`now()` })
    .where(and(eq(posts.id, post.id), or(isNull(posts.remindedAt), lt(posts.remindedAt, since))))
    .returning({ id: posts.id });
  if (!claimed) throw new AppError(429, 'must_read_reminded');
  await notify(ctx, {
    code: 'posts.must_read_reminder',
    recipients,
    vars: { text: post.text },
    link: `/post/${post.id}`,
  });
  return { post_id: post.id, reminded: recipients.length };
}

/**
 * `GET api/post/{id}/read_report/export` (its author, administrators): the read report as an xlsx workbook, streamed
 * row by row — everyone of the audience with their status and the time of their confirmation; those who have read it
 * first (newest confirmation first), then those who have not, by name.
 */
export async function exportReadReport(ctx: RequestContext, id: string) {
  const post = await followedPost(ctx, id);
  const { acknowledged, pending } = await readingOf(ctx, post);
  const cards = await personCards(ctx.db, [...acknowledged.map((a) => a.userId), ...pending]);
  const card = (userId: string) => cards.get(userId) ?? unknownPerson(userId);
  const waiting = pending.map(card).sort((a, b) => a.name.localeCompare(b.name));

  const stream = new PassThrough();
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'Hallway';
  const sheet = workbook.addWorksheet('Read report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Name', key: 'name', width: 28 },
    { header: 'Position', key: 'position', width: 24 },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Confirmed at', key: 'time', width: 22 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for (const a of acknowledged) {
        const person = card(a.userId);
        sheet
          .addRow({
            name: exportCell(person.name),
            position: exportCell(person.position),
            status: 'read',
            time: a.created,
          })
          .commit();
      }
      for (const person of waiting) {
        sheet
          .addRow({
            name: exportCell(person.name),
            position: exportCell(person.position),
            status: 'not read',
            time: null,
          })
          .commit();
      }
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return { name: `read-report-${post.id}.xlsx`, stream };
}
