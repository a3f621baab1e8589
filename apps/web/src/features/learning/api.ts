import type {
  CourseBody,
  CourseDto,
  CourseList,
  CourseOrderBody,
  CoursePage,
  CourseStatus,
  CourseUpdateBody,
  LearnBody,
  LearnerStatus,
  LessonBody,
  LessonDto,
  LessonUpdateBody,
  LmsAdminsBody,
  LmsAdminsResult,
  MembersBody,
  MembersPage,
  UserProgressDto,
} from '@hallway/shared/learning';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/**
 * The learning module's calls for courses, lessons, members, progress and its administrators (modules §7
 * "Learning"; the contract is packages/shared/src/schemas/learning.ts). Everything is `local`: the screens show their
 * failures themselves (a form's fields, a dialog's error, a toast).
 */

const local = { local: true } as const;
type One<T> = { result: T };

export interface CourseFilter {
  list: CourseList;
  status?: CourseStatus;
  search?: string;
}
export interface MemberFilter {
  status?: LearnerStatus;
  search?: string;
}

// Courses ------------------------------------------------------------------------------------------------------

export const fetchCourses = (filter: CourseFilter, offset: number, limit: number, signal?: AbortSignal) =>
  api<CoursePage>('/api/courses', {
    query: { list: filter.list, status: filter.status, search: filter.search || undefined, offset, limit },
    signal,
    ...local,
  });

export const fetchCourse = async (id: string, signal?: AbortSignal) =>
  (await api<One<CourseDto>>(`/api/courses/${id}`, { signal, ...local })).result;

export const createCourse = async (body: CourseBody) =>
  (await api<One<CourseDto>>('/api/courses', { method: 'POST', body, ...local })).result;

export const updateCourse = async (id: string, body: CourseUpdateBody) =>
  (await api<One<CourseDto>>(`/api/courses/${id}`, { method: 'PUT', body, ...local })).result;

export const deleteCourse = (id: string) => api<unknown>(`/api/courses/${id}`, { method: 'DELETE', ...local });

/** The answer is the course when the server gives it (then its items are the saved order). */
export const reorderCourse = async (id: string, body: CourseOrderBody) =>
  (await api<Partial<One<CourseDto>> | null>(`/api/courses/${id}/order`, { method: 'PUT', body, ...local }))?.result;

export const joinCourse = async (id: string) =>
  (await api<Partial<One<CourseDto>> | null>(`/api/courses/${id}/join`, { method: 'POST', ...local }))?.result;

// Lessons ------------------------------------------------------------------------------------------------------

export const fetchLesson = async (courseId: string, lessonId: string, signal?: AbortSignal) =>
  (await api<One<LessonDto>>(`/api/courses/${courseId}/lessons/${lessonId}`, { signal, ...local })).result;

export const createLesson = async (courseId: string, body: LessonBody) =>
  (await api<One<LessonDto>>(`/api/courses/${courseId}/lessons`, { method: 'POST', body, ...local })).result;

export const updateLesson = async (courseId: string, lessonId: string, body: LessonUpdateBody) =>
  (
    await api<One<LessonDto>>(`/api/courses/${courseId}/lessons/${lessonId}`, {
      method: 'PUT',
      body,
      ...local,
    })
  ).result;

export const deleteLesson = (courseId: string, lessonId: string) =>
  api<unknown>(`/api/courses/${courseId}/lessons/${lessonId}`, { method: 'DELETE', ...local });

/** `DELETE api/courses/{id}/tests/{test_id}`: a test leaves the course's content (its editor is the tests' pages). */
export const deleteTest = (courseId: string, testId: string) =>
  api<unknown>(`/api/courses/${courseId}/tests/${testId}`, { method: 'DELETE', ...local });

// Members ------------------------------------------------------------------------------------------------------

export const fetchMembers = (
  courseId: string,
  filter: MemberFilter,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) =>
  api<MembersPage>(`/api/courses/${courseId}/members`, {
    query: { status: filter.status, search: filter.search || undefined, offset, limit },
    signal,
    ...local,
  });

export const addMembers = async (courseId: string, body: MembersBody) =>
  (
    await api<One<{ added: number; total: number }>>(`/api/courses/${courseId}/members`, {
      method: 'POST',
      body,
      ...local,
    })
  ).result;

export const removeMember = (courseId: string, userId: string) =>
  api<unknown>(`/api/courses/${courseId}/members/${userId}`, { method: 'DELETE', ...local });

// Progress -----------------------------------------------------------------------------------------------------

export const fetchProgress = async (courseId: string, userId: string, signal?: AbortSignal) =>
  (await api<One<UserProgressDto>>(`/api/course_progress/progress/${courseId}/${userId}`, { signal, ...local })).result;

export const learnLesson = (body: LearnBody) =>
  api<unknown>('/api/course_progress/learn', { method: 'PUT', body, ...local });

/** `GET api/course_progress/certificate/{course_id}/{user_id}`: the PDF, saved under the server's name. */
export async function downloadCertificate(courseId: string, userId: string): Promise<string> {
  const response = await fetchFile(`/api/course_progress/certificate/${courseId}/${userId}`);
  const name = dispositionName(response.headers.get('content-disposition'), `certificate-${courseId}.pdf`);
  saveBlob(await response.blob(), name);
  return name;
}

// LMS administrators -------------------------------------------------------------------------------------------

export const fetchLmsAdmins = async (clientId: string, signal?: AbortSignal) =>
  (await api<LmsAdminsResult>(`/api/clients/${clientId}/settings/admins/lms`, { signal, ...local })).result;

export const saveLmsAdmins = async (clientId: string, body: LmsAdminsBody) =>
  (
    await api<LmsAdminsResult>(`/api/clients/${clientId}/settings/admins/lms`, {
      method: 'PUT',
      body,
      ...local,
    })
  ).result;
