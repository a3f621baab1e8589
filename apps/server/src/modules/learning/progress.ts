// A member's progress in a course (modules §4 "learner status"): counted again from the rows after every change —
// a lesson learned, a test started or finished, an item added or removed — so it never drifts from what was done.
import type { PersonCard } from '@hallway/shared';
import type { LearnBody, LearnerStatus, UserProgressDto } from '@hallway/shared/learning';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { personCardSql, unknownPerson } from '../users/index.js';
import { courseAccess, learnableCourse } from './access.js';
import { mayReadProgress } from './policy.js';
import { isoOrNull } from './present.js';
import { courseLessons } from './tables.js';

interface MemberLock {
  status: LearnerStatus;
  learned_at: Date | string | null;
  assigned_by: string | null;
}

/** A member who has not started the course starts it now (a test started counts, modules §4). */
export async function markStarted(ctx: RequestContext, courseId: string, userId: string): Promise<void> {
  await ctx.db.execute(
    sql`UPDATE course_members SET status = 'started', started_at = COALESCE(started_at, now())
      WHERE client_id = ${ctx.tenant()} AND course_id = ${courseId} AND user_id = ${userId}
        AND status = 'not_started'`,
  );
}

interface Recounted {
  user_id: string;
  status: LearnerStatus;
  name: string;
  title: string;
}

/**
 * Counts the progress of a course's members again (all of them, or those named), in one statement: percent
 * (learned lessons and passed tests over all of them), status (learned when every lesson is learned and every test
 * passed and there is something to learn; started when anything was done or started), seconds on lessons and
 * finished attempts, and the first time they learned it (kept when a new lesson makes them learners again). The
 * members' rows are locked first, by a statement of their own, so concurrent changes of the same person count one
 * after another and the last one sees them all. Whoever assigned the course is told when a member learned it for
 * the first time (`learning.learned`).
 */
export async function recountMembers(ctx: RequestContext, courseId: string, userIds: string[] | null): Promise<void> {
  const learned = await recountRows(ctx.db, ctx.tenant(), courseId, userIds);
  for (const row of learned) {
    await notify(ctx, {
      code: 'learning.learned',
      recipients: [row.assigned_by],
      vars: { actor: row.name, course: row.title },
      link: `/courses/${courseId}`,
    });
  }
}

/**
 * `recountMembers` on a transaction (the demo counts its members so): answers the members who learned the course
 * for the first time and were assigned it by somebody else, for the notice.
 */
