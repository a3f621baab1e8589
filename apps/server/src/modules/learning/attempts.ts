// Taking a test (modules §4 "test flow": start, answer, previous or next question, finish, try again; docs/api.md
// "Learning" → "Tests and analytics"). The server keeps the order shown, the deadline and the score: a learner never
// receives a correct flag before finishing, and only with `showright` after. One attempt runs per person and test
// (a partial unique index); every time is the database's (`now()`, the transaction's start), taken once a request.
import { randomInt } from 'node:crypto';
import {
  type AnswerBody,
  type AttemptDto,
  type AttemptOutcome,
  type CourseStatus,
  type FinishBody,
  TEST_DEADLINE_GRACE_MS,
} from '@hallway/shared/learning';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { courseAccess, learnableCourse } from './access.js';
import { isoOf, isoOrNull } from './present.js';
import { markStarted, recount } from './progress.js';
import { type AttemptLayout, attemptAnswers, testAttempts, testQuestions } from './tables.js';
import { mineOf, type QuestionRow, questionsOf, type TestRow, testById, testOfCourse } from './tests.js';

type AttemptRow = typeof testAttempts.$inferSelect;

/** The database's clock for this request (the transaction's start: every write's `now()` is the same moment). */
async function dbNow(ctx: RequestContext): Promise<Date> {
  const [row] = await rowsOf<{ now: Date | string }>(ctx.db, sql`SELECT now() AS now`);
  return new Date(row.now);
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const correctIds = (q: QuestionRow) => q.answers.filter((a) => a.correct).map((a) => a.id);

async function questionMap(ctx: RequestContext, layout: AttemptLayout[]): Promise<Map<string, QuestionRow>> {
  const ids = layout.map((l) => l.q);
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select()
    .from(testQuestions)
    .where(and(eq(testQuestions.clientId, ctx.tenant()), inArray(testQuestions.id, ids)));
  return new Map(rows.map((q) => [q.id, q]));
}

async function savedAnswers(ctx: RequestContext, attemptId: string): Promise<Map<string, string[]>> {
  const rows = await ctx.db
    .select({ q: attemptAnswers.questionId, ids: attemptAnswers.answerIds })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.clientId, ctx.tenant()), eq(attemptAnswers.attemptId, attemptId)));
  return new Map(rows.filter((r) => r.ids.length > 0).map((r) => [r.q, r.ids]));
}

/** The caller's attempt `attemptId` of the test, locked (answers and finishing of one attempt line up), or 404. */
async function ownAttempt(ctx: RequestContext, testId: string, attemptId: string): Promise<AttemptRow> {
  const [row] = await ctx.db
    .select()
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.clientId, ctx.tenant()),
        eq(testAttempts.id, attemptId),
        eq(testAttempts.testId, testId),
        eq(testAttempts.userId, ctx.me().id),
      ),
    )
    .for('update');
  if (!row) throw notFound('test_attempt_not_found');
  return row;
}

/**
 * Finishes a running attempt: each saved answer is right when the chosen set is the correct set; the score is the
 * percent of the attempt's questions answered right; timed out when finished past the deadline. Null when another
 * request finished it first.
 */
async function close(ctx: RequestContext, test: TestRow, attempt: AttemptRow, now: Date): Promise<AttemptRow | null> {
  const questions = await questionMap(ctx, attempt.layout);
  const saved = await savedAnswers(ctx, attempt.id);
  const right: string[] = [];
  for (const { q } of attempt.layout) {
    const question = questions.get(q);
    const given = saved.get(q);
    if (!question || !given) continue;
    const wanted = new Set(correctIds(question));
    const chosen = new Set(given);
    if (chosen.size === wanted.size && [...chosen].every((id) => wanted.has(id))) right.push(q);
  }
  await ctx.db.execute(
    sql`UPDATE attempt_answers SET correct = (question_id = ANY(${sql.param(right)}::uuid[]))
      WHERE client_id = ${ctx.tenant()} AND attempt_id = ${attempt.id}`,
  );
  const total = attempt.layout.length;
  const score = total ? Math.round((100 * right.length) / total) : 0;
  const [row] = await ctx.db
    .update(testAttempts)
    .set({
      finished: sql`now()`,
      timedOut: !!attempt.deadline && now.getTime() > attempt.deadline.getTime(),
      correct: right.length,
      score,
      passed: score >= test.passScore,
    })
    .where(and(eq(testAttempts.clientId, ctx.tenant()), eq(testAttempts.id, attempt.id), isNull(testAttempts.finished)))
    .returning();
  return row ?? null;
}

