import type { CourseCan, CourseStatus, TestCan } from '@hallway/shared/learning';
import type { RequestContext } from '../../platform/http/context.js';

/**
 * Who does what in learning (modules §4, §6 "learning module administrators"; docs/api.md "Learning"):
 * - the workspace's administrators (the superadmin among them) and its LMS administrators manage every course:
 *   content, status, members, progress, analytics;
 * - a member reads a course out of draft and learns one that is appointed or published;
 * - everyone with the `lms` right reads the published courses and joins them.
 */
export function learningPolicy(ctx: RequestContext, lmsAdmins: readonly string[]) {
  const manage = ctx.isAdmin || (!!ctx.user && lmsAdmins.includes(ctx.user.id));
  return { manage, analytics: manage, settings: ctx.isAdmin };
}
export type LearningPolicy = ReturnType<typeof learningPolicy>;

/** Who may see a course at all; anyone else gets 404 `course_not_found`. */
export function mayReadCourse(policy: LearningPolicy, status: CourseStatus, member: boolean): boolean {
  if (policy.manage) return true;
  if (status === 'draft') return false;
  return member || status === 'published';
}

const OPEN: readonly CourseStatus[] = ['appointed', 'published'];

export function coursePolicy(
  ctx: RequestContext,
  policy: LearningPolicy,
  course: { status: CourseStatus; started: boolean },
  member: boolean,
): CourseCan {
  const open = OPEN.includes(course.status);
  return {
    edit: policy.manage,
    delete: policy.manage && !course.started,
    members: policy.manage,
    join: !member && course.status === 'published' && !!ctx.user && !ctx.isSuperadmin,
    learn: member && open,
  };
}

/** A test's settings and questions change while nobody took it, or while its course is a draft. */
export function testPolicy(
  can: CourseCan,
  course: { status: CourseStatus },
  test: { hasAttempts: boolean; questions: number },
): TestCan {
  return {
    edit: can.edit && (course.status === 'draft' || !test.hasAttempts),
    take: can.learn && test.questions > 0,
  };
}

/** A person's progress, certificate and attempts: their own, or anybody's for the managers. */
export const mayReadProgress = (ctx: RequestContext, policy: LearningPolicy, userId: string): boolean =>
  policy.manage || ctx.user?.id === userId;
