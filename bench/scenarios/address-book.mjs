/**
 * Issue 4: the address book of a workspace of 10,000 people (bench001). Each scenario has a bare-SQL baseline doing
 * the same read in one statement on a plain pool: no token, no transaction, no row-level security, no presentation.
 */
const LARGE = { largeWorkspace: 10_000 };
const ORDER = 'ORDER BY (pinned_num IS NULL), pinned_num, last_name, first_name, id';
const SEARCH = "client_id = $1 AND NOT deletion_mark AND search_text LIKE '%an%'";
/** What an address-book row shows: the list fields of the API's `userListItem`. */
const LIST_COLUMNS = `id, client_id, login, email, roles, first_name, middle_name, last_name, birth_date, phone,
  internal_phone, position, department, city, telegram, status_text, pics, chief, working_since, gender, pinned_num,
  deletion_mark`;

/** Someone of the large workspace, signed in: every request of a scenario is theirs. */
async function asMember(ctx, request) {
  const [me] = ctx.people(1, { workspace: 'bench001' });
  return [{ ...request(me), headers: { authorization: `Bearer ${await ctx.signIn(me)}` } }];
}

const largeWorkspaceId = (ctx) => ctx.people(1, { workspace: 'bench001' })[0].clientId;

export const baselines = [
  {
    id: 'bare-sql-users-all',
    title: 'bare SQL: all 10,000 people of a workspace, list columns',
    connections: 4,
    server: 'bare-sql',
    sql: `SELECT ${LIST_COLUMNS} FROM users WHERE client_id = $1 AND NOT deletion_mark ${ORDER}`,
    requests: (ctx) => [{ path: `/sql/bare-sql-users-all?p=${largeWorkspaceId(ctx)}` }],
    check: (body) => body.result.length >= 10_000,
  },
  {
    id: 'bare-sql-users-page',
    title: 'bare SQL: first 50 people of a workspace by name, and the count',
    server: 'bare-sql',
    sql: [
      // The runner answers the last statement's rows: the count first, then the page.
      { sql: 'SELECT count(*) FROM users WHERE client_id = $1 AND NOT deletion_mark', params: [0] },
      {
        sql: `SELECT ${LIST_COLUMNS} FROM users WHERE client_id = $1 AND NOT deletion_mark ${ORDER} LIMIT 50`,
        params: [0],
      },
    ],
    requests: (ctx) => [{ path: `/sql/bare-sql-users-page?p=${largeWorkspaceId(ctx)}` }],
    check: (body) => body.result.length === 50,
  },
  {
    id: 'bare-sql-users-search',
    title: "bare SQL: people matching 'an', first 50, and the count",
    server: 'bare-sql',
    sql: [
      { sql: `SELECT count(*) FROM users WHERE ${SEARCH}`, params: [0] },
      { sql: `SELECT ${LIST_COLUMNS} FROM users WHERE ${SEARCH} ${ORDER} LIMIT 50`, params: [0] },
    ],
    requests: (ctx) => [{ path: `/sql/bare-sql-users-search?p=${largeWorkspaceId(ctx)}` }],
    check: (body) => body.result.length === 50,
  },
  {
    id: 'bare-sql-users-filters',
    title: 'bare SQL: departments and cities of a workspace',
    server: 'bare-sql',
    sql: `SELECT array(SELECT DISTINCT department FROM users WHERE client_id = $1 AND NOT deletion_mark
        AND department <> '' ORDER BY 1) AS departments,
      array(SELECT DISTINCT city FROM users WHERE client_id = $1 AND NOT deletion_mark AND city <> '' ORDER BY 1)
        AS cities`,
    requests: (ctx) => [{ path: `/sql/bare-sql-users-filters?p=${largeWorkspaceId(ctx)}` }],
    check: (body) => body.result[0].departments.length > 0,
  },
];

export const scenarios = [
  {
    id: 'users-for-client',
    title: 'GET /api/user/for_client/{id}, all of 10,000 people',
    connections: 4,
    baselines: ['bare-json', 'bare-sql-users-all'],
    data: LARGE,
    requests: (ctx) => asMember(ctx, (me) => ({ path: `/api/user/for_client/${me.clientId}` })),
    check: (body) => body.total >= 10_000 && body.result.length >= 10_000,
  },
  {
    id: 'users-for-client-page',
    title: 'GET /api/user/for_client/{id}?limit=50, first page of 10,000 people',
    baselines: ['bare-json', 'bare-sql-users-page'],
    data: LARGE,
    requests: (ctx) => asMember(ctx, (me) => ({ path: `/api/user/for_client/${me.clientId}?limit=50` })),
    check: (body) => body.total >= 10_000 && body.result.length === 50,
  },
  {
    id: 'users-filter',
    title: "POST /api/user/filter/{workspace}, search 'an', first page of 50",
    baselines: ['bare-json', 'bare-sql-users-search'],
    data: LARGE,
    requests: (ctx) =>
      asMember(ctx, () => ({ method: 'POST', path: '/api/user/filter/bench001', body: { search: 'an' } })),
    check: (body) => body.result.length === 50 && body.total > 50,
  },
  {
    id: 'users-filter-page',
    title: 'POST /api/user/filter/{workspace}, no search, page 40 of 50',
    baselines: ['bare-json', 'bare-sql-users-page'],
    data: LARGE,
    requests: (ctx) =>
      asMember(ctx, () => ({ method: 'POST', path: '/api/user/filter/bench001', body: { page: 40, limit: 50 } })),
    check: (body) => body.result.length === 50 && body.total >= 10_000,
  },
  {
    id: 'users-filters',
    title: 'GET /api/user/filters/{id}: departments and cities',
    baselines: ['bare-json', 'bare-sql-users-filters'],
    data: LARGE,
    requests: (ctx) => asMember(ctx, (me) => ({ path: `/api/user/filters/${me.clientId}` })),
    check: (body) => body.result.departments.length > 0 && body.result.cities.length > 0,
  },
];
