/** Baselines several scenarios compare with. */
export const baselines = [
  {
    id: 'bare-json',
    title: 'bare Fastify, constant JSON',
    server: 'bare-json',
    requests: () => [{ path: '/json' }],
  },
  {
    id: 'bare-sql-user',
    title: 'bare SQL: user row by id',
    server: 'bare-sql',
    // The lookup GET /api/user/me cannot do without; on a plain pool, without transaction or row-level security.
    sql: 'SELECT * FROM users WHERE id = $1',
    requests: (ctx) => ctx.people(20).map((p) => ({ path: `/sql/bare-sql-user?p=${p.id}` })),
    check: (body) => body.result.length === 1,
  },
  {
    id: 'bare-sql-guard',
    title: 'bare SQL: guard transaction (BEGIN, set_config, principal, COMMIT)',
    server: 'bare-sql',
    // What every guarded request costs the database at least (platform/db/tenant.ts, modules/users/principal.ts),
    // without ORM or HTTP framework work: tells round trips apart from Node-side overhead.
    sql: [
      {
        sql: "SELECT set_config('app.client_id', $1, true), set_config('app.user_id', $2, true), set_config('role', 'hallway_app', true)",
        params: [0, 1],
      },
      {
        sql: `SELECT u.id, u.client_id, u.login, u.roles, u.rights, u.first_name, u.last_name, u.lang, u.deletion_mark,
                     u.token_version, c.id AS c_id, c.workspace, c.status, c.features
              FROM users u LEFT JOIN clients c ON c.id = $1 WHERE u.id = $2`,
        params: [0, 1],
      },
    ],
    requests: (ctx) => ctx.people(20).map((p) => ({ path: `/sql/bare-sql-guard?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length === 1,
  },
];
