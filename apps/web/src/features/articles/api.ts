import type { AudienceGrantDto, PersonCard } from '@hallway/shared';
import type {
  ArticleDoc,
  ArticleDto,
  ArticleItem,
  ArticleListQuery,
  ArticleSection,
  ArticleTreeNode,
  ArticleType,
  TagDto,
} from '@hallway/shared/articles';
import { api } from '../../api/client';

/** The knowledge base's calls (docs/api.md "Knowledge base, vacancies and tags"). Everything is `local`: the screens show their failures. */

const local = { local: true } as const;
type One<T> = { result: T };
const result = async <T>(promise: Promise<One<T>>) => (await promise).result;

export interface ArticlePage {
  result: ArticleItem[];
  total: number;
  page: number;
  can: { create: boolean };
}
export type ListFilter = Partial<Omit<ArticleListQuery, 'tags' | 'page'>> & { tags?: string[] };

export const fetchList = (clientId: string, userId: string, filter: ListFilter, page: number, signal?: AbortSignal) =>
  api<ArticlePage>(`/api/user/${clientId}/articles/access_for/${userId}`, {
    query: {
      ...filter,
      tags: filter.tags?.length ? filter.tags.join(',') : undefined,
      search: filter.search || undefined,
      page,
    },
    signal,
    ...local,
  });

export const fetchArticle = (id: string, signal?: AbortSignal) =>
  result(api<One<ArticleDto>>(`/api/article/${id}`, { signal, ...local }));

export const fetchTree = (kind: 'breadcrumbs' | 'child' | 'full_tree', id: string, signal?: AbortSignal) =>
  result(api<One<ArticleTreeNode[]>>(`/api/article/${kind}/${id}`, { signal, ...local }));

export interface ArticleInput {
  title?: string;
  doc?: ArticleDoc | null;
  cover?: string | null;
  parent?: string | null;
  tags?: string[];
  grants?: AudienceGrantDto[];
  salary_from?: number | null;
  salary_to?: number | null;
  receivers?: string[];
  mentions?: string[];
  base_version?: number;
}

export const createArticle = (body: ArticleInput & { section: ArticleSection; type: ArticleType; title: string }) =>
  result(api<One<ArticleDto>>('/api/article', { method: 'POST', body, ...local }));

export const updateArticle = (id: string, body: ArticleInput) =>
  result(api<One<ArticleDto>>(`/api/article/${id}`, { method: 'PUT', body, ...local }));

export type DeepCounts = { folders: number; articles: number; files: number };
export const fetchDeepCounts = (id: string, signal?: AbortSignal) =>
  result(api<One<DeepCounts>>(`/api/article/deep/${id}`, { signal, ...local }));
export const deleteDeep = (id: string) =>
  result(api<One<DeepCounts>>(`/api/article/deep/${id}`, { method: 'DELETE', ...local }));

export const emptyAsArticles = (id: string) =>
  result(api<One<{ changed: number }>>(`/api/article/empty_as_articles/${id}`, { method: 'PUT', ...local }));

export const swapOrder = (clientId: string, from: string, to: string) =>
  api<unknown>(`/api/article/${clientId}/order/${from}/${to}`, { method: 'PUT', ...local });

export const markViewed = (id: string, userId: string) =>
  result(
    api<One<{ views: number; viewed: boolean }>>(`/api/article/${id}/view/${userId}`, { method: 'PUT', ...local }),
  );

export const setFavourite = (id: string, favourite: boolean) =>
  result(
    api<One<{ favourite: boolean }>>(`/api/article/${id}/favourite`, { method: 'PUT', body: { favourite }, ...local }),
  );

export const setRights = (id: string, grants: AudienceGrantDto[]) =>
  result(api<One<ArticleDto>>(`/api/article/${id}/rights`, { method: 'PUT', body: { grants }, ...local }));

export const addFiles = (id: string, files: string[]) =>
  result(api<One<ArticleDto>>(`/api/article/${id}/add_files`, { method: 'PUT', body: { files }, ...local }));
export const deleteFile = (id: string, fileId: string) =>
  result(api<One<ArticleDto>>(`/api/article/${id}/del_file/${fileId}`, { method: 'PUT', ...local }));

export interface ArticleVersion {
  version: number;
  title: string;
  author: PersonCard;
  created: string;
  restored_from: number | null;
}
export interface ArticleDiff {
  from: number;
  to: number;
  title: { from: string; to: string };
  lines: { op: 'same' | 'added' | 'removed'; text: string }[];
}
export const fetchVersions = (id: string, signal?: AbortSignal) =>
  result(api<One<ArticleVersion[]>>(`/api/article/${id}/versions`, { signal, ...local }));
export const fetchDiff = (id: string, from: number, to: number, signal?: AbortSignal) =>
  result(api<One<ArticleDiff>>(`/api/article/${id}/diff/${from}/${to}`, { signal, ...local }));
export const restoreVersion = (id: string, version: number, base: number) =>
  result(
    api<One<ArticleDto>>(`/api/article/${id}/restore/${version}`, {
      method: 'PUT',
      body: { base_version: base },
      ...local,
    }),
  );

export type TagModule = 'knowl_base' | 'vacancies' | 'task_tracker' | 'lms';
export const fetchTags = (clientId: string, module: TagModule, signal?: AbortSignal) =>
  api<{ result: TagDto[]; can: { edit: boolean } }>(`/api/tag/${clientId}/${module}`, { signal, ...local });
export const createTag = (clientId: string, module: TagModule, name: string) =>
  result(api<One<TagDto>>('/api/tag', { method: 'POST', body: { client_id: clientId, module, name }, ...local }));
export const attachTag = (model: string, itemId: string, tagId: string) =>
  result(
    api<One<ArticleDto>>(`/api/tag/attach/to/${model}/${itemId}`, { method: 'PUT', body: { tag_id: tagId }, ...local }),
  );
export const detachTag = (model: string, itemId: string, tagId: string) =>
  result(api<One<ArticleDto>>(`/api/tag/detach/${tagId}/from/${model}/${itemId}`, { method: 'PUT', ...local }));
