import {
  type QuestionBody,
  type QuestionDto,
  questionBody,
  TEST_ANSWER_MAX,
  TEST_ANSWERS_MIN,
  TEST_DESCRIPTION_MAX,
  TEST_QUESTION_MAX,
  TEST_TIME_LIMIT_MAX,
  TEST_TITLE_MAX,
  type TestBody,
  type TestDto,
  testBody,
} from '@hallway/shared/learning';
import type { z } from 'zod';

/**
 * The editor's checks, made by the shared schemas the server checks with (modules §5 Test), so a refusal reads the
 * same whether the page or the server found it. Problems are keyed by the body's dotted path — the server's `fields`
 * keys (`title`, `question.text`, `question.answers.1.text`, `question.answers`).
 */
export interface Problem {
  code: string;
  params?: Record<string, number>;
}
export type Problems = Record<string, Problem>;

/** The numbers a code's message names, by the place it is found at. */
function paramsOf(path: string): Record<string, number> | undefined {
  if (path === 'title') return { max: TEST_TITLE_MAX };
  if (path === 'description') return { max: TEST_DESCRIPTION_MAX };
  if (path === 'time_limit') return { max: TEST_TIME_LIMIT_MAX };
  if (path === 'question.text') return { max: TEST_QUESTION_MAX };
  if (/^question\.answers\.\d+\.text$/.test(path)) return { max: TEST_ANSWER_MAX };
  if (path === 'question.answers') return { min: TEST_ANSWERS_MIN };
  return undefined;
}

/** The first issue of each place, as problems. */
export function problemsOf(issues: z.core.$ZodIssue[]): Problems {
  const found: Problems = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!found[path]) found[path] = { code: issue.message, params: paramsOf(path) };
  }
  return found;
}

/** The server's `fields` as problems. */
export function serverProblems(fields: Record<string, string>, params: Record<string, string | number>): Problems {
  return Object.fromEntries(
    Object.entries(fields).map(([path, code]) => [
      path,
      { code, params: { ...paramsOf(path), ...(params as Record<string, number>) } },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The test's settings

export interface SettingsDraft {
  title: string;
  description: string;
  showright: boolean;
  show_score: boolean;
  shuffle_questions: boolean;
  shuffle_answers: boolean;
  /** As a number input gives it: '' while empty. */
  time_limit: number | string;
  pass_score: number | string;
}

export const settingsOf = (test?: TestDto): SettingsDraft => ({
  title: test?.title ?? '',
  description: test?.description ?? '',
  showright: test?.showright ?? true,
  show_score: test?.show_score ?? true,
  shuffle_questions: test?.shuffle_questions ?? false,
  shuffle_answers: test?.shuffle_answers ?? false,
  time_limit: test?.time_limit ?? 0,
  pass_score: test?.pass_score ?? 0,
});

const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The body a draft sends, or the problems that keep it from being sent. */
export function checkSettings(draft: SettingsDraft): { body: TestBody; problems: null } | { problems: Problems } {
  const parsed = testBody.safeParse({
    ...draft,
    time_limit: numberOf(draft.time_limit),
    pass_score: numberOf(draft.pass_score),
  });
  return parsed.success ? { body: parsed.data, problems: null } : { problems: problemsOf(parsed.error.issues) };
}

// ---------------------------------------------------------------------------------------------------------------
// A question

export interface DraftAnswer {
  /** A key for React that stays while answers move. */
  key: string;
  _id?: string;
  text: string;
  correct: boolean;
}
export interface QuestionDraft {
  _id?: string;
  text: string;
  answers: DraftAnswer[];
}

let keys = 0;
export const answerKey = () => `answer-${++keys}`;

export const blankAnswer = (): DraftAnswer => ({ key: answerKey(), text: '', correct: false });

export const questionDraftOf = (question?: QuestionDto): QuestionDraft =>
  question
    ? {
        _id: question._id,
        text: question.text,
        answers: question.answers.map((answer) => ({ key: answerKey(), ...answer })),
      }
    : { text: '', answers: Array.from({ length: TEST_ANSWERS_MIN }, blankAnswer) };

/** The body a question's draft sends, or its problems. */
export function checkQuestion(draft: QuestionDraft): { body: QuestionBody; problems: null } | { problems: Problems } {
  const parsed = questionBody.safeParse({
    question: {
      ...(draft._id ? { _id: draft._id } : {}),
      text: draft.text,
      answers: draft.answers.map(({ _id, text, correct }) => ({ ...(_id ? { _id } : {}), text, correct })),
    },
  });
  if (parsed.success) return { body: parsed.data, problems: null };
  const problems = problemsOf(parsed.error.issues);
  // The schema's own check of a correct answer waits for the fields; the editor names every problem at once.
  if (!problems['question.answers'] && !draft.answers.some((answer) => answer.correct)) {
    problems['question.answers'] = { code: 'test_correct_answer_required' };
  }
  return { problems };
}
