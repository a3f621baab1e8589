// Courses (modules §3 Learning, §4 course status; docs/api.md "Learning"): the catalogue and its lists, a course's
// page with its content in order, creating, changing, ordering, deleting and joining.
import type {
  CourseBody,
  CourseContentItem,
  CourseDto,
  CourseListQuery,
  CourseOrderBody,
  CoursePage,
  CourseStatus,
  CourseUpdateBody,
} from '@hallway/shared/learning';
import { and, eq, sql } from 'drizzle-orm';
import { deleteGrants } from '../../platform/access/grants.js';
import { rowsOf } from '../../platform/db/client.js';
import { containing } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { fileRefs } from '../files/index.js';
import { personCardSql } from '../users/index.js';
import { type CourseAccess, courseAccess, managedCourse, policyOf } from './access.js';
import { coursePolicy, type LearningPolicy } from './policy.js';
import { type CourseListRow, presentCourseItem } from './present.js';
import { recountMembers } from './progress.js';
import { courseLessons, courseMembers, courses, courseTests } from './tables.js';

const OPEN: readonly CourseStatus[] = ['appointed', 'published'];

/** The columns of a course as lists and pages show it, `c` being the course and `m` the caller's membership. */
function courseColumns() {
  return sql`c.id, c.client_id, c.title, c.description, c.cover, c.status, c.created, c.updated,
    ${personCardSql(sql`c.author_id`)} AS author,
    (SELECT count(*)::int FROM course_lessons l WHERE l.client_id = c.client_id AND l.course_id = c.id) AS lessons,
    (SELECT count(*)::int FROM course_tests t WHERE t.client_id = c.client_id AND t.course_id = c.id) AS tests,
    (SELECT count(*)::int FROM course_members x WHERE x.client_id = c.client_id AND x.course_id = c.id) AS members,
    EXISTS (SELECT 1 FROM course_members x WHERE x.client_id = c.client_id AND x.course_id = c.id
      AND x.status <> 'not_started') AS started,
    m.status AS my_status, m.percent AS my_percent, m.due::text AS my_due,
    (m.due IS NOT NULL AND m.due < current_date AND m.status <> 'learned') AS my_overdue,
    m.learned_at AS my_learned_at`;
}

function fromCourses(ctx: RequestContext) {
  return sql`FROM courses c LEFT JOIN course_members m
    ON m.client_id = c.client_id AND m.course_id = c.id AND m.user_id = ${ctx.me().id}
    WHERE c.client_id = ${ctx.tenant()}`;
}

function canOf(ctx: RequestContext, policy: LearningPolicy, row: CourseListRow) {
  return coursePolicy(ctx, policy, { status: row.status, started: row.started }, !!row.my_status);
}

/**
 * `GET api/courses`: `all` — what the caller may read (managers: every course; others: the published ones and those
 * they are members of, drafts aside); `manage` — every course for managers, none for others; `learning` — the
 * caller's memberships out of draft. Newest change first, a page at a time with the total.
 */
export async function listCourses(ctx: RequestContext, query: CourseListQuery): Promise<CoursePage> {
  const policy = await policyOf(ctx);
  const can = { create: policy.manage, analytics: policy.analytics, settings: policy.settings };
  const conditions = [];
  if (query.list === 'all' && !policy.manage) {
    conditions.push(sql`(c.status = 'published' OR (m.user_id IS NOT NULL AND c.status <> 'draft'))`);
  }
  if (query.list === 'manage' && !policy.manage) return { result: [], total: 0, can };
  if (query.list === 'learning') conditions.push(sql`m.user_id IS NOT NULL AND c.status <> 'draft'`);
  if (query.status) conditions.push(sql`c.status = ${query.status}`);
  if (query.search) conditions.push(sql`c.title ILIKE ${containing(query.search)}`);
  const where = conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``;
  const rows = await rowsOf<CourseListRow>(
    ctx.db,
    sql`SELECT ${courseColumns()} ${fromCourses(ctx)}${where}
      ORDER BY c.updated DESC, c.id DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n ${fromCourses(ctx)}${where}`);
  return {
    result: rows.map((r) => presentCourseItem(r, canOf(ctx, policy, r))),
    total: Number(count?.n ?? 0),
    can,
  };
}

