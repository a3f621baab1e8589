// Scheduled posts: written now, published later by a job (docs/api.md "Wall", "Scheduled posts").
import { type CreatePostBody, POST_SCHEDULE_MAX_DAYS, type PostDto, type UpdateScheduledBody } from '@hallway/shared';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../platform/db/client.js';
import { inSystem, inTenant } from '../../platform/db/tenant.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { createContext, type RequestContext } from '../../platform/http/context.js';
import type { ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { personCards, principalQuery, unknownPerson } from '../users/index.js';
import { announcePost } from './events.js';
import { presentNewPost, presentPost } from './presenter.js';
import { checkedPost, createPost } from './service.js';
import { type PostRow, type ScheduledPostRow, scheduledPosts } from './tables.js';

export const PUBLISH_QUEUE = 'posts.publish_scheduled';
const DAY = 24 * 60 * 60 * 1000;

/** Whether a body asks for a later publication (a time already past publishes at once). */
export const isScheduled = (body: CreatePostBody, now = Date.now()) =>
  !!body.publishAt && new Date(body.publishAt).getTime() > now;

/** Scheduled posts as their author sees them: the post it will become, with `publishAt`; its author edits or cancels it. */
async function presentScheduled(ctx: RequestContext, rows: ScheduledPostRow[]): Promise<PostDto[]> {
  const cards = await personCards(ctx.db, [...new Set(rows.flatMap((r) => [r.authorId, ...r.body.mentions]))]);
  const card = (id: string) => cards.get(id) ?? unknownPerson(id);
  return rows.map((r) => {
    const row: PostRow = {
      id: r.id,
      clientId: r.clientId,
      parentType: r.body.parent.type,
      parentId: r.body.parent.id ?? r.clientId,
      parentWhere: r.body.parent.where ?? '',
      kind: r.body.kind,
      authorId: r.authorId,
      text: r.body.text,
      doc: r.body.doc ?? null,
      mentions: r.body.mentions,
      attachments: r.attachments,
      mustRead: r.body.mustRead ?? false,
      likesCount: 0,
      reactions: {},
      commentsCount: 0,
      viewsCount: 0,
      acksCount: 0,
      created: r.created,
      updated: r.created,
      edited: false,
      pinnedAt: null,
      remindedAt: null,
    };
    const view = {
      row,
      author: card(r.authorId),
      mentioned: r.body.mentions.map(card),
      myReaction: null,
      viewed: true,
      acknowledged: false,
    };
    const can = { edit: true, delete: true, mustRead: false, pin: false };
    return { ...presentPost(view, can), publishAt: r.publishAt.toISOString() };
  });
}

/**
 * `POST api/post` with a future `publishAt`: every rule of a new post is checked now (as the author), the post is
 * kept in `scheduled_posts` and only its author lists it (`GET api/post/scheduled`). A job publishes it at that time.
 */
/** A publication time within POST_SCHEDULE_MAX_DAYS, or 400 `post_publish_at_invalid`. */
function checkedTime(publishAt: string): Date {
  const at = new Date(publishAt);
  if (at.getTime() > Date.now() + POST_SCHEDULE_MAX_DAYS * DAY) {
    throw new AppError(400, 'post_publish_at_invalid', {}, { fields: { publishAt: 'post_publish_at_invalid' } });
  }
  return at;
}

/** Queues one run of the publishing job at `at` (the minute's run would find the post too; this one is on time). */
function queuePublication(platform: Platform, ctx: RequestContext, at: Date) {
  if (!platform.config.jobs) return;
  const seconds = Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000));
  ctx.afterCommit(() =>
    platform.jobs.send(PUBLISH_QUEUE, {}, { startAfter: seconds }).catch((err) => ctx.log.error({ err })),
  );
}

export async function schedulePost(platform: Platform, ctx: RequestContext, body: CreatePostBody): Promise<PostDto> {
  const at = checkedTime(body.publishAt!);
  const { publishAt: _later, ...rest } = body;
  const values = await checkedPost(ctx, rest);
  const [row] = await ctx.db
    .insert(scheduledPosts)
    .values({
      clientId: values.clientId,
      authorId: values.authorId,
      publishAt: at,
      // The place resolved (a company or own feed post names its workspace or author) and mentions as checked.
      body: { ...rest, text: values.text, parent: { ...rest.parent, id: values.parentId }, mentions: values.mentions },
      attachments: values.attachments,
    })
    .returning();
  queuePublication(platform, ctx, at);
  return (await presentScheduled(ctx, [row]))[0];
}

/**
 * `PUT api/post/scheduled/{id}`: its author changes the text, mentions or time of a scheduled post (anyone else, or
 * a post already published or cancelled: 404 `scheduled_post_not_found`). Every rule of a new post is checked again.
 * A new time queues the job for it; the job publishes a row only while its `publishAt` is due, so a post moved later
 * waits for its new time and is published once. `publishAt: null` (or a time already past) publishes it now, as
 * the author, with its id: the answer is then the published post (`publishAt: null`) and `published` is true.
 */
