import { FEED_PAGE_SIZE, type PersonCard, POSTS_PINNED_MAX, type Reaction } from '@hallway/shared';
import { and, desc, eq, getTableColumns, inArray, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { anyOf, constantText, type Db, rowsOf, type Tx, tableRowReader } from '../../platform/db/client.js';
import { prepared, slot } from '../../platform/db/prepared.js';
import { CALLER } from '../../platform/db/security.js';
import type { TripStatement } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/context.js';
import { FOLLOWED_BY_CALLER, personCardSql, personCardsSql, unknownPerson } from '../users/index.js';
import type { PostView } from './presenter.js';
import { type PostRow, postCounts, posts } from './tables.js';

const columns = getTableColumns(posts);

export interface PostPage {
  views: PostView[];
  total: number;
}

/** A uuid or a slot of a prepared query. */
type Value = string | Placeholder;

/**
 * One page of posts with everything a feed shows, in one statement: the inner query walks the feed's index alone
 * (an index-only scan: rows skipped by OFFSET never touch the table); the outer one reads the page's rows by primary
 * key and, for those rows only, the author's and mentioned people's cards and the caller's own reaction, view and
 * acknowledgement (each through a primary key), and the feed's total (`total`, a scalar subquery on its counters).
 * Built over a request's transaction, or once over slots for a prepared feed.
 */
function pageSelect(
  db: Db | Tx,
  where: SQL | undefined,
  me: Value,
  page: { offset: number | Placeholder; limit: number | Placeholder },
  total: SQL,
) {
  const ids = db
    .select({ pageId: posts.id })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.created), desc(posts.id))
    .limit(page.limit as number)
    .offset(page.offset as number)
    .as('page');
  return db
    .select({
      ...columns,
      myReaction: sql<Reaction | null>`(SELECT r.reaction FROM post_reactions r WHERE r.post_id = ${posts.id} AND r.user_id = ${me})`,
      viewed: sql<boolean>`EXISTS (SELECT 1 FROM post_views v WHERE v.post_id = ${posts.id} AND v.user_id = ${me})`,
      acknowledged: sql<boolean>`(${posts.mustRead} AND EXISTS (SELECT 1 FROM post_acks a WHERE a.post_id = ${posts.id} AND a.user_id = ${me}))`,
      author: sql<PersonCard | null>`${personCardSql(posts.authorId)}`,
      mentioned: sql<PersonCard[]>`${personCardsSql(posts.mentions)}`,
      total: sql<number>`(${total})::int`,
    })
    .from(ids)
    .innerJoin(posts, eq(posts.id, ids.pageId))
    .orderBy(desc(posts.created), desc(posts.id));
}

type PageRow = Awaited<ReturnType<typeof pageSelect>>[number];

async function toPage(tx: Tx, rows: PageRow[], total: SQL): Promise<PostPage> {
  if (!rows.length) return { views: [], total: await scalar(tx, total) };
  return {
    views: rows.map(({ myReaction, viewed, acknowledged, author, mentioned, total: _total, ...row }) => ({
      row,
      myReaction,
      viewed,
      acknowledged,
      author: author ?? unknownPerson(row.authorId),
      mentioned: parsedJson(mentioned),
    })),
    total: Number(rows[0].total),
  };
}

export async function loadPostPage(
  ctx: RequestContext,
  where: SQL | undefined,
  page: { offset: number; limit: number },
  total: SQL = sql`0`,
): Promise<PostPage> {
  return toPage(ctx.db, await pageSelect(ctx.db, where, ctx.me().id, page, total), total);
}

/** The company feed: company and system posts. Written exactly like the partial index's predicate. */
export const companyFeed = (clientId: Value): SQL =>
  and(eq(posts.clientId, clientId), sql`${posts.parentType} IN ('company', 'system')`)!;

/**
 * The company feed's page: the product's hottest query, prepared once. Pinned posts (`pinned`, ids) are left out:
 * they head the feed (loadNewsPage). Excluding them by id keeps the inner scan index-only.
 */
const newsPage = prepared<{ clientId: string; me: string; pinned: string[]; offset: number; limit: number }, PageRow[]>(
  'posts_news_page',
  (db) =>
    pageSelect(
      db,
      and(companyFeed(slot('clientId')), sql`NOT (${anyOf(posts.id, slot('pinned'))})`),
      slot('me'),
      { offset: slot('offset'), limit: slot('limit') },
      countedPosts(slot('clientId'), { company: true }),
    ),
);

