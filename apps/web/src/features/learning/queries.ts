import type {
  CourseBody,
  CourseContentItem,
  CourseDto,
  CourseUpdateBody,
  LessonBody,
  LessonUpdateBody,
  MembersBody,
} from '@hallway/shared/learning';
import { COURSE_PAGE_SIZE } from '@hallway/shared/learning';
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import type { CourseFilter, MemberFilter } from './api';
import * as learningApi from './api';

/**
 * The learning module's query keys, all under `learning`: the course lists under `courses`, each course under
 * `['learning', 'course', id]` (the test pages read and invalidate that one), lessons, members and progress under
 * their course.
 */
export const learningKeys = {
  all: ['learning'] as const,
  lists: ['learning', 'courses'] as const,
  list: (filter: CourseFilter) => ['learning', 'courses', filter] as const,
  course: (id: string) => ['learning', 'course', id] as const,
  lesson: (courseId: string, lessonId: string) => ['learning', 'lesson', courseId, lessonId] as const,
  members: (courseId: string) => ['learning', 'members', courseId] as const,
  memberList: (courseId: string, filter: MemberFilter) => ['learning', 'members', courseId, filter] as const,
  progress: (courseId: string, userId: string) => ['learning', 'progress', courseId, userId] as const,
  admins: (clientId: string) => ['learning', 'admins', clientId] as const,
};

const nextOffset = (last: { result: unknown[]; total: number }, pages: { result: unknown[] }[]) => {
  const seen = pages.reduce((n, p) => n + p.result.length, 0);
  return seen < last.total && last.result.length > 0 ? seen : undefined;
};

