/**
 * Issue 28: the knowledge base of a 10,000-person workspace (bench001) with 20,000 articles in Russian and English
 * under 200 folders, every other folder granted to one department. A sampled employee (no administrator: the grants
 * apply) searches it, lists its top level and opens a folder granted to their department, through
 * `GET /api/user/{client}/articles/access_for/{user}`; each row next to bare SQL of the same query on a plain pool:
 * the readable folders by the person's grants, the page of 50 with author, views, favourite (and for a search the
 * rank and the snippet), and the count.
 */

const data = { largeWorkspace: 10_000, articles: 20_000, kbFolders: 200 };

/**
 * What people look for, in Russian word forms (the stemmer finds «принтер» for «принтеры») and English: two words of
 * the common sentences, found in thousands of articles, and four things, found in a few hundred each.
 */
const SEARCHES = ['отпуск', 'принтеры', 'badge', 'пропуска', 'expense reports', 'sick leave'];

const employees = (ctx) => ctx.people(20, { workspace: 'bench001' });

/** A folder the person reads through their department's grant (the generator publishes the folders). */
function grantedFolder(ctx, person) {
  const kb = ctx.manifest.published?.knowledgeBase;
  if (!kb) throw new Error('The knowledge-base generator published no folders: run with --articles');
  const mine = kb.folders.find((f) => f.department === person.department);
  if (!mine) throw new Error(`No folder is granted to ${person.department}`);
  return mine.id;
}

/** The requests of one row: one per sampled employee of bench001, built from the person and their place. */
const each = (ctx, build) => employees(ctx).map((p, i) => build(p, i));

const signedIn = async (ctx, list) =>
  Promise.all(
    list.map(async ({ person, path }) => ({
      path,
      headers: { authorization: `Bearer ${await ctx.signIn(person)}` },
    })),
  );

/** `$1` workspace, `$2` person: the folders with grants of their own that give them read (or write). */
const READABLE = `(a.grants_from IS NULL OR a.grants_from IN (
  SELECT h.id FROM articles h, (SELECT u.id::text AS id, lower(trim(u.department)) AS department,
                                       lower(trim(u.position)) AS position, lower(trim(u.city)) AS city
                                FROM users u WHERE u.id = $2::uuid) me
  WHERE h.client_id = $1 AND h.own_grants
    AND NOT EXISTS (SELECT 1 FROM audience_grants g WHERE g.client_id = $1 AND g.object_kind = 'article'
      AND g.object_id = h.id AND g.level = 'none' AND (g.audience = 'all' OR me.id = ANY(g.keys)
        OR (g.audience = 'department' AND me.department = ANY(g.keys))))
    AND EXISTS (SELECT 1 FROM audience_grants g WHERE g.client_id = $1 AND g.object_kind = 'article'
      AND g.object_id = h.id AND g.level IN ('read', 'write') AND (g.audience = 'all' OR me.id = ANY(g.keys)
        OR (g.audience = 'department' AND me.department = ANY(g.keys))))))`;

/** What an item of the list shows besides its own columns. */
const ITEM = `a.id, a.parent_id, a.type, a.title, a."order", a.cover, a.version, a.created, a.updated,
  json_build_object('_id', u.id, 'name', u.first_name || ' ' || u.last_name, 'pics', u.pics) AS author,
  (SELECT count(*)::int FROM article_views v WHERE v.article_id = a.id) AS views,
  EXISTS (SELECT 1 FROM article_favourites f WHERE f.article_id = a.id AND f.user_id = $2::uuid) AS favourite`;

