import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  createHarness,
  type Harness,
  makeWorkspace,
  ok,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';
import { courseLessons, courseMembers, courses, courseTests } from './tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A course of the workspace with its members, written directly (the courses' own calls are tested elsewhere). */
async function course(ws: TestWorkspace, status: 'draft' | 'published' | 'appointed', members: TestUser[] = []) {
  return inSystem(h.platform.database, async (tx) => {
    const [row] = await tx.insert(courses).values({ clientId: ws.id, title: 'Security basics', status }).returning();
    for (const m of members) await tx.insert(courseMembers).values({ clientId: ws.id, courseId: row.id, userId: m.id });
    return row.id;
  });
}

const setStatus = (id: string, status: 'draft' | 'published') =>
  inSystem(h.platform.database, (tx) => tx.update(courses).set({ status }).where(eq(courses.id, id)));

async function newTest(ws: TestWorkspace, courseId: string, extra: Record<string, unknown> = {}) {
  return (
    await ok(await call(h, ws.admin, 'POST', `/api/courses/${courseId}/tests`, { title: 'Final test', ...extra }))
  ).result;
}

const question = (text = 'Which port is HTTPS?') => ({
  question: {
    text,
    answers: [
      { text: '443', correct: true },
      { text: '80', correct: false },
      { text: '22', correct: false },
    ],
  },
});

