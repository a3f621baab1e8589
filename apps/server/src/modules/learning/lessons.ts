// Lessons (modules §3 Learning "Lesson"): a document in the knowledge base's format with its files, one entry of a
// course's content. Adding or removing one changes every member's progress, so they are counted again.
import type { LessonBody, LessonDto, LessonUpdateBody } from '@hallway/shared/learning';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { fileRefs } from '../files/index.js';
import { type CourseAccess, courseAccess, managedCourse } from './access.js';
import { contentItems, nextSort, touchCourse } from './courses.js';
import { recountMembers } from './progress.js';
import { courseLessons } from './tables.js';

type LessonRow = typeof courseLessons.$inferSelect;

async function lessonOf(ctx: RequestContext, courseId: string, lessonId: string): Promise<LessonRow> {
  const [row] = await ctx.db
    .select()
    .from(courseLessons)
    .where(
      and(
        eq(courseLessons.clientId, ctx.tenant()),
        eq(courseLessons.courseId, courseId),
        eq(courseLessons.id, lessonId),
      ),
    );
  if (!row) throw notFound('lesson_not_found');
  return row;
}

async function presentLesson(ctx: RequestContext, access: CourseAccess, row: LessonRow): Promise<LessonDto> {
  const items = await contentItems(ctx, row.courseId, ctx.user?.id ?? null);
  const at = items.findIndex((i) => i.type === 'lesson' && i._id === row.id);
  const link = (n: number) => {
    const item = items[n];
    return item ? { type: item.type, _id: item._id, title: item.title } : null;
  };
  return {
    _id: row.id,
    course_id: row.courseId,
    title: row.title,
    doc: row.doc,
    files: row.files,
    learned: items[at]?.done ?? false,
    prev: at > 0 ? link(at - 1) : null,
    next: at >= 0 ? link(at + 1) : null,
    can: { edit: access.can.edit, learn: access.can.learn },
  };
}

/** `POST api/courses/{id}/lessons`: a lesson at the end of the course's content. */
export async function createLesson(ctx: RequestContext, courseId: string, body: LessonBody): Promise<LessonDto> {
  const access = await managedCourse(ctx, courseId, { lock: true });
  const sort = await nextSort(ctx, courseId, 'lesson');
  const files = await fileRefs(ctx, body.files);
  const [row] = await ctx.db
    .insert(courseLessons)
    .values({ clientId: ctx.tenant(), courseId, title: body.title, doc: body.doc, files, sort })
    .returning();
  await touchCourse(ctx, courseId);
  await recountMembers(ctx, courseId, null);
  return presentLesson(ctx, access, row);
}

/** `GET api/courses/{id}/lessons/{lesson_id}`: whoever reads the course. */
export async function getLesson(ctx: RequestContext, courseId: string, lessonId: string): Promise<LessonDto> {
  const access = await courseAccess(ctx, courseId);
  return presentLesson(ctx, access, await lessonOf(ctx, courseId, lessonId));
}

/** `PUT api/courses/{id}/lessons/{lesson_id}`: the fields given change. */
export async function updateLesson(
  ctx: RequestContext,
  courseId: string,
  lessonId: string,
  body: LessonUpdateBody,
): Promise<LessonDto> {
  const access = await managedCourse(ctx, courseId, { lock: true });
  await lessonOf(ctx, courseId, lessonId);
  const [row] = await ctx.db
    .update(courseLessons)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.doc !== undefined ? { doc: body.doc } : {}),
      ...(body.files !== undefined ? { files: await fileRefs(ctx, body.files) } : {}),
      updated: new Date(),
    })
    .where(and(eq(courseLessons.clientId, ctx.tenant()), eq(courseLessons.id, lessonId)))
    .returning();
  await touchCourse(ctx, courseId);
  return presentLesson(ctx, access, row);
}

/** `DELETE api/courses/{id}/lessons/{lesson_id}`: its learners' marks go with it and progress is counted again. */
export async function deleteLesson(ctx: RequestContext, courseId: string, lessonId: string): Promise<void> {
  await managedCourse(ctx, courseId, { lock: true });
  await lessonOf(ctx, courseId, lessonId);
  await ctx.db
    .delete(courseLessons)
    .where(and(eq(courseLessons.clientId, ctx.tenant()), eq(courseLessons.id, lessonId)));
  await touchCourse(ctx, courseId);
  await recountMembers(ctx, courseId, null);
}