/** The pinned posts of the company feed, newest pin first: prepared, as it runs before every company feed page. */
const pinnedIds = prepared<{ clientId: string }, { id: string }[]>('posts_pinned_ids', (db) =>
  db
    .select({ id: posts.id })
    .from(posts)
    .where(and(companyFeed(slot('clientId')), isNotNull(posts.pinnedAt)))
    .orderBy(desc(posts.pinnedAt), desc(posts.id))
    .limit(POSTS_PINNED_MAX),
);

/** The pinned posts of the company feed, newest pin first (at most POSTS_PINNED_MAX). */
export async function pinnedPostIds(ctx: RequestContext): Promise<string[]> {
  return (await pinnedIds(ctx.db, { clientId: ctx.tenant() })).map((r) => r.id);
}

/**
 * A page of the company feed: the pinned posts first, then the others newest first. The feed is one list in that
 * order, so page N still holds its items N*20…N*20+19 and a pinned post is never repeated on a later page; the
 * total (the feed's counter) is unchanged, pinned posts being company posts too.
 */
export async function loadNewsPage(ctx: RequestContext, page: { offset: number; limit: number }): Promise<PostPage> {
  const clientId = ctx.tenant();
  const pinned = await pinnedPostIds(ctx);
  const heading = pinned.slice(page.offset, page.offset + page.limit);
  const rest = {
    offset: Math.max(0, page.offset - pinned.length),
    limit: page.limit - heading.length,
  };
  const rows = await newsPage(ctx.db, { clientId, me: ctx.me().id, pinned, ...rest });
  const loaded = await toPage(ctx.db, rows, countedPosts(clientId, { company: true }));
  if (!heading.length) return loaded;
  return { views: [...(await loadPostViewsByIds(ctx, heading)), ...loaded.views], total: loaded.total };
}

/** Personal feeds of some people (a person's own and those they follow): the user feed without groups, prepared. */
export const personalFeeds = (clientId: Value, people: string[] | Placeholder): SQL =>
  and(eq(posts.clientId, clientId), eq(posts.parentType, 'feed'), anyOf(posts.parentId, people))!;

const personalPage = prepared<
  { clientId: string; me: string; people: string[]; offset: number; limit: number },
  PageRow[]
>('posts_personal_page', (db) =>
  pageSelect(
    db,
    personalFeeds(slot('clientId'), slot('people')),
    slot('me'),
    { offset: slot('offset'), limit: slot('limit') },
    countedPosts(slot('clientId'), { people: slot('people') }),
  ),
);

export async function loadPersonalPage(
  ctx: RequestContext,
  people: string[],
  page: { offset: number; limit: number },
): Promise<PostPage> {
  const clientId = ctx.tenant();
  const rows = await personalPage(ctx.db, { clientId, me: ctx.me().id, people, ...page });
  return toPage(ctx.db, rows, countedPosts(clientId, { people }));
}

/** json columns arrive parsed from node-postgres and PGlite alike; a driver that hands text is parsed here. */
const parsedJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

async function scalar(tx: Tx, expression: SQL): Promise<number> {
  const [row] = await rowsOf<{ value: number }>(tx, sql`SELECT (${expression})::int AS value`);
  return Number(row?.value ?? 0);
}

