// A course's tests and their questions (modules §3 Learning "Test", §5 Test; docs/api.md "Learning" → "Tests and
// analytics"). Managers write them; a test somebody took on a course out of draft refuses changes
// (`test_has_attempts`: we refuse rather than keep versions, so a finished attempt always reads the questions it was
// scored on).
import { randomUUID } from 'node:crypto';
import type { MessageCode } from '@hallway/shared';
import {
  COURSE_ITEMS_MAX,
  type NewQuestionBody,
  type QuestionBody,
  type QuestionDto,
  TEST_ANSWERS_MAX,
  TEST_ANSWERS_MIN,
  TEST_QUESTIONS_MAX,
  type TestBody,
  type TestDto,
  type TestUpdateBody,
} from '@hallway/shared/learning';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { badRequest, conflict, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { type CourseAccess, courseAccess, managedCourse } from './access.js';
import { testPolicy } from './policy.js';
import { courseTests, type StoredAnswer, testQuestions } from './tables.js';

export type TestRow = typeof courseTests.$inferSelect;
export type QuestionRow = typeof testQuestions.$inferSelect;

/** The test `testId` of course `courseId` in the caller's workspace, or 404 `test_not_found`. */
export async function testOfCourse(ctx: RequestContext, courseId: string, testId: string): Promise<TestRow> {
  const [row] = await ctx.db
    .select()
    .from(courseTests)
    .where(and(eq(courseTests.clientId, ctx.tenant()), eq(courseTests.courseId, courseId), eq(courseTests.id, testId)));
  if (!row) throw notFound('test_not_found');
  return row;
}

/** The test `testId` of the caller's workspace (whose course is then checked by the caller), or 404. */
export async function testById(ctx: RequestContext, testId: string): Promise<TestRow> {
  const [row] = await ctx.db
    .select()
    .from(courseTests)
    .where(and(eq(courseTests.clientId, ctx.tenant()), eq(courseTests.id, testId)));
  if (!row) throw notFound('test_not_found');
  return row;
}

export async function questionsOf(ctx: RequestContext, testId: string): Promise<QuestionRow[]> {
  return ctx.db
    .select()
    .from(testQuestions)
    .where(and(eq(testQuestions.clientId, ctx.tenant()), eq(testQuestions.testId, testId)))
    .orderBy(asc(testQuestions.sort), asc(testQuestions.created), asc(testQuestions.id));
}

async function standing(ctx: RequestContext, testId: string) {
  const [row] = await rowsOf<{ attempts: boolean; questions: number }>(
    ctx.db,
    sql`SELECT EXISTS (SELECT 1 FROM test_attempts WHERE client_id = ${ctx.tenant()} AND test_id = ${testId}) AS attempts,
      (SELECT count(*)::int FROM test_questions WHERE client_id = ${ctx.tenant()} AND test_id = ${testId}) AS questions`,
  );
  return { hasAttempts: !!row?.attempts, questions: Number(row?.questions ?? 0) };
}

/**
 * The course (locked) and its test, as one who may change the test now: a manager (else 403), and the test
 * untaken or its course a draft (else 409 `test_has_attempts`).
 */
async function editableTest(ctx: RequestContext, courseId: string, testId: string) {
  const access = await managedCourse(ctx, courseId, { lock: true });
  const test = await testOfCourse(ctx, courseId, testId);
  const counts = await standing(ctx, test.id);
  if (!testPolicy(access.can, access.course, counts).edit) throw conflict('test_has_attempts');
  return { access, test, counts };
}

/** The same for a call naming the test only (its questions). */
async function editableTestById(ctx: RequestContext, testId: string) {
  const found = await testById(ctx, testId);
  return editableTest(ctx, found.courseId, testId);
}

const questionDto = (q: QuestionRow): QuestionDto => ({
  _id: q.id,
  text: q.text,
  answers: q.answers.map((a) => ({ _id: a.id, text: a.text, correct: a.correct })),
});

/** The caller's attempts of a test: how many, the best score, passed, the one still running. */
export async function mineOf(ctx: RequestContext, testId: string) {
  if (!ctx.user) return { attempts: 0, best_score: null, passed: false, running: null };
  const [row] = await rowsOf<{ attempts: number; best: number | null; passed: boolean | null; running: string | null }>(
    ctx.db,
    sql`SELECT count(*)::int AS attempts,
        max(score) FILTER (WHERE finished IS NOT NULL) AS best,
        bool_or(passed) FILTER (WHERE finished IS NOT NULL) AS passed,
        (array_agg(id) FILTER (WHERE finished IS NULL AND (deadline IS NULL OR deadline > now())))[1] AS running
      FROM test_attempts WHERE client_id = ${ctx.tenant()} AND test_id = ${testId} AND user_id = ${ctx.user.id}`,
  );
  return {
    attempts: Number(row?.attempts ?? 0),
    best_score: row?.best === null || row?.best === undefined ? null : Number(row.best),
    passed: !!row?.passed,
    running: row?.running ?? null,
  };
}

async function present(ctx: RequestContext, access: CourseAccess, test: TestRow): Promise<TestDto> {
  const questions = await questionsOf(ctx, test.id);
  const { hasAttempts } = await standing(ctx, test.id);
  return {
    _id: test.id,
    course_id: test.courseId,
    title: test.title,
    description: test.description,
    showright: test.showright,
    show_score: test.showScore,
    shuffle_questions: test.shuffleQuestions,
    shuffle_answers: test.shuffleAnswers,
    time_limit: test.timeLimit,
    pass_score: test.passScore,
    question_count: questions.length,
    questions: access.policy.manage ? questions.map(questionDto) : null,
    has_attempts: hasAttempts,
    mine: await mineOf(ctx, test.id),
    can: testPolicy(access.can, access.course, { hasAttempts, questions: questions.length }),
  };
}

/** `GET api/courses/{id}/tests/{test_id}`: whoever reads the course; the correct flags for its managers only. */
export async function getTest(ctx: RequestContext, courseId: string, testId: string): Promise<TestDto> {
  const access = await courseAccess(ctx, courseId);
  return present(ctx, access, await testOfCourse(ctx, courseId, testId));
}

/** `POST api/courses/{id}/tests`: appended after the course's last lesson or test. */
export async function createTest(ctx: RequestContext, courseId: string, body: TestBody): Promise<TestDto> {
  const access = await managedCourse(ctx, courseId, { lock: true });
  const tenant = ctx.tenant();
  const [row] = await rowsOf<{ tests: number; next: number }>(
    ctx.db,
    sql`SELECT (SELECT count(*)::int FROM course_tests WHERE client_id = ${tenant} AND course_id = ${courseId}) AS tests,
      COALESCE(GREATEST(
        (SELECT max(sort) FROM course_lessons WHERE client_id = ${tenant} AND course_id = ${courseId}),
        (SELECT max(sort) FROM course_tests WHERE client_id = ${tenant} AND course_id = ${courseId})
      ) + 1, 0)::int AS next`,
  );
  if (Number(row?.tests ?? 0) >= COURSE_ITEMS_MAX) throw badRequest('course_items_too_many');
  const [test] = await ctx.db
    .insert(courseTests)
    .values({
      clientId: tenant,
      courseId,
      title: body.title,
      description: body.description,
      showright: body.showright,
      showScore: body.show_score,
      shuffleQuestions: body.shuffle_questions,
      shuffleAnswers: body.shuffle_answers,
      timeLimit: body.time_limit,
      passScore: body.pass_score,
      sort: Number(row?.next ?? 0),
    })
    .returning();
  return present(ctx, access, test);
}

/** `PUT api/courses/{id}/tests/{test_id}`: the fields given. */
export async function updateTest(
  ctx: RequestContext,
  courseId: string,
  testId: string,
  body: TestUpdateBody,
): Promise<TestDto> {
  const { access, test } = await editableTest(ctx, courseId, testId);
  const changes: Partial<typeof courseTests.$inferInsert> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.showright !== undefined) changes.showright = body.showright;
  if (body.show_score !== undefined) changes.showScore = body.show_score;
  if (body.shuffle_questions !== undefined) changes.shuffleQuestions = body.shuffle_questions;
  if (body.shuffle_answers !== undefined) changes.shuffleAnswers = body.shuffle_answers;
  if (body.time_limit !== undefined) changes.timeLimit = body.time_limit;
  if (body.pass_score !== undefined) changes.passScore = body.pass_score;
  const [row] = Object.keys(changes).length
    ? await ctx.db
        .update(courseTests)
        .set({ ...changes, updated: sql`now()` })
        .where(and(eq(courseTests.clientId, ctx.tenant()), eq(courseTests.id, test.id)))
        .returning()
    : [test];
  return present(ctx, access, row);
}