export const learningQueries = {
  /** A list of courses (the catalogue, my courses, my learning), 30 a page, shown more by "Show more". */
  courses: (filter: CourseFilter) =>
    infiniteQueryOptions({
      queryKey: learningKeys.list(filter),
      queryFn: ({ pageParam, signal }) => learningApi.fetchCourses(filter, pageParam, COURSE_PAGE_SIZE, signal),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** Whether a list has anything at all (one course of it): the "Manage" tab shows for those who manage one. */
  any: (filter: CourseFilter) =>
    queryOptions({
      queryKey: [...learningKeys.list(filter), 'any'] as const,
      queryFn: ({ signal }) => learningApi.fetchCourses(filter, 0, 1, signal),
      staleTime: 60_000,
    }),
  /** One course with its content in order; the test pages read and invalidate it by this key. */
  course: (id: string) =>
    queryOptions({
      queryKey: learningKeys.course(id),
      queryFn: ({ signal }) => learningApi.fetchCourse(id, signal),
      enabled: !!id,
      retry: false,
      staleTime: 15_000,
    }),
  lesson: (courseId: string, lessonId: string) =>
    queryOptions({
      queryKey: learningKeys.lesson(courseId, lessonId),
      queryFn: ({ signal }) => learningApi.fetchLesson(courseId, lessonId, signal),
      enabled: !!courseId && !!lessonId,
      retry: false,
      staleTime: 15_000,
    }),
  members: (courseId: string, filter: MemberFilter) =>
    infiniteQueryOptions({
      queryKey: learningKeys.memberList(courseId, filter),
      queryFn: ({ pageParam, signal }) =>
        learningApi.fetchMembers(courseId, filter, pageParam, COURSE_PAGE_SIZE, signal),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  progress: (courseId: string, userId: string) =>
    queryOptions({
      queryKey: learningKeys.progress(courseId, userId),
      queryFn: ({ signal }) => learningApi.fetchProgress(courseId, userId, signal),
      enabled: !!courseId && !!userId,
      retry: false,
      staleTime: 15_000,
    }),
  admins: (clientId: string) =>
    queryOptions({
      queryKey: learningKeys.admins(clientId),
      queryFn: ({ signal }) => learningApi.fetchLmsAdmins(clientId, signal),
      enabled: !!clientId,
      staleTime: 60_000,
    }),
};

/** Every list of courses is read again (a course's counts, status or the person's progress changed). */
const lists = (client: QueryClient) => client.invalidateQueries({ queryKey: learningKeys.lists });
/** A course and everything read about it (its lists, lessons, members, progress) is read again. */
const courseChanged = (client: QueryClient, id: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: learningKeys.course(id) }),
    client.invalidateQueries({ queryKey: ['learning', 'lesson', id] }),
    client.invalidateQueries({ queryKey: learningKeys.members(id) }),
    client.invalidateQueries({ queryKey: ['learning', 'progress', id] }),
    lists(client),
  ]);
/** A saved course into its own cache and every list. */
const putCourse = (client: QueryClient, course: CourseDto) => {
  client.setQueryData(learningKeys.course(course._id), course);
  return lists(client);
};

export interface OrderInput {
  courseId: string;
  items: CourseContentItem[];
}

/** Every write of the courses' pages, with what it changes in the cache. */
export const learningMutations = {
  createCourse: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: CourseBody) => learningApi.createCourse(body),
      onSuccess: (course) => putCourse(client, course),
    }),
  updateCourse: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, body }: { id: string; body: CourseUpdateBody }) => learningApi.updateCourse(id, body),
      onSuccess: (course) => putCourse(client, course),
    }),
  deleteCourse: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => learningApi.deleteCourse(id),
      onSuccess: (_, id) => {
        client.removeQueries({ queryKey: learningKeys.course(id) });
        return lists(client);
      },
    }),
  /** The new order shows at once; a refusal puts the server's order back. */
  reorder: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ courseId, items }: OrderInput) =>
        learningApi.reorderCourse(courseId, { items: items.map(({ type, _id }) => ({ type, _id })) }),
      onMutate: async ({ courseId, items }: OrderInput) => {
        await client.cancelQueries({ queryKey: learningKeys.course(courseId) });
        const before = client.getQueryData<CourseDto>(learningKeys.course(courseId));
        if (before) client.setQueryData(learningKeys.course(courseId), { ...before, items });
        return { before };
      },
      onError: (_error, { courseId }, context) => {
        if (context?.before) client.setQueryData(learningKeys.course(courseId), context.before);
      },
      onSuccess: (course, { courseId }) =>
        course?.items
          ? void client.setQueryData(learningKeys.course(courseId), course)
          : client.invalidateQueries({ queryKey: learningKeys.course(courseId) }),
    }),
  join: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => learningApi.joinCourse(id),
      onSuccess: (_course, id) => courseChanged(client, id),
    }),
  createLesson: (client: QueryClient, courseId: string) =>
    mutationOptions({
      mutationFn: (body: LessonBody) => learningApi.createLesson(courseId, body),
      onSuccess: (lesson) => {
        client.setQueryData(learningKeys.lesson(courseId, lesson._id), lesson);
        return courseChanged(client, courseId);
      },
    }),
  updateLesson: (client: QueryClient, courseId: string) =>
    mutationOptions({
      mutationFn: ({ id, body }: { id: string; body: LessonUpdateBody }) =>
        learningApi.updateLesson(courseId, id, body),
      onSuccess: (lesson) => {
        client.setQueryData(learningKeys.lesson(courseId, lesson._id), lesson);
        return client.invalidateQueries({ queryKey: learningKeys.course(courseId) });
      },
    }),
  deleteLesson: (client: QueryClient, courseId: string) =>
    mutationOptions({
      mutationFn: (id: string) => learningApi.deleteLesson(courseId, id),
      onSuccess: (_, id) => {
        client.removeQueries({ queryKey: learningKeys.lesson(courseId, id) });
        return courseChanged(client, courseId);
      },
    }),
  deleteTest: (client: QueryClient, courseId: string) =>
    mutationOptions({
      mutationFn: (id: string) => learningApi.deleteTest(courseId, id),
      onSuccess: () => courseChanged(client, courseId),
    }),
  /** The lesson learned: the course's marks, the person's progress and their lists follow. */
  learn: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: { course_id: string; lesson_id: string; seconds: number }) => learningApi.learnLesson(body),
      onSuccess: (_, { course_id }) => courseChanged(client, course_id),
    }),
  addMembers: (client: QueryClient, courseId: string) =>
    mutationOptions({
      mutationFn: (body: MembersBody) => learningApi.addMembers(courseId, body),
      onSuccess: () => courseChanged(client, courseId),
    }),
  removeMember: (client: QueryClient, courseId: string) =>
    mutationOptions({
      mutationFn: (userId: string) => learningApi.removeMember(courseId, userId),
      onSuccess: () => courseChanged(client, courseId),
    }),
  saveAdmins: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (admins: string[]) => learningApi.saveLmsAdmins(clientId, { admins }),
      onSuccess: (saved) => {
        client.setQueryData(learningKeys.admins(clientId), saved);
        return lists(client);
      },
    }),
  /** The certificate's PDF (a read, but a button's action with its own busy state and failure toast). */
  certificate: () =>
    mutationOptions({
      mutationFn: ({ courseId, userId }: { courseId: string; userId: string }) =>
        learningApi.downloadCertificate(courseId, userId),
    }),
};
