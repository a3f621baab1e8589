// Loading a course with the caller's standing in it: every call of the module that names a course (directly, or
// through a lesson, a test or an attempt) starts here, so the read rule of policy.ts is applied in one place.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { coursePolicy, type LearningPolicy, learningPolicy, mayReadCourse } from './policy.js';
import { courseMembers, courses } from './tables.js';

export type CourseRow = typeof courses.$inferSelect;
export type MemberRow = typeof courseMembers.$inferSelect;

/** The workspace's LMS administrators (`clients.lms_admins`). */
export async function lmsAdmins(ctx: RequestContext): Promise<string[]> {
  const [row] = await rowsOf<{ ids: string[] | null }>(
    ctx.db,
    sql`SELECT lms_admins AS ids FROM clients WHERE id = ${ctx.tenant()}`,
  );
  return row?.ids ?? [];
}

export async function policyOf(ctx: RequestContext): Promise<LearningPolicy> {
  return learningPolicy(ctx, await lmsAdmins(ctx));
}

export interface CourseAccess {
  course: CourseRow;
  member: MemberRow | null;
  policy: LearningPolicy;
  can: ReturnType<typeof coursePolicy>;
}

/**
 * The course `id` of the caller's workspace as the caller may see it, or 404 `course_not_found`. `lock` takes the
 * course's row for update (changes of its content, order and status are serialised by it).
 */
export async function courseAccess(ctx: RequestContext, id: string, options: { lock?: boolean } = {}) {
  const query = ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.clientId, ctx.tenant()), eq(courses.id, id)));
  const [course] = options.lock ? await query.for('update') : await query;
  if (!course) throw notFound('course_not_found');
  const [member] = ctx.user
    ? await ctx.db
        .select()
        .from(courseMembers)
        .where(
          and(
            eq(courseMembers.clientId, ctx.tenant()),
            eq(courseMembers.courseId, id),
            eq(courseMembers.userId, ctx.user.id),
          ),
        )
    : [];
  const policy = await policyOf(ctx);
  if (!mayReadCourse(policy, course.status, !!member)) throw notFound('course_not_found');
  const [started] = await rowsOf<{ any: boolean }>(
    ctx.db,
    sql`SELECT EXISTS (SELECT 1 FROM course_members WHERE client_id = ${ctx.tenant()} AND course_id = ${id}
      AND status <> 'not_started') AS any`,
  );
  const can = coursePolicy(ctx, policy, { status: course.status, started: !!started?.any }, !!member);
  return { course, member: member ?? null, policy, can } satisfies CourseAccess;
}

/** The course with the caller as one who may change it, or 403. */
export async function managedCourse(ctx: RequestContext, id: string, options: { lock?: boolean } = {}) {
  const access = await courseAccess(ctx, id, options);
  if (!access.can.edit) throw forbidden();
  return access;
}

/** The course with the caller as one of its learners (a member of an appointed or published course), or 403. */
export async function learnableCourse(ctx: RequestContext, id: string) {
  const access = await courseAccess(ctx, id);
  if (!access.member) throw forbidden('course_not_member');
  if (!access.can.learn) throw forbidden('course_closed');
  return access;
}
