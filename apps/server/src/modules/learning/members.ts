// A course's members (modules §3 Learning, §4 learner status): assigned by name or by audience (resolved to the
// people the audience reaches at the moment of saving), with an optional due date; the managers list and remove them.
import type { PersonCard } from '@hallway/shared';
import type { CourseMemberDto, LearnerStatus, MembersBody, MembersPage, MembersQuery } from '@hallway/shared/learning';
import { sql } from 'drizzle-orm';
import { grantRecipientsSql, grantsOf, setGrants } from '../../platform/access/grants.js';
import { rowsOf } from '../../platform/db/client.js';
import { containing } from '../../platform/db/like.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { assertActivePeople, personCardSql } from '../users/index.js';
import { courseAccess, managedCourse } from './access.js';
import { tellMembers } from './courses.js';
import { isoOf, isoOrNull } from './present.js';
import { recountMembers } from './progress.js';

async function managersCourse(ctx: RequestContext, courseId: string) {
  const access = await courseAccess(ctx, courseId);
  if (!access.can.members) throw forbidden();
  return access;
}

/** `GET api/courses/{id}/members`: the members with their progress, by name; the audiences last used. */
export async function listMembers(ctx: RequestContext, courseId: string, query: MembersQuery): Promise<MembersPage> {
  await managersCourse(ctx, courseId);
  const tenant = ctx.tenant();
  const conditions = [sql`m.client_id = ${tenant}`, sql`m.course_id = ${courseId}`];
  if (query.status) conditions.push(sql`m.status = ${query.status}`);
  if (query.search) {
    conditions.push(sql`u.search_text LIKE ${containing(query.search.toLowerCase())}`);
  }
  const where = sql.join(conditions, sql` AND `);
  const rows = await rowsOf<{
    person: PersonCard;
    status: LearnerStatus;
    percent: number;
    due: string | null;
    overdue: boolean;
    assigned: Date | string;
    learned_at: Date | string | null;
    best_score: number | null;
  }>(
    ctx.db,
    sql`SELECT ${personCardSql(sql`m.user_id`)} AS person, m.status, m.percent, m.due::text AS due, m.assigned,
        m.learned_at, (m.due IS NOT NULL AND m.due < current_date AND m.status <> 'learned') AS overdue,
        (SELECT round(avg(best))::int FROM (SELECT max(a.score) AS best FROM test_attempts a
          WHERE a.client_id = m.client_id AND a.course_id = m.course_id AND a.user_id = m.user_id
            AND a.finished IS NOT NULL GROUP BY a.test_id) b) AS best_score
      FROM course_members m JOIN users u ON u.id = m.user_id
      WHERE ${where}
      ORDER BY u.last_name, u.first_name, m.user_id LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM course_members m JOIN users u ON u.id = m.user_id WHERE ${where}`,
  );
  const result = rows.map(
    (r): CourseMemberDto => ({
      person: r.person,
      status: r.status,
      percent: Number(r.percent),
      due: r.due,
      overdue: !!r.overdue,
      assigned: isoOf(r.assigned),
      learned_at: r.status === 'learned' ? isoOrNull(r.learned_at) : null,
      best_score: r.best_score === null ? null : Number(r.best_score),
    }),
  );
  return { result, total: Number(count?.n ?? 0), grants: await grantsOf(ctx, 'course', courseId) };
}

/**
 * `POST api/courses/{id}/members`: people by name and the people the audiences reach now, active people of the
 * workspace only. New members get the due date and are told (once the course is open: a draft's members hear of it
 * when it opens); members already there keep their progress, and get the new due date when one is given.
 */
export async function addMembers(
  ctx: RequestContext,
  courseId: string,
  body: MembersBody,
): Promise<{ added: number; total: number }> {
  const { course } = await managedCourse(ctx, courseId, { lock: true });
  const tenant = ctx.tenant();
  await assertActivePeople(ctx, body.empl, 'empl', 'user_not_found');
  if (body.grants.length) await setGrants(ctx, 'course', courseId, body.grants);
  const audience = body.grants.length
    ? sql` OR u.id IN (${grantRecipientsSql(tenant, 'course', courseId, 'read')})`
    : sql``;
  const wanted = sql`SELECT u.id FROM users u WHERE u.client_id = ${tenant} AND NOT u.deletion_mark
    AND (u.id = ANY(${sql.param(body.empl)}::uuid[])${audience})`;
  const added = await rowsOf<{ user_id: string }>(
    ctx.db,
    sql`INSERT INTO course_members (client_id, course_id, user_id, due, assigned_by)
      SELECT ${tenant}, ${courseId}, w.id, ${body.due ?? null}::date, ${ctx.me().id} FROM (${wanted}) w
      ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  const fresh = added.map((a) => a.user_id);
  if (body.due !== undefined) {
    await ctx.db.execute(
      sql`UPDATE course_members SET due = ${body.due}::date WHERE client_id = ${tenant} AND course_id = ${courseId}
        AND user_id IN (${wanted}) AND NOT (user_id = ANY(${sql.param(fresh)}::uuid[]))`,
    );
  }
  // Someone assigned again after being removed finds what they had learned.
  await recountMembers(ctx, courseId, fresh);
  if (fresh.length && (course.status === 'appointed' || course.status === 'published')) {
    await tellMembers(ctx, courseId, course.title, fresh);
  }
  const [count] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM course_members WHERE client_id = ${tenant} AND course_id = ${courseId}`,
  );
  return { added: fresh.length, total: Number(count.n) };
}

/** `DELETE api/courses/{id}/members/{user_id}`: the managers; 404 `course_member_not_found` for a non-member. */
export async function removeMember(ctx: RequestContext, courseId: string, userId: string): Promise<void> {
  await managedCourse(ctx, courseId);
  const gone = await rowsOf<{ user_id: string }>(
    ctx.db,
    sql`DELETE FROM course_members WHERE client_id = ${ctx.tenant()} AND course_id = ${courseId} AND user_id = ${userId}
      RETURNING user_id`,
  );
  if (!gone.length) throw notFound('course_member_not_found');
}