/** `DELETE api/courses/{id}/tests/{test_id}`: with its questions (and a draft's attempts). */
export async function deleteTest(ctx: RequestContext, courseId: string, testId: string): Promise<void> {
  const { test } = await editableTest(ctx, courseId, testId);
  await ctx.db.delete(courseTests).where(and(eq(courseTests.clientId, ctx.tenant()), eq(courseTests.id, test.id)));
}

interface GivenAnswer {
  _id?: string;
  text: string;
  correct: boolean;
}

/** Modules §5 Test on the server too: a text, two to fifteen answers, every one filled, at least one correct. */
function checkQuestion(question: { text: string; answers: GivenAnswer[] }): void {
  const fields: Record<string, MessageCode> = {};
  if (!question.text.trim()) fields['question.text'] = 'test_question_text_required';
  question.answers.forEach((a, i) => {
    if (!a.text.trim()) fields[`question.answers.${i}.text`] = 'test_answer_text_required';
  });
  if (question.answers.length < TEST_ANSWERS_MIN) fields['question.answers'] = 'test_answers_too_few';
  else if (question.answers.length > TEST_ANSWERS_MAX) fields['question.answers'] = 'test_answers_too_many';
  else if (!question.answers.some((a) => a.correct)) fields['question.answers'] = 'test_correct_answer_required';
  if (Object.keys(fields).length) throw invalidFields(fields);
}