describe('tests of a course', () => {
  it('creates a test at the end of the content, reads it, changes and deletes it (managers only)', async () => {
    const ws = await makeWorkspace(h);
    const id = await course(ws, 'draft');
    await inSystem(h.platform.database, (tx) =>
      tx.insert(courseLessons).values({ clientId: ws.id, courseId: id, title: 'Intro', doc: [] as never, sort: 5 }),
    );
    const test = await newTest(ws, id, { description: 'Ten minutes', time_limit: 10, pass_score: 70 });
    expect(test).toMatchObject({
      course_id: id,
      title: 'Final test',
      description: 'Ten minutes',
      showright: true,
      show_score: true,
      time_limit: 10,
      pass_score: 70,
      question_count: 0,
      questions: [],
      has_attempts: false,
      mine: { attempts: 0, best_score: null, passed: false, running: null },
      can: { edit: true, take: false },
    });
    const [row] = await inSystem(h.platform.database, (tx) =>
      tx.select().from(courseTests).where(eq(courseTests.id, test._id)),
    );
    expect(row.sort).toBe(6);
    const second = await newTest(ws, id, { title: 'Second' });
    const [row2] = await inSystem(h.platform.database, (tx) =>
      tx.select().from(courseTests).where(eq(courseTests.id, second._id)),
    );
    expect(row2.sort).toBe(7);

    const changed = await ok(
      await call(h, ws.admin, 'PUT', `/api/courses/${id}/tests/${test._id}`, { title: 'Exam', shuffle_answers: true }),
    );
    expect(changed.result).toMatchObject({ title: 'Exam', shuffle_answers: true, time_limit: 10 });
    const read = await ok(await call(h, ws.admin, 'GET', `/api/courses/${id}/tests/${test._id}`));
    expect(read.result.title).toBe('Exam');

    // Employees do not manage tests; the fields are checked.
    expect((await call(h, ws.employee, 'POST', `/api/courses/${id}/tests`, { title: 'Mine' })).statusCode).toBe(404);
    await setStatus(id, 'published');
    expect((await call(h, ws.employee, 'POST', `/api/courses/${id}/tests`, { title: 'Mine' })).statusCode).toBe(403);
    expect(
      (await call(h, ws.employee, 'PUT', `/api/courses/${id}/tests/${test._id}`, { title: 'Mine' })).statusCode,
    ).toBe(403);
    const invalid = await call(h, ws.admin, 'POST', `/api/courses/${id}/tests`, {
      title: ' ',
      time_limit: 601,
      pass_score: 101,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      title: 'test_title_required',
      time_limit: 'test_time_limit_invalid',
      pass_score: 'test_pass_score_invalid',
    });

    expect(await ok(await call(h, ws.admin, 'DELETE', `/api/courses/${id}/tests/${second._id}`))).toEqual({
      result: true,
    });
    const gone = await call(h, ws.admin, 'GET', `/api/courses/${id}/tests/${second._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('test_not_found');
  });

  it("keeps another workspace's tests and questions out of reach (404)", async () => {
    const ws = await makeWorkspace(h);
    const other = await makeWorkspace(h);
    const id = await course(ws, 'draft');
    const test = await newTest(ws, id);
    const q = (await ok(await call(h, ws.admin, 'POST', `/api/tests/${test._id}/questions`, question()))).result;
    const otherCourse = await course(other, 'draft');
    for (const [method, url, body] of [
      ['GET', `/api/courses/${id}/tests/${test._id}`, undefined],
      ['PUT', `/api/courses/${id}/tests/${test._id}`, { title: 'Stolen' }],
      ['GET', `/api/courses/${otherCourse}/tests/${test._id}`, undefined],
      ['DELETE', `/api/courses/${otherCourse}/tests/${test._id}`, undefined],
      ['POST', `/api/tests/${test._id}/questions`, question()],
      ['PUT', `/api/tests/${test._id}/questions`, { question: { ...question().question, _id: q._id } }],
      ['DELETE', `/api/tests/${test._id}/questions/${q._id}`, undefined],
    ] as const) {
      const res = await call(h, other.admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('questions (modules §5 Test)', () => {
  it('refuses an empty question, an empty answer, no correct answer, one answer and sixteen, naming the field', async () => {
    const ws = await makeWorkspace(h);
    const test = await newTest(ws, await course(ws, 'draft'));
    const url = `/api/tests/${test._id}/questions`;
    const refused = async (body: unknown, field: string, code: string) => {
      const res = await call(h, ws.admin, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields[field]).toBe(code);
    };
    await refused({ question: { ...question().question, text: '  ' } }, 'question.text', 'test_question_text_required');
    await refused(
      {
        question: {
          text: 'Q',
          answers: [
            { text: 'a', correct: true },
            { text: ' ', correct: false },
          ],
        },
      },
      'question.answers.1.text',
      'test_answer_text_required',
    );
    await refused(
      {
        question: {
          text: 'Q',
          answers: [
            { text: 'a', correct: false },
            { text: 'b', correct: false },
          ],
        },
      },
      'question.answers',
      'test_correct_answer_required',
    );
    await refused(
      { question: { text: 'Q', answers: [{ text: 'a', correct: true }] } },
      'question.answers',
      'test_answers_too_few',
    );
    await refused(
      { question: { text: 'Q', answers: Array.from({ length: 16 }, (_, i) => ({ text: `a${i}`, correct: i === 0 })) } },
      'question.answers',
      'test_answers_too_many',
    );
    // The same rules when a question changes.
    const q = (await ok(await call(h, ws.admin, 'POST', url, question()))).result;
    const noCorrect = await call(h, ws.admin, 'PUT', url, {
      question: {
        _id: q._id,
        text: 'Q',
        answers: [
          { text: 'a', correct: false },
          { text: 'b', correct: false },
        ],
      },
    });
    expect(noCorrect.statusCode).toBe(400);
    expect(noCorrect.json().fields['question.answers']).toBe('test_correct_answer_required');
    const noId = await call(h, ws.admin, 'PUT', url, question());
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields['question._id']).toBe('required');
  });

  it('adds, changes (keeping answer ids), deletes questions; the correct flags go to managers only', async () => {
    const ws = await makeWorkspace(h);
    const id = await course(ws, 'draft', [ws.employee]);
    const test = await newTest(ws, id);
    const url = `/api/tests/${test._id}/questions`;
    const q = (await ok(await call(h, ws.admin, 'POST', url, question()))).result;
    expect(q.text).toBe('Which port is HTTPS?');
    expect(q.answers.map((a: { correct: boolean }) => a.correct)).toEqual([true, false, false]);
    const second = (await ok(await call(h, ws.admin, 'POST', url, question('Which port is SSH?')))).result;

    const [keep, , drop] = q.answers;
    const changed = (
      await ok(
        await call(h, ws.admin, 'PUT', url, {
          question: {
            _id: q._id,
            text: 'Which port does HTTPS use?',
            answers: [
              { _id: keep._id, text: '443', correct: true },
              { text: '8443', correct: true },
            ],
          },
        }),
      )
    ).result;
    expect(changed.answers[0]._id).toBe(keep._id);
    expect(changed.answers[1]._id).not.toBe(drop._id);
    expect(changed.answers.map((a: { correct: boolean }) => a.correct)).toEqual([true, true]);
    // An answer id that is not one of the question's.
    const foreign = await call(h, ws.admin, 'PUT', url, {
      question: {
        _id: q._id,
        text: 'Q',
        answers: [
          { _id: second.answers[0]._id, text: 'x', correct: true },
          { text: 'y', correct: false },
        ],
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields['question.answers.0._id']).toBe('test_answer_unknown');
    expect(
      (await call(h, ws.employee, 'POST', url, question())).statusCode,
      'a learner of a draft does not see it',
    ).toBe(404);

    const managed = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${id}/tests/${test._id}`))).result;
    expect(managed.question_count).toBe(2);
    expect(managed.questions.map((x: { _id: string }) => x._id)).toEqual([q._id, second._id]);
    expect(managed.questions[0].answers[0].correct).toBe(true);

    await setStatus(id, 'published');
    const learner = await call(h, ws.employee, 'GET', `/api/courses/${id}/tests/${test._id}`);
    expect(learner.statusCode).toBe(200);
    expect(learner.body).not.toContain('"correct"');
    expect(learner.body).not.toContain('8443');
    expect(learner.json().result).toMatchObject({
      questions: null,
      question_count: 2,
      can: { edit: false, take: true },
    });
    expect((await call(h, ws.employee, 'POST', url, question())).statusCode).toBe(403);
    expect((await call(h, ws.employee, 'DELETE', `${url}/${q._id}`)).statusCode).toBe(403);

    expect(await ok(await call(h, ws.admin, 'DELETE', `${url}/${q._id}`))).toEqual({ result: true });
    const missing = await call(h, ws.admin, 'DELETE', `${url}/${q._id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('test_question_not_found');
    const after = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${id}/tests/${test._id}`))).result;
    expect(after.questions.map((x: { _id: string }) => x._id)).toEqual([second._id]);
  });

  it('refuses changes to a test somebody took on a published course (409), allows them in a draft', async () => {
    const ws = await makeWorkspace(h);
    const id = await course(ws, 'published', [ws.employee]);
    const test = await newTest(ws, id);
    const url = `/api/tests/${test._id}/questions`;
    const q = (await ok(await call(h, ws.admin, 'POST', url, question()))).result;
    // Nobody took it yet: it changes on a published course too.
    await ok(await call(h, ws.admin, 'PUT', `/api/courses/${id}/tests/${test._id}`, { pass_score: 50 }));
    await ok(await call(h, ws.employee, 'POST', `/api/tests/${id}/startTest/${test._id}/for/${ws.employee.id}`));

    const read = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${id}/tests/${test._id}`))).result;
    expect(read).toMatchObject({ has_attempts: true, can: { edit: false } });
    for (const [method, path, body] of [
      ['PUT', `/api/courses/${id}/tests/${test._id}`, { title: 'Changed' }],
      ['DELETE', `/api/courses/${id}/tests/${test._id}`, undefined],
      ['POST', url, question()],
      ['PUT', url, { question: { ...question('Changed').question, _id: q._id } }],
      ['DELETE', `${url}/${q._id}`, undefined],
    ] as const) {
      const res = await call(h, ws.admin, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(409);
      expect(res.json().code).toBe('test_has_attempts');
    }
    await setStatus(id, 'draft');
    const draft = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${id}/tests/${test._id}`))).result;
    expect(draft.can.edit).toBe(true);
    await ok(await call(h, ws.admin, 'PUT', `/api/courses/${id}/tests/${test._id}`, { title: 'Changed' }));
    await ok(await call(h, ws.admin, 'POST', url, question('Another')));
  });

  it('refuses a question past 200 (test_questions_too_many)', async () => {
    const ws = await makeWorkspace(h);
    const id = await course(ws, 'draft');
    const test = await newTest(ws, id);
    const { testQuestions } = await import('./tables.js');
    await inSystem(h.platform.database, (tx) =>
      tx.insert(testQuestions).values(
        Array.from({ length: 200 }, (_, i) => ({
          clientId: ws.id,
          testId: test._id,
          text: `Q${i}`,
          answers: [
            { id: crypto.randomUUID(), text: 'a', correct: true },
            { id: crypto.randomUUID(), text: 'b', correct: false },
          ],
          sort: i,
        })),
      ),
    );
    const res = await call(h, ws.admin, 'POST', `/api/tests/${test._id}/questions`, question());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('test_questions_too_many');
    const rows = await inSystem(h.platform.database, (tx) =>
      tx
        .select()
        .from(courseTests)
        .where(and(eq(courseTests.id, test._id), eq(courseTests.clientId, ws.id))),
    );
    expect(rows).toHaveLength(1);
  });
});