const QUERY = `(websearch_to_tsquery('russian', $3) || websearch_to_tsquery('english', $3) || websearch_to_tsquery('simple', $3))`;
/** The snippet as the service makes it: in Russian when the Russian stemmer finds the words, else in English. */
const SNIPPET_DOC = `replace(replace(replace(a.title || ' — ' || a.text, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
const SNIPPET_OPTIONS = `'StartSel=<b>, StopSel=</b>, MaxWords=30, MinWords=12, MaxFragments=2'`;
const SNIPPET = `(CASE WHEN to_tsvector('russian', a.title || ' ' || a.text) @@ websearch_to_tsquery('russian', $3)
  THEN ts_headline('russian', ${SNIPPET_DOC}, websearch_to_tsquery('russian', $3), ${SNIPPET_OPTIONS})
  ELSE ts_headline('english', ${SNIPPET_DOC}, websearch_to_tsquery('english', $3) || websearch_to_tsquery('simple', $3),
    ${SNIPPET_OPTIONS}) END)`;
const SEARCH_WHERE = `a.client_id = $1 AND a.section = 'article' AND ${READABLE} AND a.search @@ ${QUERY}`;

export const baselines = [
  {
    id: 'bare-sql-kb-search',
    title: 'bare SQL: a search of 20,000 articles, readable by grants, ranked, 50 with snippets, and the count',
    server: 'bare-sql',
    sql: [
      { sql: `SELECT count(*)::int FROM articles a WHERE ${SEARCH_WHERE}`, params: [0, 1, 2] },
      {
        sql: `SELECT ${ITEM}, ${SNIPPET} AS snippet
              FROM articles a JOIN users u ON u.id = a.author_id
              WHERE ${SEARCH_WHERE}
              ORDER BY ts_rank(a.search, ${QUERY}) DESC, a.id LIMIT 50`,
        params: [0, 1, 2],
      },
    ],
    requests: (ctx) =>
      each(ctx, (p, i) => ({
        path: `/sql/bare-sql-kb-search?p=${p.clientId}&p=${p.id}&p=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`,
      })),
    check: (body) => body.result.length > 0,
  },
  {
    id: 'bare-sql-kb-top',
    title: 'bare SQL: the top folders a person reads, 50 by order, and the count',
    server: 'bare-sql',
    sql: [
      {
        sql: `SELECT count(*)::int FROM articles a
              WHERE a.client_id = $1 AND a.section = 'article' AND a.parent_id IS NULL AND ${READABLE}`,
        params: [0, 1],
      },
      {
        sql: `SELECT ${ITEM} FROM articles a JOIN users u ON u.id = a.author_id
              WHERE a.client_id = $1 AND a.section = 'article' AND a.parent_id IS NULL AND ${READABLE}
              ORDER BY a."order", a.created, a.id LIMIT 50`,
        params: [0, 1],
      },
    ],
    requests: (ctx) => each(ctx, (p) => ({ path: `/sql/bare-sql-kb-top?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length === 50,
  },
  {
    id: 'bare-sql-kb-folder',
    title: 'bare SQL: the first 50 of 100 articles of a folder granted to the person, and the count',
    server: 'bare-sql',
    sql: [
      {
        sql: `SELECT count(*)::int FROM articles a
              WHERE a.client_id = $1 AND a.section = 'article' AND a.parent_id = $3::uuid AND ${READABLE}`,
        params: [0, 1, 2],
      },
      {
        sql: `SELECT ${ITEM} FROM articles a JOIN users u ON u.id = a.author_id
              WHERE a.client_id = $1 AND a.section = 'article' AND a.parent_id = $3::uuid AND ${READABLE}
              ORDER BY a."order", a.created, a.id LIMIT 50`,
        params: [0, 1, 2],
      },
    ],
    requests: (ctx) =>
      each(ctx, (p) => ({ path: `/sql/bare-sql-kb-folder?p=${p.clientId}&p=${p.id}&p=${grantedFolder(ctx, p)}` })),
    check: (body) => body.result.length === 50,
  },
];

const listPath = (p, query) => `/api/user/${p.clientId}/articles/access_for/${p.id}?${query}`;

export const scenarios = [
  {
    id: 'kb-search',
    title: 'GET …/articles/access_for/{user}?search=: 20,000 articles in ru and en, by grants',
    baselines: ['bare-json', 'bare-sql-kb-search'],
    data,
    requests: (ctx) =>
      signedIn(
        ctx,
        each(ctx, (p, i) => ({
          person: p,
          path: listPath(p, `search=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`),
        })),
      ),
    check: (body) => body.result.length > 0 && body.total > 0 && typeof body.result[0].snippet === 'string',
  },
  {
    id: 'kb-top',
    title: 'GET …/articles/access_for/{user}: the top level, 200 folders, half granted to departments',
    baselines: ['bare-json', 'bare-sql-kb-top'],
    data,
    requests: (ctx) =>
      signedIn(
        ctx,
        each(ctx, (p) => ({ person: p, path: listPath(p, '') })),
      ),
    check: (body) => body.result.length === 50 && body.total > 100,
  },
  {
    id: 'kb-folder',
    title: 'GET …/articles/access_for/{user}?parent=: a folder granted to the person’s department, 100 articles',
    baselines: ['bare-json', 'bare-sql-kb-folder'],
    data,
    requests: (ctx) =>
      signedIn(
        ctx,
        each(ctx, (p) => ({ person: p, path: listPath(p, `parent=${grantedFolder(ctx, p)}`) })),
      ),
    check: (body) => body.result.length === 50 && body.total === 100,
  },
];