export async function recountRows(
  db: Tx,
  tenant: string,
  courseId: string,
  userIds: string[] | null,
): Promise<(Recounted & { assigned_by: string })[]> {
  if (userIds && userIds.length === 0) return [];
  const only = userIds ? sql`AND user_id = ANY(${sql.param(userIds)}::uuid[])` : sql``;
  const before = await rowsOf<MemberLock & { user_id: string }>(
    db,
    sql`SELECT user_id, status, learned_at, assigned_by FROM course_members
      WHERE client_id = ${tenant} AND course_id = ${courseId} ${only} ORDER BY user_id FOR UPDATE`,
  );
  if (!before.length) return [];
  const after = await rowsOf<Recounted>(
    db,
    sql`WITH totals AS (
        SELECT (SELECT count(*) FROM course_lessons WHERE client_id = ${tenant} AND course_id = ${courseId})::int AS lessons,
               (SELECT count(*) FROM course_tests WHERE client_id = ${tenant} AND course_id = ${courseId})::int AS tests
      ), per AS (
        SELECT m.user_id,
          (SELECT count(*) FROM lesson_progress p JOIN course_lessons l ON l.id = p.lesson_id AND l.course_id = p.course_id
            WHERE p.client_id = ${tenant} AND p.course_id = ${courseId} AND p.user_id = m.user_id)::int AS learned,
          (SELECT count(DISTINCT a.test_id) FROM test_attempts a JOIN course_tests t ON t.id = a.test_id AND t.course_id = a.course_id
            WHERE a.client_id = ${tenant} AND a.course_id = ${courseId} AND a.user_id = m.user_id
              AND a.finished IS NOT NULL AND a.passed)::int AS passed,
          EXISTS (SELECT 1 FROM test_attempts a
            WHERE a.client_id = ${tenant} AND a.course_id = ${courseId} AND a.user_id = m.user_id) AS attempted,
          ((SELECT COALESCE(sum(p.seconds), 0) FROM lesson_progress p
             WHERE p.client_id = ${tenant} AND p.course_id = ${courseId} AND p.user_id = m.user_id)
           + (SELECT COALESCE(sum(GREATEST(0, floor(extract(epoch FROM a.finished - a.started)))), 0) FROM test_attempts a
             WHERE a.client_id = ${tenant} AND a.course_id = ${courseId} AND a.user_id = m.user_id
               AND a.finished IS NOT NULL)) AS seconds
        FROM course_members m WHERE m.client_id = ${tenant} AND m.course_id = ${courseId} ${only}
      ), calc AS (
        SELECT per.*, t.lessons + t.tests AS items,
          (t.lessons + t.tests > 0 AND per.learned >= t.lessons AND per.passed >= t.tests) AS complete
        FROM per CROSS JOIN totals t
      )
      UPDATE course_members m SET
        percent = CASE WHEN c.items = 0 THEN 0 ELSE LEAST(100, (c.learned + c.passed) * 100 / c.items) END,
        status = CASE WHEN c.complete THEN 'learned'
          WHEN c.learned + c.passed > 0 OR c.attempted OR m.started_at IS NOT NULL THEN 'started'
          ELSE 'not_started' END,
        seconds = LEAST(c.seconds, 2147483647)::int,
        started_at = CASE WHEN c.complete OR c.learned + c.passed > 0 OR c.attempted
          THEN COALESCE(m.started_at, now()) ELSE m.started_at END,
        learned_at = CASE WHEN c.complete THEN COALESCE(m.learned_at, now()) ELSE m.learned_at END
      FROM calc c
      WHERE m.client_id = ${tenant} AND m.course_id = ${courseId} AND m.user_id = c.user_id
      RETURNING m.user_id, m.status,
        (SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = m.user_id) AS name,
        (SELECT title FROM courses WHERE client_id = ${tenant} AND id = ${courseId}) AS title`,
  );
  const was = new Map(before.map((b) => [b.user_id, b]));
  return after.flatMap((row) => {
    const old = was.get(row.user_id);
    if (row.status !== 'learned' || !old || old.learned_at || !old.assigned_by) return [];
    if (old.assigned_by === row.user_id) return [];
    return [{ ...row, assigned_by: old.assigned_by }];
  });
}

/** A member's progress counted again (modules §4): see `recountMembers`. */
export async function recount(ctx: RequestContext, courseId: string, userId: string): Promise<void> {
  await recountMembers(ctx, courseId, [userId]);
}

/**
 * `PUT api/course_progress/learn`: a member of an open course marks a lesson learned (again: its seconds add up).
 * The member's row is locked before the lesson's, so concurrent marks of one person count one after another.
 */
export async function learn(ctx: RequestContext, body: LearnBody): Promise<UserProgressDto> {
  await learnableCourse(ctx, body.course_id);
  const tenant = ctx.tenant();
  const me = ctx.me().id;
  const [lesson] = await ctx.db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .where(
      and(
        eq(courseLessons.clientId, tenant),
        eq(courseLessons.courseId, body.course_id),
        eq(courseLessons.id, body.lesson_id),
      ),
    );
  if (!lesson) throw notFound('lesson_not_found');
  await rowsOf(
    ctx.db,
    sql`SELECT 1 FROM course_members WHERE client_id = ${tenant} AND course_id = ${body.course_id}
      AND user_id = ${me} FOR UPDATE`,
  );
  await ctx.db.execute(
    sql`INSERT INTO lesson_progress (client_id, lesson_id, user_id, course_id, seconds)
      VALUES (${tenant}, ${lesson.id}, ${me}, ${body.course_id}, ${body.seconds})
      ON CONFLICT (lesson_id, user_id)
      DO UPDATE SET seconds = LEAST(lesson_progress.seconds::bigint + EXCLUDED.seconds, 2147483647)::int`,
  );
  await recount(ctx, body.course_id, me);
  return userProgress(ctx, body.course_id, me);
}

