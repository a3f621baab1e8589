import { z } from 'zod';
import { TEXT_MAX } from '../limits.js';
import { articleDoc } from './articles.js';
import { audienceGrantDto, audienceGrants } from './audience.js';
import { id, isoDate, isoDateTime } from './common.js';
import { storedFile } from './files.js';
import { personCard } from './posts.js';

/**
 * Learning (portal §2 learning routes, modules §2, §3 Learning, §4 course and learner status and the test flow, §5
 * Test, §7 "Learning"; docs/api.md "Learning"). The feature and the right are `lms`.
 *
 * - A course holds lessons and tests in one order its authors drag. Its status: `draft` (its managers only),
 *   `appointed` (its members only), `published` (everyone with the right; anyone may join), `archived` (its members
 *   and managers read it; nobody starts anything new).
 * - Managers of every course: the workspace's administrators and its LMS administrators
 *   (`api/clients/{id}/settings/admins/lms`).
 * - Members are assigned by name or by audience (resolved to people when saved) with an optional due date; a member's
 *   status is `not_started` → `started` (a lesson learned or a test started) → `learned` (every lesson learned and
 *   every test passed).
 * - A test's correct flags never reach a learner before they finish an attempt (and only with `showright`); its
 *   time limit and score are kept by the server.
 */

