import type { PostDto, ViewFeed } from '@hallway/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { type FeedKind, fetchUnseen } from './api';
import { markViewedEverywhere, patchPostEverywhere, wallKeys } from './cache';
import type { FeedState } from './feedState';
import type { ViewTracker } from './views';

/**
 * "New since your last visit" (docs/api.md "Views"): a post is new to a person until they have viewed it, unless
 * they wrote it. The feed header counts them (`GET api/post/unseen`, the newest 1,000 of the feed, what "mark all"
 * marks); the count then follows what happens in the caches: views, "mark all", new and deleted posts.
 */

export const isNew = (post: Pick<PostDto, 'viewed' | 'author'>, userId: string) =>
  !post.viewed && post.author._id !== userId;

export const viewFeedOf = (kind: FeedKind): ViewFeed | null =>
  kind === 'company' ? 'company' : kind === 'user' ? 'user_feed' : null;
const feedKindOf = (where: ViewFeed): FeedKind => (where === 'company' ? 'company' : 'user');

export const unseenKey = (where: ViewFeed) => [...wallKeys.all, 'unseen', where] as const;

export const unseenQuery = (where: ViewFeed) =>
  queryOptions({
    queryKey: unseenKey(where),
    queryFn: ({ signal }) => fetchUnseen(where, signal),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

const VIEW_FEEDS: ViewFeed[] = ['company', 'user_feed'];

function changeCount(client: QueryClient, where: ViewFeed, change: (count: number) => number) {
  client.setQueryData<number>(unseenKey(where), (count) => (count === undefined ? count : Math.max(0, change(count))));
}

function loadedItems(client: QueryClient, where: ViewFeed): PostDto[] {
  return client
    .getQueriesData<FeedState>({ queryKey: [...wallKeys.feeds, feedKindOf(where)] })
    .flatMap(([, state]) => state?.items ?? []);
}

/** The loaded feed's posts the person has not viewed (their own too): what "mark all" marks on screen at once. */
const unviewedInFeed = (client: QueryClient, where: ViewFeed): string[] =>
  loadedItems(client, where)
    .filter((post) => !post.viewed)
    .map((post) => post._id);

/**
 * Posts the person has just seen (here, in another tab): each feed's count goes down by those of them that were new
 * in it, then every copy of them is marked viewed — with one more view on its counter when this view `counted`
 * (a copy already marked viewed got its view then).
 */
export function seen(client: QueryClient, userId: string, ids: string[], counted = true): void {
  const marked = new Set(ids);
  for (const where of VIEW_FEEDS) {
    const fresh = new Set(
      loadedItems(client, where)
        .filter((post) => marked.has(post._id) && isNew(post, userId))
        .map((post) => post._id),
    );
    if (fresh.size) changeCount(client, where, (count) => count - fresh.size);
  }
  if (counted) markViewedEverywhere(client, ids);
  else
    for (const id of ids) patchPostEverywhere(client, id, (post) => (post.viewed ? post : { ...post, viewed: true }));
}

/** "Mark all as read", at once: the loaded feed's markers go and its count is 0, before the server answers. */
export function markAllSeen(client: QueryClient, where: ViewFeed): void {
  markViewedEverywhere(client, unviewedInFeed(client, where));
  client.setQueryData<number>(unseenKey(where), 0);
}

/** The server's word again (after a failed "mark all", or "mark all" in another tab reached unloaded pages). */
export function refreshUnseen(client: QueryClient, where?: ViewFeed): void {
  void client.invalidateQueries({ queryKey: where ? unseenKey(where) : [...wallKeys.all, 'unseen'] });
}

/** A post that arrived or went: the count of its feed follows when it is new to the person. */
export function postCounted(client: QueryClient, kind: FeedKind | null, post: PostDto, userId: string, delta: 1 | -1) {
  const where = kind && viewFeedOf(kind);
  if (where && isNew(post, userId)) changeCount(client, where, (count) => count + delta);
}

/** A deleted post that was new leaves the counts of the feeds it was loaded in. */
export function postRemoved(client: QueryClient, id: string, userId: string): void {
  for (const where of VIEW_FEEDS) {
    if (loadedItems(client, where).some((post) => post._id === id && isNew(post, userId))) {
      changeCount(client, where, (count) => count - 1);
    }
  }
}

/**
 * Whether a card shows "New": while the post is new to the person, and after they read it on screen during this
 * visit (the tracker keeps it), until "Mark all as read" clears the kept ones.
 */
export function useNewMarker(post: Pick<PostDto, '_id' | 'viewed' | 'author'>, userId: string, views: ViewTracker) {
  useSyncExternalStore(views.subscribeMarkers, views.markersEpochNow);
  return isNew(post, userId) || (post.author._id !== userId && views.keepsMarker(post._id));
}
