// Modules §7 "Learning": tests and their questions, taking a test (start, answer, finish) and the analytics with its
// workbook (docs/api.md "Learning" → "Tests and analytics"). The rules are in tests.ts, attempts.ts, analytics.ts.
import { id, okResult } from '@hallway/shared';
import {
  analyticsQuery,
  analyticsResult,
  answerBody,
  answerResult,
  attemptOutcomeResult,
  attemptResult,
  finishBody,
  newQuestionBody,
  questionBody,
  questionResult,
  testBody,
  testResult,
  testUpdateBody,
} from '@hallway/shared/learning';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.js';
import { XLSX_MIME } from '../../platform/files/sheet-cells.js';
import type { App } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { contentDisposition } from '../files/index.js';
import { analytics, analyticsWorkbook } from './analytics.js';
import { answerQuestion, finishAttempt, startAttempt } from './attempts.js';
import { addQuestion, createTest, deleteQuestion, deleteTest, getTest, updateQuestion, updateTest } from './tests.js';

const tags = ['learning'];
const access = { right: 'lms' } as const;
const courseTestParams = z.object({ id, test_id: id });
const testParams = z.object({ test_id: id });

export function testRoutes(app: App, _platform: Platform): void {
  // Tests -------------------------------------------------------------------------------------------------------
  app.post(
    '/api/courses/:id/tests',
    {
      schema: {
        summary: "A new test at the end of the course's content (managers)",
        tags,
        params: z.object({ id }),
        body: testBody,
        response: { 200: testResult },
      },
      config: { access, params: { id: 'course_taken' } },
    },
    async (req) => ({ result: await createTest(req.ctx, req.params.id, req.body) }),
  );
  app.get(
    '/api/courses/:id/tests/:test_id',
    {
      schema: {
        summary: "A test with the caller's attempts; its questions with the correct flags for the course's managers",
        tags,
        params: courseTestParams,
        response: { 200: testResult },
      },
      config: { access, params: { id: 'course_taken', test_id: 'course_test' } },
    },
    async (req) => ({ result: await getTest(req.ctx, req.params.id, req.params.test_id) }),
  );
  app.put(
    '/api/courses/:id/tests/:test_id',
    {
      schema: {
        summary: "A test's settings (managers; not once taken on a course out of draft)",
        tags,
        params: courseTestParams,
        body: testUpdateBody,
        response: { 200: testResult },
      },
      config: { access, params: { id: 'course_taken', test_id: 'course_test_free' } },
    },
    async (req) => ({ result: await updateTest(req.ctx, req.params.id, req.params.test_id, req.body) }),
  );
  app.delete(
    '/api/courses/:id/tests/:test_id',
    {
      schema: {
        summary: 'A test deleted with its questions (managers; not once taken on a course out of draft)',
        tags,
        params: courseTestParams,
        response: { 200: okResult },
      },
      config: { access, params: { id: 'course_taken', test_id: 'course_test_spare' } },
    },
    async (req) => {
      await deleteTest(req.ctx, req.params.id, req.params.test_id);
      return { result: true };
    },
  );

  // Questions ---------------------------------------------------------------------------------------------------
  app.post(
    '/api/tests/:test_id/questions',
    {
      schema: {
        summary: 'A new question at the end of the test (managers): a text, 2–15 answers, at least one correct',
        tags,
        params: testParams,
        body: newQuestionBody,
        response: { 200: questionResult },
      },
      config: { access, params: { test_id: 'course_test_free' } },
    },
    async (req) => ({ result: await addQuestion(req.ctx, req.params.test_id, req.body) }),
  );
  app.put(
    '/api/tests/:test_id/questions',
    {
      schema: {
        summary: 'A question changed (managers): its text, and its answers replaced by those given',
        tags,
        params: testParams,
        body: questionBody,
        response: { 200: questionResult },
      },
      config: { access, params: { test_id: 'course_test_free' }, body: { 'question._id': 'test_question' } },
    },
    async (req) => ({ result: await updateQuestion(req.ctx, req.params.test_id, req.body) }),
  );
  app.delete(
    '/api/tests/:test_id/questions/:question_id',
    {
      schema: {
        summary: 'A question deleted (managers)',
        tags,
        params: z.object({ test_id: id, question_id: id }),
        response: { 200: okResult },
      },
      config: { access, params: { test_id: 'course_test_free', question_id: 'test_question_spare' } },
    },
    async (req) => {
      await deleteQuestion(req.ctx, req.params.test_id, req.params.question_id);
      return { result: true };
    },
  );

  // Taking a test -----------------------------------------------------------------------------------------------
  app.post(
    '/api/tests/:course_id/startTest/:test_id/for/:user_id',
    {
      schema: {
        summary: 'Starts the test for the caller, or resumes their running attempt (no correct flags in it)',
        tags,
        params: z.object({ course_id: id, test_id: id, user_id: id }),
        response: { 200: attemptResult },
      },
      config: { access, params: { course_id: 'course_taken', test_id: 'course_test', user_id: 'user' } },
    },
    async (req) => ({
      result: await startAttempt(req.ctx, req.params.course_id, req.params.test_id, req.params.user_id),
    }),
  );
  app.post(
    '/api/tests/:test_id/answer',
    {
      schema: {
        summary: "The caller's answer to one question of their running attempt (replaces the previous one)",
        tags,
        params: testParams,
        body: answerBody,
        response: { 200: answerResult },
      },
      config: {
        access,
        params: { test_id: 'course_test' },
        body: { attempt_id: 'test_attempt', question_id: 'test_question_taken', 'answers[]': 'test_answer_taken' },
      },
    },
    async (req, reply) => {
      const outcome = await answerQuestion(req.ctx, req.params.test_id, req.body);
      // The attempt was finished as timed out: that finish is kept (the transaction commits), the answer is not.
      if ('timeOver' in outcome) {
        const refusal = new AppError(409, 'test_time_over');
        return (reply as unknown as FastifyReply).status(409).send(refusal.toBody());
      }
      return { result: outcome };
    },
  );
  app.post(
    '/api/tests/:test_id/finish',
    {
      schema: {
        summary: "Finishes the caller's attempt: the score, and the right answers where the test shows them",
        tags,
        params: testParams,
        body: finishBody,
        response: { 200: attemptOutcomeResult },
      },
      config: { access, params: { test_id: 'course_test' }, body: { attempt_id: 'test_attempt_finishable' } },
    },
    async (req) => ({ result: await finishAttempt(req.ctx, req.params.test_id, req.body) }),
  );

  // Analytics ---------------------------------------------------------------------------------------------------
  app.get(
    '/api/courses/analytics/:client_id',
    {
      schema: {
        summary: "The workspace's learning figures (managers); `user_id` adds that person's courses",
        tags,
        params: z.object({ client_id: id }),
        querystring: analyticsQuery,
        response: { 200: analyticsResult },
      },
      config: { access, params: { client_id: 'client' }, query: { user_id: 'user', course_id: 'course' } },
    },
    async (req) => ({ result: await analytics(req.ctx, req.params.client_id, req.query) }),
  );
  app.get(
    '/api/courses/analytics/:client_id/excel',
    {
      schema: {
        summary: 'The same figures as an xlsx workbook: Courses, Overdue, Hardest questions (and Person)',
        tags,
        params: z.object({ client_id: id }),
        querystring: analyticsQuery,
      },
      config: { access, params: { client_id: 'client' }, query: { user_id: 'user', course_id: 'course' } },
    },
    async (req, reply) => {
      const data = await analytics(req.ctx, req.params.client_id, req.query);
      const bytes = await analyticsWorkbook(data);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(XLSX_MIME)
        .header('Content-Disposition', contentDisposition(XLSX_MIME, `learning-analytics-${day}.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );
}
