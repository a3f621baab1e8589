import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSystem } from '../../platform/db/tenant.js';
import {
  call,
  createHarness,
  type Harness,
  makeUser,
  makeWorkspace,
  ok,
  type TestUser,
  type TestWorkspace,
} from '../../test/harness.js';
import { attemptAnswers, courseMembers, courses, testAttempts } from './tables.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A published course with its members, written directly (the courses' own calls are tested elsewhere). */
async function course(ws: TestWorkspace, members: TestUser[]) {
  return inSystem(h.platform.database, async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({ clientId: ws.id, title: 'Security basics', status: 'published' })
      .returning();
    for (const m of members) await tx.insert(courseMembers).values({ clientId: ws.id, courseId: row.id, userId: m.id });
    return row.id;
  });
}

interface Built {
  courseId: string;
  testId: string;
  /** Question id → its correct answer ids and a wrong one. */
  keys: { id: string; right: string[]; wrong: string }[];
}

/** A test of three questions (the third with two correct answers). */
async function built(ws: TestWorkspace, members: TestUser[], settings: Record<string, unknown> = {}): Promise<Built> {
  const courseId = await course(ws, members);
  const test = (
    await ok(await call(h, ws.admin, 'POST', `/api/courses/${courseId}/tests`, { title: 'Check', ...settings }))
  ).result;
  const keys: Built['keys'] = [];
  for (const [text, answers] of [
    [
      'Port of HTTPS?',
      [
        ['443', true],
        ['80', false],
        ['22', false],
      ],
    ],
    [
      'Strong password?',
      [
        ['correct horse battery staple', true],
        ['123456', false],
      ],
    ],
    [
      'Phishing signs?',
      [
        ['Urgency', true],
        ['Odd sender', true],
        ['Your own name', false],
      ],
    ],
  ] as const) {
    const q = (
      await ok(
        await call(h, ws.admin, 'POST', `/api/tests/${test._id}/questions`, {
          question: { text, answers: answers.map(([t, correct]) => ({ text: t, correct })) },
        }),
      )
    ).result;
    keys.push({
      id: q._id,
      right: q.answers.filter((a: { correct: boolean }) => a.correct).map((a: { _id: string }) => a._id),
      wrong: q.answers.find((a: { correct: boolean }) => !a.correct)._id,
    });
  }
  return { courseId, testId: test._id, keys };
}

const start = (who: TestUser, b: Built) =>
  call(h, who, 'POST', `/api/tests/${b.courseId}/startTest/${b.testId}/for/${who.id}`);
const answer = (who: TestUser, b: Built, attempt: string, question: string, answers: string[]) =>
  call(h, who, 'POST', `/api/tests/${b.testId}/answer`, { attempt_id: attempt, question_id: question, answers });
const finish = (who: TestUser, b: Built, attempt: string) =>
  call(h, who, 'POST', `/api/tests/${b.testId}/finish`, { attempt_id: attempt });

