import { FEED_PAGE_SIZE, type FeedPage, type PostQuery, THANKS_PAGE_SIZE } from '@hallway/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { QuickRead } from '../../platform/access/guard.js';
import { anyOf, rowsOf, type Tx } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { followedBy, isWorkspacePerson } from '../users/index.js';
import type { CompanyPageCache } from './feed-cache.js';
import { canReadGroup, readableBy } from './groups.js';
import { wallPolicy } from './policy.js';
import { type PostView, presentPosts } from './presenter.js';
import {
  countedPosts,
  countPosts,
  loadNewsPage,
  loadPersonalPage,
  loadPostPage,
  loadPostViewsByIds,
  pageOfRows,
  userFeedStatement,
} from './queries.js';
import { postAcks, postMentions, posts } from './tables.js';

/**
 * Feeds (spec portal §4 "Feeds"): pages of FEED_PAGE_SIZE, page N from item N*20, newest first, answering `pages`
 * and `total`. Group read access always arrives as the list of readable group ids (from the groups module).
 */

const groupFeeds = (clientId: string, groups: string[]) =>
  and(eq(posts.clientId, clientId), eq(posts.parentType, 'group'), anyOf(posts.parentId, groups))!;

async function page(
  ctx: RequestContext,
  where: SQL | undefined,
  total: SQL,
  pageNo: number,
  size = FEED_PAGE_SIZE,
): Promise<FeedPage> {
  return paged(await loadPostPage(ctx, where, { offset: pageNo * size, limit: size }, total), ctx, pageNo, size);
}

const emptyPage = (ctx: RequestContext, pageNo: number): FeedPage => ({
  result: [],
  page: pageNo,
  pages: 0,
  total: 0,
  can: wallPolicy(ctx),
});

async function assertPerson(ctx: RequestContext, userId: string) {
  if (!(await isWorkspacePerson(ctx, userId))) throw notFound('user_not_found');
}

function paged(
  loaded: { views: PostView[]; total: number },
  ctx: RequestContext,
  pageNo: number,
  size = FEED_PAGE_SIZE,
): FeedPage {
  return {
    result: presentPosts(ctx, loaded.views),
    page: pageNo,
    pages: Math.ceil(loaded.total / size),
    total: loaded.total,
    can: wallPolicy(ctx),
  };
}

/** `GET api/post/news/{clientId}/{page}`; its first page is kept in `cache` (feed-cache.ts) for the next readers. */
export async function newsFeed(ctx: RequestContext, pageNo: number, cache: CompanyPageCache) {
  const page = { offset: pageNo * FEED_PAGE_SIZE, limit: FEED_PAGE_SIZE };
  if (pageNo > 0) return paged(await loadNewsPage(ctx, page), ctx, pageNo);
  const version = await cache.version(ctx);
  const loaded = await loadNewsPage(ctx, page);
  cache.keep(ctx.tenant(), version, loaded.views);
  return paged(loaded, ctx, pageNo);
}

/**
 * `userFeed` as the guard's `quickRead` on PostgreSQL: the page in one statement (queries.ts `userFeedStatement`),
 * in one round trip. Only one's own feed, and only while the groups feature agrees with the statement; otherwise
 * the route runs as usual and answers (or refuses) as before.
 */
export function userFeedRead(userId: string, pageNo: number, groupsOfCaller: string | null): QuickRead {
  return {
    sql: userFeedStatement(pageNo * FEED_PAGE_SIZE, groupsOfCaller),
    answer: (ctx, rows) => {
      if (ctx.user?.id !== userId || (groupsOfCaller !== null && !ctx.hasFeature('groups'))) return;
      return paged(pageOfRows(rows), ctx, pageNo);
    },
  };
}

/** The company feed's first page from `cache`, as the guard's `quickRead` (null: not kept, read it as usual). */
export const keptNewsPage = (cache: CompanyPageCache, clientId: string) =>
  cache.read(clientId, (ctx, loaded) => paged(loaded, ctx, 0));