async function view(ctx: RequestContext, attempt: AttemptRow, now: Date): Promise<AttemptDto> {
  const questions = await questionMap(ctx, attempt.layout);
  const saved = await savedAnswers(ctx, attempt.id);
  const shown: AttemptDto['questions'] = [];
  for (const { q, a } of attempt.layout) {
    const question = questions.get(q);
    if (!question) continue;
    const texts = new Map(question.answers.map((x) => [x.id, x.text]));
    shown.push({
      _id: question.id,
      text: question.text,
      multiple: correctIds(question).length > 1,
      // Answer ids and texts only: the correct flags stay on the server.
      answers: a.filter((id) => texts.has(id)).map((id) => ({ _id: id, text: texts.get(id)! })),
    });
  }
  return {
    _id: attempt.id,
    test_id: attempt.testId,
    course_id: attempt.courseId,
    number: attempt.number,
    started: isoOf(attempt.started),
    deadline: isoOrNull(attempt.deadline),
    now: now.toISOString(),
    questions: shown,
    answers: Object.fromEntries(saved),
  };
}

async function runningOf(ctx: RequestContext, testId: string, userId: string): Promise<AttemptRow | null> {
  const [row] = await ctx.db
    .select()
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.clientId, ctx.tenant()),
        eq(testAttempts.testId, testId),
        eq(testAttempts.userId, userId),
        isNull(testAttempts.finished),
      ),
    );
  return row ?? null;
}

/**
 * `POST api/tests/{course_id}/startTest/{test_id}/for/{user_id}`: the caller's running attempt (resumed, same
 * order), or a new one. A running attempt whose deadline passed is finished as timed out first.
 */
export async function startAttempt(
  ctx: RequestContext,
  courseId: string,
  testId: string,
  userId: string,
): Promise<AttemptDto> {
  const me = ctx.me();
  if (userId !== me.id) throw forbidden('test_for_self_only');
  await learnableCourse(ctx, courseId);
  const test = await testOfCourse(ctx, courseId, testId);
  const questions = await questionsOf(ctx, test.id);
  if (!questions.length) throw conflict('test_no_questions');
  const now = await dbNow(ctx);
  // Two starts at once: the index lets one insert; the other finds that attempt on its next pass.
  for (let pass = 0; pass < 3; pass++) {
    const running = await runningOf(ctx, test.id, me.id);
    if (running) {
      if (!running.deadline || running.deadline.getTime() > now.getTime()) return view(ctx, running, now);
      if (await close(ctx, test, running, now)) await recount(ctx, courseId, me.id);
    }
    const order = test.shuffleQuestions ? shuffled(questions) : questions;
    const layout: AttemptLayout[] = order.map((q) => {
      const ids = q.answers.map((a) => a.id);
      return { q: q.id, a: test.shuffleAnswers ? shuffled(ids) : ids };
    });
    const [created] = await ctx.db
      .insert(testAttempts)
      .values({
        clientId: ctx.tenant(),
        testId: test.id,
        courseId,
        userId: me.id,
        number: sql`(SELECT COALESCE(max(number), 0) + 1 FROM test_attempts
          WHERE client_id = ${ctx.tenant()} AND test_id = ${test.id} AND user_id = ${me.id})`,
        deadline: test.timeLimit > 0 ? sql`now() + make_interval(mins => ${test.timeLimit})` : null,
        layout,
        total: layout.length,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await markStarted(ctx, courseId, me.id);
      return view(ctx, created, now);
    }
  }
  throw conflict('test_attempt_finished');
}

export type AnswerOutcome = { saved: boolean; answered: number } | { timeOver: true };

/**
 * `POST api/tests/{test_id}/answer`: the caller's answer to one question of their running attempt (replacing the
 * previous one; none clears it). Past the deadline and its grace nothing is saved and the attempt is finished as
 * timed out: the route answers 409 `test_time_over` and keeps that finish.
 */
export async function answerQuestion(ctx: RequestContext, testId: string, body: AnswerBody): Promise<AnswerOutcome> {
  const attempt = await answerable(ctx, testId, body.attempt_id);
  if (!attempt.member) throw forbidden('course_not_member');
  if (!OPEN.includes(attempt.status)) throw forbidden('course_closed');
  if (attempt.finished) throw conflict('test_attempt_finished');
  const now = new Date(attempt.now);
  const deadline = attempt.deadline ? new Date(attempt.deadline) : null;
  if (deadline && now.getTime() > deadline.getTime() + TEST_DEADLINE_GRACE_MS) {
    const test = await testById(ctx, testId);
    const [row] = await ctx.db.select().from(testAttempts).where(eq(testAttempts.id, attempt.id));
    if (await close(ctx, test, row, now)) await recount(ctx, test.courseId, attempt.user_id);
    return { timeOver: true };
  }
  const shown = attempt.layout.find((l) => l.q === body.question_id);
  if (!shown) throw notFound('test_question_not_found');
  const chosen = [...new Set(body.answers)];
  if (chosen.some((id) => !shown.a.includes(id))) {
    throw new AppError(400, 'test_answer_unknown', {}, { fields: { answers: 'test_answer_unknown' } });
  }
  if (chosen.length > 1) {
    const [question] = await ctx.db
      .select()
      .from(testQuestions)
      .where(and(eq(testQuestions.clientId, ctx.tenant()), eq(testQuestions.id, body.question_id)));
    if (!question) throw notFound('test_question_not_found');
    if (correctIds(question).length <= 1) throw badRequest('test_one_answer');
  }
  const tenant = ctx.tenant();
  const write = chosen.length
    ? sql`INSERT INTO attempt_answers (client_id, attempt_id, question_id, answer_ids)
        VALUES (${tenant}, ${attempt.id}, ${body.question_id}, ${sql.param(chosen)}::uuid[])
        ON CONFLICT (attempt_id, question_id)
        DO UPDATE SET answer_ids = excluded.answer_ids, answered_at = now(), correct = NULL RETURNING 1`
    : sql`DELETE FROM attempt_answers WHERE client_id = ${tenant} AND attempt_id = ${attempt.id}
        AND question_id = ${body.question_id} RETURNING 1`;
  // The write and the count of the other questions answered, in one statement (a data-modifying WITH always runs).
  const [others] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`WITH written AS (${write})
      SELECT count(*)::int AS n FROM attempt_answers WHERE client_id = ${tenant} AND attempt_id = ${attempt.id}
        AND question_id <> ${body.question_id} AND cardinality(answer_ids) > 0`,
  );
  return { saved: true, answered: Number(others?.n ?? 0) + (chosen.length ? 1 : 0) };
}

