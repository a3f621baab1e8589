import type { ArticleDoc } from '@hallway/shared/articles';
import type { StoredFile } from '@hallway/shared/files';
import type { CourseStatus, LearnerStatus } from '@hallway/shared/learning';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { workspaceColumn } from '../clients/tables.js';
import { users } from '../users/tables.js';

const person = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A course (modules §3 Learning): lessons and tests in one order (`sort` of each). */
export const courses = pgTable(
  'courses',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    title: text().notNull(),
    description: text().notNull().default(''),
    cover: jsonb().$type<StoredFile | null>(),
    status: text().$type<CourseStatus>().notNull().default('draft'),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    index('courses_list_idx').on(t.clientId, t.updated),
    check('courses_status_check', sql`${t.status} IN ('draft', 'appointed', 'published', 'archived')`),
  ],
);

/** A lesson: a document in the knowledge base's editor format and its files (videos among them). */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    courseId: uuid().notNull(),
    title: text().notNull(),
    doc: jsonb().$type<ArticleDoc>().notNull(),
    files: jsonb().$type<StoredFile[]>().notNull().default([]),
    sort: integer().notNull().default(0),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.courseId, courses, 'cascade'),
    index('course_lessons_course_idx').on(t.clientId, t.courseId, t.sort),
  ],
);

/** A test (modules §3 Learning "Test"); its questions are rows of `test_questions`. */
export const courseTests = pgTable(
  'course_tests',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    courseId: uuid().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    showright: boolean().notNull().default(true),
    showScore: boolean().notNull().default(true),
    shuffleQuestions: boolean().notNull().default(false),
    shuffleAnswers: boolean().notNull().default(false),
    /** Minutes; 0 is none. */
    timeLimit: integer().notNull().default(0),
    passScore: integer().notNull().default(0),
    sort: integer().notNull().default(0),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.courseId, courses, 'cascade'),
    index('course_tests_course_idx').on(t.clientId, t.courseId, t.sort),
  ],
);

export interface StoredAnswer {
  id: string;
  text: string;
  correct: boolean;
}

/** A question with its answers and their correct flags (never sent to a learner before they finish). */
export const testQuestions = pgTable(
  'test_questions',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    testId: uuid().notNull(),
    text: text().notNull(),
    answers: jsonb().$type<StoredAnswer[]>().notNull(),
    sort: integer().notNull().default(0),
    created: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.testId, courseTests, 'cascade'),
    index('test_questions_test_idx').on(t.clientId, t.testId, t.sort),
  ],
);

/** A member of a course (assigned, or joined a published one) and their progress in it. */
export const courseMembers = pgTable(
  'course_members',
  {
    clientId: workspaceColumn(),
    courseId: uuid().notNull(),
    userId: person(),
    due: date({ mode: 'string' }),
    assignedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    assigned: createdAt(),
    status: text().$type<LearnerStatus>().notNull().default('not_started'),
    /** Learned lessons and passed tests over all of them when last counted, 0–100. */
    percent: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }),
    learnedAt: timestamp({ withTimezone: true }),
    /** Seconds on the course's lessons and tests. */
    seconds: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    tenantReference(t.courseId, courses, 'cascade'),
    index('course_members_user_idx').on(t.clientId, t.userId),
    index('course_members_course_idx').on(t.clientId, t.courseId, t.status),
    check('course_members_status_check', sql`${t.status} IN ('not_started', 'started', 'learned')`),
  ],
);

/** A lesson a member learned. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    clientId: workspaceColumn(),
    lessonId: uuid().notNull(),
    userId: person(),
    courseId: uuid().notNull(),
    learnedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seconds: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.userId] }),
    tenantReference(t.lessonId, courseLessons, 'cascade'),
    index('lesson_progress_user_idx').on(t.clientId, t.courseId, t.userId),
  ],
);

/** The order a learner was shown: each question's id with its answers' ids. */
export interface AttemptLayout {
  q: string;
  a: string[];
}

/**
 * One attempt at a test. At most one is running (not finished) per person and test; the deadline is the server's.
 * `score` is the percent of questions answered right, kept even when the test does not show it.
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    testId: uuid().notNull(),
    courseId: uuid().notNull(),
    userId: person(),
    number: integer().notNull(),
    started: createdAt(),
    deadline: timestamp({ withTimezone: true }),
    finished: timestamp({ withTimezone: true }),
    timedOut: boolean().notNull().default(false),
    layout: jsonb().$type<AttemptLayout[]>().notNull(),
    total: integer().notNull(),
    correct: integer(),
    score: integer(),
    passed: boolean().notNull().default(false),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.testId, courseTests, 'cascade'),
    uniqueIndex('test_attempts_number_idx').on(t.testId, t.userId, t.number),
    uniqueIndex('test_attempts_running_idx').on(t.testId, t.userId).where(sql`${t.finished} IS NULL`),
    index('test_attempts_user_idx').on(t.clientId, t.courseId, t.userId),
  ],
);

/** An attempt's answer to one question; `correct` is set when the attempt finishes. */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    clientId: workspaceColumn(),
    attemptId: uuid().notNull(),
    questionId: uuid().notNull(),
    answerIds: uuid().array().notNull(),
    correct: boolean(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    tenantReference(t.attemptId, testAttempts, 'cascade'),
    tenantReference(t.questionId, testQuestions, 'cascade'),
    index('attempt_answers_question_idx').on(t.clientId, t.questionId),
  ],
);