/** Posts by id, in the order given, with the caller's state; ids that are missing (or filtered out) are skipped. */
export async function loadPostViewsByIds(ctx: RequestContext, ids: string[], filter?: SQL): Promise<PostView[]> {
  if (!ids.length) return [];
  const { views } = await loadPostPage(ctx, and(eq(posts.clientId, ctx.tenant()), inArray(posts.id, ids), filter), {
    offset: 0,
    limit: ids.length,
  });
  const byId = new Map(views.map((v) => [v.row.id, v]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A post of the caller's workspace by id, or null; other workspaces' posts are never found. */
export async function findPost(tx: Tx, clientId: string, id: string, lock = false): Promise<PostRow | null> {
  const query = tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.clientId, clientId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The counter a post belongs to: company and system posts share the company feed's. */
export function feedOf(row: Pick<PostRow, 'clientId' | 'parentType' | 'parentId'>) {
  if (row.parentType === 'feed') return { feed: 'feed' as const, key: row.parentId };
  if (row.parentType === 'group') return { feed: 'group' as const, key: row.parentId };
  return { feed: 'company' as const, key: row.clientId };
}

/** Moves a feed's post counter, in the transaction that adds or removes the post. */
export async function movePostCount(tx: Tx, row: Pick<PostRow, 'clientId' | 'parentType' | 'parentId'>, by: number) {
  const { feed, key } = feedOf(row);
  await tx
    .insert(postCounts)
    .values({ clientId: row.clientId, feed, key, count: Math.max(by, 0) })
    .onConflictDoUpdate({
      target: [postCounts.clientId, postCounts.feed, postCounts.key],
      set: { count: sql`greatest(${postCounts.count} + ${by}, 0)` },
    });
}

/**
 * How many posts some feeds hold together, from their counters (no row of `posts` is read), as a scalar expression:
 * one subquery per kind of feed, added up. Each walks the counters' primary key; one subquery with the kinds OR-ed
 * made PostgreSQL scan every counter of the database instead (6 ms for a member of 200 groups on the bench data).
 */
export function countedPosts(
  clientId: Value,
  feeds: { company?: boolean; allPersonal?: boolean; people?: string[] | Placeholder; groups?: string[] },
): SQL {
  const parts: SQL[] = [];
  if (feeds.company) parts.push(eq(postCounts.feed, 'company'));
  if (feeds.allPersonal) parts.push(eq(postCounts.feed, 'feed'));
  else if (feeds.people && (!Array.isArray(feeds.people) || feeds.people.length)) {
    parts.push(and(eq(postCounts.feed, 'feed'), anyOf(postCounts.key, feeds.people))!);
  }
  if (feeds.groups?.length) parts.push(and(eq(postCounts.feed, 'group'), anyOf(postCounts.key, feeds.groups))!);
  if (!parts.length) return sql`0`;
  const sums = parts.map(
    (part) =>
      sql`(SELECT coalesce(sum(${postCounts.count}), 0) FROM ${postCounts} WHERE ${and(eq(postCounts.clientId, clientId), part)})`,
  );
  return sql`(${sql.join(sums, sql` + `)})`;
}

/** Exact count for the less travelled lists (an author's posts, thanks, mentions, filters): an index range. */
export function countPosts(where: SQL | undefined): SQL {
  return sql`(SELECT count(*) FROM ${posts} WHERE ${where ?? sql`true`})`;
}

const AUTHOR_CARD = constantText(personCardSql(sql.raw('p.author_id')));
const MENTIONED_CARDS = constantText(personCardsSql(sql.raw('p.mentions')));
const { tenant: TENANT, me: ME } = CALLER;

/**
 * The user feed's page as one statement that names its reader by the transaction's settings (the guard's
 * one-statement read, PostgreSQL only), kept prepared: their own and followed people's feeds and the groups of
 * `groupsOfCaller` (a constant subquery of the groups module: one statement name with it, another without), the
 * page's posts with everything `pageSelect` reads, and the total — one row with a null post when the page is empty.
 * `offset` is a validated whole number.
 */
export function userFeedStatement(offset: number, groupsOfCaller: string | null): TripStatement {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new Error('an offset is a whole number');
  // Each list is made into an array once (`k`, read by the count and the page alike) and walks posts_parent_idx per
  // id, as `anyOf` does: with `IN (subquery)` PostgreSQL walked the workspace's whole timeline instead and filtered
  // it (28 ms for someone who follows 10 people, against 2 ms; EXPLAIN ANALYZE on the bench data). The personal
  // feeds and the groups are two branches, each its own newest `offset + 20` read from the index alone, merged:
  // one scan with OR between them read every matching post's row (2,067 for a member of 206 groups: 4.0 ms against
  // 2.1 ms).
  const branch = (type: 'feed' | 'group', keys: string) =>
    `(SELECT x.id, x.created FROM posts x
       WHERE x.client_id = ${TENANT} AND x.parent_type = '${type}' AND x.parent_id = ANY(${keys})
       ORDER BY x.created DESC, x.id DESC LIMIT $1)`;
  const counted = (feed: string, keys: string) =>
    `(SELECT coalesce(sum(c.count), 0) FROM post_counts c WHERE c.client_id = ${TENANT} AND c.feed = '${feed}' AND c.key = ANY(${keys}))`;
  const groups = groupsOfCaller ? `ARRAY(${groupsOfCaller})` : 'ARRAY[]::uuid[]';
  const total = groupsOfCaller
    ? `${counted('feed', 'k.people')} + ${counted('group', 'k.groups')}`
    : counted('feed', 'k.people');
  const matching = groupsOfCaller
    ? `${branch('feed', 'k.people')} UNION ALL ${branch('group', 'k.groups')}`
    : branch('feed', 'k.people');
  // Both lists and the total are computed once (materialized): as a lateral subquery the total ran for every post.
  const text = `WITH k AS MATERIALIZED (SELECT ARRAY(SELECT ${ME} UNION ALL ${FOLLOWED_BY_CALLER}) AS people, ${groups} AS groups),
      t AS MATERIALIZED (SELECT (${total})::int AS total FROM k)
    SELECT t.total, p.*,
      (SELECT r.reaction FROM post_reactions r WHERE r.post_id = p.id AND r.user_id = ${ME}) AS my_reaction,
      EXISTS (SELECT 1 FROM post_views v WHERE v.post_id = p.id AND v.user_id = ${ME}) AS viewed,
      (p.must_read AND EXISTS (SELECT 1 FROM post_acks a WHERE a.post_id = p.id AND a.user_id = ${ME})) AS acknowledged,
      ${AUTHOR_CARD} AS author, ${MENTIONED_CARDS} AS mentioned
    FROM k CROSS JOIN t
    LEFT JOIN LATERAL (SELECT m.id FROM (${matching}) m
      ORDER BY m.created DESC, m.id DESC LIMIT ${FEED_PAGE_SIZE} OFFSET $2) page ON true
    LEFT JOIN posts p ON p.id = page.id
    ORDER BY p.created DESC, p.id DESC`;
  const name = groupsOfCaller ? 'user_feed_groups' : 'user_feed';
  return { name, types: ['int', 'int'], text, values: [offset + FEED_PAGE_SIZE, offset] };
}

const postColumns = tableRowReader(posts);

/**
 * A new post and its feed's counter as one statement (the guard's `quickWrite`), answering the post as a page of
 * one (`pageOfRows`), with its author's card: for a post that needs nothing else written (no mentions, attachments
 * or must-read notices: service.ts `quickCreate` decides).
 */
export function createdPostStatement(
  values: Pick<PostRow, 'id' | 'clientId' | 'parentType' | 'parentId' | 'parentWhere' | 'text' | 'doc'>,
): TripStatement {
  const { feed, key } = feedOf(values);
  const text = `WITH p AS (INSERT INTO posts (id, client_id, parent_type, parent_id, parent_where, author_id, text, doc)
        VALUES ($1, $2, $3, $4, $5, ${ME}, $6, $7) RETURNING *),
      counted AS (INSERT INTO post_counts (client_id, feed, key, count) SELECT p.client_id, $8, $9, 1 FROM p
        ON CONFLICT (client_id, feed, key) DO UPDATE SET count = post_counts.count + 1 RETURNING 1)
    SELECT p.*, NULL AS my_reaction, false AS viewed, false AS acknowledged, ${AUTHOR_CARD} AS author,
      '[]'::json AS mentioned
    FROM p`;
  return {
    name: 'post_create',
    types: ['uuid', 'uuid', 'text', 'uuid', 'text', 'text', 'jsonb', 'text', 'uuid'],
    text,
    values: [
      values.id,
      values.clientId,
      values.parentType,
      values.parentId,
      values.parentWhere,
      values.text,
      values.doc ? JSON.stringify(values.doc) : null,
      feed,
      key,
    ],
  };
}

/** The page of `userFeedStatement`'s rows, as `loadPostPage` answers it. */
export function pageOfRows(rows: Record<string, unknown>[]): PostPage {
  const views = rows
    .filter((raw) => raw.id !== null)
    .map((raw): PostView => {
      const row = postColumns.read(raw);
      return {
        row,
        myReaction: raw.my_reaction as Reaction | null,
        viewed: raw.viewed as boolean,
        acknowledged: raw.acknowledged as boolean,
        author: (raw.author as PersonCard | null) ?? unknownPerson(row.authorId),
        mentioned: parsedJson(raw.mentioned as PersonCard[]),
      };
    });
  return { views, total: Number(rows[0]?.total ?? 0) };
}
