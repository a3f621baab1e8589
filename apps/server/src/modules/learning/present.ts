// How learning's rows are answered: one shape for a course in a list and on its page, a member, a person's progress.
import type { PersonCard } from '@hallway/shared';
import type { StoredFile } from '@hallway/shared/files';
import type { CourseCan, CourseItemDto, CourseStatus, LearnerStatus, MyCourseProgress } from '@hallway/shared/learning';

/** A timestamp of either driver as the API's ISO text. */
export const isoOf = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null | undefined): string | null => (value ? isoOf(value) : null);

/** A course's row as the list and page statements select it (courses.ts `courseColumns`). */
export interface CourseListRow {
  id: string;
  client_id: string;
  title: string;
  description: string;
  cover: StoredFile | null;
  status: CourseStatus;
  created: Date | string;
  updated: Date | string;
  author: PersonCard | null;
  lessons: number;
  tests: number;
  members: number;
  started: boolean;
  my_status: LearnerStatus | null;
  my_percent: number | null;
  my_due: string | null;
  my_overdue: boolean | null;
  my_learned_at: Date | string | null;
}

export function presentMine(row: CourseListRow): MyCourseProgress | null {
  if (!row.my_status) return null;
  return {
    status: row.my_status,
    percent: Number(row.my_percent ?? 0),
    due: row.my_due,
    overdue: !!row.my_overdue,
    learned_at: row.my_status === 'learned' ? isoOrNull(row.my_learned_at) : null,
  };
}

export function presentCourseItem(row: CourseListRow, can: CourseCan): CourseItemDto {
  return {
    _id: row.id,
    client_id: row.client_id,
    title: row.title,
    description: row.description,
    cover: row.cover ?? null,
    status: row.status,
    lessons: Number(row.lessons),
    tests: Number(row.tests),
    members: Number(row.members),
    author: row.author ?? null,
    created: isoOf(row.created),
    updated: isoOf(row.updated),
    my: presentMine(row),
    can,
  };
}
