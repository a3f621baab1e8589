/**
 * Issue 35: a learner's "my learning" (`GET api/courses?list=learning`: the first page of their 20 courses with
 * counts and progress, in a 10,000-person workspace where everyone is a member of every course) next to its bare
 * query; answering a test (`POST api/tests/{test_id}/answer`, 200 people in a running attempt) next to the bare
 * checks and upsert; and the learning analytics of that workspace (`GET api/courses/analytics/{client_id}`: 200,000
 * memberships, about 40,000 attempts and 400,000 answers) next to its bare aggregates.
 */

const data = { largeWorkspace: 10_000, learningCourses: 20 };

function learning(ctx) {
  const published = ctx.manifest.published?.learning;
  if (!published) throw new Error('The learning generator published nothing: run with --learning-courses');
  return published;
}

const MINE = `SELECT c.id, c.title, c.description, c.cover, c.status, c.created, c.updated,
    m.status AS my_status, m.percent, m.due, m.learned_at, u.first_name, u.last_name, u.position,
    (SELECT count(*)::int FROM course_lessons l WHERE l.client_id = c.client_id AND l.course_id = c.id) AS lessons,
    (SELECT count(*)::int FROM course_tests t WHERE t.client_id = c.client_id AND t.course_id = c.id) AS tests,
    (SELECT count(*)::int FROM course_members x WHERE x.client_id = c.client_id AND x.course_id = c.id) AS members
  FROM course_members m JOIN courses c ON c.client_id = m.client_id AND c.id = m.course_id
  LEFT JOIN users u ON u.id = c.author_id
  WHERE m.client_id = $1::uuid AND m.user_id = $2::uuid AND c.status <> 'draft'
  ORDER BY c.updated DESC, c.id LIMIT 30`;

export const baselines = [
  {
    id: 'bare-sql-learning-mine',
    title: "bare SQL: the first 30 of a learner's courses with lessons, tests and members counted, and their progress",
    server: 'bare-sql',
    sql: [
      { sql: MINE, params: [0, 1] },
      {
        sql: `SELECT count(*)::int AS n FROM course_members m JOIN courses c ON c.client_id = m.client_id
                AND c.id = m.course_id WHERE m.client_id = $1::uuid AND m.user_id = $2::uuid AND c.status <> 'draft'`,
        params: [0, 1],
      },
    ],
    requests: (ctx) =>
      learning(ctx).learners.map((p) => ({ path: `/sql/bare-sql-learning-mine?p=${p.clientId}&p=${p.id}` })),
    check: (body) => body.result.length > 0,
  },
  {
    id: 'bare-sql-learning-answer',
    title: 'bare SQL: an answer to a running attempt (the attempt locked and checked, the answer upserted)',
    server: 'bare-sql',
    sql: [
      {
        sql: `SELECT id, deadline FROM test_attempts WHERE id = $1::uuid AND finished IS NULL FOR UPDATE`,
        params: [0],
      },
      {
        sql: `INSERT INTO attempt_answers (client_id, attempt_id, question_id, answer_ids)
              SELECT client_id, id, $2::uuid, ARRAY[$3::uuid] FROM test_attempts WHERE id = $1::uuid
              ON CONFLICT (attempt_id, question_id) DO UPDATE SET answer_ids = excluded.answer_ids, answered_at = now()
              RETURNING attempt_id`,
        params: [0, 1, 2],
      },
    ],
    requests: (ctx) => {
      const { learners, questions } = learning(ctx);
      return learners.map((p, i) => {
        const q = questions[i % questions.length];
        return { path: `/sql/bare-sql-learning-answer?p=${p.attempt}&p=${q.id}&p=${q.answers[0]}` };
      });
    },
    check: (body) => body.result.length === 1,
  },
  {
    id: 'bare-sql-learning-analytics',
    connections: 10,
    title: "bare SQL: a 10,000-person workspace's learning by course, its hardest questions and its months",
    server: 'bare-sql',
    sql: [
      {
        sql: `SELECT c.id, c.title, count(m.user_id)::int AS members,
                count(*) FILTER (WHERE m.status = 'not_started')::int AS not_started,
                count(*) FILTER (WHERE m.status = 'started')::int AS started,
                count(*) FILTER (WHERE m.status = 'learned')::int AS learned,
                count(*) FILTER (WHERE m.status <> 'learned' AND m.due < current_date)::int AS overdue,
                avg(m.seconds)::int AS seconds
              FROM courses c LEFT JOIN course_members m ON m.client_id = c.client_id AND m.course_id = c.id
              WHERE c.client_id = $1::uuid GROUP BY c.id ORDER BY c.updated DESC`,
        params: [0],
      },
      {
        sql: `SELECT a.course_id, avg(a.score)::int FROM test_attempts a WHERE a.client_id = $1::uuid
                AND a.finished IS NOT NULL GROUP BY a.course_id`,
        params: [0],
      },
      {
        sql: `SELECT x.question_id, count(*)::int AS answered, count(*) FILTER (WHERE NOT x.correct)::int AS wrong
              FROM attempt_answers x WHERE x.client_id = $1::uuid AND x.correct IS NOT NULL
              GROUP BY x.question_id HAVING count(*) >= 3
              ORDER BY count(*) FILTER (WHERE NOT x.correct)::float / count(*) DESC LIMIT 10`,
        params: [0],
      },
      {
        sql: `SELECT to_char(date_trunc('month', m.learned_at), 'YYYY-MM') AS month, count(*)::int
              FROM course_members m WHERE m.client_id = $1::uuid AND m.learned_at > now() - interval '1 year'
              GROUP BY 1 ORDER BY 1`,
        params: [0],
      },
    ],
    requests: (ctx) => [{ path: `/sql/bare-sql-learning-analytics?p=${learning(ctx).clientId}` }],
    check: (body) => body.result.length > 0,
  },
];

