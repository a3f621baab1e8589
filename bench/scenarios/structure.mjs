/**
 * Issue 15: the org chart of a workspace of 10,000 people in 500 departments (bench001), and the first page of its
 * absence chart (50 people in department order). The bare-SQL baselines read the same departments with their member
 * counts, and the same page of people, in one statement on a plain pool.
 */
const LARGE = { largeWorkspace: 10_000 };
const largeWorkspaceId = (ctx) => ctx.people(1, { workspace: 'bench001' })[0].clientId;

export const baselines = [
  {
    id: 'bare-sql-structure',
    title: 'bare SQL: departments of a workspace with member counts',
    server: 'bare-sql',
    sql: `SELECT d.id, d.type, d.parent_id, d.name, d.description, d.sort, d.head_id, coalesce(c.n, 0)::int AS count
      FROM departments d
      LEFT JOIN (SELECT du.dept_id, count(*)::int AS n FROM dept_users du
                 JOIN users u ON u.id = du.user_id AND u.client_id = $1 AND NOT u.deletion_mark
                 WHERE du.client_id = $1 GROUP BY du.dept_id) c ON c.dept_id = d.id
      WHERE d.client_id = $1 ORDER BY d.sort, d.name, d.id`,
    requests: (ctx) => [{ path: `/sql/bare-sql-structure?p=${largeWorkspaceId(ctx)}` }],
    check: (body) => body.result.length >= 500,
  },
  {
    id: 'bare-sql-vacations-chart',
    title: 'bare SQL: the absence chart’s people, count and first page by department and name',
    server: 'bare-sql',
    sql: `SELECT p.id, du.dept_id, p.dept_name,
             (SELECT count(*)::int FROM users WHERE client_id = $1 AND NOT deletion_mark) AS total
      FROM (SELECT u.id, nullif(u.department, '') AS dept_name, u.last_name, u.first_name FROM users u
            WHERE u.client_id = $1 AND NOT u.deletion_mark
            ORDER BY nullif(u.department, ''), u.last_name, u.first_name, u.id LIMIT 50) p
      LEFT JOIN dept_users du ON du.client_id = $1 AND du.type = 'administrative' AND du.user_id = p.id
      ORDER BY p.dept_name, p.last_name, p.first_name, p.id`,
    requests: (ctx) => [{ path: `/sql/bare-sql-vacations-chart?p=${largeWorkspaceId(ctx)}` }],
    check: (body) => body.result.length === 50,
  },
];

export const scenarios = [
  {
    id: 'structure-by-client',
    title: 'GET /api/structure/byClient/{id}: four trees, 500 departments, 10,000 people',
    baselines: ['bare-json', 'bare-sql-structure'],
    data: LARGE,
    requests: async (ctx) => {
      const [me] = ctx.people(1, { workspace: 'bench001' });
      return [
        {
          path: `/api/structure/byClient/${me.clientId}`,
          headers: { authorization: `Bearer ${await ctx.signIn(me)}` },
        },
      ];
    },
    check: (body) => body.result.length === 4 && body.result[0].root.total >= 10_000,
  },
  {
    id: 'vacations-chart',
    title: 'GET /api/user/vacations: the absence chart’s first page of 10,000 people in 500 departments',
    baselines: ['bare-json', 'bare-sql-vacations-chart'],
    data: LARGE,
    requests: async (ctx) => {
      const [me] = ctx.people(1, { workspace: 'bench001' });
      return [{ path: '/api/user/vacations', headers: { authorization: `Bearer ${await ctx.signIn(me)}` } }];
    },
    check: (body) => body.total >= 10_000 && body.result.flatMap((group) => group.people).length === 50,
  },
];
