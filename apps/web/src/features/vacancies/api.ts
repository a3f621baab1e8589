import type { StoredFile } from '@hallway/shared';
import type { ArticleDoc, ArticleDto, ArticleItem, TagDto } from '@hallway/shared/articles';
import { api } from '../../api/client';

/**
 * The vacancies' calls (docs/api.md "Knowledge base, vacancies and tags"): vacancies are articles of the section
 * `vacancy`. Everything is `local`: the screens show their failures themselves.
 */

export type VacancySort = 'newest' | 'popular' | 'order';
export interface VacancyFilter {
  search?: string;
  tag?: string | null;
  salary?: number | null;
  sort?: VacancySort;
}
export interface VacancyPage {
  result: ArticleItem[];
  total: number;
  page: number;
  can: { create: boolean };
}
/** What the form sends on create and edit (the tag goes through the tag calls on edit). */
export interface VacancyInput {
  title: string;
  doc: ArticleDoc | null;
  salary_from: number | null;
  salary_to: number | null;
  receivers: string[];
  tags: string[];
}

const local = { local: true } as const;
type One = { result: ArticleDto };
const one = async (promise: Promise<One>) => (await promise).result;

export const fetchVacancies = (
  clientId: string,
  userId: string,
  page: number,
  filter: VacancyFilter,
  signal?: AbortSignal,
) =>
  api<VacancyPage>(`/api/user/${clientId}/articles/access_for/${userId}`, {
    query: {
      section: 'vacancy',
      search: filter.search || undefined,
      tags: filter.tag || undefined,
      salary: filter.salary ?? undefined,
      sort: filter.sort ?? 'newest',
      page,
    },
    signal,
    ...local,
  });

/** A missing or unreadable vacancy is the page's own not-found state. */
export const fetchVacancy = (id: string, signal?: AbortSignal) =>
  one(api<One>(`/api/article/${id}`, { signal, ...local }));

export const fetchTags = async (clientId: string, signal?: AbortSignal) =>
  (await api<{ result: TagDto[] }>(`/api/tag/${clientId}/vacancies`, { signal, ...local })).result;

export const createVacancy = (input: VacancyInput) =>
  one(api<One>('/api/article', { method: 'POST', body: { ...input, section: 'vacancy', type: 'article' }, ...local }));

/** A new title or body must name the version it was made from: a later save answers 409 `article_version_conflict`. */
export const updateVacancy = (id: string, input: Omit<VacancyInput, 'tags'> & { base_version: number }) =>
  one(api<One>(`/api/article/${id}`, { method: 'PUT', body: input, ...local }));

export const attachTag = (id: string, tagId: string) =>
  one(api<One>(`/api/tag/attach/to/article/${id}`, { method: 'PUT', body: { tag_id: tagId }, ...local }));

export const detachTag = (id: string, tagId: string) =>
  one(api<One>(`/api/tag/detach/${tagId}/from/article/${id}`, { method: 'PUT', ...local }));

export const deleteVacancy = (id: string) => api<unknown>(`/api/article/deep/${id}`, { method: 'DELETE', ...local });

/** The reader's own view, counted once by the server. */
export const markViewed = async (id: string, userId: string) =>
  (
    await api<{ result: { views: number; viewed: boolean } }>(`/api/article/${id}/view/${userId}`, {
      method: 'PUT',
      ...local,
    })
  ).result;

export const respondToVacancy = (body: { vacancy_id: string; text: string; attachments: string[] }) =>
  api<{ result: boolean; files: StoredFile[] }>('/api/article/vac_respond', { method: 'POST', body, ...local });
