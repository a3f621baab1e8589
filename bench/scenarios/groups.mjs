/**
 * Issue 14: groups. A person in 200 of 2,000 groups of a 10,000-person workspace (bench001): their user feed (own
 * and followed people's feeds and the posts of their groups) and the directory's first page (the groups they may
 * see, by name), each next to bare SQL of the same query on a plain pool.
 */

const data = { largeWorkspace: 10_000, groups: 2000, groupMemberships: 200, posts: 400 };

/** The sampled people of bench001, who are each in 200 groups. */
const members = (ctx, n) => ctx.people(n, { workspace: 'bench001' });

const signedIn = async (ctx, people, build) =>
  Promise.all(people.map(async (p) => ({ ...build(p), headers: { authorization: `Bearer ${await ctx.signIn(p)}` } })));

export const baselines = [
  {
    id: 'bare-sql-group-user-feed',
    title: 'bare SQL: user feed page 0 with the posts of 200 groups',
    server: 'bare-sql',
    sql: `SELECT p.*, u.first_name, u.last_name, u.position, u.pics
      FROM posts p JOIN users u ON u.id = p.author_id
      WHERE p.client_id = $1 AND (
        (p.parent_type = 'feed' AND p.parent_id IN (
          SELECT f.user_id FROM follows f WHERE f.follower_id = $2::uuid UNION ALL SELECT $2::uuid))
        OR (p.parent_type = 'group' AND p.parent_id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = $2::uuid)))
      ORDER BY p.created DESC, p.id DESC LIMIT 20`,
    requests: (ctx) =>
      members(ctx, 20).map((p) => ({ path: `/sql/bare-sql-group-user-feed?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length === 20,
  },
  {
    id: 'bare-sql-group-list',
    title: 'bare SQL: the count and the first 20 groups a person may see, by name',
    server: 'bare-sql',
    sql: [
      {
        sql: `SELECT count(*) FROM groups g WHERE g.client_id = $1 AND g.kind = 'group' AND (g.type <> 'private'
            OR g.id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = $2::uuid))`,
        params: [0, 1],
      },
      {
        sql: `SELECT g.*, u.first_name, u.last_name, u.pics,
            (SELECT m.role FROM group_members m WHERE m.group_id = g.id AND m.user_id = $2::uuid) AS my_role
          FROM groups g JOIN users u ON u.id = g.owner_id
          WHERE g.client_id = $1 AND g.kind = 'group' AND (g.type <> 'private'
            OR g.id IN (SELECT m.group_id FROM group_members m WHERE m.user_id = $2::uuid))
          ORDER BY lower(g.name), g.id LIMIT 20`,
        params: [0, 1],
      },
    ],
    requests: (ctx) => members(ctx, 20).map((p) => ({ path: `/sql/bare-sql-group-list?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length > 0,
  },
];

export const scenarios = [
  {
    id: 'group-user-feed',
    title: 'GET /api/post/user_feed/{userId}/0, member of 200 of 2,000 groups',
    baselines: ['bare-json', 'bare-sql-group-user-feed'],
    data,
    requests: (ctx) => signedIn(ctx, members(ctx, 20), (p) => ({ path: `/api/post/user_feed/${p.id}/0` })),
    check: (body) => body.result.length === 20 && body.result.some((post) => post.parent.type === 'group'),
  },
  {
    id: 'group-list',
    title: 'GET /api/group/byClient/{clientId}: first page of 2,000 groups',
    baselines: ['bare-json', 'bare-sql-group-list'],
    data,
    requests: (ctx) => signedIn(ctx, members(ctx, 20), (p) => ({ path: `/api/group/byClient/${p.clientId}` })),
    check: (body) => body.result.length === 20 && body.total >= 1600,
  },
];
