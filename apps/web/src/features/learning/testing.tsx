import type { CourseCan, CourseDto, CourseItemDto, LessonDto } from '@hallway/shared/learning';

/** Test helpers of the learning module's pages (only tests import this file). */

export const COURSE = '01a1fe5d-0000-7000-8000-00000000c001';
export const LESSON_A = '01a1fe5d-0000-7000-8000-00000000a001';
export const TEST_B = '01a1fe5d-0000-7000-8000-00000000b001';
export const LESSON_C = '01a1fe5d-0000-7000-8000-00000000a002';

const NO_CAN = { edit: false, delete: false, members: false, join: false, learn: false };

/** Fields of a course to change; `can` names only the abilities that are true. */
type Overrides<T> = Omit<Partial<T>, 'can'> & { can?: Partial<CourseCan> };

export const courseItem = (overrides: Overrides<CourseItemDto> = {}): CourseItemDto => ({
  _id: COURSE,
  client_id: '01a1fe5d-0000-7000-8000-0000000000c1',
  title: 'Security basics',
  description: 'Passwords, phishing and safe habits',
  cover: null,
  status: 'published',
  lessons: 2,
  tests: 1,
  members: 12,
  author: null,
  created: '2026-11-01T10:00:00.000Z',
  updated: '2026-11-02T10:00:00.000Z',
  my: null,
  ...overrides,
  can: { ...NO_CAN, ...overrides.can },
});

export const course = (overrides: Overrides<CourseDto> = {}): CourseDto => ({
  ...courseItem(overrides),
  items: [
    { type: 'lesson', _id: LESSON_A, title: 'Strong passwords', done: true },
    {
      type: 'test',
      _id: TEST_B,
      title: 'Passwords quiz',
      done: false,
      questions: 5,
      time_limit: 10,
      best_score: null,
      attempts: 0,
    },
    { type: 'lesson', _id: LESSON_C, title: 'Spotting phishing', done: false },
  ],
  ...(overrides.items ? { items: overrides.items } : {}),
});

export const lesson = (overrides: Partial<LessonDto> = {}): LessonDto => ({
  _id: LESSON_C,
  course_id: COURSE,
  title: 'Spotting phishing',
  doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Check the sender.' }] }] },
  files: [],
  learned: false,
  prev: { type: 'test', _id: TEST_B, title: 'Passwords quiz' },
  next: null,
  can: { edit: false, learn: true },
  ...overrides,
});
