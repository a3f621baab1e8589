/**
 * Issue 34: the mood meter's check (`GET /api/mood/check/{id}`, asked by every person at every start-up) next to its
 * bare lookup; and the administrators' two-week statistics of a 10,000-person workspace (`GET
 * api/mood/stat/{client}/{from}/{to}`, 130,000 answers) next to the bare aggregates of the same period.
 */

const data = { largeWorkspace: 10_000, moodDays: 13 };
const DAY = 86_400_000;
const iso = (time) => new Date(time).toISOString().slice(0, 10);
const period = () => [iso(Date.now() - 13 * DAY), iso(Date.now())];

function mood(ctx) {
  const published = ctx.manifest.published?.mood;
  if (!published) throw new Error('The mood generator published nothing: run with --mood-days');
  return published;
}

const PERIOD = 'm.client_id = $1::uuid AND m.day BETWEEN $2::date AND $3::date';

export const baselines = [
  {
    id: 'bare-sql-mood-check',
    title: "bare SQL: whether a person rated today's mood",
    server: 'bare-sql',
    sql: 'SELECT EXISTS (SELECT 1 FROM moods WHERE client_id = $1::uuid AND user_id = $2::uuid AND day = current_date) AS answered',
    requests: (ctx) => mood(ctx).people.map((p) => ({ path: `/sql/bare-sql-mood-check?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length === 1,
  },
  {
    id: 'bare-sql-mood-stat',
    // A report administrators open now and then: 10 at once is already more than a workspace has.
    connections: 10,
    title:
      "bare SQL: a 10,000-person workspace's two weeks of moods in one pass (totals, moods, days, departments), the people who answered and the comments",
    server: 'bare-sql',
    sql: [
      {
        sql: `SELECT grouping(m.day), grouping(m.mood), grouping(u.department), m.day, m.mood, u.department,
                count(*)::int, sum(m.mood)::int
              FROM moods m JOIN users u ON u.id = m.user_id WHERE ${PERIOD}
              GROUP BY GROUPING SETS ((), (m.day), (m.mood), (u.department))`,
        params: [0, 1, 2],
      },
      { sql: `SELECT count(DISTINCT m.user_id)::int FROM moods m WHERE ${PERIOD}`, params: [0, 1, 2] },
      {
        sql: `SELECT m.comment FROM moods m WHERE ${PERIOD} AND m.comment <> '' ORDER BY m.day DESC, m.id DESC LIMIT 50`,
        params: [0, 1, 2],
      },
    ],
    requests: (ctx) => {
      const [from, to] = period();
      return [{ path: `/sql/bare-sql-mood-stat?p=${mood(ctx).clientId}&p=${from}&p=${to}` }];
    },
    check: (body) => body.result.length > 0,
  },
];

export const scenarios = [
  {
    id: 'mood-check',
    title: 'GET /api/mood/check/{id}: 200 people of a 10,000-person workspace asking at start-up',
    baselines: ['bare-json', 'bare-sql-mood-check'],
    data,
    requests: async (ctx) => {
      const list = [];
      for (const p of mood(ctx).people) {
        list.push({ path: `/api/mood/check/${p.id}`, headers: { authorization: `Bearer ${await ctx.signIn(p)}` } });
      }
      return list;
    },
    check: (body) => body.need === true,
  },
  {
    id: 'mood-stat',
    connections: 10,
    title: 'GET api/mood/stat/{client}/{from}/{to}: two weeks of a 10,000-person workspace, read by an administrator',
    baselines: ['bare-json', 'bare-sql-mood-stat'],
    data,
    requests: async (ctx) => {
      const { admin, clientId } = mood(ctx);
      const [from, to] = period();
      return [
        {
          path: `/api/mood/stat/${clientId}/${from}/${to}`,
          headers: { authorization: `Bearer ${await ctx.signIn(admin)}` },
        },
      ];
    },
    check: (body) => body.result.count > 100_000,
  },
];