/** Whose personal feeds the combined user feed shows: the people the person follows, and their own. */
async function feedPeople(ctx: RequestContext, userId: string) {
  return [...new Set([userId, ...(await followedBy(ctx.db, userId))])];
}

/** The combined user feed of a person: their own and followed people's feeds, and the given groups. */
export async function userFeedFilter(ctx: RequestContext, userId: string, groups: string[]) {
  const clientId = ctx.tenant();
  const people = await feedPeople(ctx, userId);
  const feeds = sql`(${posts.parentType} = 'feed' AND ${anyOf(posts.parentId, people)})`;
  const where = and(
    eq(posts.clientId, clientId),
    groups.length ? sql`(${feeds} OR (${posts.parentType} = 'group' AND ${anyOf(posts.parentId, groups)}))` : feeds,
  );
  return { where, total: countedPosts(clientId, { people, groups }) };
}

/**
 * `GET api/post/user_feed/{userId}/{page}`: the caller's combined feed — their own and followed people's feed
 * posts and the posts of the groups they may read; company posts are not in it. Only for oneself: it depends on
 * the person's group access.
 */
export async function userFeed(ctx: RequestContext, userId: string, groups: string[], pageNo: number) {
  if (userId !== ctx.me().id) throw forbidden();
  if (!groups.length) {
    const people = await feedPeople(ctx, userId);
    return paged(
      await loadPersonalPage(ctx, people, { offset: pageNo * FEED_PAGE_SIZE, limit: FEED_PAGE_SIZE }),
      ctx,
      pageNo,
    );
  }
  const { where, total } = await userFeedFilter(ctx, userId, groups);
  return page(ctx, where, total, pageNo);
}

/** `GET api/post/client/{id}`: every post of the workspace the caller may read. */
export function workspaceFeed(ctx: RequestContext, groups: string[], pageNo: number) {
  const clientId = ctx.tenant();
  return page(
    ctx,
    and(eq(posts.clientId, clientId), readableBy(groups)),
    countedPosts(clientId, { company: true, allPersonal: true, groups }),
    pageNo,
  );
}

/** `GET api/post/follows/{id}`: the feed posts of the people the person follows. */
export async function followsFeed(ctx: RequestContext, userId: string, pageNo: number) {
  await assertPerson(ctx, userId);
  const people = await followedBy(ctx.db, userId);
  if (!people.length) return emptyPage(ctx, pageNo);
  const clientId = ctx.tenant();
  const where = and(eq(posts.clientId, clientId), eq(posts.parentType, 'feed'), anyOf(posts.parentId, people));
  return page(ctx, where, countedPosts(clientId, { people }), pageNo);
}

/** `GET api/post/user/{id}`: what the person wrote, wherever the caller may read it. */
export async function authorFeed(ctx: RequestContext, userId: string, groups: string[], pageNo: number) {
  await assertPerson(ctx, userId);
  const where = and(eq(posts.clientId, ctx.tenant()), eq(posts.authorId, userId), readableBy(groups));
  return page(ctx, where, countPosts(where), pageNo);
}

/** `GET api/post/group/{id}`. */
export async function groupFeed(ctx: RequestContext, groupId: string, pageNo: number) {
  if (!(await canReadGroup(ctx, groupId))) throw notFound('group_not_found');
  const clientId = ctx.tenant();
  return page(ctx, groupFeeds(clientId, [groupId]), countedPosts(clientId, { groups: [groupId] }), pageNo);
}

/** `GET api/post/group/user/{id}`: posts of the groups both the person and the caller may read. */
export async function groupsOfPersonFeed(ctx: RequestContext, userId: string, groups: string[], pageNo: number) {
  await assertPerson(ctx, userId);
  if (!groups.length) return emptyPage(ctx, pageNo);
  const clientId = ctx.tenant();
  return page(ctx, groupFeeds(clientId, groups), countedPosts(clientId, { groups }), pageNo);
}

/** `GET api/clients/{id}/all_thanks`: recent thank-you posts (the thanks widget). */
export function thanksFeed(ctx: RequestContext, groups: string[], pageNo: number) {
  const where = and(eq(posts.clientId, ctx.tenant()), sql`${posts.kind} = 'thanks'`, readableBy(groups));
  return page(ctx, where, countPosts(where), pageNo, THANKS_PAGE_SIZE);
}

