// Isolation-suite fixtures of learning's courses: a published course of workspace A with a lesson, its employee a
// member who learned it (so courses, course_lessons, course_members and lesson_progress hold rows of A), a spare
// member to remove, a draft with a spare lesson to delete, an unused course to delete; and the bodies of the calls.
import type { Harness } from '../../test/harness.js';
import { makeUser } from '../../test/harness.js';
import { type FixtureWorkspace, registerBody, registerObject } from '../../test/isolation/registry.js';
import { as } from '../posts/isolation.js';

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const made = new Map<string, Promise<Record<string, string>>>();

async function build(h: Harness, a: FixtureWorkspace): Promise<Record<string, string>> {
  const course = await as(h, a.admin.token, 'POST', '/api/courses', {
    title: `Welcome aboard ${a.mark}`,
    description: `Your first week ${a.mark}`,
  });
  const lesson = await as(h, a.admin.token, 'POST', `/api/courses/${course._id}/lessons`, {
    title: `Our values ${a.mark}`,
    doc: doc(`We help each other ${a.mark}`),
  });
  await as(h, a.admin.token, 'PUT', `/api/courses/${course._id}`, { status: 'published' });
  const spareMember = await makeUser(h, a.id, { firstName: 'Sasha', lastName: `Spare ${a.mark}` });
  await as(h, a.admin.token, 'POST', `/api/courses/${course._id}/members`, {
    empl: [a.employee.id, spareMember.id],
    grants: [{ audience: 'department', values: [`Sales ${a.mark}`], level: 'read' }],
    due: '2030-01-31',
  });
  await as(h, a.employee.token, 'PUT', '/api/course_progress/learn', {
    course_id: course._id,
    lesson_id: lesson._id,
    seconds: 60,
  });
  const spare = await as(h, a.admin.token, 'POST', '/api/courses', { title: `Draft ${a.mark}` });
  const spareLesson = await as(h, a.admin.token, 'POST', `/api/courses/${spare._id}/lessons`, {
    title: `Spare lesson ${a.mark}`,
    doc: doc(`Spare ${a.mark}`),
  });
  const unused = await as(h, a.admin.token, 'POST', '/api/courses', { title: `Unused ${a.mark}` });
  return {
    course: course._id,
    course_lesson: lesson._id,
    course_member_spare: spareMember.id,
    course_spare: spare._id,
    course_lesson_spare: spareLesson._id,
    course_unused: unused._id,
  };
}

/** The course fixtures of workspace A (made once per workspace); the tests' fixtures build on `course`. */
export function courseWorld(h: Harness, a: FixtureWorkspace): Promise<Record<string, string>> {
  let world = made.get(a.id);
  if (!world) {
    world = build(h, a);
    made.set(a.id, world);
  }
  return world;
}

for (const kind of [
  'course',
  'course_lesson',
  'course_member_spare',
  'course_spare',
  'course_lesson_spare',
  'course_unused',
]) {
  registerObject(kind, async (h, a) => (await courseWorld(h, a))[kind]);
}

registerBody('POST /api/courses', () => ({ title: 'Planted', description: 'Planted' }));
registerBody('PUT /api/courses/:id', () => ({ title: 'Renamed' }));
registerBody('PUT /api/courses/:id/order', ({ objects }) => ({
  items: [{ type: 'lesson', _id: objects.course_lesson }],
}));
registerBody('POST /api/courses/:id/lessons', () => ({ title: 'Planted', doc: doc('Planted') }));
registerBody('PUT /api/courses/:id/lessons/:lesson_id', () => ({ title: 'Renamed' }));
registerBody('POST /api/courses/:id/members', ({ objects }) => ({ empl: [objects.user], due: '2030-02-28' }));
registerBody('PUT /api/course_progress/learn', ({ objects }) => ({
  course_id: objects.course,
  lesson_id: objects.course_lesson,
  seconds: 5,
}));
registerBody('PUT /api/clients/:id/settings/admins/lms', ({ objects }) => ({ admins: [objects.user] }));

// The tests part's fixtures (tests, questions, attempts).
import './isolation-tests.js';
