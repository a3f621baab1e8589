import type {
  CreatePostBody,
  LikeResult,
  LikeType,
  LinkBlockDto,
  LinkBlocksPage,
  PostDto,
  Reaction,
  UpdateCommentBody,
  UpdatePostBody,
  UpdateScheduledBody,
  ViewFeed,
} from '@hallway/shared';
import {
  infiniteQueryOptions,
  MutationObserver,
  type MutationOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { storedUser } from '../../api/storage';
import { displayName } from '../../ui/Avatar';
import { showError } from '../../ui/toast';
import type { AnswerDto, FeedKind, LinkInput, ReadStatus, SinglePost } from './api';
import * as wallApi from './api';
import {
  addScheduled,
  patchPostEverywhere,
  patchThread,
  refreshCompanyFeed,
  removePostEverywhere,
  removeScheduled,
  wallKeys,
} from './cache';
import { addToThread, applyLike, mergePage, patchInThread, removeFromThread, toggleReaction } from './feedState';

/** Where the wall keeps the feed last chosen (Mantine's useLocalStorage: JSON). */
export const FEED_KEY = 'hallway.wallFeed';

/**
 * The route prefetch of /company (wall/module.ts): the first page of the feed the person last chose, from the person
 * this browser kept, asked for beside the app's code and own info instead of after both. A superadmin (no workspace of
 * their own) and a first visit ask nothing; a kept person who no longer matches leaves an entry nobody reads.
 */
export function prefetchStoredFeed(client: QueryClient): Promise<void> {
  const user = storedUser();
  if (!user?.client_id) return Promise.resolve();
  const kind: FeedKind = localStorage.getItem(FEED_KEY) === '"user"' ? 'user' : 'company';
  return client.prefetchQuery(wallQueries.feed(kind, kind === 'user' ? user._id : user.client_id));
}

/** The wall's reads (docs/api.md "Wall"): one `queryOptions` per list, shared by hooks, prefetches and tests. */
export const wallQueries = {
  /** The first page of a feed, kept as the flat list later pages and realtime posts merge into. */
  feed: (kind: FeedKind, ownerId: string) =>
    queryOptions({
      queryKey: wallKeys.feed(kind, ownerId),
      queryFn: async ({ signal }) => mergePage(undefined, await wallApi.fetchFeedPage(kind, ownerId, 0, signal)),
      enabled: !!ownerId,
      staleTime: 60_000,
      // Realtime keeps an open feed current; a refetch on focus would throw away the pages scrolled through.
      refetchOnWindowFocus: false,
    }),

  /** The caller's own scheduled posts (`GET api/post/scheduled`). */
  scheduled: () =>
    queryOptions({
      queryKey: wallKeys.scheduled,
      queryFn: ({ signal }) => wallApi.fetchScheduled(signal),
      staleTime: 60_000,
    }),

  /** The post with its thread; one entry shared by the feed's open comments and the single-post page. */
  post: (postId: string) =>
    queryOptions({
      queryKey: wallKeys.post(postId),
      queryFn: ({ signal }) => wallApi.fetchPost(postId, signal),
      staleTime: 30_000,
      retry: false,
    }),

  views: (postId: string) =>
    infiniteQueryOptions({
      queryKey: wallKeys.views(postId),
      queryFn: ({ pageParam, signal }) => wallApi.fetchViews(postId, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last) => (last.page + 1 < last.pages ? last.page + 1 : undefined),
      staleTime: 15_000,
    }),

  readReport: (postId: string, status: ReadStatus) =>
    infiniteQueryOptions({
      queryKey: [...wallKeys.readReport(postId), status],
      queryFn: ({ pageParam, signal }) => wallApi.fetchReadReport(postId, status, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last) => (last.page + 1 < last.pages ? last.page + 1 : undefined),
    }),

  /** People to mention when the workspace's list is not complete at hand. */
  mentionSearch: (workspace: string, search: string) =>
    queryOptions({
      queryKey: ['wall', 'mention-search', workspace, search.toLowerCase()],
      queryFn: async ({ signal }) =>
        (await wallApi.searchPeople(workspace, search, signal)).map((user) => ({
          _id: user._id,
          name: displayName(user),
          login: user.login,
          avatar: user.avatar,
          position: user.position,
        })),
      staleTime: 60_000,
    }),

  thanks: (clientId: string) =>
    queryOptions({
      queryKey: wallKeys.thanks(clientId),
      queryFn: ({ signal }) => wallApi.fetchThanks(clientId, signal),
      staleTime: 60_000,
    }),

  birthdays: (clientId: string, date: string) =>
    queryOptions({
      queryKey: wallKeys.birthdays(clientId, date),
      queryFn: ({ signal }) => wallApi.fetchBirthdays(clientId, date, signal),
      staleTime: 10 * 60_000,
    }),

  anniversaries: (clientId: string, date: string) =>
    queryOptions({
      queryKey: wallKeys.anniversaries(clientId, date),
      queryFn: ({ signal }) => wallApi.fetchAnniversaries(clientId, date, signal),
      staleTime: 10 * 60_000,
    }),

  importantInGroups: () =>
    queryOptions({
      queryKey: wallKeys.importantInGroups,
      queryFn: ({ signal }) => wallApi.fetchImportantInGroups(signal),
      staleTime: 60_000,
    }),

  links: (clientId: string, module: string) =>
    queryOptions({
      queryKey: wallKeys.links(clientId, module),
      queryFn: ({ signal }) => wallApi.fetchLinkBlocks(clientId, module, signal),
      staleTime: 5 * 60_000,
    }),
};

/** A links block's write answers the whole block: it replaces the cached one, the page's `can` stays. */
const setLinkBlock = (client: QueryClient, clientId: string, block: LinkBlockDto) =>
  client.setQueryData<LinkBlocksPage>(
    wallKeys.links(clientId, block.module),
    (page) => page && { ...page, result: [block] },
  );

/** Who owns a comment or answer: the post it sits under, whose thread holds it. */
export interface CommentRef {
  id: string;
  postId: string;
  likeType: Extract<LikeType, 'comment' | 'answer'>;
}

/** The post as the caches hold it now (a like may have changed it since the card rendered). */
function currentPost(client: QueryClient, id: string): PostDto | undefined {
  const single = client.getQueryData<SinglePost | null>(wallKeys.post(id));
  if (single) return single;
  for (const [, state] of client.getQueriesData<{ items: PostDto[] }>({ queryKey: wallKeys.feeds })) {
    const found = state?.items.find((post) => post._id === id);
    if (found) return found;
  }
  return undefined;
}

const refreshReadReport = (client: QueryClient, id: string) =>
  void client.invalidateQueries({ queryKey: wallKeys.readReport(id) });

/**
 * The wall's writes. Each puts its answer into every cache that shows the object (cache.ts), so only the post
 * concerned re-renders; likes change the caches before the answer and are undone on failure. Writes whose failure
 * the wall shows as a toast say so with `onError: showError`; the others leave the error to the form that called.
 */
export const wallMutations = {
  reactToPost: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ post, reaction }: { post: PostDto; reaction: Reaction }) =>
        wallApi.react('post', post._id, reaction),
      onMutate: ({ post, reaction }) => {
        const before = currentPost(client, post._id) ?? post;
        const optimistic = toggleReaction(before, reaction);
        patchPostEverywhere(client, post._id, (p) => ({
          ...p,
          likes: optimistic.likes,
          reactions: optimistic.reactions,
          myReaction: optimistic.myReaction,
        }));
        return { before };
      },
      onSuccess: (result: LikeResult, { post }) => patchPostEverywhere(client, post._id, (p) => applyLike(p, result)),
      onError: (error, { post }, context) => {
        if (context) patchPostEverywhere(client, post._id, (p) => applyLike(p, context.before));
        showError(error);
      },
    }),

  reactToComment: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ ref, reaction }: { ref: CommentRef; comment: AnswerDto; reaction: Reaction }) =>
        wallApi.react(ref.likeType, ref.id, reaction),
      onMutate: ({ ref, comment, reaction }) => {
        const optimistic = toggleReaction(comment, reaction);
        patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => applyLike(c, optimistic)));
      },
      onSuccess: (result, { ref }) =>
        patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => applyLike(c, result))),
      onError: (error, { ref, comment }) => {
        patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => applyLike(c, comment)));
        showError(error);
      },
    }),

  createPost: () => mutationOptions({ mutationFn: (body: CreatePostBody) => wallApi.createPost(body) }),

  updatePost: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, body }: { id: string; body: UpdatePostBody }) => wallApi.updatePost(id, body),
      onSuccess: (post, { id }) => patchPostEverywhere(client, id, () => post),
    }),

  deletePost: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => wallApi.deletePost(id),
      onSuccess: (_answer, id) => removePostEverywhere(client, id),
    }),

  setMustRead: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, mustRead }: { id: string; mustRead: boolean }) => wallApi.setMustRead(id, mustRead),
      onSuccess: (post, { id }) => {
        patchPostEverywhere(client, id, () => post);
        refreshReadReport(client, id);
      },
      onError: showError,
    }),

  /** A pin moves the post to or from the top of the company feed: that feed is read again. */
  setPinned: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => wallApi.setPinned(id, pinned),
      onSuccess: (post, { id }) => {
        patchPostEverywhere(client, id, () => post);
        refreshCompanyFeed(client);
      },
      onError: showError,
    }),

  acknowledge: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => wallApi.acknowledge(id),
      onSuccess: (result, id) => {
        patchPostEverywhere(client, id, (p) =>
          p.acknowledged ? p : { ...p, acknowledged: result.acknowledged, acknowledgedCount: p.acknowledgedCount + 1 },
        );
        refreshReadReport(client, id);
      },
      onError: showError,
    }),

  /** A comment under a post, or an answer under a comment (`parentCommentId`). */
  comment: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({
        postId,
        text,
        mentions,
        parentCommentId,
      }: {
        postId: string;
        text: string;
        mentions: string[];
        parentCommentId?: string;
      }) =>
        wallApi.createComment({
          parent: parentCommentId
            ? { type: 'comment', id: parentCommentId, where: 'post' }
            : { type: 'post', id: postId, where: 'post' },
          text,
          mentions,
          attachments: [],
        }),
      onSuccess: (created, { postId }) => patchThread(client, postId, (thread) => addToThread(thread, created)),
    }),

  updateComment: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ ref, body }: { ref: CommentRef; body: UpdateCommentBody }) => wallApi.updateComment(ref.id, body),
      onSuccess: (updated, { ref }) =>
        patchThread(client, ref.postId, (thread) => patchInThread(thread, ref.id, (c) => ({ ...c, ...updated }))),
    }),

  deleteComment: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (ref: CommentRef) => wallApi.deleteComment(ref.id, ref.likeType === 'answer' ? 'comment' : 'post'),
      onSuccess: (result, ref) =>
        patchThread(client, ref.postId, (thread) => removeFromThread(thread, ref.id), result.commentsCount),
    }),

  /** A scheduled post cancelled leaves the own list of scheduled posts. */
  cancelScheduled: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => wallApi.cancelScheduled(id),
      onSuccess: (_answer, id) => removeScheduled(client, id),
    }),

  /** A scheduled post changed keeps its place by time; published now (`publishAt` null), it leaves the list. */
  updateScheduled: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, body }: { id: string; body: UpdateScheduledBody }) => wallApi.updateScheduled(id, body),
      onSuccess: (saved, { id }) => (saved.publishAt ? addScheduled(client, saved) : removeScheduled(client, id)),
    }),

  /** Reminds those who have not confirmed a must-read post; the read report is unchanged. */
  remindPending: () => mutationOptions({ mutationFn: (id: string) => wallApi.remindPending(id), onError: showError }),

  viewAll: () =>
    mutationOptions({
      mutationFn: ({ userId, where }: { userId: string; where: ViewFeed }) => wallApi.viewAll(userId, where),
      onError: showError,
    }),

  toggleLinks: (client: QueryClient, clientId: string, module: string) =>
    mutationOptions({
      mutationFn: (enabled: boolean) => wallApi.toggleLinks(clientId, module, enabled),
      onSuccess: (block: LinkBlockDto) => setLinkBlock(client, clientId, block),
      onError: showError,
    }),

  saveLink: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: ({ blockId, link }: { blockId: string; link: LinkInput }) => wallApi.saveLink(blockId, link),
      onSuccess: (block: LinkBlockDto) => setLinkBlock(client, clientId, block),
    }),

  deleteLink: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: ({ blockId, linkId }: { blockId: string; linkId: string }) => wallApi.deleteLink(blockId, linkId),
      onSuccess: (block: LinkBlockDto) => setLinkBlock(client, clientId, block),
    }),
};

/**
 * Runs a mutation outside a component (what `useMutation` does inside one): the wall's memoised cards share one
 * stable set of writes from the wall context instead of a hook per card.
 */
export function runMutation<TData, TVariables, TContext>(
  client: QueryClient,
  options: MutationOptions<TData, Error, TVariables, TContext>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver<TData, Error, TVariables, TContext>(client, options).mutate(variables);
}
