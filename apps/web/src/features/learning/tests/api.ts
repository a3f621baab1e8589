import type {
  AnswerBody,
  AttemptDto,
  AttemptOutcome,
  QuestionBody,
  QuestionDto,
  TestBody,
  TestDto,
  TestUpdateBody,
} from '@hallway/shared/learning';
import { api } from '../../../api/client';

/**
 * The tests' calls (modules §7 "Learning", docs/api.md "Learning"). Everything is `local`: the editor shows its
 * refusals on its fields, the taking screen in its own states.
 */

const local = { local: true } as const;
type One<T> = { result: T };
const one = async <T>(promise: Promise<One<T>>) => (await promise).result;

export const fetchTest = (courseId: string, testId: string, signal?: AbortSignal) =>
  one(api<One<TestDto>>(`/api/courses/${courseId}/tests/${testId}`, { signal, ...local }));

export const createTest = (courseId: string, body: TestBody) =>
  one(api<One<TestDto>>(`/api/courses/${courseId}/tests`, { method: 'POST', body, ...local }));

export const updateTest = (courseId: string, testId: string, body: TestUpdateBody) =>
  one(api<One<TestDto>>(`/api/courses/${courseId}/tests/${testId}`, { method: 'PUT', body, ...local }));

export const deleteTest = (courseId: string, testId: string) =>
  api<unknown>(`/api/courses/${courseId}/tests/${testId}`, { method: 'DELETE', ...local });

/** A new question (no `_id`) is POSTed, a stored one PUT with its `_id`. */
export const saveQuestion = (testId: string, body: QuestionBody) =>
  one(
    api<One<QuestionDto>>(`/api/tests/${testId}/questions`, {
      method: body.question._id ? 'PUT' : 'POST',
      body,
      ...local,
    }),
  );

export const deleteQuestion = (testId: string, questionId: string) =>
  api<unknown>(`/api/tests/${testId}/questions/${questionId}`, { method: 'DELETE', ...local });

/** Starts an attempt, or resumes the running one. */
export const startTest = (courseId: string, testId: string, userId: string) =>
  one(api<One<AttemptDto>>(`/api/tests/${courseId}/startTest/${testId}/for/${userId}`, { method: 'POST', ...local }));

export const answerQuestion = (testId: string, body: AnswerBody) =>
  one(
    api<One<{ saved: boolean; answered: number }>>(`/api/tests/${testId}/answer`, {
      method: 'POST',
      body,
      ...local,
    }),
  );

export const finishTest = (testId: string, attemptId: string) =>
  one(
    api<One<AttemptOutcome>>(`/api/tests/${testId}/finish`, {
      method: 'POST',
      body: { attempt_id: attemptId },
      ...local,
    }),
  );