/** The lessons and tests of a course in their order, each `done` for `userId` (a lesson learned, a test passed). */
export async function contentItems(ctx: RequestContext, courseId: string, userId: string | null) {
  const tenant = ctx.tenant();
  const me = userId ?? '00000000-0000-0000-0000-000000000000';
  const rows = await rowsOf<{
    type: 'lesson' | 'test';
    id: string;
    title: string;
    done: boolean;
    questions: number | null;
    time_limit: number | null;
    best_score: number | null;
    attempts: number | null;
  }>(
    ctx.db,
    sql`SELECT * FROM (
      SELECT 'lesson' AS type, l.id, l.title, l.sort, l.created,
        EXISTS (SELECT 1 FROM lesson_progress p WHERE p.client_id = l.client_id AND p.lesson_id = l.id
          AND p.user_id = ${me}) AS done,
        NULL::int AS questions, NULL::int AS time_limit, NULL::int AS best_score, NULL::int AS attempts
      FROM course_lessons l WHERE l.client_id = ${tenant} AND l.course_id = ${courseId}
      UNION ALL
      SELECT 'test', t.id, t.title, t.sort, t.created,
        EXISTS (SELECT 1 FROM test_attempts a WHERE a.client_id = t.client_id AND a.test_id = t.id
          AND a.user_id = ${me} AND a.finished IS NOT NULL AND a.passed),
        (SELECT count(*)::int FROM test_questions q WHERE q.client_id = t.client_id AND q.test_id = t.id),
        t.time_limit,
        (SELECT max(a.score)::int FROM test_attempts a WHERE a.client_id = t.client_id AND a.test_id = t.id
          AND a.user_id = ${me} AND a.finished IS NOT NULL),
        (SELECT count(*)::int FROM test_attempts a WHERE a.client_id = t.client_id AND a.test_id = t.id
          AND a.user_id = ${me})
      FROM course_tests t WHERE t.client_id = ${tenant} AND t.course_id = ${courseId}
    ) items ORDER BY sort, created, id`,
  );
  return rows.map((r): CourseContentItem => {
    if (r.type === 'lesson') return { type: 'lesson', _id: r.id, title: r.title, done: r.done };
    return {
      type: 'test',
      _id: r.id,
      title: r.title,
      done: r.done,
      questions: Number(r.questions ?? 0),
      time_limit: Number(r.time_limit ?? 0),
      best_score: r.best_score === null ? null : Number(r.best_score),
      attempts: Number(r.attempts ?? 0),
    };
  });
}

/** The place after the last lesson or test of the course; refuses a course already holding the most of `kind`. */
export async function nextSort(ctx: RequestContext, courseId: string, kind: 'lesson' | 'test'): Promise<number> {
  const tenant = ctx.tenant();
  const [row] = await rowsOf<{ next: number; count: number }>(
    ctx.db,
    sql`SELECT COALESCE(GREATEST(
        (SELECT max(sort) FROM course_lessons WHERE client_id = ${tenant} AND course_id = ${courseId}),
        (SELECT max(sort) FROM course_tests WHERE client_id = ${tenant} AND course_id = ${courseId})), -1)::int + 1 AS next,
      ${kind === 'lesson' ? sql`(SELECT count(*)::int FROM course_lessons WHERE client_id = ${tenant} AND course_id = ${courseId})` : sql`(SELECT count(*)::int FROM course_tests WHERE client_id = ${tenant} AND course_id = ${courseId})`} AS count`,
  );
  if (Number(row.count) >= 200) throw badRequest('course_items_too_many');
  return Number(row.next);
}

/** Marks a course changed (lists show the latest change first). */
export async function touchCourse(ctx: RequestContext, courseId: string): Promise<void> {
  await ctx.db
    .update(courses)
    .set({ updated: new Date() })
    .where(and(eq(courses.clientId, ctx.tenant()), eq(courses.id, courseId)));
}

/** A course as its page shows it: the list's fields, its content in order and the caller's progress. */
export async function presentCourse(ctx: RequestContext, access: CourseAccess): Promise<CourseDto> {
  const [row] = await rowsOf<CourseListRow>(
    ctx.db,
    sql`SELECT ${courseColumns()} ${fromCourses(ctx)} AND c.id = ${access.course.id}`,
  );
  if (!row) throw notFound('course_not_found');
  const items = await contentItems(ctx, access.course.id, ctx.user?.id ?? null);
  return { ...presentCourseItem(row, canOf(ctx, access.policy, row)), items };
}

export async function getCourse(ctx: RequestContext, id: string): Promise<CourseDto> {
  return presentCourse(ctx, await courseAccess(ctx, id));
}

async function coverOf(ctx: RequestContext, cover: string | null | undefined) {
  if (!cover) return null;
  const [file] = await fileRefs(ctx, [cover]);
  if (!file.mime.startsWith('image/')) throw new AppError(400, 'validation', {}, { fields: { cover: 'validation' } });
  return file;
}

/** `POST api/courses`: a draft by the caller; the managers only. */
export async function createCourse(ctx: RequestContext, body: CourseBody): Promise<CourseDto> {
  const policy = await policyOf(ctx);
  if (!policy.manage) throw forbidden();
  const [row] = await ctx.db
    .insert(courses)
    .values({
      clientId: ctx.tenant(),
      title: body.title,
      description: body.description,
      cover: await coverOf(ctx, body.cover),
      status: 'draft',
      authorId: ctx.me().id,
    })
    .returning({ id: courses.id });
  return getCourse(ctx, row.id);
}

/**
 * `PUT api/courses/{id}`: the fields given change. Leaving draft needs a lesson or a test (400 `course_empty`); when
 * a course opens (appointed or published from draft or archive), its members are told it is assigned to them.
 */