/**
 * `GET api/course_progress/progress/{course_id}/{user_id}`: a member's progress, their lessons and tests; one's own,
 * or anybody's for the managers (403 otherwise). Someone who is not a member: 404 `course_member_not_found`.
 */
export async function userProgress(ctx: RequestContext, courseId: string, userId: string): Promise<UserProgressDto> {
  const { policy } = await courseAccess(ctx, courseId);
  if (!mayReadProgress(ctx, policy, userId)) throw forbidden();
  const tenant = ctx.tenant();
  const [member] = await rowsOf<{
    status: LearnerStatus;
    percent: number;
    due: string | null;
    overdue: boolean;
    learned_at: Date | string | null;
    seconds: number;
    person: PersonCard;
  }>(
    ctx.db,
    sql`SELECT m.status, m.percent, m.due::text AS due, m.learned_at, m.seconds,
        (m.due IS NOT NULL AND m.due < current_date AND m.status <> 'learned') AS overdue,
        ${personCardSql(sql`m.user_id`)} AS person
      FROM course_members m WHERE m.client_id = ${tenant} AND m.course_id = ${courseId} AND m.user_id = ${userId}`,
  );
  if (!member) throw notFound('course_member_not_found');
  const lessons = await rowsOf<{ id: string; title: string; learned_at: Date | string | null }>(
    ctx.db,
    sql`SELECT l.id, l.title, p.learned_at FROM course_lessons l
      LEFT JOIN lesson_progress p ON p.lesson_id = l.id AND p.user_id = ${userId} AND p.client_id = l.client_id
      WHERE l.client_id = ${tenant} AND l.course_id = ${courseId} ORDER BY l.sort, l.created, l.id`,
  );
  const tests = await rowsOf<{
    id: string;
    title: string;
    attempts: number;
    best_score: number | null;
    passed: boolean;
  }>(
    ctx.db,
    sql`SELECT t.id, t.title,
        (SELECT count(*)::int FROM test_attempts a WHERE a.client_id = t.client_id AND a.test_id = t.id
          AND a.user_id = ${userId}) AS attempts,
        (SELECT max(a.score)::int FROM test_attempts a WHERE a.client_id = t.client_id AND a.test_id = t.id
          AND a.user_id = ${userId} AND a.finished IS NOT NULL) AS best_score,
        EXISTS (SELECT 1 FROM test_attempts a WHERE a.client_id = t.client_id AND a.test_id = t.id
          AND a.user_id = ${userId} AND a.finished IS NOT NULL AND a.passed) AS passed
      FROM course_tests t WHERE t.client_id = ${tenant} AND t.course_id = ${courseId} ORDER BY t.sort, t.created, t.id`,
  );
  const learned = member.status === 'learned';
  return {
    course_id: courseId,
    person: member.person ?? unknownPerson(userId),
    status: member.status,
    percent: Number(member.percent),
    due: member.due,
    overdue: !!member.overdue,
    learned_at: learned ? isoOrNull(member.learned_at) : null,
    seconds: Number(member.seconds),
    lessons: lessons.map((l) => ({
      _id: l.id,
      title: l.title,
      learned: !!l.learned_at,
      learned_at: isoOrNull(l.learned_at),
    })),
    tests: tests.map((t) => ({
      _id: t.id,
      title: t.title,
      attempts: Number(t.attempts),
      best_score: t.best_score === null ? null : Number(t.best_score),
      passed: !!t.passed,
    })),
    certificate: learned,
  };
}
