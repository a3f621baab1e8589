import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';

const DAY = 86_400_000;
const LESSONS = 5;
const QUESTIONS = 10;
const ANSWERS = 4;

const paragraph = (text) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/**
 * Issue 35, in the first workspace only (default `learningCourses` 0: nothing is written): `learningCourses`
 * published courses of 5 lessons and a 10-question test each, every person of the workspace a member of every course
 * (due dates spread, some past), about half of them with learned lessons, a fifth with a finished attempt (its ten
 * answers, about a third wrong) and a tenth learned — as the service writes them. 200 people get a running attempt
 * at the first course's test, for the answer scenario. Publishes the workspace, its administrator, those 200 people
 * with their attempt, and the first test with its questions.
 */
export default {
  name: 'learning',
  after: ['clients', 'users'],
  options: { learningCourses: z.coerce.number().int().min(0).max(200).default(0) },
  async run({ session, options, state }) {
    const counts = { courses: 0, course_members: 0, lesson_progress: 0, test_attempts: 0, attempt_answers: 0 };
    if (!options.learningCourses) return counts;
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const people = state.users.get(ws.id);
    const { rows: admins } = await session.query(
      `SELECT id, login FROM users WHERE client_id = $1 AND 'admin' = ANY(roles) ORDER BY login LIMIT 1`,
      [ws.id],
    );
    const admin = admins[0];
    const now = Date.now();
    const day = (offset) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    let first = null;
    for (let c = 0; c < options.learningCourses; c++) {
      const course = randomUUID();
      const stamp = new Date(now - (options.learningCourses - c) * DAY).toISOString();
      await insertRows(
        session,
        'courses',
        ['id', 'client_id', 'title', 'description', 'status', 'author_id', 'created', 'updated'],
        [
          [
            course,
            ws.id,
            `Course ${c + 1}: working here`,
            'What everyone should know',
            'published',
            admin.id,
            stamp,
            stamp,
          ],
        ],
      );
      const lessons = Array.from({ length: LESSONS }, () => randomUUID());
      await insertRows(
        session,
        'course_lessons',
        ['id', 'client_id', 'course_id', 'title', 'doc', 'sort'],
        lessons.map((id, i) => [
          id,
          ws.id,
          course,
          `Lesson ${i + 1}`,
          JSON.stringify({ type: 'doc', content: [paragraph(`The text of lesson ${i + 1}.`)] }),
          i,
        ]),
        { casts: { doc: 'jsonb' } },
      );
      const test = randomUUID();
      await insertRows(
        session,
        'course_tests',
        ['id', 'client_id', 'course_id', 'title', 'pass_score', 'sort'],
        [[test, ws.id, course, 'Final test', 60, LESSONS]],
      );
      const questions = Array.from({ length: QUESTIONS }, (_, q) => ({
        id: randomUUID(),
        answers: Array.from({ length: ANSWERS }, (_, a) => ({
          id: randomUUID(),
          text: `Answer ${a + 1}`,
          correct: a === 0,
        })),
        q,
      }));
      await insertRows(
        session,
        'test_questions',
        ['id', 'client_id', 'test_id', 'text', 'answers', 'sort'],
        questions.map((x) => [x.id, ws.id, test, `Question ${x.q + 1}?`, JSON.stringify(x.answers), x.q]),
        { casts: { answers: 'jsonb' } },
      );
      const layout = JSON.stringify(questions.map((x) => ({ q: x.id, a: x.answers.map((a) => a.id) })));
      const members = [];
      const learnedLessons = [];
      const attempts = [];
      const answers = [];
      people.forEach((person, p) => {
        const k = (p + c) % 10;
        const learned = k === 0;
        const tested = k <= 1;
        const started = k <= 4;
        const due = p % 3 === 0 ? null : day(((p + c) % 60) - 20);
        const percent = learned ? 100 : started ? Math.round((100 * (k <= 1 ? LESSONS : 2)) / (LESSONS + 1)) : 0;
        members.push([
          ws.id,
          course,
          person,
          due,
          admin.id,
          learned ? 'learned' : started ? 'started' : 'not_started',
          percent,
          started ? stamp : null,
          learned ? new Date(now - ((p % 300) + 1) * DAY).toISOString() : null,
          started ? 600 + (p % 1800) : 0,
        ]);
        if (started) {
          for (const [i, lesson] of lessons.entries()) {
            if (k <= 1 || i < 2) learnedLessons.push([ws.id, lesson, person, course, 120]);
          }
        }
        if (tested) {
          const attempt = randomUUID();
          const wrong = (q) => (p + q + c) % 3 === 0 && !learned;
          const correct = questions.filter((x) => !wrong(x.q)).length;
          const score = Math.round((100 * correct) / QUESTIONS);
          attempts.push([
            attempt,
            ws.id,
            test,
            course,
            person,
            1,
            stamp,
            stamp,
            layout,
            QUESTIONS,
            correct,
            score,
            score >= 60,
          ]);
          for (const x of questions) {
            answers.push([ws.id, attempt, x.id, [x.answers[wrong(x.q) ? 1 : 0].id], !wrong(x.q)]);
          }
        }
      });
      await insertRows(
        session,
        'course_members',
        [
          'client_id',
          'course_id',
          'user_id',
          'due',
          'assigned_by',
          'status',
          'percent',
          'started_at',
          'learned_at',
          'seconds',
        ],
        members,
      );
      await insertRows(
        session,
        'lesson_progress',
        ['client_id', 'lesson_id', 'user_id', 'course_id', 'seconds'],
        learnedLessons,
      );
      await insertRows(
        session,
        'test_attempts',
        [
          'id',
          'client_id',
          'test_id',
          'course_id',
          'user_id',
          'number',
          'started',
          'finished',
          'layout',
          'total',
          'correct',
          'score',
          'passed',
        ],
        attempts,
        { casts: { layout: 'jsonb' } },
      );
      await insertRows(
        session,
        'attempt_answers',
        ['client_id', 'attempt_id', 'question_id', 'answer_ids', 'correct'],
        answers,
        {
          casts: { answer_ids: 'uuid[]' },
        },
      );
      counts.courses++;
      counts.course_members += members.length;
      counts.lesson_progress += learnedLessons.length;
      counts.test_attempts += attempts.length;
      counts.attempt_answers += answers.length;
      if (c === 0) first = { course, test, layout, questions };
    }
    // 200 people past the administrator, each with a running attempt (no time limit) at the first course's test.
    const { rows } = await session.query(
      `SELECT id, login FROM users WHERE client_id = $1 AND NOT ('admin' = ANY(roles)) AND NOT deletion_mark
       ORDER BY login LIMIT 200`,
      [ws.id],
    );
    const running = rows.map((r) => ({ ...r, attempt: randomUUID() }));
    await insertRows(
      session,
      'test_attempts',
      ['id', 'client_id', 'test_id', 'course_id', 'user_id', 'number', 'layout', 'total'],
      running.map((r) => [r.attempt, ws.id, first.test, first.course, r.id, 2, first.layout, QUESTIONS]),
      { casts: { layout: 'jsonb' } },
    );
    counts.test_attempts += running.length;
    const person = (r) => ({ id: r.id, login: r.login, clientId: ws.id, workspace: ws.workspace });
    state.published.learning = {
      workspace: ws.workspace,
      clientId: ws.id,
      admin: person(admin),
      course: first.course,
      test: first.test,
      questions: first.questions.map((x) => ({ id: x.id, answers: x.answers.map((a) => a.id) })),
      learners: running.map((r) => ({ ...person(r), attempt: r.attempt })),
    };
    return counts;
  },
};