export async function updateCourse(ctx: RequestContext, id: string, body: CourseUpdateBody): Promise<CourseDto> {
  const { course } = await managedCourse(ctx, id, { lock: true });
  const status = body.status ?? course.status;
  if (status !== 'draft' && course.status === 'draft') {
    const [items] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`SELECT ((SELECT count(*) FROM course_lessons WHERE client_id = ${ctx.tenant()} AND course_id = ${id})
        + (SELECT count(*) FROM course_tests WHERE client_id = ${ctx.tenant()} AND course_id = ${id}))::int AS n`,
    );
    if (Number(items.n) === 0) throw badRequest('course_empty');
  }
  await ctx.db
    .update(courses)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.cover !== undefined ? { cover: await coverOf(ctx, body.cover) } : {}),
      status,
      updated: new Date(),
    })
    .where(and(eq(courses.clientId, ctx.tenant()), eq(courses.id, id)));
  if (OPEN.includes(status) && !OPEN.includes(course.status)) {
    await tellMembers(ctx, id, body.title ?? course.title, null);
  }
  return getCourse(ctx, id);
}

/** Tells members of a course that it is assigned to them (`learning.assigned`); all of them unless `ids` are named. */
export async function tellMembers(ctx: RequestContext, courseId: string, title: string, ids: string[] | null) {
  const rows = await rowsOf<{ user_id: string; due: string | null }>(
    ctx.db,
    sql`SELECT user_id, due::text AS due FROM course_members WHERE client_id = ${ctx.tenant()} AND course_id = ${courseId}
      AND assigned_by IS NOT NULL ${ids ? sql`AND user_id = ANY(${sql.param(ids)}::uuid[])` : sql``}`,
  );
  // One notification per due date: the people sharing one read the same text.
  const byDue = new Map<string, string[]>();
  for (const r of rows) byDue.set(r.due ?? '', [...(byDue.get(r.due ?? '') ?? []), r.user_id]);
  for (const [due, recipients] of byDue) {
    await notify(ctx, {
      code: 'learning.assigned',
      recipients,
      vars: { course: title, due: due ? `Due ${due}` : '' },
      link: `/courses/${courseId}`,
    });
  }
}

/** `DELETE api/courses/{id}`: managers, and only a course nobody has started (409 `course_has_learners`). */
export async function deleteCourse(ctx: RequestContext, id: string): Promise<void> {
  const { can } = await managedCourse(ctx, id, { lock: true });
  if (!can.delete) throw conflict('course_has_learners');
  await deleteGrants(ctx, 'course', [id]);
  await ctx.db.delete(courses).where(and(eq(courses.clientId, ctx.tenant()), eq(courses.id, id)));
}

/** `PUT api/courses/{id}/order`: every lesson and test of the course once, in the new order. */
export async function orderCourse(ctx: RequestContext, id: string, body: CourseOrderBody): Promise<CourseDto> {
  await managedCourse(ctx, id, { lock: true });
  const tenant = ctx.tenant();
  const [lessons, tests] = await Promise.all([
    ctx.db
      .select({ id: courseLessons.id })
      .from(courseLessons)
      .where(and(eq(courseLessons.clientId, tenant), eq(courseLessons.courseId, id))),
    ctx.db
      .select({ id: courseTests.id })
      .from(courseTests)
      .where(and(eq(courseTests.clientId, tenant), eq(courseTests.courseId, id))),
  ]);
  const known = new Set([...lessons.map((l) => `lesson:${l.id}`), ...tests.map((t) => `test:${t.id}`)]);
  const given = body.items.map((i) => `${i.type}:${i._id}`);
  if (new Set(given).size !== given.length || given.length !== known.size || given.some((g) => !known.has(g))) {
    throw badRequest('course_order_invalid');
  }
  const place = (type: 'lesson' | 'test') =>
    body.items.flatMap((item, n) => (item.type === type ? [sql`(${item._id}::uuid, ${n}::int)`] : []));
  const lessonPlaces = place('lesson');
  const testPlaces = place('test');
  if (lessonPlaces.length) {
    await ctx.db.execute(
      sql`UPDATE course_lessons l SET sort = v.sort FROM (VALUES ${sql.join(lessonPlaces, sql`, `)}) AS v(id, sort)
        WHERE l.client_id = ${tenant} AND l.course_id = ${id} AND l.id = v.id`,
    );
  }
  if (testPlaces.length) {
    await ctx.db.execute(
      sql`UPDATE course_tests t SET sort = v.sort FROM (VALUES ${sql.join(testPlaces, sql`, `)}) AS v(id, sort)
        WHERE t.client_id = ${tenant} AND t.course_id = ${id} AND t.id = v.id`,
    );
  }
  await touchCourse(ctx, id);
  return getCourse(ctx, id);
}

/** `POST api/courses/{id}/join`: a published course one is not a member of (409 `course_not_joinable` otherwise). */
export async function joinCourse(ctx: RequestContext, id: string): Promise<CourseDto> {
  const { can } = await courseAccess(ctx, id);
  if (!can.join) throw conflict('course_not_joinable');
  await ctx.db
    .insert(courseMembers)
    .values({ clientId: ctx.tenant(), courseId: id, userId: ctx.me().id, due: null, assignedBy: null })
    .onConflictDoNothing();
  await recountMembers(ctx, id, [ctx.me().id]);
  return getCourse(ctx, id);
}