const OPEN: readonly CourseStatus[] = ['appointed', 'published'];

/**
 * What an answer needs, in one statement (answers are the hot path of a test): the caller's attempt `attemptId` of
 * the test, locked (answers and finishing of one attempt line up), its course's status, whether the caller is still
 * a member, and the database's clock. When there is no such attempt, the usual checks say why: the test or the
 * course unknown to the caller (404), not a member (403), or the attempt unknown (404).
 */
async function answerable(ctx: RequestContext, testId: string, attemptId: string) {
  const [row] = await rowsOf<{
    id: string;
    user_id: string;
    layout: AttemptLayout[];
    finished: string | null;
    deadline: string | null;
    status: CourseStatus;
    member: boolean;
    now: string;
  }>(
    ctx.db,
    sql`SELECT a.id, a.user_id, a.layout, a.finished, a.deadline, c.status, (m.user_id IS NOT NULL) AS member,
        now() AS now
      FROM test_attempts a
      JOIN courses c ON c.client_id = a.client_id AND c.id = a.course_id
      LEFT JOIN course_members m ON m.client_id = a.client_id AND m.course_id = a.course_id AND m.user_id = a.user_id
      WHERE a.client_id = ${ctx.tenant()} AND a.id = ${attemptId} AND a.test_id = ${testId}
        AND a.user_id = ${ctx.me().id}
      FOR UPDATE OF a`,
  );
  if (row) return row;
  const test = await testById(ctx, testId);
  await learnableCourse(ctx, test.courseId);
  throw notFound('test_attempt_not_found');
}

/**
 * `POST api/tests/{test_id}/finish`: scores the caller's running attempt (after the deadline too, as timed out, with
 * the answers saved in time) and counts their progress in the course again.
 */
export async function finishAttempt(ctx: RequestContext, testId: string, body: FinishBody): Promise<AttemptOutcome> {
  const test = await testById(ctx, testId);
  const access = await courseAccess(ctx, test.courseId);
  if (!access.member) throw forbidden('course_not_member');
  const attempt = await ownAttempt(ctx, test.id, body.attempt_id);
  if (attempt.finished) throw conflict('test_attempt_finished');
  const now = await dbNow(ctx);
  const row = await close(ctx, test, attempt, now);
  if (!row) throw conflict('test_attempt_finished');
  await recount(ctx, test.courseId, row.userId);
  return outcome(ctx, test, row);
}

async function outcome(ctx: RequestContext, test: TestRow, attempt: AttemptRow): Promise<AttemptOutcome> {
  const saved = await savedAnswers(ctx, attempt.id);
  let right: Record<string, string[]> | null = null;
  if (test.showright) {
    const questions = await questionMap(ctx, attempt.layout);
    right = {};
    for (const { q } of attempt.layout) {
      const question = questions.get(q);
      if (question) right[q] = correctIds(question);
    }
  }
  const mine = await mineOf(ctx, test.id);
  return {
    _id: attempt.id,
    number: attempt.number,
    finished: isoOf(attempt.finished ?? new Date()),
    timed_out: attempt.timedOut,
    answered: saved.size,
    total: attempt.total,
    score: test.showScore ? attempt.score : null,
    correct: test.showScore ? attempt.correct : null,
    passed: attempt.passed,
    right,
    answers: Object.fromEntries(saved),
    best_score: test.showScore ? mine.best_score : null,
    attempts: mine.attempts,
  };
}
