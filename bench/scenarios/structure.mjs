/**
 * Issue 15: the org chart of a workspace of 10,000 people in 500 departments (bench001). The bare-SQL baseline
 * reads the same departments with their member counts in one statement on a plain pool.
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
];