describe('demo tests', () => {
  it('gives each demo course a test of five questions and its members finished attempts', async () => {
    const ws = await makeWorkspace(h);
    const { seedDemoTests } = await import('./demo-tests.js');
    const { testAttempts } = await import('./tables.js');
    const id = await course(ws, 'published', [ws.employee, ws.admin]);
    await inSystem(h.platform.database, async (tx) => {
      await tx
        .update(courseMembers)
        .set({ status: 'learned', learnedAt: new Date() })
        .where(eq(courseMembers.userId, ws.employee.id));
      await tx
        .update(courseMembers)
        .set({ status: 'started', startedAt: new Date() })
        .where(eq(courseMembers.userId, ws.admin.id));
      await seedDemoTests(tx, ws.id, { courseIds: [id] });
    });
    const [row] = await inSystem(h.platform.database, (tx) =>
      tx.select().from(courseTests).where(eq(courseTests.courseId, id)),
    );
    const test = (await ok(await call(h, ws.admin, 'GET', `/api/courses/${id}/tests/${row.id}`))).result;
    expect(test.question_count).toBe(5);
    expect(test.mine).toMatchObject({ attempts: 1, passed: false, best_score: 60 });
    const attempts = await inSystem(h.platform.database, (tx) =>
      tx.select().from(testAttempts).where(eq(testAttempts.testId, row.id)),
    );
    expect(attempts.filter((a) => a.userId === ws.employee.id).some((a) => a.passed)).toBe(true);
  });
});