export const COURSE_STATUSES = ['draft', 'appointed', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const LEARNER_STATUSES = ['not_started', 'started', 'learned'] as const;
export type LearnerStatus = (typeof LEARNER_STATUSES)[number];
export const COURSE_ITEM_TYPES = ['lesson', 'test'] as const;
export type CourseItemType = (typeof COURSE_ITEM_TYPES)[number];
/** `all`: the catalogue the caller may read; `manage`: courses the caller manages ("my courses");
 * `learning`: the courses the caller is a member of ("my learning"). */
export const COURSE_LISTS = ['all', 'manage', 'learning'] as const;
export type CourseList = (typeof COURSE_LISTS)[number];

export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 2000;
export const COURSE_ITEMS_MAX = 200;
export const LESSON_TITLE_MAX = 200;
export const LESSON_FILES_MAX = 20;
export const TEST_TITLE_MAX = 200;
export const TEST_DESCRIPTION_MAX = 2000;
export const TEST_QUESTIONS_MAX = 200;
export const TEST_QUESTION_MAX = 1000;
/** At most 15 answers a question (as a poll's, modules §9), at least two. */
export const TEST_ANSWERS_MAX = 15;
export const TEST_ANSWERS_MIN = 2;
export const TEST_ANSWER_MAX = TEXT_MAX;
/** Minutes; 0 is no limit. */
export const TEST_TIME_LIMIT_MAX = 600;
/** A late answer is refused once the deadline is this many milliseconds past (the network's time, not the person's). */
export const TEST_DEADLINE_GRACE_MS = 2000;
export const COURSE_MEMBERS_MAX = 500;
export const LMS_ADMINS_MAX = 100;
export const COURSE_PAGE_SIZE = 30;
export const COURSE_PAGE_MAX = 100;
export const COURSE_SEARCH_MAX = 100;
/** The seconds a learner may report for one lesson's visit (a day). */
export const LESSON_SECONDS_MAX = 86_400;

const page = {
  limit: z.coerce.number().int().min(1).max(COURSE_PAGE_MAX).default(COURSE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
};

// ---------------------------------------------------------------------------------------------------------------
// LMS administrators: GET and PUT api/clients/{id}/settings/admins/lms

export const lmsAdminsBody = z.object({ admins: z.array(id).max(LMS_ADMINS_MAX, 'too_long') });
export type LmsAdminsBody = z.infer<typeof lmsAdminsBody>;
export const lmsAdminsResult = z.object({
  result: z.object({ admins: z.array(personCard), can: z.object({ edit: z.boolean() }) }),
});
export type LmsAdminsResult = z.infer<typeof lmsAdminsResult>;

// ---------------------------------------------------------------------------------------------------------------
// Courses: GET api/courses, POST api/courses, GET/PUT/DELETE api/courses/{id}, PUT api/courses/{id}/order,
// POST api/courses/{id}/join

export const courseListQuery = z.object({
  list: z.enum(COURSE_LISTS).default('all'),
  status: z.enum(COURSE_STATUSES).optional(),
  search: z.string().trim().max(COURSE_SEARCH_MAX, 'too_long').optional(),
  ...page,
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

const courseFields = {
  title: z.string().trim().min(1, 'course_title_required').max(COURSE_TITLE_MAX, 'too_long'),
  description: z.string().trim().max(COURSE_DESCRIPTION_MAX, 'too_long').default(''),
  /** An uploaded picture's id. */
  cover: id.nullable().optional(),
};
/** `POST api/courses`: a new course is a draft. */
export const courseBody = z.object(courseFields);
export type CourseBody = z.infer<typeof courseBody>;
/** `PUT api/courses/{id}`: the fields given change. Leaving `draft` needs a lesson or a test (`course_empty`). */
export const courseUpdateBody = z.object({
  title: courseFields.title.optional(),
  description: z.string().trim().max(COURSE_DESCRIPTION_MAX, 'too_long').optional(),
  cover: courseFields.cover,
  status: z.enum(COURSE_STATUSES, 'course_status_invalid').optional(),
});
export type CourseUpdateBody = z.infer<typeof courseUpdateBody>;

/** `PUT api/courses/{id}/order`: every lesson and test of the course, once each, in their new order. */
export const courseOrderBody = z.object({
  items: z
    .array(z.object({ type: z.enum(COURSE_ITEM_TYPES), _id: id }))
    .min(1, 'required')
    .max(COURSE_ITEMS_MAX * 2, 'too_long'),
});
export type CourseOrderBody = z.infer<typeof courseOrderBody>;

export const courseCan = z.object({
  /** Title, description, cover, status, order, lessons, tests: the course's managers. */
  edit: z.boolean(),
  /** Deleting: managers, and only a course nobody has started (otherwise archive it). */
  delete: z.boolean(),
  /** Assigning and removing members, reading their progress. */
  members: z.boolean(),
  /** Joining by oneself: a published course one is not a member of. */
  join: z.boolean(),
  /** Learning its lessons and taking its tests: a member of a course that is appointed or published. */
  learn: z.boolean(),
});
export type CourseCan = z.infer<typeof courseCan>;

/** The caller's own progress in a course they are a member of. */
export const myCourseProgress = z.object({
  status: z.enum(LEARNER_STATUSES),
  /** Learned lessons and passed tests over all of them, 0–100. */
  percent: z.number().int().min(0).max(100),
  due: isoDate.nullable(),
  overdue: z.boolean(),
  learned_at: isoDateTime().nullable(),
});
export type MyCourseProgress = z.infer<typeof myCourseProgress>;

export const courseItemDto = z.object({
  _id: z.string(),
  client_id: z.string(),
  title: z.string(),
  description: z.string(),
  cover: storedFile.nullable(),
  status: z.enum(COURSE_STATUSES),
  lessons: z.number().int(),
  tests: z.number().int(),
  members: z.number().int(),
  author: personCard.nullable(),
  created: isoDateTime(),
  updated: isoDateTime(),
  my: myCourseProgress.nullable(),
  can: courseCan,
});
export type CourseItemDto = z.infer<typeof courseItemDto>;

/** One entry of a course's content, in its order; `done` is the caller's: a lesson learned, a test passed. */
export const courseContentItem = z.object({
  type: z.enum(COURSE_ITEM_TYPES),
  _id: z.string(),
  title: z.string(),
  done: z.boolean(),
  /** Tests: questions, the time limit in minutes (0: none), the caller's best score (percent) and attempts. */
  questions: z.number().int().optional(),
  time_limit: z.number().int().optional(),
  best_score: z.number().int().nullable().optional(),
  attempts: z.number().int().optional(),
});
export type CourseContentItem = z.infer<typeof courseContentItem>;

export const courseDto = courseItemDto.extend({ items: z.array(courseContentItem) });
export type CourseDto = z.infer<typeof courseDto>;
export const courseResult = z.object({ result: courseDto });
/** What the caller may do with the courses as a whole, sent with every page of them (the web computes no rule). */
export const coursesCan = z.object({
  /** New courses, the "manage" list: the workspace's administrators and LMS administrators. */
  create: z.boolean(),
  /** The learning analytics: the same people. */
  analytics: z.boolean(),
  /** The LMS administrators: the workspace's administrators. */
  settings: z.boolean(),
});
export type CoursesCan = z.infer<typeof coursesCan>;
export const coursePage = z.object({ result: z.array(courseItemDto), total: z.number().int(), can: coursesCan });
export type CoursePage = z.infer<typeof coursePage>;

// ---------------------------------------------------------------------------------------------------------------
// Lessons: POST api/courses/{id}/lessons, GET/PUT/DELETE api/courses/{id}/lessons/{lesson_id}

export const lessonBody = z.object({
  title: z.string().trim().min(1, 'lesson_title_required').max(LESSON_TITLE_MAX, 'too_long'),
  /** The lesson's text, in the knowledge base's editor format. */
  doc: articleDoc,
  /** Uploaded files' ids (videos play in the page, through range requests on the file route). */
  files: z.array(id).max(LESSON_FILES_MAX, 'too_long').default([]),
});
export type LessonBody = z.infer<typeof lessonBody>;
export const lessonUpdateBody = lessonBody.partial();
export type LessonUpdateBody = z.infer<typeof lessonUpdateBody>;

export const lessonDto = z.object({
  _id: z.string(),
  course_id: z.string(),
  title: z.string(),
  doc: articleDoc,
  files: z.array(storedFile),
  /** The caller learned it. */
  learned: z.boolean(),
  /** The previous and next entries of the course's content, for the learner's buttons. */
  prev: courseContentItem.pick({ type: true, _id: true, title: true }).nullable(),
  next: courseContentItem.pick({ type: true, _id: true, title: true }).nullable(),
  can: z.object({ edit: z.boolean(), learn: z.boolean() }),
});
export type LessonDto = z.infer<typeof lessonDto>;
export const lessonResult = z.object({ result: lessonDto });

// ---------------------------------------------------------------------------------------------------------------
// Tests: POST api/courses/{id}/tests, GET/PUT/DELETE api/courses/{id}/tests/{test_id};
// POST/PUT api/tests/{test_id}/questions, DELETE api/tests/{test_id}/questions/{question_id}

const testFields = {
  title: z.string().trim().min(1, 'test_title_required').max(TEST_TITLE_MAX, 'too_long'),
  description: z.string().trim().max(TEST_DESCRIPTION_MAX, 'too_long').default(''),
  /** After a finished attempt, show which answers were right. */
  showright: z.boolean().default(true),
  /** After a finished attempt, show the score. */
  show_score: z.boolean().default(true),
  shuffle_questions: z.boolean().default(false),
  shuffle_answers: z.boolean().default(false),
  /** Minutes an attempt may last; 0: no limit. */
  time_limit: z
    .number('test_time_limit_invalid')
    .int('test_time_limit_invalid')
    .min(0, 'test_time_limit_invalid')
    .max(TEST_TIME_LIMIT_MAX, 'test_time_limit_invalid')
    .default(0),
  /** The score (percent of questions answered right) that passes the test; 0: finishing passes. */
  pass_score: z
    .number('test_pass_score_invalid')
    .int('test_pass_score_invalid')
    .min(0, 'test_pass_score_invalid')
    .max(100, 'test_pass_score_invalid')
    .default(0),
};
export const testBody = z.object(testFields);
export type TestBody = z.infer<typeof testBody>;
export const testUpdateBody = z.object({
  title: testFields.title.optional(),
  description: z.string().trim().max(TEST_DESCRIPTION_MAX, 'too_long').optional(),
  showright: z.boolean().optional(),
  show_score: z.boolean().optional(),
  shuffle_questions: z.boolean().optional(),
  shuffle_answers: z.boolean().optional(),
  time_limit: testFields.time_limit.unwrap().optional(),
  pass_score: testFields.pass_score.unwrap().optional(),
});
export type TestUpdateBody = z.infer<typeof testUpdateBody>;

/**
 * A question as its editor sends it (modules §5 Test): a text, every answer filled, at least one correct. An answer
 * without `_id` is new; a question's answers are replaced by those given.
 */
export const questionBody = z.object({
  question: z
    .object({
      _id: id.optional(),
      text: z.string().trim().min(1, 'test_question_text_required').max(TEST_QUESTION_MAX, 'too_long'),
      answers: z
        .array(
          z.object({
            _id: id.optional(),
            text: z.string().trim().min(1, 'test_answer_text_required').max(TEST_ANSWER_MAX, 'too_long'),
            correct: z.boolean().default(false),
          }),
        )
        .min(TEST_ANSWERS_MIN, 'test_answers_too_few')
        .max(TEST_ANSWERS_MAX, 'test_answers_too_many'),
    })
    .refine((q) => q.answers.some((a) => a.correct), { path: ['answers'], message: 'test_correct_answer_required' }),
});
export type QuestionBody = z.infer<typeof questionBody>;

/**
 * `POST api/tests/{test_id}/questions`: a new question is `questionBody` without ids (its answers are all new and
 * get their ids on the server; any `_id` sent is ignored).
 */
export const newQuestionBody = z.object({
  question: z
    .object({
      text: z.string().trim().min(1, 'test_question_text_required').max(TEST_QUESTION_MAX, 'too_long'),
      answers: z
        .array(
          z.object({
            text: z.string().trim().min(1, 'test_answer_text_required').max(TEST_ANSWER_MAX, 'too_long'),
            correct: z.boolean().default(false),
          }),
        )
        .min(TEST_ANSWERS_MIN, 'test_answers_too_few')
        .max(TEST_ANSWERS_MAX, 'test_answers_too_many'),
    })
    .refine((q) => q.answers.some((a) => a.correct), { path: ['answers'], message: 'test_correct_answer_required' }),
});
export type NewQuestionBody = z.infer<typeof newQuestionBody>;

/** A question with its correct flags: its test's managers only. */
export const questionDto = z.object({
  _id: z.string(),
  text: z.string(),
  answers: z.array(z.object({ _id: z.string(), text: z.string(), correct: z.boolean() })),
});
export type QuestionDto = z.infer<typeof questionDto>;
export const questionResult = z.object({ result: questionDto });

export const testCan = z.object({
  /** Settings and questions: the course's managers, and not while attempts exist on a course out of draft. */
  edit: z.boolean(),
  /** Starting an attempt: a member of a course that is appointed or published, with questions to answer. */
  take: z.boolean(),
});
export type TestCan = z.infer<typeof testCan>;

/** The caller's attempts of a test so far. */
export const testMine = z.object({
  attempts: z.number().int(),
  best_score: z.number().int().nullable(),
  passed: z.boolean(),
  /** An attempt still running (not finished, its deadline not passed): taking the test resumes it. */
  running: z.string().nullable(),
});

export const testDto = z.object({
  _id: z.string(),
  course_id: z.string(),
  title: z.string(),
  description: z.string(),
  showright: z.boolean(),
  show_score: z.boolean(),
  shuffle_questions: z.boolean(),
  shuffle_answers: z.boolean(),
  time_limit: z.number().int(),
  pass_score: z.number().int(),
  question_count: z.number().int(),
  /** With the correct flags, for managers only; null for everyone else. */
  questions: z.array(questionDto).nullable(),
  /** Whether attempts exist (a course out of draft then refuses edits: `test_has_attempts`). */
  has_attempts: z.boolean(),
  mine: testMine,
  can: testCan,
});
export type TestDto = z.infer<typeof testDto>;
export const testResult = z.object({ result: testDto });

// ---------------------------------------------------------------------------------------------------------------
// Taking a test: POST api/tests/{course_id}/startTest/{test_id}/for/{user_id} → attempt,
// POST api/tests/{test_id}/answer, POST api/tests/{test_id}/finish

/** A question as a learner sees it: no correct flags; `multiple` when more than one answer is right. */
export const attemptQuestion = z.object({
  _id: z.string(),
  text: z.string(),
  multiple: z.boolean(),
  answers: z.array(z.object({ _id: z.string(), text: z.string() })),
});
export type AttemptQuestion = z.infer<typeof attemptQuestion>;

export const attemptDto = z.object({
  _id: z.string(),
  test_id: z.string(),
  course_id: z.string(),
  /** 1 for the first attempt of this person at this test. */
  number: z.number().int(),
  started: isoDateTime(),
  /** The moment answers stop being taken; null without a time limit. */
  deadline: isoDateTime().nullable(),
  /** The server's clock when answering, so the page's countdown does not follow a wrong clock. */
  now: isoDateTime(),
  questions: z.array(attemptQuestion),
  /** The answers given so far, by question id. */
  answers: z.record(z.string(), z.array(z.string())),
});
export type AttemptDto = z.infer<typeof attemptDto>;
export const attemptResult = z.object({ result: attemptDto });

export const answerBody = z.object({
  attempt_id: id,
  question_id: id,
  /** The chosen answers' ids; empty clears the question's answer. */
  answers: z.array(id).max(TEST_ANSWERS_MAX, 'too_long'),
});
export type AnswerBody = z.infer<typeof answerBody>;
export const answerResult = z.object({ result: z.object({ saved: z.boolean(), answered: z.number().int() }) });

export const finishBody = z.object({ attempt_id: id });
export type FinishBody = z.infer<typeof finishBody>;

/** A finished attempt. `score` only with `show_score`, `right` (each question's correct answer ids) only with
 * `showright`; `passed` always, since the course's progress follows it. */
export const attemptOutcome = z.object({
  _id: z.string(),
  number: z.number().int(),
  finished: isoDateTime(),
  /** True when the time limit ended it. */
  timed_out: z.boolean(),
  answered: z.number().int(),
  total: z.number().int(),
  score: z.number().int().nullable(),
  correct: z.number().int().nullable(),
  passed: z.boolean(),
  right: z.record(z.string(), z.array(z.string())).nullable(),
  answers: z.record(z.string(), z.array(z.string())),
  best_score: z.number().int().nullable(),
  attempts: z.number().int(),
});
export type AttemptOutcome = z.infer<typeof attemptOutcome>;
export const attemptOutcomeResult = z.object({ result: attemptOutcome });

// ---------------------------------------------------------------------------------------------------------------
// Members: GET and POST api/courses/{id}/members (body empl), DELETE api/courses/{id}/members/{user_id}

export const membersQuery = z.object({
  status: z.enum(LEARNER_STATUSES).optional(),
  search: z.string().trim().max(COURSE_SEARCH_MAX, 'too_long').optional(),
  ...page,
});
export type MembersQuery = z.infer<typeof membersQuery>;

/** `POST api/courses/{id}/members`: people by name (`empl`) and/or audiences, resolved to people now; one due date
 * for those added (members already there keep theirs unless `due` is given). */
export const membersBody = z
  .object({
    empl: z.array(id).max(COURSE_MEMBERS_MAX, 'too_long').default([]),
    grants: audienceGrants.default([]),
    due: isoDate.nullable().optional(),
  })
  .refine((b) => b.empl.length > 0 || b.grants.length > 0, { path: ['empl'], message: 'course_members_required' });
export type MembersBody = z.infer<typeof membersBody>;

export const courseMemberDto = z.object({
  person: personCard,
  status: z.enum(LEARNER_STATUSES),
  percent: z.number().int(),
  due: isoDate.nullable(),
  overdue: z.boolean(),
  assigned: isoDateTime(),
  learned_at: isoDateTime().nullable(),
  best_score: z.number().int().nullable(),
});
export type CourseMemberDto = z.infer<typeof courseMemberDto>;
export const membersPage = z.object({
  result: z.array(courseMemberDto),
  total: z.number().int(),
  /** The audiences last used to assign members, for the form. */
  grants: z.array(audienceGrantDto),
});
export type MembersPage = z.infer<typeof membersPage>;
export const membersAdded = z.object({ result: z.object({ added: z.number().int(), total: z.number().int() }) });

// ---------------------------------------------------------------------------------------------------------------
// Progress: GET api/course_progress/progress/{course_id}/{user_id}, PUT api/course_progress/learn,
// GET api/course_progress/certificate/{course_id}/{user_id} (a PDF once the course is learned)

export const learnBody = z.object({
  course_id: id,
  lesson_id: id,
  /** Seconds spent on the lesson's page this visit, as the page measured them. */
  seconds: z.number().int().min(0).max(LESSON_SECONDS_MAX).default(0),
});
export type LearnBody = z.infer<typeof learnBody>;

export const userProgressDto = z.object({
  course_id: z.string(),
  person: personCard,
  status: z.enum(LEARNER_STATUSES),
  percent: z.number().int(),
  due: isoDate.nullable(),
  overdue: z.boolean(),
  learned_at: isoDateTime().nullable(),
  /** Seconds on lessons and tests. */
  seconds: z.number().int(),
  lessons: z.array(
    z.object({ _id: z.string(), title: z.string(), learned: z.boolean(), learned_at: isoDateTime().nullable() }),
  ),
  tests: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      attempts: z.number().int(),
      best_score: z.number().int().nullable(),
      passed: z.boolean(),
    }),
  ),
  /** A certificate can be downloaded (the course is learned). */
  certificate: z.boolean(),
});
export type UserProgressDto = z.infer<typeof userProgressDto>;
export const userProgressResult = z.object({ result: userProgressDto });

// ---------------------------------------------------------------------------------------------------------------
// Analytics: GET api/courses/analytics/{client_id} (optional user_id, course_id),
// GET api/courses/analytics/{client_id}/excel (the same, as an xlsx workbook)

export const analyticsQuery = z.object({ user_id: id.optional(), course_id: id.optional() });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const analyticsDto = z.object({
  totals: z.object({
    courses: z.number().int(),
    members: z.number().int(),
    started: z.number().int(),
    learned: z.number().int(),
    overdue: z.number().int(),
    /** Mean best score over the finished tests, percent; null when none. */
    avg_score: z.number().int().nullable(),
    /** Mean seconds a learner spent on a course. */
    avg_seconds: z.number().int().nullable(),
  }),
  courses: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      status: z.enum(COURSE_STATUSES),
      members: z.number().int(),
      not_started: z.number().int(),
      started: z.number().int(),
      learned: z.number().int(),
      overdue: z.number().int(),
      avg_score: z.number().int().nullable(),
      avg_seconds: z.number().int().nullable(),
    }),
  ),
  /** The questions answered wrong most often (at least 3 answers), worst first, at most 10. */
  hardest: z.array(
    z.object({
      course_id: z.string(),
      test_id: z.string(),
      test: z.string(),
      question_id: z.string(),
      question: z.string(),
      answered: z.number().int(),
      wrong: z.number().int(),
    }),
  ),
  /** Members past their due date without having learned the course, the longest overdue first, at most 50. */
  overdue: z.array(z.object({ person: personCard, course_id: z.string(), course: z.string(), due: isoDate })),
  /** Completions by month, the last 12. */
  months: z.array(z.object({ month: z.string(), learned: z.number().int(), started: z.number().int() })),
  /** With `user_id`: that person's courses. */
  person: z
    .object({
      person: personCard,
      courses: z.array(
        z.object({
          _id: z.string(),
          title: z.string(),
          status: z.enum(LEARNER_STATUSES),
          percent: z.number().int(),
          due: isoDate.nullable(),
          overdue: z.boolean(),
          best_score: z.number().int().nullable(),
          seconds: z.number().int(),
          learned_at: isoDateTime().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type AnalyticsDto = z.infer<typeof analyticsDto>;
export const analyticsResult = z.object({ result: analyticsDto });