/** `POST api/tests/{test_id}/questions`: a new question at the end of the test; its answers get new ids. */
export async function addQuestion(ctx: RequestContext, testId: string, body: NewQuestionBody): Promise<QuestionDto> {
  const { test } = await editableTestById(ctx, testId);
  checkQuestion(body.question);
  const tenant = ctx.tenant();
  const [row] = await rowsOf<{ questions: number; next: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS questions, COALESCE(max(sort) + 1, 0)::int AS next
      FROM test_questions WHERE client_id = ${tenant} AND test_id = ${test.id}`,
  );
  if (Number(row?.questions ?? 0) >= TEST_QUESTIONS_MAX) throw badRequest('test_questions_too_many');
  const [question] = await ctx.db
    .insert(testQuestions)
    .values({
      clientId: tenant,
      testId: test.id,
      text: body.question.text.trim(),
      answers: body.question.answers.map((a) => ({ id: randomUUID(), text: a.text.trim(), correct: a.correct })),
      sort: Number(row?.next ?? 0),
    })
    .returning();
  await touch(ctx, test.id);
  return questionDto(question);
}

/**
 * `PUT api/tests/{test_id}/questions`: the question `question._id` of this test gets the text and answers given.
 * An answer's `_id` must be one of that question's answers (it keeps it); answers without one are new.
 */
export async function updateQuestion(ctx: RequestContext, testId: string, body: QuestionBody): Promise<QuestionDto> {
  const questionId = body.question._id;
  if (!questionId) throw invalidFields({ 'question._id': 'required' });
  const { test } = await editableTestById(ctx, testId);
  const [current] = await ctx.db
    .select()
    .from(testQuestions)
    .where(
      and(
        eq(testQuestions.clientId, ctx.tenant()),
        eq(testQuestions.testId, test.id),
        eq(testQuestions.id, questionId),
      ),
    );
  if (!current) throw notFound('test_question_not_found');
  checkQuestion(body.question);
  const known = new Set(current.answers.map((a) => a.id));
  const used = new Set<string>();
  const fields: Record<string, MessageCode> = {};
  const answers: StoredAnswer[] = body.question.answers.map((a, i) => {
    if (a._id && (!known.has(a._id) || used.has(a._id))) fields[`question.answers.${i}._id`] = 'test_answer_unknown';
    if (a._id) used.add(a._id);
    return { id: a._id ?? randomUUID(), text: a.text.trim(), correct: a.correct };
  });
  if (Object.keys(fields).length) throw invalidFields(fields);
  const [question] = await ctx.db
    .update(testQuestions)
    .set({ text: body.question.text.trim(), answers })
    .where(and(eq(testQuestions.clientId, ctx.tenant()), eq(testQuestions.id, current.id)))
    .returning();
  await touch(ctx, test.id);
  return questionDto(question);
}

/** `DELETE api/tests/{test_id}/questions/{question_id}`. */
export async function deleteQuestion(ctx: RequestContext, testId: string, questionId: string): Promise<void> {
  const { test } = await editableTestById(ctx, testId);
  const gone = await ctx.db
    .delete(testQuestions)
    .where(
      and(
        eq(testQuestions.clientId, ctx.tenant()),
        eq(testQuestions.testId, test.id),
        eq(testQuestions.id, questionId),
      ),
    )
    .returning({ id: testQuestions.id });
  if (!gone.length) throw notFound('test_question_not_found');
  await touch(ctx, test.id);
}

const touch = (ctx: RequestContext, testId: string) =>
  ctx.db
    .update(courseTests)
    .set({ updated: sql`now()` })
    .where(and(eq(courseTests.clientId, ctx.tenant()), eq(courseTests.id, testId)));