export async function updateScheduledPost(
  platform: Platform,
  ctx: RequestContext,
  id: string,
  body: UpdateScheduledBody,
): Promise<{ post: PostDto; published: boolean }> {
  const [row] = await ctx.db
    .select()
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.id, id),
        eq(scheduledPosts.clientId, ctx.tenant()),
        eq(scheduledPosts.authorId, ctx.me().id),
      ),
    )
    .for('update');
  if (!row) throw notFound('scheduled_post_not_found');
  const textChanged = body.text !== undefined || body.doc !== undefined;
  const doc = body.doc !== undefined ? body.doc : body.text !== undefined ? null : row.body.doc;
  const next: Omit<CreatePostBody, 'publishAt'> = {
    ...row.body,
    text: body.text ?? row.body.text,
    doc: doc ?? undefined,
    mentions: body.mentions ?? (textChanged ? [] : row.body.mentions),
  };
  const now =
    body.publishAt === null || (body.publishAt !== undefined && !isScheduled({ ...next, publishAt: body.publishAt }));
  if (now) {
    await ctx.db.delete(scheduledPosts).where(eq(scheduledPosts.id, row.id));
    const post = await presentNewPost(ctx, await createPost(ctx, next, row.id));
    return { post, published: true };
  }
  const at = body.publishAt ? checkedTime(body.publishAt) : row.publishAt;
  const values = await checkedPost(ctx, next);
  const [updated] = await ctx.db
    .update(scheduledPosts)
    .set({
      publishAt: at,
      body: { ...next, text: values.text, mentions: values.mentions },
      attachments: values.attachments,
    })
    .where(eq(scheduledPosts.id, row.id))
    .returning();
  if (at.getTime() !== row.publishAt.getTime()) queuePublication(platform, ctx, at);
  return { post: (await presentScheduled(ctx, [updated]))[0], published: false };
}

/** `GET api/post/scheduled`: the caller's scheduled posts in the workspace, soonest first. */
export async function myScheduledPosts(ctx: RequestContext): Promise<PostDto[]> {
  const rows = await ctx.db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.clientId, ctx.tenant()), eq(scheduledPosts.authorId, ctx.me().id)))
    .orderBy(asc(scheduledPosts.publishAt), asc(scheduledPosts.id));
  return presentScheduled(ctx, rows);
}

/** `DELETE api/post/scheduled/{id}`: its author cancels a scheduled post (anyone else: 404, it is not theirs to see). */
export async function cancelScheduledPost(ctx: RequestContext, id: string): Promise<void> {
  const [row] = await ctx.db
    .delete(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.id, id),
        eq(scheduledPosts.clientId, ctx.tenant()),
        eq(scheduledPosts.authorId, ctx.me().id),
      ),
    )
    .returning({ id: scheduledPosts.id });
  if (!row) throw notFound('post_not_found');
}

/**
 * One run of the publishing job: every scheduled post due by `now` becomes a post, each in its own transaction in
 * its workspace, acting as its author — the rules are checked again (a mentioned person may have left, the author
 * lost a group), the post keeps its id, its notifications and the `post.created` event go out as for a new post.
 * Deleting the scheduled row claims it: a second process finds nothing. A post whose rules no longer hold, or whose
 * author is gone, is dropped (logged) rather than tried again forever. Answers how many were published.
 */
export async function publishDuePosts(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<number> {
  const due = await inSystem(platform.database, (tx) =>
    tx
      .select({ id: scheduledPosts.id, clientId: scheduledPosts.clientId })
      .from(scheduledPosts)
      .where(lte(scheduledPosts.publishAt, new Date(now)))
      .orderBy(asc(scheduledPosts.publishAt))
      .limit(500),
  );
  let published = 0;
  for (const { id, clientId } of due) {
    const after: (() => unknown)[] = [];
    try {
      await inTenant(platform.database, { clientId }, async (tx) => {
        // Still due: its author may have moved it later since it was listed (then its new time's run publishes it).
        const [row] = await tx
          .delete(scheduledPosts)
          .where(and(eq(scheduledPosts.id, id), lte(scheduledPosts.publishAt, new Date(now))))
          .returning();
        if (!row) return;
        const who = principalQuery.read(await rowsOf(tx, sql.raw(principalQuery.sql(row.authorId, row.clientId))));
        if (!who?.client || who.user.deletionMark || who.client.status !== 'active') {
          log.warn({ id, clientId }, 'scheduled post dropped: its author or workspace is gone');
          return;
        }
        const ctx = createContext({
          db: tx,
          user: who.user,
          client: who.client,
          log,
          afterCommit: (task) => after.push(task),
          services,
        });
        const post = await presentNewPost(ctx, await createPost(ctx, row.body, row.id));
        announcePost(platform, ctx, 'post.created', post);
        published += 1;
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      log.warn({ id, clientId, code: err.code }, 'scheduled post dropped: its rules no longer hold');
      await inTenant(platform.database, { clientId }, (tx) =>
        tx.delete(scheduledPosts).where(eq(scheduledPosts.id, id)),
      );
      continue;
    }
    for (const task of after) await task();
  }
  if (due.length) log.info({ due: due.length, published }, 'posts.publish_scheduled pass');
  return published;
}

/** Starts the publishing job in a process that runs jobs: every minute, and at once for posts that fell due. */
export async function startScheduledPosts(
  platform: Platform,
  services: Partial<ModuleServices>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!platform.config.jobs) return;
  await platform.jobs.work(PUBLISH_QUEUE, async () => {
    await publishDuePosts(platform, services, log);
  });
  await platform.jobs.schedule(PUBLISH_QUEUE, '* * * * *');
  await publishDuePosts(platform, services, log).catch((err) => log.error({ err }, 'posts.publish_scheduled failed'));
}
