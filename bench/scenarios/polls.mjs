/**
 * Issue 29: polls in a 10,000-person workspace (bench001). `poll-results`: the "general" results of a poll with
 * 10,000 answer sets (every kind of question), read by its author, next to the bare aggregates of the same work on a
 * plain pool. `poll-answer`: 200 people answering one poll at once (it lets them change their answers, so every
 * loop of the load replaces a person's set), next to the bare SQL of the same write.
 */
import { ANSWER_QUESTIONS } from '../generators/polls.mjs';

const data = { largeWorkspace: 10_000, pollResponses: 10_000 };

function polls(ctx) {
  const published = ctx.manifest.published?.polls;
  if (!published) throw new Error('The polls generator published no polls: run with --poll-responses');
  return published;
}

/** One answer set per respondent, varied by their place in the list. */
const answersOf = (i) => ({
  answers: [
    { question: 'lunch', options: [ANSWER_QUESTIONS[0].answers[i % 3].id] },
    { question: 'days', options: ANSWER_QUESTIONS[1].answers.filter((_, j) => (i + j) % 2 === 0).map((a) => a.id) },
    { question: 'fun', value: (i % 5) + 1 },
  ],
});

const FROM = `FROM poll_responses r CROSS JOIN LATERAL jsonb_each(r.answers) AS q(key, value)
  WHERE r.poll_id = $1::uuid AND r.client_id = $2::uuid`;

export const baselines = [
  {
    id: 'bare-sql-poll-results',
    title: 'bare SQL: a poll, its response and recipient counts, answers per question and option, range values, texts',
    server: 'bare-sql',
    sql: [
      {
        sql: `SELECT p.*, (SELECT count(*)::int FROM poll_participants x WHERE x.poll_id = p.id) AS responses
              FROM polls p WHERE p.id = $1::uuid AND p.client_id = $2::uuid`,
        params: [0, 1],
      },
      { sql: `SELECT q.key, count(*)::int AS n ${FROM} GROUP BY q.key`, params: [0, 1] },
      {
        sql: `SELECT q.key, o.option, count(*)::int AS n FROM poll_responses r
              CROSS JOIN LATERAL jsonb_each(r.answers) AS q(key, value)
              CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(q.value->'options') = 'array'
                THEN q.value->'options' ELSE '[]'::jsonb END) AS o(option)
              WHERE r.poll_id = $1::uuid AND r.client_id = $2::uuid GROUP BY q.key, o.option`,
        params: [0, 1],
      },
      {
        sql: `SELECT q.key, (q.value->>'value')::int AS v, count(*)::int AS n ${FROM} AND q.value ? 'value'
              GROUP BY q.key, v`,
        params: [0, 1],
      },
      {
        sql: `SELECT key, text FROM (SELECT q.key, q.value->>'text' AS text,
                row_number() OVER (PARTITION BY q.key ORDER BY r.id) AS n ${FROM} AND q.value ? 'text') t
              WHERE n <= 500 ORDER BY key, n`,
        params: [0, 1],
      },
      {
        sql: 'SELECT count(*)::int AS n FROM users u WHERE u.client_id = $1::uuid AND NOT u.deletion_mark',
        params: [1],
      },
    ],
    requests: (ctx) => [{ path: `/sql/bare-sql-poll-results?p=${polls(ctx).results}&p=${polls(ctx).clientId}` }],
    check: (body) => body.result.length > 0,
  },
  {
    id: 'bare-sql-poll-answer',
    title: 'bare SQL: a person’s answer set replaced (the poll row shared, participation and response upserted)',
    server: 'bare-sql',
    sql: [
      { sql: 'SELECT id FROM polls WHERE id = $1::uuid AND client_id = $2::uuid FOR SHARE', params: [0, 1] },
      {
        sql: `INSERT INTO poll_participants (client_id, poll_id, user_id) VALUES ($2::uuid, $1::uuid, $3::uuid)
              ON CONFLICT (poll_id, user_id) DO UPDATE SET day = current_date`,
        params: [0, 1, 2],
      },
      {
        sql: `INSERT INTO poll_responses (id, client_id, poll_id, user_id, answered, answers)
              VALUES (gen_random_uuid(), $2::uuid, $1::uuid, $3::uuid, now(), $4::jsonb)
              ON CONFLICT (poll_id, user_id) DO UPDATE SET answers = excluded.answers, answered = excluded.answered
              RETURNING id`,
        params: [0, 1, 2, 3],
      },
    ],
    requests: (ctx) =>
      polls(ctx).respondents.map((p, i) => ({
        path: `/sql/bare-sql-poll-answer?p=${polls(ctx).answer}&p=${p.clientId}&p=${p.id}&p=${encodeURIComponent(
          JSON.stringify({ lunch: { options: answersOf(i).answers[0].options } }),
        )}`,
      })),
    check: (body) => body.result.length === 1,
  },
];

export const scenarios = [
  {
    id: 'poll-results',
    title: 'GET api/poll/{id}/results: 10,000 answer sets of 6 questions, read by the poll’s author',
    baselines: ['bare-json', 'bare-sql-poll-results'],
    data,
    requests: async (ctx) => {
      // The workspace's administrator wrote the poll (the sample of people starts past them).
      const { author, results } = polls(ctx);
      return [
        { path: `/api/poll/${results}/results`, headers: { authorization: `Bearer ${await ctx.signIn(author)}` } },
      ];
    },
    check: (body) => body.result.responses === 10_000 && body.result.questions.length === 6,
  },
  {
    id: 'poll-answer',
    title: 'POST api/poll/{id}/answers: 200 people of one workspace answering one poll again and again',
    baselines: ['bare-json', 'bare-sql-poll-answer'],
    data,
    requests: async (ctx) => {
      const { answer, respondents } = polls(ctx);
      const list = [];
      // One sign-in after another: 200 password checks at once would make the server answer 503.
      for (const [i, p] of respondents.entries()) {
        const token = await ctx.signIn(p);
        list.push({
          method: 'POST',
          path: `/api/poll/${answer}/answers`,
          headers: { authorization: `Bearer ${token}` },
          body: answersOf(i),
        });
      }
      return list;
    },
    check: (body) => body.result.answered === true,
  },
];