/** `GET api/post/mentions_feed/{id}`: posts that mention the person. */
export async function mentionsFeed(ctx: RequestContext, userId: string, groups: string[], pageNo: number) {
  await assertPerson(ctx, userId);
  const clientId = ctx.tenant();
  const mentioning = ctx.db
    .select({ postId: postMentions.postId })
    .from(postMentions)
    .where(and(eq(postMentions.clientId, clientId), eq(postMentions.userId, userId)));
  const where = and(eq(posts.clientId, clientId), inArray(posts.id, mentioning), readableBy(groups));
  return page(ctx, where, countPosts(where), pageNo);
}

/**
 * `GET api/post/comments_feed/{id}`: posts the person commented on or answered under, by their latest comment.
 * `commented` comes from the comments module; posts the caller may not read drop out of the page.
 */
export async function commentsFeed(
  ctx: RequestContext,
  userId: string,
  groups: string[],
  pageNo: number,
  commented: (offset: number, limit: number) => Promise<{ ids: string[]; total: number }>,
) {
  await assertPerson(ctx, userId);
  const { ids, total } = await commented(pageNo * FEED_PAGE_SIZE, FEED_PAGE_SIZE);
  const views = await loadPostViewsByIds(ctx, ids, readableBy(groups));
  return {
    result: presentPosts(ctx, views),
    page: pageNo,
    pages: Math.ceil(total / FEED_PAGE_SIZE),
    total,
    can: wallPolicy(ctx),
  };
}

/** `GET api/post?...`: the filters of PostQuery combined, within what the caller may read. */
export function filteredFeed(ctx: RequestContext, query: PostQuery, groups: string[]) {
  const me = ctx.me().id;
  const conditions: (SQL | undefined)[] = [eq(posts.clientId, ctx.tenant()), readableBy(groups)];
  if (query.parent_type === 'company' && !query.parent_id)
    conditions.push(sql`${posts.parentType} IN ('company', 'system')`);
  else if (query.parent_type) conditions.push(eq(posts.parentType, query.parent_type));
  if (query.parent_id) conditions.push(eq(posts.parentId, query.parent_id));
  if (query.author) conditions.push(eq(posts.authorId, query.author));
  if (query.kind === 'thanks') conditions.push(sql`${posts.kind} = 'thanks'`);
  else if (query.kind) conditions.push(ne(posts.kind, 'thanks'));
  if (query.mentioned) {
    conditions.push(
      inArray(
        posts.id,
        ctx.db
          .select({ postId: postMentions.postId })
          .from(postMentions)
          .where(and(eq(postMentions.clientId, ctx.tenant()), eq(postMentions.userId, query.mentioned))),
      ),
    );
  }
  if (query.must_read === '1' || query.pending === '1') conditions.push(sql`${posts.mustRead}`);
  if (query.must_read === '0') conditions.push(eq(posts.mustRead, false));
  if (query.pending === '1') {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM ${postAcks} WHERE ${postAcks.postId} = ${posts.id} AND ${postAcks.userId} = ${me})`,
    );
  }
  const where = and(...conditions);
  return page(ctx, where, countPosts(where), query.page);
}

/**
 * The most liked company posts created in `[from, to]` (the weekly digest of mailings): company posts only, which
 * everyone may read; those without a like are no news.
 */
export async function mostLikedCompanyPosts(
  tx: Tx,
  clientId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ author: string; text: string; likes: number }[]> {
  return rowsOf(
    tx,
    sql`SELECT trim(a.first_name || ' ' || a.last_name) AS author, p.text, p.likes_count AS likes
        FROM posts p JOIN users a ON a.id = p.author_id
        WHERE p.client_id = ${clientId} AND p.parent_type = 'company'
          AND p.created > ${from} AND p.created <= ${to} AND p.likes_count > 0
        ORDER BY p.likes_count DESC, p.created DESC LIMIT ${limit}`,
  );
}