describe('taking a test', () => {
  it('starts without correct flags, answers, finishes with the score, tries again; best score and attempts count', async () => {
    const ws = await makeWorkspace(h);
    const b = await built(ws, [ws.employee], { pass_score: 60 });
    const first = await start(ws.employee, b);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).not.toContain('"correct"');
    const attempt = first.json().result;
    expect(attempt).toMatchObject({ test_id: b.testId, course_id: b.courseId, number: 1, deadline: null, answers: {} });
    expect(attempt.questions.map((q: { _id: string }) => q._id)).toEqual(b.keys.map((k) => k.id));
    expect(attempt.questions.map((q: { multiple: boolean }) => q.multiple)).toEqual([false, false, true]);
    // Resuming answers the same attempt.
    expect((await ok(await start(ws.employee, b))).result._id).toBe(attempt._id);

    const [q1, q2, q3] = b.keys;
    expect((await ok(await answer(ws.employee, b, attempt._id, q1.id, [q1.wrong]))).result).toEqual({
      saved: true,
      answered: 1,
    });
    // "Previous": the answer to the first question changes.
    await ok(await answer(ws.employee, b, attempt._id, q1.id, q1.right));
    await ok(await answer(ws.employee, b, attempt._id, q2.id, [q2.wrong]));
    // A multiple-answer question wants the whole correct set.
    await ok(await answer(ws.employee, b, attempt._id, q3.id, [q3.right[0]]));
    const resumed = (await ok(await start(ws.employee, b))).result;
    expect(resumed.answers).toEqual({ [q1.id]: q1.right, [q2.id]: [q2.wrong], [q3.id]: [q3.right[0]] });

    const done = (await ok(await finish(ws.employee, b, attempt._id))).result;
    expect(done).toMatchObject({
      _id: attempt._id,
      number: 1,
      timed_out: false,
      answered: 3,
      total: 3,
      score: 33,
      correct: 1,
      passed: false,
      best_score: 33,
      attempts: 1,
    });
    expect(done.right).toEqual({ [q1.id]: q1.right, [q2.id]: q2.right, [q3.id]: q3.right });
    const again = await finish(ws.employee, b, attempt._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('test_attempt_finished');
    const late = await answer(ws.employee, b, attempt._id, q1.id, q1.right);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('test_attempt_finished');

    // Try again: a new attempt, all right this time; the course (this test its only content) is learned.
    const second = (await ok(await start(ws.employee, b))).result;
    expect(second).toMatchObject({ number: 2, answers: {} });
    expect(second._id).not.toBe(attempt._id);
    for (const k of b.keys) await ok(await answer(ws.employee, b, second._id, k.id, k.right));
    const passed = (await ok(await finish(ws.employee, b, second._id))).result;
    expect(passed).toMatchObject({ score: 100, correct: 3, passed: true, best_score: 100, attempts: 2 });
    const mine = (await ok(await call(h, ws.employee, 'GET', `/api/courses/${b.courseId}/tests/${b.testId}`))).result
      .mine;
    expect(mine).toEqual({ attempts: 2, best_score: 100, passed: true, running: null });
    const [member] = await inSystem(h.platform.database, (tx) =>
      tx
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, b.courseId), eq(courseMembers.userId, ws.employee.id))),
    );
    expect(member).toMatchObject({ status: 'learned', percent: 100 });
  });

  it('hides the score and the right answers when the test says so', async () => {
    const ws = await makeWorkspace(h);
    const b = await built(ws, [ws.employee], { show_score: false, showright: false });
    const attempt = (await ok(await start(ws.employee, b))).result;
    await ok(await answer(ws.employee, b, attempt._id, b.keys[0].id, b.keys[0].right));
    const done = await finish(ws.employee, b, attempt._id);
    expect(done.statusCode).toBe(200);
    expect(done.json().result).toMatchObject({ score: null, correct: null, right: null, passed: true, answered: 1 });
    expect(done.body).not.toContain(b.keys[1].right[0]);
  });

  it('shuffles questions and answers within the same set, and keeps the order when resumed', async () => {
    const ws = await makeWorkspace(h);
    const b = await built(ws, [ws.employee], { shuffle_questions: true, shuffle_answers: true });
    const attempt = (await ok(await start(ws.employee, b))).result;
    const ids = attempt.questions.map((q: { _id: string }) => q._id);
    expect([...ids].sort()).toEqual(b.keys.map((k) => k.id).sort());
    for (const q of attempt.questions) {
      const key = b.keys.find((k) => k.id === q._id)!;
      expect(q.answers.map((a: { _id: string }) => a._id)).toEqual(expect.arrayContaining([...key.right, key.wrong]));
    }
    expect((await ok(await start(ws.employee, b))).result.questions).toEqual(attempt.questions);
  });

  it('refuses an answer after the deadline (409 test_time_over), saving nothing and finishing the attempt', async () => {
    const ws = await makeWorkspace(h);
    const b = await built(ws, [ws.employee], { time_limit: 5 });
    const attempt = (await ok(await start(ws.employee, b))).result;
    const minutes = (Date.parse(attempt.deadline) - Date.parse(attempt.started)) / 60_000;
    expect(minutes).toBe(5);
    await ok(await answer(ws.employee, b, attempt._id, b.keys[0].id, b.keys[0].right));
    await inSystem(h.platform.database, (tx) =>
      tx
        .update(testAttempts)
        .set({ deadline: new Date(Date.now() - 60_000) })
        .where(eq(testAttempts.id, attempt._id)),
    );
    const late = await answer(ws.employee, b, attempt._id, b.keys[1].id, b.keys[1].right);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('test_time_over');
    const saved = await inSystem(h.platform.database, (tx) =>
      tx.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt._id)),
    );
    expect(saved.map((r) => r.questionId)).toEqual([b.keys[0].id]);
    const [row] = await inSystem(h.platform.database, (tx) =>
      tx.select().from(testAttempts).where(eq(testAttempts.id, attempt._id)),
    );
    expect(row).toMatchObject({ timedOut: true, correct: 1, score: 33 });
    expect(row.finished).not.toBeNull();
    const again = await finish(ws.employee, b, attempt._id);
    expect(again.json().code).toBe('test_attempt_finished');
    const next = (await ok(await start(ws.employee, b))).result;
    expect(next.number).toBe(2);
  });

  it('finishes an attempt past its deadline as timed out, and a start replaces an expired one', async () => {
    const ws = await makeWorkspace(h);
    const b = await built(ws, [ws.employee], { time_limit: 1 });
    const first = (await ok(await start(ws.employee, b))).result;
    await ok(await answer(ws.employee, b, first._id, b.keys[0].id, b.keys[0].right));
    const past = () =>
      inSystem(h.platform.database, (tx) =>
        tx
          .update(testAttempts)
          .set({ deadline: new Date(Date.now() - 60_000) })
          .where(and(eq(testAttempts.testId, b.testId), isNull(testAttempts.finished))),
      );
    await past();
    const done = (await ok(await finish(ws.employee, b, first._id))).result;
    expect(done).toMatchObject({ timed_out: true, answered: 1, score: 33 });
    const second = (await ok(await start(ws.employee, b))).result;
    await past();
    const third = (await ok(await start(ws.employee, b))).result;
    expect(third.number).toBe(3);
    const [old] = await inSystem(h.platform.database, (tx) =>
      tx.select().from(testAttempts).where(eq(testAttempts.id, second._id)),
    );
    expect(old).toMatchObject({ timedOut: true, score: 0 });
  });
});

