import type { LikeType, PostDto, PostsViewedEvent, ReactionCounts, ViewFeed } from '@hallway/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from '../../api/socket';
import type { AnswerDto } from './api';
import {
  insertPostInFeed,
  patchPostEverywhere,
  patchThread,
  pinChanged,
  refreshCompanyFeed,
  removePostEverywhere,
  removeScheduled,
  wallKeys,
} from './cache';
import {
  addToThread,
  applyLike,
  type FeedState,
  feedOfPost,
  forReader,
  mergeForReader,
  patchInThread,
  type Reader,
  removeFromThread,
} from './feedState';
import { wallQueries } from './queries';
import { postCounted, postRemoved, refreshUnseen, seen } from './unseen';

interface LikeEvent {
  like_type: LikeType;
  id: string;
  post_id: string | null;
  likes: number;
  reactions: ReactionCounts;
}
interface CommentEvent {
  comment: AnswerDto;
  subject: { type: string; id: string };
  post_id: string | null;
  commentsCount?: number;
}
interface CommentDeletedEvent {
  _id: string;
  subject: { type: string; id: string };
  post_id: string | null;
  commentsCount?: number;
}

/**
 * A post announced in realtime carries no reader's abilities (its `can` is all false, docs/api.md "Realtime"): once a
 * loaded feed lists it, the post's own answer is asked for and its `can` goes to every copy.
 */
function refreshPostCan(client: QueryClient, id: string) {
  const feeds = client.getQueriesData<FeedState>({ queryKey: wallKeys.feeds });
  if (!feeds.some(([, state]) => state?.items.some((post) => post._id === id))) return;
  client
    .fetchQuery({ ...wallQueries.post(id), staleTime: 0 })
    .then((fresh) => patchPostEverywhere(client, id, (post) => ({ ...post, can: fresh.can })))
    // Gone or not readable by now (deleted, left the group): its copy keeps `can` all false, `post.deleted` follows.
    .catch(() => undefined);
}

/**
 * Feeds are keyed by their owner: the workspace for the company feed, the person for their own feed, the group for a
 * group's wall (empty outside a group page).
 */
export interface FeedOwners {
  company: string;
  user: string;
  group: string;
}

/**
 * The wall's realtime events (docs/api.md "Realtime") applied to the caches: a new post on top of the feed it
 * belongs to, edits, deletions, likes and comments on every open copy of the post. Answers the handlers by event
 * name, so tests can feed them directly.
 */
export function wallEventHandlers(
  client: QueryClient,
  reader: Reader,
  owners: FeedOwners,
  markers?: { clearMarkers(): void },
) {
  return {
    'post.created': (post: PostDto) => {
      // The author's scheduled post, published by the job now.
      removeScheduled(client, post._id);
      const kind = feedOfPost(post, reader);
      const own = forReader(post, reader);
      if (kind) insertPostInFeed(client, kind, owners[kind], own);
      postCounted(client, kind, own, reader.userId, 1);
      // A group's post also goes on top of that group's wall, when it is open.
      if (post.parent.type === 'group') insertPostInFeed(client, 'group', post.parent.id, own);
      refreshPostCan(client, post._id);
    },
    'post.updated': (post: PostDto) => {
      const moved = pinChanged(client, post);
      patchPostEverywhere(client, post._id, (existing) => mergeForReader(existing, post));
      if (moved) refreshCompanyFeed(client);
    },
    'post.deleted': (event: { _id: string }) => {
      postRemoved(client, event._id, reader.userId);
      removePostEverywhere(client, event._id);
    },
    // The person viewed posts in another tab (or this one): their markers go everywhere; after "mark all" the
    // count is asked again, as the server marked pages this tab never loaded.
    'post.viewed': (event: PostsViewedEvent) => {
      seen(client, reader.userId, event.postIds);
      if (event.all) {
        markers?.clearMarkers();
        refreshUnseen(client, event.where as ViewFeed);
      }
    },
    'post.liked': (like: LikeEvent) => {
      const counts = { likes: like.likes, reactions: like.reactions };
      if (like.like_type === 'post') {
        patchPostEverywhere(client, like.id, (post) => applyLike(post, counts));
      } else if (like.post_id) {
        patchThread(client, like.post_id, (thread) => patchInThread(thread, like.id, (c) => applyLike(c, counts)));
      }
    },
    'post.acknowledged': (event: { post_id: string; acknowledged: boolean }) => {
      patchPostEverywhere(client, event.post_id, (post) =>
        post.acknowledged ? post : { ...post, acknowledged: true, acknowledgedCount: post.acknowledgedCount + 1 },
      );
    },
    'comment.created': (event: CommentEvent) => {
      if (event.subject.type !== 'post' || !event.post_id) return;
      const postId = event.post_id;
      patchThread(client, postId, (thread) => addToThread(thread, event.comment), event.commentsCount);
      // The comment came with `can` all false: an open thread is read again for the reader's own.
      void client.invalidateQueries({ queryKey: wallKeys.post(postId), exact: true });
    },
    'comment.updated': (event: CommentEvent) => {
      if (!event.post_id) return;
      patchThread(client, event.post_id, (thread) =>
        patchInThread(thread, event.comment._id, (c) => ({
          ...c,
          ...event.comment,
          myReaction: c.myReaction,
          can: c.can,
        })),
      );
    },
    'comment.deleted': (event: CommentDeletedEvent) => {
      if (!event.post_id) return;
      patchThread(client, event.post_id, (thread) => removeFromThread(thread, event._id), event.commentsCount);
    },
  };
}

/** Listens to the workspace socket while the wall is open; after a reconnection the wall reloads what it missed. */
export function useWallRealtime(
  socket: Socket | null,
  client: QueryClient,
  reader: Reader,
  owners: FeedOwners,
  markers?: { clearMarkers(): void },
) {
  useEffect(() => {
    if (!socket) return;
    const handlers = wallEventHandlers(client, reader, owners, markers);
    // biome-ignore lint/suspicious/noExplicitAny: socket.io listeners take the payload of their event.
    const entries = Object.entries(handlers) as [string, (payload: any) => void][];
    for (const [event, handler] of entries) socket.on(event, handler);
    const reload = () => void client.invalidateQueries({ queryKey: wallKeys.all });
    socket.io.on('reconnect', reload);
    return () => {
      for (const [event, handler] of entries) socket.off(event, handler);
      socket.io.off('reconnect', reload);
    };
  }, [socket, client, reader, owners, markers]);
}
