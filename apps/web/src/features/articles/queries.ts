import type { AudienceGrantDto } from '@hallway/shared';
import type { ArticleDto, ArticleSection, ArticleType } from '@hallway/shared/articles';
import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ArticleInput, ArticlePage, ListFilter, TagModule } from './api';
import * as articlesApi from './api';

/** The knowledge base's query keys: every list under `lists`, each node's own data under its id. */
export const articleKeys = {
  all: ['articles'] as const,
  lists: ['articles', 'list'] as const,
  list: (clientId: string, userId: string, filter: ListFilter) =>
    ['articles', 'list', clientId, userId, filter] as const,
  trees: ['articles', 'tree'] as const,
  tree: (kind: string, id: string) => ['articles', 'tree', kind, id] as const,
  node: (id: string) => ['articles', 'node', id] as const,
  versions: (id: string) => ['articles', 'node', id, 'versions'] as const,
  diff: (id: string, from: number, to: number) => ['articles', 'node', id, 'diff', from, to] as const,
  tags: (clientId: string, module: TagModule) => ['articles', 'tags', clientId, module] as const,
};

const nextPage = (last: ArticlePage) => ((last.page + 1) * 50 < last.total ? last.page + 1 : undefined);

export const articleQueries = {
  list: (clientId: string, userId: string, filter: ListFilter) =>
    infiniteQueryOptions({
      queryKey: articleKeys.list(clientId, userId, filter),
      queryFn: ({ pageParam, signal }) => articlesApi.fetchList(clientId, userId, filter, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: nextPage,
      enabled: !!clientId && !!userId,
      staleTime: 30_000,
    }),

  /** The first page only (wall widgets). */
  firstPage: (clientId: string, userId: string, filter: ListFilter) =>
    queryOptions({
      queryKey: [...articleKeys.list(clientId, userId, filter), 'first'],
      queryFn: ({ signal }) => articlesApi.fetchList(clientId, userId, filter, 0, signal),
      enabled: !!clientId && !!userId,
      staleTime: 60_000,
    }),

  node: (id: string) =>
    queryOptions({
      queryKey: articleKeys.node(id),
      queryFn: ({ signal }) => articlesApi.fetchArticle(id, signal),
      retry: false,
      staleTime: 30_000,
    }),

  tree: (kind: 'breadcrumbs' | 'child', id: string) =>
    queryOptions({
      queryKey: articleKeys.tree(kind, id),
      queryFn: ({ signal }) => articlesApi.fetchTree(kind, id, signal),
      staleTime: 30_000,
    }),

  deepCounts: (id: string) =>
    queryOptions({
      queryKey: [...articleKeys.node(id), 'deep'],
      queryFn: ({ signal }) => articlesApi.fetchDeepCounts(id, signal),
      staleTime: 0,
    }),

  versions: (id: string) =>
    queryOptions({
      queryKey: articleKeys.versions(id),
      queryFn: ({ signal }) => articlesApi.fetchVersions(id, signal),
    }),

  diff: (id: string, from: number, to: number) =>
    queryOptions({
      queryKey: articleKeys.diff(id, from, to),
      queryFn: ({ signal }) => articlesApi.fetchDiff(id, from, to, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),

  tags: (clientId: string, module: TagModule) =>
    queryOptions({
      queryKey: articleKeys.tags(clientId, module),
      queryFn: ({ signal }) => articlesApi.fetchTags(clientId, module, signal),
      enabled: !!clientId,
      staleTime: 5 * 60_000,
    }),
};

/** A node changed: its page shows the answer, every list and tree is read again. */
function settle(client: QueryClient, node: ArticleDto) {
  client.setQueryData(articleKeys.node(node._id), node);
  void client.invalidateQueries({ queryKey: articleKeys.lists });
  void client.invalidateQueries({ queryKey: articleKeys.trees });
  void client.invalidateQueries({ queryKey: articleKeys.versions(node._id) });
}
const refreshAll = (client: QueryClient) => client.invalidateQueries({ queryKey: articleKeys.all });

export const articleMutations = {
  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: ArticleInput & { section: ArticleSection; type: ArticleType; title: string }) =>
        articlesApi.createArticle(body),
      onSuccess: (node) => settle(client, node),
    }),

  update: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (body: ArticleInput) => articlesApi.updateArticle(id, body),
      onSuccess: (node) => settle(client, node),
    }),

  /** Moves a node to another folder (or the top): `PUT api/article/{id} { parent }`. */
  move: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, parent }: { id: string; parent: string | null }) => articlesApi.updateArticle(id, { parent }),
      onSuccess: (node) => settle(client, node),
    }),

  removeDeep: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => articlesApi.deleteDeep(id),
      onSuccess: (_counts, id) => {
        client.removeQueries({ queryKey: articleKeys.node(id) });
        void refreshAll(client);
      },
    }),

  emptyAsArticles: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => articlesApi.emptyAsArticles(id),
      onSuccess: () => refreshAll(client),
    }),

  /** Two neighbours of one folder swap places. */
  swap: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: ({ from, to }: { from: string; to: string }) => articlesApi.swapOrder(clientId, from, to),
      onSettled: () => {
        void client.invalidateQueries({ queryKey: articleKeys.lists });
        void client.invalidateQueries({ queryKey: articleKeys.trees });
      },
    }),

  view: (client: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: (id: string) => articlesApi.markViewed(id, userId),
      onSuccess: ({ views, viewed }, id) =>
        client.setQueryData<ArticleDto>(articleKeys.node(id), (node) => (node ? { ...node, views, viewed } : node)),
    }),

  favourite: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, favourite }: { id: string; favourite: boolean }) => articlesApi.setFavourite(id, favourite),
      onSuccess: ({ favourite }, { id }) => {
        client.setQueryData<ArticleDto>(articleKeys.node(id), (node) => (node ? { ...node, favourite } : node));
        void client.invalidateQueries({ queryKey: articleKeys.lists });
      },
    }),

  rights: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (grants: AudienceGrantDto[]) => articlesApi.setRights(id, grants),
      onSuccess: (node) => {
        settle(client, node);
        // Readers of the subtree change with the grants.
        void refreshAll(client);
      },
    }),

  addFiles: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (files: string[]) => articlesApi.addFiles(id, files),
      onSuccess: (node) => settle(client, node),
    }),

  deleteFile: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (fileId: string) => articlesApi.deleteFile(id, fileId),
      onSuccess: (node) => settle(client, node),
    }),

  restore: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: ({ version, base }: { version: number; base: number }) =>
        articlesApi.restoreVersion(id, version, base),
      onSuccess: (node) => settle(client, node),
    }),

  createTag: (client: QueryClient, clientId: string, module: TagModule) =>
    mutationOptions({
      mutationFn: (name: string) => articlesApi.createTag(clientId, module, name),
      onSuccess: () => client.invalidateQueries({ queryKey: articleKeys.tags(clientId, module) }),
    }),

  /** Attaches or detaches one tag of an article (`can.edit`). */
  tag: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: ({ tagId, on }: { tagId: string; on: boolean }) =>
        on ? articlesApi.attachTag('article', id, tagId) : articlesApi.detachTag('article', id, tagId),
      onSuccess: (node) => settle(client, node),
    }),
};
