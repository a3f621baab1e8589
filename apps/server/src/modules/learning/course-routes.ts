// Modules §7 "Learning" (members, progress, learn, certificate) and the calls docs/api.md "Learning" adds: courses,
// their order and joining, lessons. The LMS administrators' route is the clients module's (it writes `clients`).
import { id, okResult } from '@hallway/shared';
import {
  courseBody,
  courseListQuery,
  courseOrderBody,
  coursePage,
  courseResult,
  courseUpdateBody,
  learnBody,
  lessonBody,
  lessonResult,
  lessonUpdateBody,
  membersAdded,
  membersBody,
  membersPage,
  membersQuery,
  userProgressResult,
} from '@hallway/shared/learning';
import { z } from 'zod';
import type { App } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { certificate } from './certificate.js';
import * as courses from './courses.js';
import * as lessons from './lessons.js';
import * as members from './members.js';
import * as progress from './progress.js';

const tags = ['learning'];
const access = { right: 'lms' } as const;
const courseParams = z.object({ id });
const lessonParams = z.object({ id, lesson_id: id });
const memberParams = z.object({ id, user_id: id });
const progressParams = z.object({ course_id: id, user_id: id });

export function courseRoutes(app: App, _platform: Platform): void {
  // Courses -------------------------------------------------------------------------------------------------------
  app.get(
    '/api/courses',
    {
      schema: {
        summary: 'Courses: the catalogue one may read, the ones one manages, or one’s own learning',
        tags,
        querystring: courseListQuery,
        response: { 200: coursePage },
      },
      config: { access },
    },
    async (req) => courses.listCourses(req.ctx, req.query),
  );
  app.post(
    '/api/courses',
    {
      schema: {
        summary: 'Create a course (a draft; managers)',
        tags,
        body: courseBody,
        response: { 200: courseResult },
      },
      config: { access, body: { cover: 'file' } },
    },
    async (req) => ({ result: await courses.createCourse(req.ctx, req.body) }),
  );
  app.get(
    '/api/courses/:id',
    {
      schema: {
        summary: 'A course with its lessons and tests in order',
        tags,
        params: courseParams,
        response: { 200: courseResult },
      },
      config: { access, params: { id: 'course' } },
    },
    async (req) => ({ result: await courses.getCourse(req.ctx, req.params.id) }),
  );
  app.put(
    '/api/courses/:id',
    {
      schema: {
        summary: 'Change a course: title, description, cover, status',
        tags,
        params: courseParams,
        body: courseUpdateBody,
        response: { 200: courseResult },
      },
      config: { access, params: { id: 'course' }, body: { cover: 'file' } },
    },
    async (req) => ({ result: await courses.updateCourse(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    '/api/courses/:id',
    {
      schema: {
        summary: 'Delete a course nobody has started',
        tags,
        params: courseParams,
        response: { 200: okResult },
      },
      // The isolation suite deletes a spare course (its main one has learners, which refuses).
      config: { access, params: { id: 'course_unused' } },
    },
    async (req) => {
      await courses.deleteCourse(req.ctx, req.params.id);
      return { result: true };
    },
  );
  app.put(
    '/api/courses/:id/order',
    {
      schema: {
        summary: 'Order the lessons and tests of a course',
        tags,
        params: courseParams,
        body: courseOrderBody,
        response: { 200: courseResult },
      },
      config: { access, params: { id: 'course' }, body: { 'items[]._id': 'course_lesson' } },
    },
    async (req) => ({ result: await courses.orderCourse(req.ctx, req.params.id, req.body) }),
  );
  app.post(
    '/api/courses/:id/join',
    {
      schema: { summary: 'Join a published course', tags, params: courseParams, response: { 200: courseResult } },
      config: { access, params: { id: 'course' } },
    },
    async (req) => ({ result: await courses.joinCourse(req.ctx, req.params.id) }),
  );

  // Lessons -------------------------------------------------------------------------------------------------------
  app.post(
    '/api/courses/:id/lessons',
    {
      schema: {
        summary: 'Add a lesson at the end of a course',
        tags,
        params: courseParams,
        body: lessonBody,
        response: { 200: lessonResult },
      },
      config: { access, params: { id: 'course' }, body: { 'files[]': 'file' } },
    },
    async (req) => ({ result: await lessons.createLesson(req.ctx, req.params.id, req.body) }),
  );
  app.get(
    '/api/courses/:id/lessons/:lesson_id',
    {
      schema: {
        summary: 'A lesson, with the previous and next entries of its course',
        tags,
        params: lessonParams,
        response: { 200: lessonResult },
      },
      config: { access, params: { id: 'course', lesson_id: 'course_lesson' } },
    },
    async (req) => ({ result: await lessons.getLesson(req.ctx, req.params.id, req.params.lesson_id) }),
  );
  app.put(
    '/api/courses/:id/lessons/:lesson_id',
    {
      schema: {
        summary: 'Change a lesson',
        tags,
        params: lessonParams,
        body: lessonUpdateBody,
        response: { 200: lessonResult },
      },
      config: { access, params: { id: 'course', lesson_id: 'course_lesson' }, body: { 'files[]': 'file' } },
    },
    async (req) => ({
      result: await lessons.updateLesson(req.ctx, req.params.id, req.params.lesson_id, req.body),
    }),
  );
  app.delete(
    '/api/courses/:id/lessons/:lesson_id',
    {
      schema: { summary: 'Delete a lesson', tags, params: lessonParams, response: { 200: okResult } },
      config: { access, params: { id: 'course_spare', lesson_id: 'course_lesson_spare' } },
    },
    async (req) => {
      await lessons.deleteLesson(req.ctx, req.params.id, req.params.lesson_id);
      return { result: true };
    },
  );

  // Members -------------------------------------------------------------------------------------------------------
  app.get(
    '/api/courses/:id/members',
    {
      schema: {
        summary: 'The members of a course with their progress (managers)',
        tags,
        params: courseParams,
        querystring: membersQuery,
        response: { 200: membersPage },
      },
      config: { access, params: { id: 'course' } },
    },
    async (req) => members.listMembers(req.ctx, req.params.id, req.query),
  );
  app.post(
    '/api/courses/:id/members',
    {
      schema: {
        summary: 'Assign a course to people by name and by audience, with a due date (managers)',
        tags,
        params: courseParams,
        body: membersBody,
        response: { 200: membersAdded },
      },
      config: { access, params: { id: 'course' }, body: { 'empl[]': 'user' } },
    },
    async (req) => ({ result: await members.addMembers(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    '/api/courses/:id/members/:user_id',
    {
      schema: {
        summary: 'Remove a member of a course (managers)',
        tags,
        params: memberParams,
        response: { 200: okResult },
      },
      config: { access, params: { id: 'course', user_id: 'course_member_spare' } },
    },
    async (req) => {
      await members.removeMember(req.ctx, req.params.id, req.params.user_id);
      return { result: true };
    },
  );

  // Progress ------------------------------------------------------------------------------------------------------
  app.get(
    '/api/course_progress/progress/:course_id/:user_id',
    {
      schema: {
        summary: 'A member’s progress in a course (one’s own, or anybody’s for managers)',
        tags,
        params: progressParams,
        response: { 200: userProgressResult },
      },
      config: { access, params: { course_id: 'course' } },
    },
    async (req) => ({ result: await progress.userProgress(req.ctx, req.params.course_id, req.params.user_id) }),
  );
  app.put(
    '/api/course_progress/learn',
    {
      schema: {
        summary: 'Mark a lesson learned (a member of an open course); answers the caller’s progress',
        tags,
        body: learnBody,
        response: { 200: userProgressResult },
      },
      config: { access, body: { course_id: 'course', lesson_id: 'course_lesson' } },
    },
    async (req) => ({ result: await progress.learn(req.ctx, req.body) }),
  );
  app.get(
    '/api/course_progress/certificate/:course_id/:user_id',
    {
      schema: {
        summary: 'The certificate of a learned course, as a PDF (one’s own, or anybody’s for managers)',
        description: 'application/pdf, Content-Disposition: attachment.',
        tags,
        params: progressParams,
      },
      config: { access, params: { course_id: 'course' } },
    },
    async (req, reply) => {
      const { pdf, disposition } = await certificate(req.ctx, req.params.course_id, req.params.user_id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', disposition)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
}
