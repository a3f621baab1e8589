import type {
  AnswerBody,
  QuestionBody,
  QuestionDto,
  TestBody,
  TestDto,
  TestUpdateBody,
} from '@hallway/shared/learning';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { learningKeys } from '../queries';
import * as testsApi from './api';

/** The tests' query keys, under the learning module's prefix; a course's page is `['learning', 'course', id]`. */
export const testKeys = {
  all: ['learning', 'test'] as const,
  one: (courseId: string, testId: string) => ['learning', 'test', courseId, testId] as const,
  /** The course's page (its content shows a test's questions, attempts and `done`). */
  course: learningKeys.course,
};

export const testQueries = {
  one: (courseId: string, testId: string) =>
    queryOptions({
      queryKey: testKeys.one(courseId, testId),
      queryFn: ({ signal }) => testsApi.fetchTest(courseId, testId, signal),
      retry: false,
      staleTime: 15_000,
    }),
};

/** A changed test replaces its cached copy; the course's page, which lists it, is read again. */
function settle(client: QueryClient, test: TestDto) {
  client.setQueryData(testKeys.one(test.course_id, test._id), test);
  void client.invalidateQueries({ queryKey: testKeys.course(test.course_id) });
}

/** A saved question goes into the cached test in its place (or at the end when new). */
function putQuestion(client: QueryClient, courseId: string, testId: string, question: QuestionDto) {
  client.setQueryData<TestDto>(testKeys.one(courseId, testId), (test) => {
    if (!test) return test;
    const questions = test.questions ?? [];
    const known = questions.some((q) => q._id === question._id);
    const next = known ? questions.map((q) => (q._id === question._id ? question : q)) : [...questions, question];
    return { ...test, questions: next, question_count: next.length };
  });
  void client.invalidateQueries({ queryKey: testKeys.course(courseId) });
}

/**
 * The tests' writes. The editor's forms get their failures back for their fields; taking a test keeps its own state
 * and settles the caches once the attempt is finished.
 */
export const testMutations = {
  create: (client: QueryClient, courseId: string) =>
    mutationOptions({
      mutationFn: (body: TestBody) => testsApi.createTest(courseId, body),
      onSuccess: (test) => settle(client, test),
    }),

  update: (client: QueryClient, courseId: string, testId: string) =>
    mutationOptions({
      mutationFn: (body: TestUpdateBody) => testsApi.updateTest(courseId, testId, body),
      onSuccess: (test) => settle(client, test),
    }),

  remove: (client: QueryClient, courseId: string, testId: string) =>
    mutationOptions({
      mutationFn: () => testsApi.deleteTest(courseId, testId),
      onSuccess: () => {
        client.removeQueries({ queryKey: testKeys.one(courseId, testId) });
        void client.invalidateQueries({ queryKey: testKeys.course(courseId) });
      },
    }),

  saveQuestion: (client: QueryClient, courseId: string, testId: string) =>
    mutationOptions({
      mutationFn: (body: QuestionBody) => testsApi.saveQuestion(testId, body),
      onSuccess: (question) => putQuestion(client, courseId, testId, question),
    }),

  removeQuestion: (client: QueryClient, courseId: string, testId: string) =>
    mutationOptions({
      mutationFn: (questionId: string) => testsApi.deleteQuestion(testId, questionId),
      onSuccess: (_answer, questionId) => {
        client.setQueryData<TestDto>(testKeys.one(courseId, testId), (test) => {
          if (!test?.questions) return test;
          const questions = test.questions.filter((q) => q._id !== questionId);
          return { ...test, questions, question_count: questions.length };
        });
        void client.invalidateQueries({ queryKey: testKeys.course(courseId) });
      },
    }),

  start: (courseId: string, testId: string, userId: string) =>
    mutationOptions({ mutationFn: () => testsApi.startTest(courseId, testId, userId) }),

  answer: (testId: string) =>
    mutationOptions({ mutationFn: (body: AnswerBody) => testsApi.answerQuestion(testId, body) }),

  /** A finished attempt changes the person's attempts and best score, and maybe the course's progress. */
  finish: (client: QueryClient, courseId: string, testId: string, userId: string) =>
    mutationOptions({
      mutationFn: (attemptId: string) => testsApi.finishTest(testId, attemptId),
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: testKeys.one(courseId, testId) });
        void client.invalidateQueries({ queryKey: testKeys.course(courseId) });
        // The course lists show the person's progress.
        void client.invalidateQueries({ queryKey: learningKeys.lists });
        void client.invalidateQueries({ queryKey: learningKeys.progress(courseId, userId) });
      },
    }),
};