describe('refusals', () => {
  it('refuses another person, non-members, unknown answers, two answers to a single-answer question', async () => {
    const ws = await makeWorkspace(h);
    const outsider = await makeUser(h, ws.id, { firstName: 'Olga', lastName: 'Outsider' });
    const b = await built(ws, [ws.employee]);
    const forOther = await call(
      h,
      ws.admin,
      'POST',
      `/api/tests/${b.courseId}/startTest/${b.testId}/for/${ws.employee.id}`,
    );
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().code).toBe('test_for_self_only');
    const notMember = await start(outsider, b);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().code).toBe('course_not_member');

    const attempt = (await ok(await start(ws.employee, b))).result;
    const [q1, , q3] = b.keys;
    const stranger = await answer(outsider, b, attempt._id, q1.id, q1.right);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('course_not_member');
    const unknown = await answer(ws.employee, b, attempt._id, q1.id, [q3.wrong]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('test_answer_unknown');
    const two = await answer(ws.employee, b, attempt._id, q1.id, [q1.right[0], q1.wrong]);
    expect(two.statusCode).toBe(400);
    expect(two.json().code).toBe('test_one_answer');
    await ok(await answer(ws.employee, b, attempt._id, q3.id, q3.right));
    // Clearing an answer.
    expect((await ok(await answer(ws.employee, b, attempt._id, q3.id, []))).result.answered).toBe(0);

    // Another person's attempt, and another workspace's: not found.
    const admin = await call(h, ws.admin, 'POST', `/api/tests/${b.testId}/finish`, { attempt_id: attempt._id });
    expect(admin.statusCode).toBe(403);
    const other = await makeWorkspace(h);
    const ob = await built(other, [other.employee]);
    for (const res of [
      await call(h, other.employee, 'POST', `/api/tests/${b.testId}/answer`, {
        attempt_id: attempt._id,
        question_id: q1.id,
        answers: q1.right,
      }),
      await call(h, other.employee, 'POST', `/api/tests/${ob.testId}/answer`, {
        attempt_id: attempt._id,
        question_id: q1.id,
        answers: q1.right,
      }),
      await call(h, other.employee, 'POST', `/api/tests/${ob.testId}/finish`, { attempt_id: attempt._id }),
      await call(h, other.employee, 'POST', `/api/tests/${b.courseId}/startTest/${b.testId}/for/${other.employee.id}`),
      await call(h, other.employee, 'POST', `/api/tests/${ob.courseId}/startTest/${b.testId}/for/${other.employee.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Port of HTTPS');
    }
  });

  it('refuses a test without questions (409) and a closed course (403)', async () => {
    const ws = await makeWorkspace(h);
    const courseId = await course(ws, [ws.employee]);
    const test = (await ok(await call(h, ws.admin, 'POST', `/api/courses/${courseId}/tests`, { title: 'Empty' })))
      .result;
    const empty = await call(
      h,
      ws.employee,
      'POST',
      `/api/tests/${courseId}/startTest/${test._id}/for/${ws.employee.id}`,
    );
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('test_no_questions');
    const b = await built(ws, [ws.employee]);
    await inSystem(h.platform.database, (tx) =>
      tx.update(courses).set({ status: 'archived' }).where(eq(courses.id, b.courseId)),
    );
    const closed = await start(ws.employee, b);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('course_closed');
  });
});

describe('concurrency', () => {
  it('makes one running attempt of 50 starts at once, and one answer row of 50 answers at once', async () => {
    const ws = await makeWorkspace(h);
    const b = await built(ws, [ws.employee]);
    const starts = await Promise.all(Array.from({ length: 50 }, () => start(ws.employee, b)));
    for (const res of starts) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(starts.map((res) => res.json().result._id));
    expect(ids.size).toBe(1);
    const rows = await inSystem(h.platform.database, (tx) =>
      tx.select().from(testAttempts).where(eq(testAttempts.testId, b.testId)),
    );
    expect(rows).toHaveLength(1);

    const [attemptId] = ids;
    const q = b.keys[2];
    const choices = [[q.right[0]], [q.right[1]], q.right, [q.wrong]];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => answer(ws.employee, b, attemptId, q.id, choices[i % choices.length])),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const saved = await inSystem(h.platform.database, (tx) =>
      tx.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId)),
    );
    expect(saved).toHaveLength(1);
  });
});