async function signedIn(ctx, people, request) {
  const list = [];
  // One sign-in after another: 200 password checks at once would make the server answer 503.
  for (const [i, p] of people.entries()) {
    list.push({ ...request(p, i), headers: { authorization: `Bearer ${await ctx.signIn(p)}` } });
  }
  return list;
}

export const scenarios = [
  {
    id: 'learning-mine',
    title: "GET api/courses?list=learning: 200 learners' first page of 20 courses in a 10,000-person workspace",
    baselines: ['bare-json', 'bare-sql-learning-mine'],
    data,
    requests: (ctx) => signedIn(ctx, learning(ctx).learners, () => ({ path: '/api/courses?list=learning&limit=30' })),
    check: (body) => body.result.length === 20 && body.total === 20,
  },
  {
    id: 'learning-answer',
    title: 'POST api/tests/{test_id}/answer: 200 learners answering in a running attempt, again and again',
    baselines: ['bare-json', 'bare-sql-learning-answer'],
    data,
    requests: (ctx) => {
      const { learners, questions, test } = learning(ctx);
      return signedIn(ctx, learners, (p, i) => {
        const q = questions[i % questions.length];
        return {
          method: 'POST',
          path: `/api/tests/${test}/answer`,
          body: { attempt_id: p.attempt, question_id: q.id, answers: [q.answers[0]] },
        };
      });
    },
    check: (body) => body.result.saved === true,
  },
  {
    id: 'learning-analytics',
    connections: 10,
    title: "GET api/courses/analytics/{client_id}: a 10,000-person workspace's learning, read by an administrator",
    baselines: ['bare-json', 'bare-sql-learning-analytics'],
    data,
    requests: async (ctx) => {
      const { admin, clientId } = learning(ctx);
      return [
        {
          path: `/api/courses/analytics/${clientId}`,
          headers: { authorization: `Bearer ${await ctx.signIn(admin)}` },
        },
      ];
    },
    check: (body) => body.result.totals.members >= 200_000,
  },
];
