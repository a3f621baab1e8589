/**
 * Issue 5: the wall, the product's hot path. Each scenario has a bare-SQL baseline doing the same page (or write)
 * in one statement on a plain pool: no token, no transaction, no row-level security, no presentation.
 */

/** What a page of the feed needs from the database at the least: the posts and their authors. */
const PAGE = `SELECT p.*, u.first_name, u.last_name, u.position, u.pics
  FROM posts p JOIN users u ON u.id = p.author_id`;
const NEWEST = 'ORDER BY p.created DESC, p.id DESC LIMIT 20';

/** People with a post to like (set by the posts generator), spread over workspaces. */
const likers = (ctx, n) => ctx.people(n).filter((p) => p.postId);

export const baselines = [
  {
    id: 'bare-sql-news-0',
    title: 'bare SQL: company feed page 0',
    server: 'bare-sql',
    sql: `${PAGE} WHERE p.client_id = $1 AND p.parent_type IN ('company', 'system') ${NEWEST} OFFSET 0`,
    requests: (ctx) => ctx.people(50).map((p) => ({ path: `/sql/bare-sql-news-0?p=${p.clientId}` })),
    check: (body) => body.result.length === 20,
  },
  {
    id: 'bare-sql-news-10',
    title: 'bare SQL: company feed page 10',
    server: 'bare-sql',
    sql: `${PAGE} WHERE p.client_id = $1 AND p.parent_type IN ('company', 'system') ${NEWEST} OFFSET 200`,
    requests: (ctx) => ctx.people(50).map((p) => ({ path: `/sql/bare-sql-news-10?p=${p.clientId}` })),
    check: (body) => body.result.length === 20,
  },
  {
    id: 'bare-sql-user-feed',
    title: 'bare SQL: user feed page 0',
    server: 'bare-sql',
    sql: `${PAGE} WHERE p.client_id = $1 AND p.parent_type = 'feed'
      AND p.parent_id IN (SELECT f.user_id FROM follows f WHERE f.follower_id = $2::uuid UNION ALL SELECT $2::uuid)
      ${NEWEST}`,
    requests: (ctx) => ctx.people(50).map((p) => ({ path: `/sql/bare-sql-user-feed?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length > 0,
  },
  {
    id: 'bare-sql-like',
    title: 'bare SQL: toggle a like',
    server: 'bare-sql',
    // The reaction row and the post's counter, in one statement.
    sql: `WITH gone AS (DELETE FROM post_reactions WHERE post_id = $1::uuid AND user_id = $2::uuid RETURNING 1),
      added AS (INSERT INTO post_reactions (client_id, post_id, user_id, reaction)
        SELECT client_id, id, $2::uuid, 'like' FROM posts WHERE id = $1::uuid AND NOT EXISTS (SELECT 1 FROM gone)
        ON CONFLICT DO NOTHING RETURNING 1)
      UPDATE posts SET likes_count = likes_count + (SELECT count(*) FROM added) - (SELECT count(*) FROM gone)
      WHERE id = $1::uuid RETURNING likes_count`,
    requests: (ctx) => likers(ctx, 200).map((p) => ({ path: `/sql/bare-sql-like?p=${p.postId}&p=${p.id}` })),
    check: (body) => body.result.length === 1,
  },
  {
    id: 'bare-sql-post',
    title: 'bare SQL: write a post',
    server: 'bare-sql',
    sql: `WITH added AS (INSERT INTO posts (id, client_id, parent_type, parent_id, author_id, text)
        VALUES (gen_random_uuid(), $1::uuid, 'company', $1::uuid, $2::uuid, 'Benchmark post') RETURNING id)
      UPDATE post_counts SET count = count + 1
      WHERE client_id = $1::uuid AND feed = 'company' AND key = $1::uuid RETURNING (SELECT id FROM added)`,
    requests: (ctx) => ctx.people(200).map((p) => ({ path: `/sql/bare-sql-post?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length === 1,
  },
  {
    id: 'bare-sql-comment',
    title: 'bare SQL: comment on a post',
    server: 'bare-sql',
    // The comment row and the post's counter, in one statement.
    sql: `WITH added AS (INSERT INTO comments (id, client_id, parent_type, parent_id, subject_type, subject_id, post_id,
        author_id, text)
        SELECT gen_random_uuid(), client_id, 'post', id, 'post', id, id, $2::uuid, 'Benchmark comment' FROM posts
        WHERE id = $1::uuid RETURNING id)
      UPDATE posts SET comments_count = comments_count + 1 WHERE id = $1::uuid RETURNING (SELECT id FROM added)`,
    requests: (ctx) => likers(ctx, 200).map((p) => ({ path: `/sql/bare-sql-comment?p=${p.postId}&p=${p.id}` })),
    check: (body) => body.result.length === 1,
  },
];

const signedIn = async (ctx, people, build) =>
  Promise.all(people.map(async (p) => ({ ...build(p), headers: { authorization: `Bearer ${await ctx.signIn(p)}` } })));

/** Enough posts in every workspace that page 10 of the company feed exists. */
const data = { posts: 400 };

export const scenarios = [
  {
    id: 'post-news-0',
    title: 'GET /api/post/news/{clientId}/0',
    baselines: ['bare-json', 'bare-sql-news-0'],
    data,
    requests: (ctx) => signedIn(ctx, ctx.people(50), (p) => ({ path: `/api/post/news/${p.clientId}/0` })),
    check: (body) => body.result.length === 20 && body.total > 200,
  },
  {
    id: 'post-news-10',
    title: 'GET /api/post/news/{clientId}/10',
    baselines: ['bare-json', 'bare-sql-news-10'],
    data,
    requests: (ctx) => signedIn(ctx, ctx.people(50), (p) => ({ path: `/api/post/news/${p.clientId}/10` })),
    check: (body) => body.result.length === 20 && body.page === 10,
  },
  {
    id: 'post-user-feed',
    title: 'GET /api/post/user_feed/{userId}/0',
    baselines: ['bare-json', 'bare-sql-user-feed'],
    data,
    requests: (ctx) => signedIn(ctx, ctx.people(50), (p) => ({ path: `/api/post/user_feed/${p.id}/0` })),
    check: (body) => body.result.length > 0,
  },
  {
    id: 'post-unseen',
    title: 'GET /api/post/unseen?where=company',
    baselines: ['bare-json'],
    data,
    requests: (ctx) => signedIn(ctx, ctx.people(50), () => ({ path: '/api/post/unseen?where=company' })),
    check: (body) => body.where === 'company' && body.count > 0,
  },
  {
    id: 'post-like',
    title: 'POST /api/post/like (toggle)',
    baselines: ['bare-json', 'bare-sql-like'],
    data,
    requests: (ctx) =>
      signedIn(ctx, likers(ctx, 200), (p) => ({
        method: 'POST',
        path: '/api/post/like',
        body: { like_type: 'post', id: p.postId, reaction: 'like' },
      })),
    check: (body) => typeof body.result.likes === 'number',
  },
  {
    id: 'post-create',
    title: 'POST /api/post',
    baselines: ['bare-json', 'bare-sql-post'],
    data,
    requests: (ctx) =>
      signedIn(ctx, ctx.people(200), () => ({
        method: 'POST',
        path: '/api/post',
        body: { text: 'Benchmark post: the coffee machine on the second floor is fixed.' },
      })),
    check: (body) => typeof body.result._id === 'string',
  },
  {
    id: 'post-comment',
    title: 'POST /api/comment (on a post)',
    baselines: ['bare-json', 'bare-sql-comment'],
    data,
    requests: (ctx) =>
      signedIn(ctx, likers(ctx, 200), (p) => ({
        method: 'POST',
        path: '/api/comment',
        body: { parent: { type: 'post', id: p.postId }, text: 'Benchmark comment: agreed, thank you.' },
      })),
    check: (body) => typeof body.result._id === 'string',
  },
];
