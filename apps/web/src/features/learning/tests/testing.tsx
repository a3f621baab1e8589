import type { AttemptDto, AttemptOutcome, TestDto } from '@hallway/shared/learning';

/** Test helpers of the tests' pages (only tests import this file). */
export { CLIENT, ME, renderWithSession } from '../../groups/testing';

export const COURSE_ID = '01a1fe5d-0000-7000-8000-00000000c001';
export const TEST_ID = '01a1fe5d-0000-7000-8000-00000000e001';
export const ATTEMPT_ID = '01a1fe5d-0000-7000-8000-00000000a001';
export const Q1 = '01a1fe5d-0000-7000-8000-0000000000f1';
export const Q2 = '01a1fe5d-0000-7000-8000-0000000000f2';
export const A = (n: number) => `01a1fe5d-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;

export function makeTest(overrides: Partial<TestDto> = {}): TestDto {
  return {
    _id: TEST_ID,
    course_id: COURSE_ID,
    title: 'Security basics',
    description: 'Ten minutes on phishing and passwords',
    showright: true,
    show_score: true,
    shuffle_questions: false,
    shuffle_answers: false,
    time_limit: 0,
    pass_score: 60,
    question_count: 2,
    questions: null,
    has_attempts: false,
    mine: { attempts: 0, best_score: null, passed: false, running: null },
    can: { edit: false, take: true },
    ...overrides,
  };
}

/** A manager's copy: the questions with their correct flags. */
export const managerTest = (overrides: Partial<TestDto> = {}) =>
  makeTest({
    can: { edit: true, take: false },
    questions: [
      {
        _id: Q1,
        text: 'Which link is safe to open?',
        answers: [
          { _id: A(1), text: 'One from a known sender you expected', correct: true },
          { _id: A(2), text: 'Any link in an urgent email', correct: false },
        ],
      },
    ],
    question_count: 1,
    ...overrides,
  });

export function makeAttempt(overrides: Partial<AttemptDto> = {}): AttemptDto {
  return {
    _id: ATTEMPT_ID,
    test_id: TEST_ID,
    course_id: COURSE_ID,
    number: 1,
    started: '2026-11-20T10:00:00.000Z',
    deadline: null,
    now: '2026-11-20T10:00:00.000Z',
    questions: [
      {
        _id: Q1,
        text: 'What makes a strong password?',
        multiple: false,
        answers: [
          { _id: A(1), text: 'Your birthday' },
          { _id: A(2), text: 'A long passphrase' },
          { _id: A(3), text: 'The word password' },
        ],
      },
      {
        _id: Q2,
        text: 'Which are signs of phishing?',
        multiple: true,
        answers: [
          { _id: A(4), text: 'Urgency' },
          { _id: A(5), text: 'A mismatched sender' },
          { _id: A(6), text: 'Your manager’s usual signature' },
        ],
      },
    ],
    answers: {},
    ...overrides,
  };
}

export function makeOutcome(overrides: Partial<AttemptOutcome> = {}): AttemptOutcome {
  return {
    _id: ATTEMPT_ID,
    number: 1,
    finished: '2026-11-20T10:05:00.000Z',
    timed_out: false,
    answered: 2,
    total: 2,
    score: 50,
    correct: 1,
    passed: false,
    right: { [Q1]: [A(2)], [Q2]: [A(4), A(5)] },
    answers: { [Q1]: [A(2)], [Q2]: [A(4)] },
    best_score: 50,
    attempts: 1,
    ...overrides,
  };
}
