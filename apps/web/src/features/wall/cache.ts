import { type FeedPage, type PostDto, THANKS_PAGE_SIZE } from '@hallway/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { FeedKind, SinglePost } from './api';
import { type FeedState, insertPost, patchPost, removePost, type ThreadComment, threadSize } from './feedState';

/** The wall's query keys. A post may sit in several of them at once: every change goes to all. */
export const wallKeys = {
  all: ['wall'] as const,
  feeds: ['wall', 'feed'] as const,
  feed: (kind: FeedKind, ownerId: string) => ['wall', 'feed', kind, ownerId] as const,
  posts: ['wall', 'post'] as const,
  post: (id: string) => ['wall', 'post', id] as const,
  thanks: (clientId: string) => ['wall', 'thanks', clientId] as const,
  birthdays: (clientId: string, date: string) => ['wall', 'birthdays', clientId, date] as const,
  anniversaries: (clientId: string, date: string) => ['wall', 'anniversaries', clientId, date] as const,
  links: (clientId: string, module: string) => ['wall', 'links', clientId, module] as const,
  importantInGroups: ['wall', 'important-in-groups'] as const,
  views: (id: string) => ['wall', 'views', id] as const,
  readReport: (id: string) => ['wall', 'read-report', id] as const,
  scheduled: ['wall', 'scheduled'] as const,
};

/** Applies a change to a post in every feed, the single-post view and the thanks widget. */
export function patchPostEverywhere(client: QueryClient, id: string, change: (post: PostDto) => PostDto): void {
  client.setQueriesData<FeedState>({ queryKey: wallKeys.feeds }, (state) => patchPost(state, id, change));
  client.setQueryData<SinglePost | null>(wallKeys.post(id), (single) => {
    if (!single) return single;
    const changed = change(single);
    return changed === single ? single : { ...changed, comments: single.comments };
  });
  client.setQueriesData<FeedPage>({ queryKey: ['wall', 'thanks'] }, (page) => {
    if (!page?.result.some((post) => post._id === id)) return page;
    return { ...page, result: page.result.map((post) => (post._id === id ? change(post) : post)) };
  });
}

export function removePostEverywhere(client: QueryClient, id: string): void {
  client.setQueriesData<FeedState>({ queryKey: wallKeys.feeds }, (state) => removePost(state, id));
  client.setQueriesData<FeedPage>({ queryKey: ['wall', 'thanks'] }, (page) =>
    page?.result.some((post) => post._id === id)
      ? { ...page, result: page.result.filter((post) => post._id !== id), total: Math.max(0, page.total - 1) }
      : page,
  );
  // The single post keeps its data until the page notices the removal (it shows a "deleted" state).
  client.setQueryData<SinglePost | null>(wallKeys.post(id), (single) => (single ? null : single));
}

/** A new post on top of the feed it belongs to (if that feed is loaded) and, for thanks, of the thanks widget. */
export function insertPostInFeed(client: QueryClient, kind: FeedKind, ownerId: string, post: PostDto): void {
  client.setQueryData<FeedState>(wallKeys.feed(kind, ownerId), (state) => insertPost(state, post));
  if (post.kind !== 'thanks') return;
  client.setQueriesData<FeedPage>({ queryKey: ['wall', 'thanks'] }, (page) =>
    page && !page.result.some((item) => item._id === post._id)
      ? { ...page, result: [post, ...page.result].slice(0, THANKS_PAGE_SIZE), total: page.total + 1 }
      : page,
  );
}

/**
 * Changes the comment thread of a post, when it is loaded; the post's comment counter follows the server's number
 * when the change carries one, otherwise the thread's size.
 */
export function patchThread(
  client: QueryClient,
  postId: string,
  change: (thread: ThreadComment[]) => ThreadComment[],
  commentsCount?: number | null,
): void {
  const single = client.getQueryData<SinglePost | null>(wallKeys.post(postId));
  let count = commentsCount ?? undefined;
  if (single) {
    const before = single.comments as ThreadComment[];
    const comments = change(before);
    if (comments !== before) {
      count ??= single.commentsCount + threadSize(comments) - threadSize(before);
      client.setQueryData<SinglePost>(wallKeys.post(postId), { ...single, comments });
    }
  }
  if (count !== undefined) {
    const commentsTotal = count;
    patchPostEverywhere(client, postId, (post) =>
      post.commentsCount === commentsTotal ? post : { ...post, commentsCount: commentsTotal },
    );
  }
}

/** The own scheduled posts: one added (soonest first), or one gone (published or cancelled). */
export function addScheduled(client: QueryClient, post: PostDto): void {
  client.setQueryData<PostDto[]>(wallKeys.scheduled, (list) =>
    list
      ? [...list.filter((p) => p._id !== post._id), post].sort((a, b) =>
          (a.publishAt ?? '').localeCompare(b.publishAt ?? ''),
        )
      : list,
  );
}

export function removeScheduled(client: QueryClient, id: string): void {
  client.setQueryData<PostDto[]>(wallKeys.scheduled, (list) =>
    list?.some((p) => p._id === id) ? list.filter((p) => p._id !== id) : list,
  );
}

/** The company feed is read again (its order changed: a post was pinned or unpinned). */
export function refreshCompanyFeed(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [...wallKeys.feeds, 'company'] });
}

/**
 * A post changed elsewhere: when its pin differs from the loaded company feed's copy (or a pinned post is not in it),
 * the company feed is read again so that the pinned posts head it.
 */
export function pinChanged(client: QueryClient, post: PostDto): boolean {
  if (post.parent.type !== 'company' && post.parent.type !== 'system') return false;
  for (const [, state] of client.getQueriesData<FeedState>({ queryKey: [...wallKeys.feeds, 'company'] })) {
    const loaded = state?.items.find((item) => item._id === post._id);
    if (loaded ? loaded.pinned !== post.pinned : post.pinned) return true;
  }
  return false;
}

/** Many posts viewed at once (`PUT api/post/all/view`): one pass over each cached list. */
export function markViewedEverywhere(client: QueryClient, ids: string[]): void {
  const marked = new Set(ids);
  const view = (post: PostDto) =>
    marked.has(post._id) && !post.viewed ? { ...post, viewed: true, viewsCount: post.viewsCount + 1 } : post;
  client.setQueriesData<FeedState>({ queryKey: wallKeys.feeds }, (state) =>
    state?.items.some((post) => marked.has(post._id) && !post.viewed)
      ? { ...state, items: state.items.map(view) }
      : state,
  );
  for (const [key, single] of client.getQueriesData<SinglePost | null>({ queryKey: wallKeys.posts })) {
    if (single && marked.has(single._id) && !single.viewed) {
      client.setQueryData<SinglePost>(key, { ...single, viewed: true, viewsCount: single.viewsCount + 1 });
    }
  }
}
